import type { CCDOrder } from '../../ik/ccd-kernel.ts';
import { defineFigure } from '../define-figure.ts';
import { reachBounds } from '../shared/chain-description.ts';
import { ChainDemoCore } from '../shared/chain-demo-core.ts';
import { ccdFigure } from './description.ts';
import { showTurn } from './formula.ts';
import { BASE, buildCcdScene, LENGTHS, TARGET_RANGE } from './scene.ts';

/**
 * Lesson 4: CCD on a chain of 2–8 bones. Step through the sweep bone by bone, watch the joints
 * near the tip do most of the turning (the bars), add limits, mirror the skeleton. The dashed
 * circle is the chain's reach: a target past it is answered with the straight chain.
 */
export const ccdDemo = defineFigure(ccdFigure, (ui, params) => {
  const { rig, ik, n } = buildCcdScene(params);
  const core = new ChainDemoCore(ui, rig, ik, 'CCD');
  ui.on('order', (v) => core.change(() => (ik.order = v as CCDOrder)));
  return {
    root: rig.world,
    world: reachBounds(BASE, LENGTHS.slice(0, n), TARGET_RANGE),
    update(dt) {
      core.update(dt);
      showTurn(ui, core.stepper, rig, ik);
    },
    drawOverlay: (p) => core.drawOverlay(p, true),
    currentParams: () => core.currentParams(),
  };
});
