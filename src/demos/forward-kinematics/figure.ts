import { toRadians } from '../../math/angles.ts';
import { processTree } from '../../scene/node.ts';
import { defineFigure } from '../define-figure.ts';
import { boneEnds, GrowingView } from '../shared/growing-view.ts';
import { forwardKinematicsFigure } from './description.ts';
import { drawLocalRotations } from './overlay.ts';
import { showReadouts } from './readouts.ts';
import { buildArm } from './scene.ts';

/**
 * Lesson 1: forward kinematics on a node tree. Three bones, each rotated relative to its parent
 * by a slider; the page reads back local and global values and the sum that makes the global angle.
 */
export const forwardKinematicsDemo = defineFigure(forwardKinematicsFigure, (ui, params) => {
  const { root, bones } = buildArm(params);
  const [upper, fore, hand] = bones;
  ui.on('upper', (v) => (upper.rotation = toRadians(v)));
  ui.on('fore', (v) => (fore.rotation = toRadians(v)));
  ui.on('hand', (v) => (hand.rotation = toRadians(v)));
  // The arm swung past the bounds by a slider stays in view (never past the view it had before).
  const view = new GrowingView(forwardKinematicsFigure.bounds, 20, {
    x: -260,
    y: -260,
    width: 520,
    height: 520,
  });

  return {
    root,
    world: view.takeIn(boneEnds(bones)),
    view: () => view.takeIn(boneEnds(bones)),
    update(dt) {
      processTree(root, dt);
      showReadouts(ui, bones);
    },
    drawOverlay: (p) => drawLocalRotations(p, bones),
  };
});
