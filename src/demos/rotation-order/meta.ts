import { defineMeta } from '../description.ts';

export const AXIS_NAMES = ['x', 'y', 'z'] as const;

/** One of the two turns' angle: a quarter turn to start with, any angle of a half turn either way. */
const turnAngle = (label: string) =>
  ({
    type: 'number',
    label,
    default: 90,
    min: -180,
    max: 180,
    step: 1,
    unit: 'degrees',
    primary: true,
  }) as const;

/** What a page knows of lesson 11's second figure before its code loads: its settings. */
export const rotationOrderMeta = defineMeta({
  id: 'rotation-order',
  title: 'Two turns in 3D: the order matters',
  summary: 'One book turned A then B, one B then A: two quaternion products, and R.',
  params: {
    // "With A = 90° about x and B = 90° about y, …"
    angleA: turnAngle('Angle of A'),
    axisA: { type: 'choice', label: 'A turns about', default: 'x', options: AXIS_NAMES },
    angleB: turnAngle('Angle of B'),
    axisB: { type: 'choice', label: 'B turns about', default: 'y', options: AXIS_NAMES },
    // "Drag *Turned so far* from 0 to 2."
    turned: {
      type: 'number',
      label: 'Turned so far',
      default: 2,
      min: 0,
      max: 2,
      step: 0.01,
      primary: true,
    },
  },
});
