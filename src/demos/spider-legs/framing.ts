import type { SpiderPlan } from '../../procedural/spider/spider-shape.ts';
import type { WorldRect } from '../../render/viewport.ts';
import type { SpiderScene } from '../shared/spider-scene.ts';

/**
 * Where a spider's drawing reaches, in its body's frame (a forward, b up from the body's
 * centre), measured: 2 000 frames on each ground at the default settings kept every joint
 * within ±127 along and 129 below to 70 above; the box adds the ground's fill under the feet.
 */
const box = (p: SpiderPlan) => ({
  along: p.bodyRx * 3.2,
  below: p.bodyHeight * 2.2,
  above: p.bodyHeight * 1.6,
});

/** Grows `r` (x0, y0, x1, y1) to hold the box round a body at (x, y), turned by `angle`. */
function addBody(r: number[], plan: SpiderPlan, x: number, y: number, angle: number): void {
  const b = box(plan);
  // The box turns a quarter at a time (floor, wall, ceiling): on hills it keeps its size.
  const quarter = Math.round(angle / (Math.PI / 2)) % 2 !== 0;
  const halfW = quarter ? (b.below + b.above) / 2 : b.along;
  const halfH = quarter ? b.along : (b.below + b.above) / 2;
  // The box's centre sits (above − below) / 2 up from the body, up being (sin, −cos).
  const up = (b.above - b.below) / 2;
  const cx = x + Math.sin(angle) * up;
  const cy = y - Math.cos(angle) * up;
  r[0] = Math.min(r[0]!, cx - halfW);
  r[1] = Math.min(r[1]!, cy - halfH);
  r[2] = Math.max(r[2]!, cx + halfW);
  r[3] = Math.max(r[3]!, cy + halfH);
}

/**
 * The view's bounds now: tight round the IK spider and the ground under it, and round the baked
 * spider in its lane below when it is shown (it walks at the same x).
 */
export function spiderBounds(scene: SpiderScene): WorldRect {
  const r = [Infinity, Infinity, -Infinity, -Infinity];
  const s = scene.spider;
  addBody(r, s.plan, s.position.x, s.position.y, s.rotation);
  const baked = scene.baked;
  if (baked) addBody(r, baked.plan, baked.position.x, baked.position.y, 0);
  return { x: r[0]!, y: r[1]!, width: r[2]! - r[0]!, height: r[3]! - r[1]! };
}
