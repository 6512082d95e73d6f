import type { FigureUi } from '../figure-ui.ts';
import { num, tex, texDeg } from '../shared/format.ts';
import type { SolverStepper } from '../shared/solver-stepper.ts';
import type { twoBoneFigure } from './description.ts';
import type { TwoBoneScene } from './scene.ts';
import type { Triangle } from './triangle.ts';

type Ui = FigureUi<typeof twoBoneFigure>;

const angleOf = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.atan2(b.y - a.y, b.x - a.x);

/** The readouts under the figure: the triangle's sides and angles, the rotations, the result. */
export function showReadouts(ui: Ui, scene: TwoBoneScene, g: Triangle, stepper: SolverStepper) {
  const { upper, fore } = scene;
  ui.readout('distance').set(
    g.softened
      ? ui.say('softenedDistance', { d: num(g.targetDistance), soft: num(g.d) })
      : num(g.d),
  );
  ui.readout('alpha').set(g.within ? g.alpha : ui.say('noTriangle'));
  ui.readout('beta').set(g.within ? g.beta : ui.say('noTriangle'));
  ui.readout('upper-rotation').set(upper.rotation);
  ui.readout('fore-rotation').set(fore.rotation);
  const tip = fore.tipGlobalPosition;
  ui.readout('error').set(Math.hypot(tip.x - g.t.x, tip.y - g.t.y));
  // While stepping, the outcome shows only at the last sub-step (the bones and the tip error
  // above are the sub-step's).
  ui.readout('status').set(stepper.resultLine(resultOf(ui, scene, g)));
}

function resultOf(ui: Ui, scene: TwoBoneScene, g: Triangle): string {
  const s = scene.ik.status;
  if (s.ok && g.softened && !s.reached) return ui.say('softened', { short: num(s.error, 2) });
  if (g.targetDistance > g.l1 + g.l2) return ui.say('outOfReach');
  if (g.d < Math.abs(g.l1 - g.l2)) return ui.say('tooNear');
  if (!s.ok) return s.message;
  if (scene.poleOn) return ui.say('reachedPole');
  return ui.say(scene.ik.flipBend ? 'reachedFlipped' : 'reachedDefault');
}

/** The law of cosines and the rotations, with the triangle's numbers in them. */
export function showFormulas(ui: Ui, scene: TwoBoneScene, g: Triangle): void {
  const side = g.softened ? "d'" : 'd';
  const clamped = `\\ \\text{(${ui.say('clamped')})}`;
  ui.formula('cosines').set(
    `\\alpha = \\arccos\\frac{${side}^2 + l_1^2 - l_2^2}{2\\,${side}\\,l_1} = \\arccos\\frac{${tex(g.d)}^2 + ${tex(g.l1)}^2 - ${tex(g.l2)}^2}{2 \\cdot ${tex(g.d)} \\cdot ${tex(g.l1)}} = \\arccos(${tex(g.cosA, 3)})` +
      (Math.abs(g.cosA) <= 1
        ? ` = ${texDeg(g.alpha)}`
        : `\\ \\text{(${ui.say('outsideClamped')})}`),
  );
  ui.formula('angles').set(
    `\\beta = \\arccos\\frac{l_1^2 + l_2^2 - ${side}^2}{2\\,l_1 l_2} = \\arccos\\frac{${tex(g.l1)}^2 + ${tex(g.l2)}^2 - ${tex(g.d)}^2}{2 \\cdot ${tex(g.l1)} \\cdot ${tex(g.l2)}} = \\arccos(${tex(g.cosB, 3)})` +
      (Math.abs(g.cosB) <= 1 ? ` = ${texDeg(g.beta)}` : clamped),
  );
  // Stretched, the solver works in the skeleton's space (its angles are not the screen's).
  const plain = scene.stretch === 1;
  const space = ui.say(plain ? 'onScreen' : 'inSkeleton');
  const aim = plain ? angleOf(g.s, g.t) : g.aimLocal;
  // The side the solve really used: a pole overrides Flip the bend.
  const bend = scene.ik.solvedBend;
  const sign = bend > 0 ? '-' : '+';
  ui.formula('rotations').set(
    `\\theta_1 = \\alpha' ${sign} \\alpha = ${texDeg(aim)} ${sign} ${texDeg(g.alpha)} = ${texDeg(aim - bend * g.alpha)} \\qquad \\theta_2 = ${bend > 0 ? '' : '-'}(180^\\circ - \\beta) = ${texDeg(bend * (Math.PI - g.beta))} \\quad \\text{(${space})}`,
  );
}
