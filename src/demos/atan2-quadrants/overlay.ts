import type { OverlayPainter } from '../../render/overlay-painter.ts';
import type { FigureUi } from '../figure-ui.ts';
import { deg, num } from '../shared/format.ts';
import type { atan2QuadrantsFigure } from './description.ts';
import type { AimScene } from './scene.ts';

/** Offset putting a label of `chars` characters centred `r` px from its anchor, at `angle`. */
const radial = (angle: number, r: number, chars: number) => ({
  x: r * Math.cos(angle) - chars * 3.5,
  y: r * Math.sin(angle) - 8,
});

/**
 * The joint's x axis, the line to the point with its legs x and y, and the angle each function
 * gives as an arc from the x axis: atan2's always, atan's where it differs.
 */
export function drawAim(
  p: OverlayPainter,
  ui: FigureUi<typeof atan2QuadrantsFigure>,
  scene: AimScene,
): void {
  const j = scene.joint.globalPosition;
  const pt = scene.point.globalPosition;
  const r = scene.relative();
  const a2 = Math.atan2(r.y, r.x);
  const a1 = scene.atanAngle(r);
  const corner = { x: pt.x, y: j.y };
  drawQuadrants(p, ui, j, r);
  p.line(j, { x: j.x + 60, y: j.y }, { color: 'axis', dash: 2 });
  p.line(j, pt, { color: 'target', dash: 3 });
  p.line(j, corner, { color: 'muted', alpha: 0.6 });
  p.line(corner, pt, { color: 'muted', alpha: 0.6 });
  // Each leg's label on the side of the leg away from the triangle.
  const xLeg = ui.say('xLeg', { x: num(r.x) });
  p.text(
    xLeg,
    { x: j.x + r.x / 2, y: j.y },
    {
      color: 'muted',
      offsetPx: { x: -xLeg.length * 3.5, y: r.y >= 0 ? -20 : 4 },
    },
  );
  const yLeg = ui.say('yLeg', { y: num(r.y) });
  p.text(
    yLeg,
    { x: pt.x, y: j.y + r.y / 2 },
    {
      color: 'muted',
      offsetPx: { x: r.x >= 0 ? 6 : -6 - yLeg.length * 7, y: -8 },
    },
  );
  p.arcPx(j, 34, 0, a2, { color: 'accent', arrow: true });
  const atan2Label = ui.say('atan2Arc', { angle: deg(a2, 1) });
  p.text(atan2Label, j, { color: 'accent', offsetPx: radial(a2 / 2, 44, atan2Label.length) });
  if (Math.abs(a1 - a2) > 1e-6) {
    p.arcPx(j, 48, 0, a1, { color: 'focus', arrow: true });
    const atanLabel = ui.say('atanArc', { angle: deg(a1, 1) });
    p.text(atanLabel, j, { color: 'focus', offsetPx: radial(a1 / 2, 60, atanLabel.length) });
  }
}

/**
 * The joint's four quadrants across the whole view (the screen's way: +y down), the point's
 * own one shaded, each named where it is widest: what atan cannot tell apart and atan2 can.
 */
function drawQuadrants(
  p: OverlayPainter,
  ui: FigureUi<typeof atan2QuadrantsFigure>,
  j: { x: number; y: number },
  r: { x: number; y: number },
): void {
  const b = ui.description.bounds;
  const [x0, x1, y0, y1] = [b.x, b.x + b.width, b.y, b.y + b.height];
  // The joint's own axes are the figure's subject: drawn firmer than the grid's axes (at 1 px
  // and 0.7 they came out the grid axes' grey, and read as background).
  const axes = { color: 'muted', width: 1.5, alpha: 0.9 } as const;
  p.line({ x: x0, y: j.y }, { x: x1, y: j.y }, axes);
  p.line({ x: j.x, y: y0 }, { x: j.x, y: y1 }, axes);
  const quadrants = [
    { sx: 1, sy: 1, name: 'quadrantI' },
    { sx: -1, sy: 1, name: 'quadrantII' },
    { sx: -1, sy: -1, name: 'quadrantIII' },
    { sx: 1, sy: -1, name: 'quadrantIV' },
  ] as const;
  for (const q of quadrants) {
    const xe = q.sx > 0 ? x1 : x0;
    const ye = q.sy > 0 ? y1 : y0;
    if (Math.sign(r.x) === q.sx && Math.sign(r.y) === q.sy)
      p.polygon([j, { x: xe, y: j.y }, { x: xe, y: ye }, { x: j.x, y: ye }], {
        fill: 'accent',
        fillAlpha: 0.07,
        stroke: false,
      });
    p.text(ui.say(q.name), { x: (j.x + xe) / 2, y: (j.y + ye) / 2 }, { color: 'muted', size: 15 });
  }
}
