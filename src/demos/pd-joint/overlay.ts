import { DEG, wrapAngle } from '../../math/angles.ts';
import { fromAngle, type Vec2 } from '../../math/vec2.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num } from '../shared/format.ts';
import type { pdJointFigure } from './description.ts';
import { LENGTH, type PdJointScene } from './scene.ts';

const ORIGIN = { x: 0, y: 0 };

/**
 * Where a label of `chars` characters asks to sit: `gap` pixels beyond its anchor in direction
 * `a`, its near edge towards the anchor (the placement pass moves it if that spot is taken).
 */
function outward(a: number, gap: number, chars: number): Vec2 {
  const w = 7 * chars;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return { x: gap * c + (w / 2) * (c - 1), y: gap * s + 8 * (s - 1) };
}

/**
 * The target arm θ̂ (dashed, dragged or where it was let go), the error θ̂ − θ as an arc, the
 * torque as an arrow turning the bar, and the labels θ̂ and θ, each anchored at the tip of the
 * arm it names so the placement pass keeps them apart when the two arms meet.
 */
export function drawJoint(
  p: OverlayPainter,
  ui: FigureUi<typeof pdJointFigure>,
  scene: PdJointScene,
  dragging: number | null,
): void {
  const { joint } = scene;
  drawDial(p);
  const goal = dragging ?? joint.goal;
  const tip = fromAngle(goal, LENGTH);
  p.line(ORIGIN, tip, { color: 'target', width: 2, dash: 6 });
  p.circle(tip, 9, { color: 'target', width: 2, fill: 'target', fillAlpha: 0.35 });
  const err = wrapAngle(goal - joint.theta);
  if (Math.abs(err) > 0.01) {
    p.arc(ORIGIN, 95, joint.theta, joint.theta + err, { color: 'target', width: 2 });
    const mid = joint.theta + err / 2;
    const label = ui.say('errorLabel', { angle: num(err * DEG, 1) });
    p.text(label, fromAngle(mid, 95), { color: 'target', offsetPx: outward(mid, 8, label.length) });
  }
  const tauScale = scene.gains.ks * Math.abs(scene.jumpError) || 1;
  const sweep = Math.max(-1, Math.min(1, joint.torque / tauScale)) * 1.2;
  if (Math.abs(sweep) > 0.02)
    p.arcPx(ORIGIN, 30, joint.theta, joint.theta + sweep, {
      color: 'boneOutline',
      width: 3,
      arrow: true,
    });
  p.text(ui.say('targetLabel'), tip, { color: 'target', offsetPx: outward(goal, 14, 1) });
  p.text(ui.say('barLabel'), fromAngle(joint.theta, LENGTH), {
    color: 'boneOutline',
    offsetPx: outward(joint.theta, 8, 1),
  });
  p.dot(ORIGIN, 5, 'boneOutline');
}

/**
 * The dial the bar turns in: the circle its tip sweeps and a tick every 30°, so an angle and
 * an error read off the figure as off a protractor, wherever the bar points.
 */
function drawDial(p: OverlayPainter): void {
  p.circle(ORIGIN, LENGTH, { color: 'axis', width: 1 });
  for (let k = 0; k < 12; k++) {
    const a = (k * Math.PI) / 6;
    const long = k % 3 === 0;
    p.line(fromAngle(a, LENGTH - (long ? 12 : 6)), fromAngle(a, LENGTH + (long ? 8 : 4)), {
      color: 'muted',
      width: long ? 1.5 : 1,
    });
  }
}
