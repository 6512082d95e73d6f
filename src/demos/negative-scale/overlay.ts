import type { OverlayPainter } from '../../render/overlay-painter.ts';
import type { FigureUi } from '../figure-ui.ts';
import type { negativeScaleFigure } from './description.ts';
import type { FlipScene } from './scene.ts';

/**
 * The arm with no flip as a faint ghost to compare against, and an arrow at the shoulder
 * showing which way a positive rotation of UpperArm turns it on screen.
 */
export function drawFlipOverlay(
  p: OverlayPainter,
  ui: FigureUi<typeof negativeScaleFigure>,
  scene: FlipScene,
): void {
  const ghost = scene.ghost();
  for (let i = 1; i < ghost.length; i++)
    p.line(ghost[i - 1]!, ghost[i]!, { color: 'muted', width: 6, alpha: 0.25 });
  p.text(ui.say('unflipped'), ghost[ghost.length - 1]!, { color: 'muted' });
  const { upper } = scene;
  const now = scene.tipDirection(upper, upper.rotation);
  const more = scene.tipDirection(upper, upper.rotation + 0.6);
  const delta = Math.atan2(Math.sin(more - now), Math.cos(more - now));
  const at = upper.globalPosition;
  p.arcPx(at, 58, now, now + delta, { color: 'focus', arrow: true, width: 2.5 });
  p.text(ui.say('plusRotation'), at, {
    color: 'focus',
    offsetPx: { x: Math.cos(now + delta) * 64, y: Math.sin(now + delta) * 64 },
  });
}
