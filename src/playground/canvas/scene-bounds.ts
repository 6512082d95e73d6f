import type { Vec2 } from '../../math/vec2.ts';
import { Bone2D } from '../../scene/bone2d.ts';
import { Line2D } from '../../scene/line2d.ts';
import type { Node } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import { Polygon2D } from '../../scene/polygon2d.ts';

/** Points that outline the scene, for framing it. */
export function scenePoints(root: Node): Vec2[] {
  const out: Vec2[] = [];
  root.walk((n) => {
    if (!(n instanceof Node2D) || n === root) return;
    out.push(n.globalPosition);
    if (n instanceof Bone2D) out.push(n.tipGlobalPosition);
    if (n instanceof Polygon2D) for (const q of n.polygon) out.push(n.toGlobal(q));
    if (n instanceof Line2D) for (const q of n.points) out.push(n.toGlobal(q));
  });
  return out;
}
