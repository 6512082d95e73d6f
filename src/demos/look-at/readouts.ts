import * as T from '../../math/transform2d.ts';
import type { FigureUi } from '../figure-ui.ts';
import { texDeg } from '../shared/format.ts';
import type { lookAtFigure } from './description.ts';
import type { LookScene } from './scene.ts';

type Ui = FigureUi<typeof lookAtFigure>;

/** Both angles (global to the target, the head's local one), the aim's error and the status. */
export function showReadouts(ui: Ui, scene: LookScene): void {
  const { head, neck, ik } = scene;
  const j = head.globalPosition;
  const t = scene.target.globalPosition;
  const g = Math.atan2(t.y - j.y, t.x - j.x);
  ui.readout('global-angle').set(g);
  ui.readout('bone-angle').set(head.rotation);
  ui.readout('aim-error').set(scene.aimError());
  const mirrored = T.isReflection(neck.globalTransform);
  ui.readout('status').set(
    !ik.status.ok
      ? ik.status.message
      : ui.say(ik.status.limited ? 'limited' : mirrored ? 'facingMirrored' : 'facing'),
  );
  const inParent = neck.toLocal(t);
  const local = Math.atan2(inParent.y - head.position.y, inParent.x - head.position.x);
  ui.formula('local').set(
    `\\theta_{\\text{local}} = \\operatorname{atan2}(y_p - y_j,\\ x_p - x_j)\\ \\text{${ui.say('inNeckSpace')}} = ${texDeg(local)}` +
      `\\qquad \\theta_{\\text{global}} = ${texDeg(g)}`,
  );
}
