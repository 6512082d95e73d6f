import type { NumberParam } from '../params.ts';

/** The PD lessons' t̂ and n, shared by the one-joint figure and the character. */
export const T_HAT_PARAM = {
  type: 'number',
  label: 't̂ (catch-up time)',
  default: 0.25,
  min: 0.08,
  max: 1,
  step: 0.01,
  unit: 's',
} as const satisfies NumberParam;

export const nParam = (defaultN: number) =>
  ({
    type: 'number',
    label: 'n (time constants in t̂)',
    default: defaultN,
    min: 0.5,
    max: 12,
    step: 0.01,
  }) as const satisfies NumberParam;
