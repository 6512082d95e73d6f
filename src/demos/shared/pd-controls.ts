import { N_SEED, N_TEN } from '../../physics/gains.ts';
import type { ActionSpec } from '../description.ts';
import { num } from './format.ts';

/**
 * Lesson 16's two n buttons, the seed's −1/ln 0.9 and the n that really leaves 10% at t̂: spread
 * into a description's `actions`. Their labels are the ones the lesson's text names.
 */
export const nActions = (primary: boolean) =>
  ({
    'n-ten': {
      label: `n = ${num(N_TEN, 2)}`,
      help: `Set n to ${num(N_TEN, 2)}, the n that really leaves 10% of a jump at t̂`,
      primary,
    },
    'n-seed': {
      label: `n = ${num(N_SEED, 2)}`,
      help: `Set n to the seed’s −1/ln 0.9 = ${num(N_SEED, 2)}, which leaves 0.08% at t̂`,
      primary,
    },
  }) as const satisfies Record<string, ActionSpec>;

/** The help sentences of the settings both PD figures have. */
export const PD_HELP = {
  gains:
    'Analytic: k_s and k_d made from the moment of inertia, t̂ and n (critically damped). Manual: the two sliders Manual k_s and Manual k_d.',
  tHat: 'The time a joint gets to catch up with its target (with analytic gains).',
  n: 'How many time constants fit in t̂: t_c = t̂ / n (with analytic gains).',
  ks: 'The spring’s gain when Gains is manual: torque per radian of error.',
  kd: 'The damper’s gain when Gains is manual: torque per rad/s of speed difference.',
} as const;

/** What the n buttons need of a figure's kit (FigureUi). */
interface NUi {
  action(name: 'n-ten' | 'n-seed', fn: (down: boolean) => void): unknown;
  set(name: 'n', value: number): void;
}

/** Binds the two n buttons: each puts n (and its slider) at its value, then re-applies. */
export function bindNButtons(ui: NUi, apply: () => void): void {
  for (const [name, n] of [
    ['n-ten', N_TEN],
    ['n-seed', N_SEED],
  ] as const)
    ui.action(name, () => {
      ui.set('n', Math.round(n * 100) / 100);
      apply();
    });
}
