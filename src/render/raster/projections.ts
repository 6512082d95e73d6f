/** The side view's projections. No code: menus read it. */
export const PROJECTIONS = ['orthographic', 'perspective'] as const;
export type Projection = (typeof PROJECTIONS)[number];
