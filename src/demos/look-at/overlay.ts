import type { Vec2 } from '../../math/vec2.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';
import type { FigureUi } from '../figure-ui.ts';
import { deg } from '../shared/format.ts';
import type { lookAtFigure } from './description.ts';
import type { LookScene } from './scene.ts';

type Ui = FigureUi<typeof lookAtFigure>;

/** Offset putting a label of `chars` characters centred `r` px from its anchor, at `angle`. */
const radial = (angle: number, r: number, chars: number) => ({
  x: r * Math.cos(angle) - chars * 3.5,
  y: r * Math.sin(angle) - 8,
});

const ray = (from: Vec2, angle: number, length: number): Vec2 => ({
  x: from.x + Math.cos(angle) * length,
  y: from.y + Math.sin(angle) * length,
});

/**
 * Where the head should point (to the target), the allowed arc when limited, and the head's
 * local rotation as an arc from the neck's direction.
 */
export function drawLookAt(p: OverlayPainter, ui: Ui, scene: LookScene): void {
  const { head, ik } = scene;
  const j: Vec2 = head.globalPosition;
  p.line(j, scene.target.globalPosition, { color: 'target', dash: 4, alpha: 0.8 });
  if (ik.constrained) drawLimits(p, ui, scene, j);
  const parentDir = scene.screenAngleOfLocal(0);
  const headDir = scene.screenAngleOfLocal(head.rotation);
  const delta = Math.atan2(Math.sin(headDir - parentDir), Math.cos(headDir - parentDir));
  p.line(j, ray(j, parentDir, 45), { color: 'muted', dash: 3 });
  p.arcPx(j, 34, parentDir, parentDir + delta, { color: 'accent', arrow: true });
  const label = ui.say('localArc', { angle: deg(head.rotation, 0) });
  p.text(label, j, {
    color: 'accent',
    offsetPx: radial(parentDir + delta / 2, 46, label.length),
  });
}

/** The wedge of local rotations the head may take, on screen (it mirrors with its parent). */
function drawLimits(p: OverlayPainter, ui: Ui, scene: LookScene, j: Vec2): void {
  const { ik } = scene;
  const a = scene.screenAngleOfLocal(ik.minAngle);
  let span = ik.maxAngle - ik.minAngle;
  span = ((span % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  const b = scene.screenAngleOfLocal(ik.minAngle + span);
  const end = scene.headSpaceMirrored() ? a - span : a + span;
  p.arcPx(j, 80, a, end, { color: 'pole', width: 6, alpha: 0.35 });
  p.line(j, ray(j, a, 90), { color: 'pole', width: 1 });
  p.line(j, ray(j, b, 90), { color: 'pole', width: 1 });
  const label = ui.say('allowed');
  p.text(label, j, { color: 'pole', offsetPx: radial((a + end) / 2, 96, label.length) });
}
