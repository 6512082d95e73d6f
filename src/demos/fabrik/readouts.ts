import type { TraceEvent } from '../../ik/solve-result.ts';
import { reachRing } from '../../ik/reach.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num, tex } from '../shared/format.ts';
import type { SolverStepper } from '../shared/solver-stepper.ts';
import type { fabrikFigure } from './description.ts';
import type { FabrikScene } from './scene.ts';

type Ui = FigureUi<typeof fabrikFigure>;

/** Where the target is against the reach ring, in words and in the formula beside the figure. */
export function showReach(ui: Ui, scene: FabrikScene, stepper: SolverStepper): void {
  const chain = scene.ik.currentChain;
  const ring = reachRing(chain);
  const t = scene.rig.target.globalPosition;
  const d = Math.hypot(t.x - chain.baseX, t.y - chain.baseY);
  const words = { d: num(d), inner: num(ring.inner), outer: num(ring.outer) };
  ui.readout('reachability').set(
    ui.say(d > ring.outer ? 'beyond' : d < ring.inner ? 'inDeadZone' : 'reachable', words),
  );
  const rho = rhoFormula(stepper.current, stepper.previousPositions, chain.lengths);
  ui.formula('fabrik').set(rho ?? reachFormula(ui, d, ring));
}

/**
 * While stepping through a pass, ρ for the joint just placed (seed 002 eq. 17/18, with its
 * numbers); null otherwise.
 */
function rhoFormula(
  e: TraceEvent | null,
  before: Float64Array | null,
  lengths: Float64Array,
): string | null {
  if (!e || !before || (e.pass !== 'forward' && e.pass !== 'backward')) return null;
  const n = lengths.length;
  const forward = e.pass === 'forward';
  const i = e.index;
  // Forward places joint i from joint i+1 (bone i); backward places joint i from joint i−1 (bone i−1).
  const from = forward ? i + 1 : i - 1;
  const bone = forward ? i : i - 1;
  if (from < 0 || from > n || bone < 0 || bone >= n) return null;
  const dist = Math.hypot(
    before[2 * i]! - before[2 * from]!,
    before[2 * i + 1]! - before[2 * from + 1]!,
  );
  const rho = dist > 0 ? lengths[bone]! / dist : 1;
  return `\\rho_{${i}} = \\frac{d_{${bone}}}{|p_{${from}} - p_{${i}}|} = \\frac{${tex(lengths[bone]!)}}{${tex(dist)}} = ${tex(rho, 3)} \\qquad p_{${i}} \\leftarrow (1 - \\rho_{${i}})\\,p_{${from}} + \\rho_{${i}}\\,p_{${i}}`;
}

/** The reach check that comes before any round. */
function reachFormula(ui: Ui, d: number, ring: { inner: number; outer: number }): string {
  const verdict =
    d > ring.outer
      ? `> \\textstyle\\sum d_i \\Rightarrow \\text{${ui.say('texStretch')}}`
      : d < ring.inner
        ? `< ${tex(ring.inner)} \\Rightarrow \\text{${ui.say('texDeadZone')}}`
        : `\\le \\textstyle\\sum d_i = ${tex(ring.outer)} \\Rightarrow \\text{${ui.say('texIterate')}}`;
  return `|t - p_0| = ${tex(d)} ${verdict}`;
}
