import { PROJECTIONS } from '../../render/raster/projections.ts';

/*
 * Parameter sets several demos share, as metadata: no demo code is imported here, so a page
 * can read every demo's schema without loading any demo.
 */

/**
 * Parameters every chain-solver demo shares (spread into each demo's schema). The target is
 * dragged, so it has no control of its own.
 */
export const chainParams = {
  targetX: {
    type: 'number' as const,
    label: 'Target x',
    default: 170,
    min: -480,
    max: 480,
    control: false as const,
  },
  targetY: {
    type: 'number' as const,
    label: 'Target y',
    default: 110,
    min: -380,
    max: 380,
    control: false as const,
  },
  tolerance: {
    type: 'number' as const,
    label: 'Tolerance',
    default: 0.5,
    min: 0.01,
    max: 40,
    step: 0.01,
    log: true,
    unit: 'scene units',
  },
  limits: { type: 'boolean' as const, label: 'Limit every joint', default: false },
  limit: {
    type: 'number' as const,
    label: 'Limit ±',
    default: 60,
    min: 5,
    max: 180,
    step: 1,
    unit: 'degrees',
  },
};

/**
 * Mirroring the chain demos' skeleton, or its middle bone (lesson 3's Forearm, lesson 4's Bone3),
 * under the labels lessons 3 and 4 name them by.
 */
export const flipParams = {
  flipRootX: { type: 'boolean' as const, label: 'Mirror skeleton x', default: false },
  flipRootY: { type: 'boolean' as const, label: 'Mirror skeleton y', default: false },
  flipMiddleX: { type: 'boolean' as const, label: 'Mirror middle bone x', default: false },
  flipMiddleY: { type: 'boolean' as const, label: 'Mirror middle bone y', default: false },
};

/** Parameters the 3D demos take, in URLs, lesson blocks and embeds. */
export const PLAYBACK_PARAMS = {
  walking: { type: 'boolean', label: 'Walking (↑ walk, ↓ idle)', default: true },
  playRate: {
    type: 'number',
    label: 'Play rate',
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
