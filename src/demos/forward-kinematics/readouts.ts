import type { Bone2D } from '../../scene/bone2d.ts';
import type { FigureUi } from '../figure-ui.ts';
import { texDeg, vec } from '../shared/format.ts';
import type { forwardKinematicsFigure } from './description.ts';

type Ui = FigureUi<typeof forwardKinematicsFigure>;

/** Each bone's global rotation, the hand's tip, and the sum of the local rotations. */
export function showReadouts(ui: Ui, bones: readonly [Bone2D, Bone2D, Bone2D]): void {
  const [upper, fore, hand] = bones;
  ui.readout('global-UpperArm').set(upper.globalRotation);
  ui.readout('global-Forearm').set(fore.globalRotation);
  ui.readout('global-Hand').set(hand.globalRotation);
  ui.readout('tip').set(vec(hand.tipGlobalPosition));
  const [a, b, c] = bones.map((x) => texDeg(x.rotation));
  ui.formula('sum').set(
    `\\theta_{\\text{${ui.say('hand')}}}^{\\text{${ui.say('global')}}} = \\theta_1 + \\theta_2 + \\theta_3 = ${a} + ${b} + ${c} = ${texDeg(hand.globalRotation)}`,
  );
}
