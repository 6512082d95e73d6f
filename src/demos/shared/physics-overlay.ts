import type { Vec2 } from '../../math/vec2.ts';
import { PHYSICS_SCALE as S } from './physics-nodes.ts';
import type { LinkPlan } from '../../physics/body-plan.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';

/** Scene units per metre (y flipped: the scene's y grows downwards). */

/**
 * Draws the physics character from its link frames (x, y, angle a link, metres, y up): each
 * box as a polygon, the head as a disc, far limbs behind and paler, a dot on every joint (red
 * while its torque is held at the limit). A ghost is the animation's pose, outlined only.
 */
export function drawCharacter(
  p: OverlayPainter,
  plan: readonly LinkPlan[],
  frames: Float64Array,
  o: { ghost?: boolean; saturated?: (i: number) => boolean; highlight?: number } = {},
): void {
  const at = (i: number, x: number, y: number): Vec2 => {
    const a = frames[3 * i + 2]!;
    const wx = frames[3 * i]! + Math.cos(a) * x - Math.sin(a) * y;
    const wy = frames[3 * i + 1]! + Math.sin(a) * x + Math.cos(a) * y;
    return { x: wx * S, y: -wy * S };
  };
  plan.forEach((l, i) => {
    const s = l.shape;
    const far = l.side === 'far';
    const style = o.ghost
      ? { color: 'accent', width: 1.5, alpha: 0.7, dash: 5, stroke: true, fillAlpha: 0 }
      : {
          color: 'boneOutline',
          width: 1.5,
          fill: far ? 'muted' : 'bone',
          fillAlpha: far ? 0.75 : 1,
        };
    if (s.kind === 'circle') {
      p.circle(at(i, s.cx, s.cy), s.r * S, style);
      return;
    }
    p.polygon(
      [
        at(i, s.cx - s.hx, s.cy - s.hy),
        at(i, s.cx + s.hx, s.cy - s.hy),
        at(i, s.cx + s.hx, s.cy + s.hy),
        at(i, s.cx - s.hx, s.cy + s.hy),
      ],
      style,
    );
  });
  if (o.ghost) return;
  plan.forEach((l, i) => {
    if (l.parent < 0) return;
    const c = at(i, 0, 0);
    if (o.saturated?.(i)) p.dot(c, 6, 'target');
    else p.dot(c, i === o.highlight ? 5 : 3, i === o.highlight ? 'accent' : 'joint');
  });
}
