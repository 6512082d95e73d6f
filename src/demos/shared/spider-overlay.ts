import type { BakedSpider2D } from '../../procedural/spider/baked-spider-2d.ts';
import { legTips } from '../../procedural/spider/foot-contact-meter.ts';
import type { Spider2D } from '../../procedural/spider/spider-2d.ts';
import { newClosest, type TerrainPath } from '../../procedural/terrain/terrain-path.ts';
import type { OverlayPainter } from '../../render/overlay-painter.ts';

/** Gait groups in two colours: which feet may lift together. */
export const GROUP_COLORS = ['series1', 'series2'] as const;

/**
 * The spider lesson's debug overlay: each leg's ray (dashed, from above the body to where it
 * met the ground; red where it met nothing and the leg fell back on the ground below the rig),
 * the step threshold as a circle round the hit, each foot in its group's colour (a ring while
 * in the air), and the rig's anchor on the ground with its frame.
 */
export function drawSpiderDebug(p: OverlayPainter, spider: Spider2D): void {
  const g = spider.gait;
  for (const leg of spider.legs) {
    const color = GROUP_COLORS[leg.plan.group];
    const hit = { x: leg.hitX, y: leg.hitY };
    p.line({ x: leg.rayX, y: leg.rayY }, hit, { color: 'muted', dash: 4, width: 1, alpha: 0.7 });
    p.circle(hit, g.stepThreshold, { color, width: 1, alpha: 0.45 });
    p.dot(hit, 3, leg.rayHit ? 'muted' : 'target');
    if (leg.grounded) p.dot({ x: leg.footX, y: leg.footY }, 5, color);
    else p.circle({ x: leg.footX, y: leg.footY }, 6, { color, width: 2.5 });
  }
  const f = spider.frame;
  p.dot(f, 4, 'accent');
  p.line(
    { x: f.x - f.tx * 40, y: f.y - f.ty * 40 },
    { x: f.x + f.tx * 40, y: f.y + f.ty * 40 },
    { color: 'accent', width: 1.5 },
  );
  p.line(f, { x: f.x + f.nx * 30, y: f.y + f.ny * 30 }, { color: 'accent', width: 1.5 });
}

const closest = newClosest();
let xs = new Float64Array(8);
let ys = new Float64Array(8);

/**
 * Under the baked spider, a red line from each planted foot to the ground shows the gap seed
 * 002 §5.2 describes: feet floating over hollows, sinking into hills.
 */
export function drawBakedGaps(p: OverlayPainter, baked: BakedSpider2D, ground: TerrainPath): void {
  const n = baked.femurs.length;
  if (xs.length < n) {
    xs = new Float64Array(n);
    ys = new Float64Array(n);
  }
  legTips(baked.femurs, xs, ys);
  for (let i = 0; i < n; i++) {
    if (!baked.planted[i]) continue;
    const tip = { x: xs[i]!, y: ys[i]! };
    ground.closest(tip.x, tip.y, closest);
    if (Math.abs(closest.signedDistance) > 1.5)
      p.line(tip, closest, { color: 'target', width: 2.5 });
    p.dot(tip, 3, 'target');
  }
}

/** A small caption for a body, anchored on it (the page places it clear of the legs). */
export function label(p: OverlayPainter, text: string, at: { x: number; y: number }): void {
  p.text(text, at, { color: 'muted', size: 12 });
}
