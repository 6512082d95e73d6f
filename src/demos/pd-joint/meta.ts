import type { ParamSchema } from '../params.ts';
import { defineMeta } from '../description.ts';
import { nParam, T_HAT_PARAM } from '../shared/pd-params.ts';

/**
 * Lesson 16's one-joint figure's settings. Primary: the ones its predictions, challenge and
 * "Try this" have the student set (Gains, Manual k_s, Manual k_d, n).
 */
export const PARAMS = {
  gains: {
    type: 'choice',
    label: 'Gains',
    default: 'analytic',
    options: ['analytic', 'manual'],
    primary: true,
  },
  inertia: {
    type: 'number',
    label: 'm (moment of inertia)',
    default: 0.5,
    min: 0.05,
    max: 2,
    step: 0.05,
    unit: 'kg·m²',
  },
  tHat: T_HAT_PARAM,
  n: { ...nParam(3.89), primary: true },
  // k_s up to 4 000 on the lightest bar is ω = 283 rad/s: ω·Δt = 2.4 at 120 Hz, past the step's
  // limit of 2, so the figure can show a spring the step cannot hold.
  ks: {
    type: 'number',
    label: 'Manual k_s',
    default: 60,
    min: 0,
    max: 4000,
    step: 1,
    unit: 'N·m/rad',
    primary: true,
  },
  kd: {
    type: 'number',
    label: 'Manual k_d',
    default: 2,
    min: 0,
    max: 100,
    step: 0.5,
    unit: 'N·m·s/rad',
    primary: true,
  },
  jump: {
    type: 'number',
    label: 'Jump size',
    default: 90,
    min: 5,
    max: 180,
    step: 5,
    unit: 'degrees',
  },
} satisfies ParamSchema;

export const pdJointMeta = defineMeta({
  id: 'pd-joint',
  title: 'One joint on a PD spring',
  summary:
    'A single hinged bar pulled to an angle by τ = k_s(θ̂ − θ) + k_d(ω̂ − ω): drag the target and let go, and compare its error curve with the critically damped ones for n = 3.89 and n = 9.49.',
  credit: 'seed 004 §1.4',
  params: PARAMS,
});
