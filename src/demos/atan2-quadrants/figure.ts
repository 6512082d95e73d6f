import { processTree } from '../../scene/node.ts';
import { defineFigure } from '../define-figure.ts';
import { atan2QuadrantsFigure } from './description.ts';
import { drawAim } from './overlay.ts';
import { showReadouts } from './readouts.ts';
import { AimScene } from './scene.ts';

/**
 * Lesson 2: the angle to a point, the seed's worked example (joint (25, 10), point (50, 30) →
 * 38.66°). atan(y/x) only knows the slope, so it answers for the wrong half of the circle when
 * x < 0; atan2(y, x) keeps the quadrant (seed 001 §1).
 */
export const atan2QuadrantsDemo = defineFigure(atan2QuadrantsFigure, (ui, params) => {
  const scene = new AimScene(params);
  ui.on('method', (v) => (scene.method = v));
  return {
    root: scene.root,
    update(dt) {
      processTree(scene.root, dt);
      scene.aim();
      showReadouts(ui, scene);
    },
    drawOverlay: (p) => drawAim(p, ui, scene),
    currentParams: () => ({
      pointX: Math.round(scene.point.position.x),
      pointY: Math.round(scene.point.position.y),
    }),
  };
});
