import { toDegrees } from '../../math/angles.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num, tex } from '../shared/format.ts';
import { type Iterate, LEG, type LegPoser } from '../shared/leg-poser.ts';
import type { legDescentFigure } from './description.ts';
import { SOLVERS } from './meta.ts';

type Ui = FigureUi<typeof legDescentFigure>;

// Not wrapped to ±180°: a diverging descent should show the leg spinning round.
const degrees = (r: number) => `${num(toDegrees(r), 1)}°`;

/** Where the foot is (world space, written into `ee`), for the gap and the target's line. */
export function footAt(l: LegPoser, ee: Float64Array): Float64Array {
  return l.jointPosition(l.def.legs[LEG]!.ee, ee);
}

/**
 * The iterate on show, read out: which one of how many, its weighted terms and F, its angles
 * beside ω and γ, the foot's distance to the target `target` (world space), both solvers'
 * iteration counts, and the weights.
 */
export function showReadouts(ui: Ui, l: LegPoser, ee: Float64Array, target: Float64Array): void {
  const run = l.run;
  const it = run[l.shown]!;
  const cap = l.converged[l.solver] ? '' : ui.say('capReached');
  ui.readout('iteration').set(ui.say('iteration', { shown: l.shown, last: run.length - 1, cap }));
  ui.readout('terms').set(
    ui.say('terms', {
      af1: num(it.af1, 3),
      bf2: num(it.bf2, 3),
      cf3: num(it.cf3, 3),
      F: num(it.F, 3),
    }),
  );
  const pair = (a: ArrayLike<number>) =>
    ui.say('angles', { hip: degrees(a[0]!), knee: degrees(a[1]!) });
  ui.readout('theta').set(
    ui.say('theta', { theta: pair(it.theta), omega: pair(l.ik.omega), gamma: pair(l.ik.gamma) }),
  );
  const gap =
    Math.hypot(ee[0]! - target[0]!, ee[1]! - target[1]!, ee[2]! - target[2]!) / l.def.scale;
  ui.readout('gap').set(ui.say('gap', { gap: num(gap, 1) }));
  const [gd, lm] = [l.runs[SOLVERS[0]], l.runs[SOLVERS[1]]];
  ui.readout('both').set(
    ui.say('both', {
      gd: gd.length - 1,
      lm: lm.length - 1,
      gdF: num(gd.at(-1)!.F, 4),
      lmF: num(lm.at(-1)!.F, 4),
    }),
  );
  ui.readout('weights').set(
    ui.say('weights', { a: l.ik.a.toExponential(2), b: num(l.ik.b, 1), c: num(l.ik.c, 1) }),
  );
}

/** The cost with the iterate's terms, the reach term's gradient, and a from the rig height. */
export function showFormulas(ui: Ui, l: LegPoser, it: Iterate): void {
  ui.formula('cost').set(
    `F(\\theta) = a\\,\\lVert e(\\theta) - t \\rVert^2 + b\\,\\lVert \\theta - \\omega \\rVert^2 + c\\,\\lVert \\theta - \\gamma \\rVert^2 = ${tex(it.af1, 3)} + ${tex(it.bf2, 3)} + ${tex(it.cf3, 3)} = ${tex(it.F, 3)}`,
  );
  ui.formula('gradient').set(
    `\\frac{\\partial f_1}{\\partial \\theta_k} = 2\\,(e - t) \\cdot M_A\\,\\frac{\\partial R(\\theta_k)}{\\partial \\theta_k}\\,v_k, \\qquad \\theta \\leftarrow \\theta - \\eta \\nabla F,\\ \\eta = ${tex(l.learningRate, 3)}`,
  );
  const h = l.def.rigHeight;
  ui.formula('a').set(
    `a = \\frac{1}{h\\,\\delta p},\\ \\delta p = \\frac{h}{200} \\;\\Rightarrow\\; a = \\frac{200}{h^2} = \\frac{200}{${tex(h, 0)}^2} = ${tex(200 / h ** 2, 5)}`,
  );
}
