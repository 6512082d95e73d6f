import { FABRIK2D } from '../../ik/fabrik-2d';
import { POLE_MODES, type PoleMode } from '../../ik/pole-bend';
import { reachRing } from '../../ik/reach';
import { Marker2D } from '../../scene/marker2d';
import { fabrikMeta } from './meta';
import { defineDemo } from '../contract';
import { ChainDemoCore } from '../shared/chain-demo-core';
import { buildChainRig, attachIK } from '../shared/chain-rig';
import { tex } from '../shared/format';

const LENGTHS = [80, 68, 58, 48, 40, 34, 28, 24];
/** A first bone longer than all the others together: the dead zone of seed 002 Fig. 2.2. */
const LONG_FIRST = [170, 40, 30, 24, 20, 16, 14, 12];

/**
 * Lesson 5: FABRIK. Forward and backward passes shown as ghosts, the reach ring and its dead
 * zone, tolerance against iterations, and a pole that picks the side the joints bend to.
 */
export const fabrikDemo = defineDemo({
  ...fabrikMeta,
  create({ controls }, params) {
    const n = Math.round(params.bones);
    const rig = buildChainRig({
      lengths: (params.longFirst ? LONG_FIRST : LENGTHS).slice(0, n),
      curve: 0.2,
      firstRotation: -0.4,
      base: { x: -60, y: 40 },
      target: { x: params.targetX, y: params.targetY },
    });
    const ik = attachIK(rig, new FABRIK2D('FABRIK2D'));
    ik.poleMode = params.poleMode as PoleMode;
    const pole = new Marker2D('Pole', 'pole');
    pole.position = { x: params.poleX, y: params.poleY };
    const core = new ChainDemoCore(controls, rig, ik, { ...params }, 'FABRIK');
    let showReach = params.showReach;
    let lastPole = pole.globalPosition;
    const usePole = (on: boolean) => {
      if (on && !pole.parent) rig.world.addChild(pole);
      if (!on && pole.parent) pole.parent.removeChild(pole);
      ik.polePath = on ? pole.getPathFrom(ik) : '';
    };
    usePole(params.pole);
    controls.toggle({
      id: 'pole',
      label: 'Pole',
      value: params.pole,
      onChange: (v) => core.change(() => usePole(v)),
    });
    controls.choice({
      id: 'poleMode',
      label: 'Apply the pole',
      options: POLE_MODES,
      value: ik.poleMode,
      onChange: (v) => core.change(() => (ik.poleMode = v as PoleMode)),
    });
    controls.toggle({
      id: 'showReach',
      label: 'Reach circles',
      value: showReach,
      onChange: (v) => (showReach = v),
    });
    const reach = controls.readout({ id: 'reachability', label: 'Where the target is' });
    const formula = controls.formula({ id: 'fabrik' });

    return {
      root: rig.world,
      world: { x: -380, y: -300, width: 760, height: 600 },
      update(dt) {
        const p = pole.globalPosition;
        if (pole.parent && (p.x !== lastPole.x || p.y !== lastPole.y)) {
          lastPole = p;
          core.stepper.invalidate();
        }
        core.update(dt);
        const chain = ik.currentChain;
        const ring = reachRing(chain);
        const t = rig.target.globalPosition;
        const d = Math.hypot(t.x - chain.baseX, t.y - chain.baseY);
        reach.set(
          d > ring.outer
            ? `beyond reach: ${d.toFixed(1)} > ${ring.outer.toFixed(1)}`
            : d < ring.inner
              ? `in the dead zone: ${d.toFixed(1)} < ${ring.inner.toFixed(1)}`
              : `reachable: ${ring.inner.toFixed(1)} ≤ ${d.toFixed(1)} ≤ ${ring.outer.toFixed(1)}`,
        );
        formula.set(
          fabrikFormula(
            core.stepper.current,
            core.stepper.previousPositions,
            chain.lengths,
            d,
            ring,
          ),
        );
      },
      drawOverlay(p) {
        core.drawOverlay(p, showReach);
        if (pole.parent) {
          const joints = rig.bones.slice(1).map((b) => b.globalPosition);
          for (const j of joints)
            p.line(j, pole.globalPosition, { color: 'pole', dash: 3, alpha: 0.5, width: 1 });
        }
      },
      currentParams: () => ({
        ...core.currentParams(),
        bones: n,
        longFirst: params.longFirst,
        pole: pole.parent !== null,
        poleMode: ik.poleMode,
        poleX: Math.round(pole.position.x),
        poleY: Math.round(pole.position.y),
        showReach,
      }),
    };
  },
});

/**
 * The formula beside the figure: while stepping through a pass, ρ for the joint just placed
 * (seed 002 eq. 17/18, with its numbers); otherwise the reach check that comes first.
 */
function fabrikFormula(
  e: { pass: string; index: number } | null,
  before: Float64Array | null,
  lengths: Float64Array,
  d: number,
  ring: { inner: number; outer: number },
): string {
  const n = lengths.length;
  if (e && before && (e.pass === 'forward' || e.pass === 'backward')) {
    const forward = e.pass === 'forward';
    const i = e.index;
    // Forward places joint i from joint i+1 (bone i); backward places joint i from joint i−1 (bone i−1).
    const from = forward ? i + 1 : i - 1;
    const bone = forward ? i : i - 1;
    if (from >= 0 && from <= n && bone >= 0 && bone < n) {
      const dist = Math.hypot(
        before[2 * i]! - before[2 * from]!,
        before[2 * i + 1]! - before[2 * from + 1]!,
      );
      const rho = dist > 0 ? lengths[bone]! / dist : 1;
      return `\\rho_{${i}} = \\frac{d_{${bone}}}{|p_{${from}} - p_{${i}}|} = \\frac{${tex(lengths[bone]!)}}{${tex(dist)}} = ${tex(rho, 3)} \\qquad p_{${i}} \\leftarrow (1 - \\rho_{${i}})\\,p_{${from}} + \\rho_{${i}}\\,p_{${i}}`;
    }
  }
  const verdict =
    d > ring.outer
      ? '> \\textstyle\\sum d_i \\Rightarrow \\text{stretch}'
      : d < ring.inner
        ? `< ${tex(ring.inner)} \\Rightarrow \\text{dead zone}`
        : `\\le \\textstyle\\sum d_i = ${tex(ring.outer)} \\Rightarrow \\text{iterate}`;
  return `|t - p_0| = ${tex(d)} ${verdict}`;
}
