/** The 2D grounds the lessons offer. No code: menus read it. */
export const TERRAIN_PRESETS = ['flat', 'slope', 'steps', 'hills', 'wall'] as const;
export type TerrainPreset = (typeof TERRAIN_PRESETS)[number];
