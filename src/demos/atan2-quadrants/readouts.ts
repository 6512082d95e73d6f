import { toDegrees } from '../../math/angles.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num, tex } from '../shared/format.ts';
import type { atan2QuadrantsFigure } from './description.ts';
import { quadrant, type AimScene } from './scene.ts';

/** The relative vector, its quadrant, atan's and atan2's answers and the bone's rotation. */
export function showReadouts(ui: FigureUi<typeof atan2QuadrantsFigure>, scene: AimScene): void {
  const r = scene.relative();
  ui.readout('relative').set(`(${num(r.x)}, ${num(r.y)})`);
  ui.readout('quadrant').set(ui.say(quadrant(r.x, r.y)));
  ui.readout('atan').set(scene.atanAngle(r));
  ui.readout('atan2').set(Math.atan2(r.y, r.x));
  ui.readout('bone-angle').set(scene.joint.rotation);
  const a2 = toDegrees(Math.atan2(r.y, r.x));
  ui.formula('tan').set(
    `\\tan\\theta = \\frac{y}{x} = \\frac{${tex(r.y)}}{${tex(r.x)}}` +
      `\\qquad \\operatorname{atan2}(${tex(r.y)},\\,${tex(r.x)}) = ${tex(a2, 2)}^\\circ`,
  );
}
