import type { GroundPoint } from '../../physics/ground.ts';
import { terrainPoints } from '../../procedural/terrain/terrain-presets.ts';
import type { TerrainPreset } from '../../procedural/terrain/terrain-names.ts';

import type { PhysicsGround } from '../pd-character/meta.ts';

/** Lesson 8's ground runs from here to there (scene units of lesson 8: centimetres here). */
const SPAN = { left: -400, right: 4000, base: 0 };
/**
 * Lesson 8's shapes were drawn for a spider; a person walks them at half height (steps 20 cm
 * high, a 12.5° slope, hills no steeper than about 20°).
 */
const HEIGHT = 0.5;

/** The ground's profile in metres, y up. */
export function groundPoints(ground: PhysicsGround): GroundPoint[] {
  if (ground === 'treadmill')
    return [
      { x: -30, y: 0 },
      { x: 30, y: 0 },
    ];
  return terrainPoints(ground as TerrainPreset, SPAN).map((p) => ({
    x: p.x / 100,
    y: (-p.y / 100) * HEIGHT,
  }));
}

/** Where a character walking over `ground` should be put back at its start (x, metres). */
export const groundEnd = (ground: PhysicsGround): number =>
  ground === 'treadmill' ? Number.POSITIVE_INFINITY : SPAN.right / 100 - 2;
