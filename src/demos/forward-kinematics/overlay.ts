import type { OverlayPainter } from '../../render/overlay-painter.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import { deg } from '../shared/format.ts';

/**
 * Each local rotation as an arc at the bone's joint, from the parent's direction (dashed) to
 * the bone's, labelled with its angle beside the arc's middle.
 */
export function drawLocalRotations(p: OverlayPainter, bones: readonly Bone2D[]): void {
  let parentDir = 0;
  for (const bone of bones) {
    const at = bone.globalPosition;
    p.arcPx(at, 30, parentDir, parentDir + bone.rotation, { color: 'accent', arrow: true });
    p.line(
      at,
      { x: at.x + Math.cos(parentDir) * 40, y: at.y + Math.sin(parentDir) * 40 },
      { dash: 3, color: 'muted' },
    );
    const mid = parentDir + bone.rotation / 2;
    p.text(deg(bone.rotation, 0), at, {
      color: 'accent',
      offsetPx: { x: 40 * Math.cos(mid) - 14, y: 40 * Math.sin(mid) - 8 },
    });
    parentDir = bone.globalRotation;
  }
}
