/** When FABRIK applies its poles: once after the passes (seed 002) or after every iteration. */
export const POLE_MODES = ['after', 'every-iteration'] as const;
export type PoleMode = (typeof POLE_MODES)[number];
