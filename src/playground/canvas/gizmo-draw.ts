import type { Vec2 } from '../../math/vec2.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';
import { Bone2D } from '../../scene/bone2d.ts';
import type { Node } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import { GIZMO, type Tool } from './gizmo.ts';

/**
 * The selected node's gizmo for the tool in hand, at a fixed size on the screen (`scale`: the
 * viewport's pixels per scene unit): Move's axes and square, Rotate's ring, Scale's axis ends
 * along the node's own (possibly mirrored) axes; the Bone tool marks the tip a new bone chains on.
 */
export function drawGizmo(
  p: OverlayPainter,
  tool: Tool,
  node: Node | null,
  root: Node,
  scale: number,
): void {
  if (tool === 'bone') {
    const tip = node instanceof Bone2D ? node.tipGlobalPosition : null;
    if (tip) p.dot(tip, 5, 'accent');
    return;
  }
  if (!(node instanceof Node2D) || node.root !== root) return;
  const o = node.globalPosition;
  const px = 1 / scale;
  const g = node.globalTransform;
  const end = (ax: number, ay: number) => {
    const l = Math.hypot(ax, ay) || 1;
    return { x: o.x + (ax / l) * GIZMO.axis * px, y: o.y + (ay / l) * GIZMO.axis * px };
  };
  const square = (c: Vec2, color: string) => {
    const h = 5 * px;
    p.polygon(
      [
        { x: c.x - h, y: c.y - h },
        { x: c.x + h, y: c.y - h },
        { x: c.x + h, y: c.y + h },
        { x: c.x - h, y: c.y + h },
      ],
      { color, fill: color, fillAlpha: 0.6, width: 1.5 },
    );
  };
  if (tool === 'move') {
    const x = end(1, 0);
    const y = end(0, 1);
    p.line(o, x, { color: 'target', width: 2.5 });
    p.line(o, y, { color: 'accent', width: 2.5 });
    p.dot(x, 5, 'target');
    p.dot(y, 5, 'accent');
    square(o, 'highlight');
  } else if (tool === 'rotate') {
    p.arcPx(o, GIZMO.ring, 0, Math.PI * 2, { color: 'highlight', width: 2.5 });
    const a = Math.atan2(g.b, g.a);
    p.line(
      o,
      { x: o.x + Math.cos(a) * GIZMO.ring * px, y: o.y + Math.sin(a) * GIZMO.ring * px },
      { color: 'highlight', width: 1.5 },
    );
  } else if (tool === 'scale') {
    const x = end(g.a, g.b);
    const y = end(g.c, g.d);
    p.line(o, x, { color: 'target', width: 2.5 });
    p.line(o, y, { color: 'accent', width: 2.5 });
    square(x, 'target');
    square(y, 'accent');
    square(o, 'highlight');
  }
}
