import { toDegrees } from '../../math/angles.ts';
import type { FigureUi } from '../figure-ui.ts';
import { deg, num, tex } from '../shared/format.ts';
import type { creatureFollowFigure } from './description.ts';
import type { CreatureScene } from './scene.ts';

type Ui = FigureUi<typeof creatureFollowFigure>;

/** What the creature is doing, how far and how far round the target is, its steps and look. */
export function showReadouts(ui: Ui, scene: CreatureScene): void {
  const c = scene.creature;
  const r = c.reading;
  const m = c.motion;
  const doing = [
    r.turning ? ui.say('turning', { side: ui.say(r.angle > 0 ? 'right' : 'left') }) : '',
    r.walking > 0 ? ui.say('walking') : r.walking < 0 ? ui.say('backing') : '',
  ].filter(Boolean);
  ui.readout('doing').set(doing.join(', ') || ui.say('standing'));
  ui.readout('distance').set(
    ui.say('distance', { d: num(r.distance, 2), min: m.minDistance, max: m.maxDistance }),
  );
  ui.readout('angle').set(ui.say('angle', { angle: deg(r.angle), max: m.maxAngle }));
  ui.readout('steps').set(String(c.legs.reduce((n, l) => n + l.foot.steps, 0)));
  const bone = c.lookBone!;
  ui.readout('look').set(bone.rotation - bone.rest.rotation);
}

/** The rules with the creature's numbers, and the smoothing fraction of the frame just drawn. */
export function showFormulas(ui: Ui, scene: CreatureScene, dt: number): void {
  const c = scene.creature;
  const r = c.reading;
  const m = c.motion;
  const ang = Math.abs(toDegrees(r.angle));
  const band =
    r.distance > m.maxDistance
      ? `> ${tex(m.maxDistance)}`
      : r.distance < m.minDistance
        ? `< ${tex(m.minDistance)}`
        : `\\in [${tex(m.minDistance)}, ${tex(m.maxDistance)}]`;
  ui.formula('rule').set(
    `\\lvert \\theta \\rvert = ${tex(ang)}^\\circ ${ang > m.maxAngle ? '>' : '\\le'} ${tex(m.maxAngle)}^\\circ \\qquad d = ${tex(r.distance, 2)} ${band}`,
  );
  const a = c.walkFactor(dt);
  ui.formula('smoothing').set(
    `v \\leftarrow v + (v_{\\text{goal}} - v)\\,(1 - e^{-k\\,\\Delta t}) \\qquad 1 - e^{-${tex(m.movementAccel)} \\cdot ${tex(dt, 4)}} = ${tex(a, 4)}`,
  );
}
