import type { PoleMode } from '../../ik/pole-bend.ts';
import { defineFigure } from '../define-figure.ts';
import { reachBounds } from '../shared/chain-description.ts';
import { ChainDemoCore } from '../shared/chain-demo-core.ts';
import { fabrikFigure } from './description.ts';
import { showReach } from './readouts.ts';
import { BASE, FabrikScene, TARGET_RANGE } from './scene.ts';

/**
 * Lesson 5: FABRIK. Forward and backward passes shown as ghosts, the reach ring and its dead
 * zone, tolerance against rounds, and a pole that picks the side the joints bend to.
 */
export const fabrikDemo = defineFigure(fabrikFigure, (ui, params) => {
  const scene = new FabrikScene(params);
  const { rig, ik, pole } = scene;
  const core = new ChainDemoCore(ui, rig, ik, 'FABRIK');
  let reach = params.showReach;
  ui.on('pole', (v) => core.change(() => scene.usePole(v)));
  ui.on('poleMode', (v) => core.change(() => (ik.poleMode = v as PoleMode)));
  ui.on('showReach', (v) => (reach = v));
  let lastPole = pole.globalPosition;

  return {
    root: rig.world,
    world: reachBounds(BASE, scene.lengths, TARGET_RANGE),
    update(dt) {
      const p = pole.globalPosition;
      if (scene.poleOn && (p.x !== lastPole.x || p.y !== lastPole.y)) {
        lastPole = p;
        core.invalidate();
      }
      core.update(dt);
      showReach(ui, scene, core.stepper);
    },
    drawOverlay(p) {
      core.drawOverlay(p, reach);
      if (!scene.poleOn) return;
      for (const b of rig.bones.slice(1))
        p.line(b.globalPosition, pole.globalPosition, {
          color: 'pole',
          dash: 3,
          alpha: 0.5,
          width: 1,
        });
    },
    currentParams: () => ({
      ...core.currentParams(),
      poleX: Math.round(pole.position.x),
      poleY: Math.round(pole.position.y),
    }),
  };
});
