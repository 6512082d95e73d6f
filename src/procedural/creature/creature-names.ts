/** The creatures lesson 9 offers. No code: menus read it. */
export const CREATURE_PRESETS = ['quadruped', 'arachnid', 'scorpion'] as const;
export type CreaturePreset = (typeof CREATURE_PRESETS)[number];
