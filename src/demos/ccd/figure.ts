import { CCD_ORDERS, CCDIK2D } from '../../ik/ccd-ik-2d';
import type { CCDOrder } from '../../ik/ccd-kernel';
import { ccdMeta } from './meta';
import { defineDemo } from '../contract';
import { ChainDemoCore } from '../shared/chain-demo-core';
import { buildChainRig, attachIK } from '../shared/chain-rig';
import { texDeg } from '../shared/format';

const LENGTHS = [80, 68, 58, 48, 40, 34, 28, 24];

/**
 * Lesson 4: CCD on a chain of 2–8 bones. Step through the sweep bone by bone, watch the joints
 * near the tip do most of the turning (the bars), add limits, mirror the skeleton.
 */
export const ccdDemo = defineDemo({
  ...ccdMeta,
  create({ controls }, params) {
    const n = Math.round(params.bones);
    const rig = buildChainRig({
      lengths: LENGTHS.slice(0, n),
      curve: 0.18,
      firstRotation: -0.35,
      base: { x: -60, y: 40 },
      target: { x: params.targetX, y: params.targetY },
    });
    const ik = attachIK(rig, new CCDIK2D('CCDIK2D'));
    ik.order = params.order as CCDOrder;
    const core = new ChainDemoCore(controls, rig, ik, { ...params }, 'CCD');
    controls.choice({
      id: 'order',
      label: 'Sweep',
      options: CCD_ORDERS,
      value: ik.order,
      onChange: (v) => core.change(() => (ik.order = v as CCDOrder)),
    });
    const formula = controls.formula({ id: 'turn' });

    return {
      root: rig.world,
      world: { x: -380, y: -300, width: 760, height: 600 },
      update(dt) {
        core.update(dt);
        // The turn of the joint on show (stepping), or what the tip-most joint would still turn.
        const e = core.stepper.current;
        const before = core.stepper.previousPositions;
        const k = e && e.pass === 'turn' ? e.index : n - 1;
        const P = e && e.pass === 'turn' && before ? before : ik.currentChain.positions;
        const t = rig.target.globalPosition;
        const jx = P[2 * k]!;
        const jy = P[2 * k + 1]!;
        const toTarget = Math.atan2(t.y - jy, t.x - jx);
        const toTip = Math.atan2(P[2 * n + 1]! - jy, P[2 * n]! - jx);
        const turn = Math.atan2(Math.sin(toTarget - toTip), Math.cos(toTarget - toTip));
        const name = rig.bones[k]!.name;
        // Past ±180° the difference is the long way round: say so where the wrap changed it.
        const wrapped = Math.abs(toTarget - toTip) > Math.PI;
        formula.set(
          `\\Delta\\theta_{\\text{${name}}} = \\operatorname{wrap}\\bigl(\\operatorname{atan2}(t - p) - \\operatorname{atan2}(e - p)\\bigr) = \\operatorname{wrap}(${texDeg(toTarget)} - ${texDeg(toTip)}) = ${texDeg(turn)}${wrapped ? '\\ \\text{after wrapping to } \\pm 180^\\circ' : ''}`,
        );
      },
      drawOverlay(p) {
        core.drawOverlay(p, false);
      },
      currentParams: () => ({ ...core.currentParams(), bones: n, order: ik.order }),
    };
  },
});
