import { PROJECTIONS } from '../../render/raster/projections';

/*
 * Parameter sets several demos share, as metadata: no demo code is imported here, so a page
 * can read every demo's schema without loading any demo.
 */

/** Parameters every chain-solver demo shares (spread into each demo's schema). */
export const chainParams = {
  targetX: { type: 'number' as const, label: 'Target x', default: 170, min: -480, max: 480 },
  targetY: { type: 'number' as const, label: 'Target y', default: 110, min: -380, max: 380 },
  tolerance: {
    type: 'number' as const,
    label: 'Tolerance',
    default: 0.5,
    min: 0.01,
    max: 40,
    unit: 'scene units',
  },
  limits: { type: 'boolean' as const, label: 'Limit every joint', default: false },
  limit: {
    type: 'number' as const,
    label: 'Joint limit (±)',
    default: 60,
    min: 5,
    max: 180,
    unit: 'degrees',
  },
};

/** Mirroring the chain demos' skeleton, or its middle bone. */
export const flipParams = {
  flipRootX: { type: 'boolean' as const, label: 'Mirror the skeleton on x', default: false },
  flipRootY: { type: 'boolean' as const, label: 'Mirror the skeleton on y', default: false },
  flipMiddleX: { type: 'boolean' as const, label: 'Mirror the middle bone on x', default: false },
  flipMiddleY: { type: 'boolean' as const, label: 'Mirror the middle bone on y', default: false },
};

/** Parameters the 3D demos take, in URLs, lesson blocks and embeds. */
export const PLAYBACK_PARAMS = {
  walking: { type: 'boolean', label: 'Walking (off: idle)', default: true },
  playRate: {
    type: 'number',
    label: 'Play rate (0 pauses)',
    default: 0.7,
    min: 0,
    max: 2,
    step: 0.05,
  },
  projection: {
    type: 'choice',
    label: 'Projection',
    default: 'orthographic',
    options: PROJECTIONS,
  },
} as const;

/** The 3D lessons' terrains. */
export const TERRAIN_CHOICES = ['basic', 'three', 'flat'] as const;
export type TerrainChoice = (typeof TERRAIN_CHOICES)[number];

/** Parameters the walking lessons (11 and 14) share. */
export const WALKING_PARAMS = {
  terrain: { type: 'choice', label: 'Terrain', default: 'basic', options: TERRAIN_CHOICES },
  section: { type: 'boolean', label: 'Cut away the ground in front', default: true },
  aim: { type: 'choice', label: 'Camera on', default: 'hips', options: ['hips', 'feet'] },
} as const;
