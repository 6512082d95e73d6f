import type { WorldRect } from '../../render/viewport.ts';
import { WORLD } from './meta.ts';
import type { CreatureScene } from './scene.ts';

/** Room round the band and the target, in scene units (a leg's reach, a handle). */
const ROOM = 50;

/**
 * What the view frames: the creature with its whole distance band round it, and the target,
 * kept inside the ground it walks on. The view follows it (FollowView), so the creature fills
 * the canvas whether the target is near or across the ground.
 */
export function creatureFraming(scene: CreatureScene, unit: number): WorldRect {
  const c = scene.creature.position;
  const t = scene.target.globalPosition;
  const r = Math.max(scene.settings.minDistance, scene.settings.maxDistance) * unit + ROOM;
  const x0 = Math.max(WORLD.x, Math.min(c.x - r, t.x - ROOM));
  const y0 = Math.max(WORLD.y, Math.min(c.y - r, t.y - ROOM));
  const x1 = Math.min(WORLD.x + WORLD.width, Math.max(c.x + r, t.x + ROOM));
  const y1 = Math.min(WORLD.y + WORLD.height, Math.max(c.y + r, t.y + ROOM));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
