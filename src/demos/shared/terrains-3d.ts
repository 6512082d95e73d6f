import { type Heightfield, SEED_TERRAINS } from '../../walk3d/terrain3d.ts';

/** The terrain sets of the 3D lessons: the seed's two (its §13.1) and flat ground to compare. */
import type { TerrainChoice } from './shared-params.ts';
export { TERRAIN_CHOICES, type TerrainChoice } from './shared-params.ts';

/** Where each terrain set starts the walker, and what the scene panel calls its terrains. */
export const TERRAINS: Record<
  TerrainChoice,
  { fields: () => Heightfield[]; names: string[]; start: [number, number] }
> = {
  basic: { fields: SEED_TERRAINS.basic, names: ['Hills (250 bumps)'], start: [0, -20] },
  three: {
    fields: SEED_TERRAINS.three,
    names: ['Terrain A', 'Terrain B (moved +90 y)', 'Terrain C (moved, scaled 2×2.5×2)'],
    start: [0, 10],
  },
  flat: {
    fields: () => [
      {
        h: () => 0,
        min: [-100, -100],
        max: [100, 100],
        translate: [0, 0, 0],
        scale: [1, 1, 1],
        inner: 20,
      },
    ],
    names: ['Flat ground'],
    start: [0, -20],
  },
};
