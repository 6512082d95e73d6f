/** How the software renderer shades triangles. No code: menus read it. */
export const SHADINGS = ['smooth', 'lambert', 'flat'] as const;
export type Shading = (typeof SHADINGS)[number];
