import type { Vec2 } from '../../math/vec2.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';
import type { FigureUi } from '../figure-ui.ts';
import { deg, num } from '../shared/format.ts';
import type { twoBoneFigure } from './description.ts';
import type { TwoBoneScene } from './scene.ts';
import type { Triangle } from './triangle.ts';

const angleOf = (from: Vec2, to: Vec2) => Math.atan2(to.y - from.y, to.x - from.x);
const turn = (a: number, b: number) => Math.atan2(Math.sin(b - a), Math.cos(b - a));

/**
 * The triangle drawn on the arm: full reach and the too-near disc (an ellipse when the skeleton
 * is stretched), the side d, and the interior angles α and β as arcs.
 */
export function drawTriangle(
  p: OverlayPainter,
  ui: FigureUi<typeof twoBoneFigure>,
  scene: TwoBoneScene,
  g: Triangle,
): void {
  const stretched = scene.stretch !== 1;
  drawReach(p, scene, g, stretched);
  p.line(g.s, g.t, { color: 'muted', dash: 4 });
  p.text(
    ui.say('distanceLabel', { d: num(g.targetDistance) }),
    { x: (g.s.x + g.t.x) / 2, y: (g.s.y + g.t.y) / 2 },
    { color: 'muted', offsetPx: { x: 6, y: 4 } },
  );
  const elbow = scene.fore.globalPosition;
  if (scene.poleOn)
    p.line(elbow, scene.pole.globalPosition, { color: 'pole', dash: 3, alpha: 0.6, width: 1 });
  // Stretched, the screen's angles are not the triangle's: the formulas give those.
  if (stretched) return;
  const a0 = angleOf(g.s, g.t);
  const a1 = a0 + turn(a0, angleOf(g.s, elbow));
  if (Math.abs(a1 - a0) > 0.01) {
    p.arcPx(g.s, 46, a0, a1, { color: 'accent', width: 2.5 });
    const mid = (a0 + a1) / 2;
    p.text(ui.say('alphaLabel', { angle: deg(Math.abs(a1 - a0), 0) }), g.s, {
      color: 'accent',
      offsetPx: { x: 50 * Math.cos(mid) - 8, y: 50 * Math.sin(mid) - 8 },
    });
  }
  const tip = scene.fore.tipGlobalPosition;
  const b0 = angleOf(elbow, g.s);
  const b1 = b0 + turn(b0, angleOf(elbow, tip));
  p.arcPx(elbow, 36, b0, b1, { color: 'pole', width: 2.5 });
  const mid = (b0 + b1) / 2;
  p.text(ui.say('betaLabel', { angle: deg(Math.abs(b1 - b0), 0) }), elbow, {
    color: 'pole',
    offsetPx: { x: 40 * Math.cos(mid) - 8, y: 40 * Math.sin(mid) - 8 },
  });
}

/** Full reach dashed, and the disc nearer than |l₁ − l₂| shaded. */
function drawReach(p: OverlayPainter, scene: TwoBoneScene, g: Triangle, stretched: boolean) {
  const inner = Math.abs(g.l1 - g.l2);
  if (!stretched) {
    p.circle(g.s, g.l1 + g.l2, { color: 'muted', dash: 6, width: 1 });
    if (inner > 0.5)
      p.circle(g.s, inner, { color: 'target', width: 1, fill: 'target', fillAlpha: 0.08 });
    return;
  }
  // Stretched, the reach is a circle in the skeleton's space: an ellipse on screen.
  const k = scene.rig.skeleton;
  const c = k.toLocal(g.s);
  const ring = (r: number) =>
    Array.from({ length: 73 }, (_, i) =>
      k.toGlobal({
        x: c.x + r * Math.cos((i / 72) * 2 * Math.PI),
        y: c.y + r * Math.sin((i / 72) * 2 * Math.PI),
      }),
    );
  p.polyline(ring(g.l1 + g.l2), { color: 'muted', dash: 6, width: 1 });
  if (inner > 0.5) p.polyline(ring(inner), { color: 'target', width: 1 });
}
