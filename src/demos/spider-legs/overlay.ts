import type { OverlayPainter } from '../../render/overlay-painter.ts';
import type { FigureUi } from '../figure-ui.ts';
import { drawBakedGaps, drawSpiderDebug, label } from '../shared/spider-overlay.ts';
import type { SpiderScene } from '../shared/spider-scene.ts';
import type { spiderLegsFigure } from './description.ts';

/** Rays and hits when asked for, each spider named, and the baked spider's gaps to the ground. */
export function drawSpiders(
  p: OverlayPainter,
  ui: FigureUi<typeof spiderLegsFigure>,
  scene: SpiderScene,
  debug: boolean,
): void {
  if (debug) drawSpiderDebug(p, scene.spider);
  label(p, ui.say('ikLabel'), scene.spider.position);
  if (scene.baked && scene.lane) {
    drawBakedGaps(p, scene.baked, scene.lane.ground);
    label(p, ui.say('bakedLabel'), scene.baked.position);
  }
}
