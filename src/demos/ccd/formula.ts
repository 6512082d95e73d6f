import type { CCDIK2D } from '../../ik/ccd-ik-2d.ts';
import type { FigureUi } from '../figure-ui.ts';
import type { ChainRig } from '../shared/chain-rig.ts';
import type { SolverStepper } from '../shared/solver-stepper.ts';
import { texDeg } from '../shared/format.ts';
import type { ccdFigure } from './description.ts';

/**
 * The turn of the joint on show (stepping), or what the tip-most joint would still turn (live),
 * as lesson 4 writes it, with its numbers.
 */
export function showTurn(
  ui: FigureUi<typeof ccdFigure>,
  stepper: SolverStepper,
  rig: ChainRig,
  ik: CCDIK2D,
): void {
  const n = rig.bones.length;
  const e = stepper.current;
  const before = stepper.previousPositions;
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
  const note = wrapped ? `\\ \\text{${ui.say('afterWrapping')} } \\pm 180^\\circ` : '';
  ui.formula('turn').set(
    `\\Delta\\theta_{\\text{${name}}} = \\operatorname{wrap}\\bigl(\\operatorname{atan2}(t - p) - \\operatorname{atan2}(e - p)\\bigr) = \\operatorname{wrap}(${texDeg(toTarget)} - ${texDeg(toTip)}) = ${texDeg(turn)}${note}`,
  );
}
