import { toRadians } from '../../math/angles.ts';
import { processTree } from '../../scene/node.ts';
import { defineFigure } from '../define-figure.ts';
import { boneEnds, GrowingView } from '../shared/growing-view.ts';
import { negativeScaleFigure } from './description.ts';
import { drawFlipOverlay } from './overlay.ts';
import { showReadouts } from './readouts.ts';
import { FlipScene } from './scene.ts';

/**
 * Lesson 1: what a negative scale does. Flip the skeleton (or only the forearm) on x and/or y:
 * with one axis flipped, a positive rotation turns the other way on screen; with both, it turns
 * the usual way again (seed 001 §2). The flipped node's matrix is shown with Godot's reading of it.
 */
export const negativeScaleDemo = defineFigure(negativeScaleFigure, (ui, params) => {
  const scene = new FlipScene(params);
  const flip = (apply: () => void) => (apply(), scene.applyFlips());
  ui.on('flipX', (v) => flip(() => (scene.flipX = v)));
  ui.on('flipY', (v) => flip(() => (scene.flipY = v)));
  ui.on('flipNode', (v) => flip(() => (scene.flipNode = v)));
  ui.on('upper', (v) => (scene.upper.rotation = toRadians(v)));
  ui.on('fore', (v) => (scene.fore.rotation = toRadians(v)));
  // Mirrored, the arm leaves the preset's bounds: the view grows to keep it and its ghost.
  const view = new GrowingView(negativeScaleFigure.bounds, 20, {
    x: -270,
    y: -230,
    width: 540,
    height: 460,
  });
  const content = () => view.takeIn([...boneEnds(scene.bones), ...scene.ghost()]);

  return {
    root: scene.root,
    world: content(),
    view: content,
    update(dt) {
      processTree(scene.root, dt);
      showReadouts(ui, scene);
    },
    drawOverlay: (p) => drawFlipOverlay(p, ui, scene),
  };
});
