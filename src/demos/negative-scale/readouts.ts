import * as T from '../../math/transform2d.ts';
import type { FigureUi } from '../figure-ui.ts';
import { deg, num, tex, texDeg } from '../shared/format.ts';
import type { negativeScaleFigure } from './description.ts';
import type { FlipScene } from './scene.ts';

type Ui = FigureUi<typeof negativeScaleFigure>;

/**
 * Which way a positive rotation of UpperArm turns on screen, the flipped node's global matrix,
 * its determinant, and the rotation and scale Godot reads back from it.
 */
export function showReadouts(ui: Ui, scene: FlipScene): void {
  const { upper } = scene;
  const m = scene.flipped.globalTransform;
  const clockwise = T.determinant(upper.globalTransform) > 0;
  ui.readout('turn').set(ui.say(clockwise ? 'clockwise' : 'counterClockwise'));
  ui.readout('det').set(T.determinant(m));
  const d = T.decompose(m);
  ui.readout('readback').set(
    ui.say('readback', {
      rotation: deg(d.rotation),
      sx: num(d.scale.x, 2),
      sy: num(d.scale.y, 2),
    }),
  );
  ui.readout('upper-global').set(
    ui.say('localToGlobal', { local: deg(upper.rotation), global: deg(upper.globalRotation) }),
  );
  ui.formula('matrix').set(
    `\\begin{bmatrix} ${tex(m.a, 2)} & ${tex(m.c, 2)} \\\\ ${tex(m.b, 2)} & ${tex(m.d, 2)} \\end{bmatrix}` +
      `\\;\\Rightarrow\\; \\text{${ui.say('rotation')} } ${texDeg(d.rotation)},\\ \\text{${ui.say('scale')} } (${tex(d.scale.x, 2)}, ${tex(d.scale.y, 2)})`,
  );
}
