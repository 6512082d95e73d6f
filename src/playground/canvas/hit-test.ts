import type { Vec2 } from '../../math/vec2.ts';
import { Bone2D } from '../../scene/bone2d.ts';
import { Line2D } from '../../scene/line2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import type { Node } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import { Polygon2D } from '../../scene/polygon2d.ts';

/** How near (screen pixels) a pointer must be to pick a point-like thing or a line. */
export const PICK_PX = 9;

/**
 * The node drawn under a scene point, as the canvas draws them: markers on top, then bones,
 * shapes and lines in reverse tree order (the last drawn wins), then plain Node2D origins.
 * `pxToWorld` is the size of one screen pixel in scene units.
 */
export function pickNode(root: Node, at: Vec2, pxToWorld: number): Node | null {
  const near = PICK_PX * pxToWorld;
  const drawn: Node2D[] = [];
  const markers: Marker2D[] = [];
  root.walk((n) => {
    if (n instanceof Marker2D) markers.push(n);
    else if (n instanceof Node2D) drawn.push(n);
  });
  for (let i = markers.length - 1; i >= 0; i--) {
    const m = markers[i]!;
    if (dist(m.globalPosition, at) <= near * 1.4) return m;
  }
  for (let i = drawn.length - 1; i >= 0; i--) {
    const n = drawn[i]!;
    if (n instanceof Bone2D) {
      const a = n.globalPosition;
      if (dist(a, at) <= near || segmentDistance(at, a, n.tipGlobalPosition) <= near) return n;
    } else if (n instanceof Polygon2D) {
      if (
        n.polygon.length >= 3 &&
        insidePolygon(
          at,
          n.polygon.map((p) => n.toGlobal(p)),
        )
      )
        return n;
    } else if (n instanceof Line2D) {
      const pts = n.points.map((p) => n.toGlobal(p));
      for (let k = 1; k < pts.length; k++)
        if (segmentDistance(at, pts[k - 1]!, pts[k]!) <= near) return n;
    }
  }
  for (let i = drawn.length - 1; i >= 0; i--) {
    const n = drawn[i]!;
    if (n !== root && !(n instanceof Bone2D) && dist(n.globalPosition, at) <= near) return n;
  }
  return null;
}

const dist = (a: Vec2, b: Vec2) => Math.hypot(a.x - b.x, a.y - b.y);

export function segmentDistance(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Even–odd rule, so a figure-eight or a shape with a notch picks as it is drawn. */
export function insidePolygon(p: Vec2, corners: readonly Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const a = corners[i]!;
    const b = corners[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x)
      inside = !inside;
  }
  return inside;
}
