import { toRadians } from '../../math/angles.ts';
import { processTree } from '../../scene/node.ts';
import { defineFigure } from '../define-figure.ts';
import { boneEnds, GrowingView } from '../shared/growing-view.ts';
import { lookAtFigure } from './description.ts';
import { drawLookAt } from './overlay.ts';
import { showReadouts } from './readouts.ts';
import { LookScene } from './scene.ts';

/**
 * Lesson 2: a LookAt2D node turns the Head bone to face a draggable target, with optional
 * min/max limits and an extra rotation offset. Flip the root or the Neck on x and/or y: the head
 * still faces the target, because the angle is measured in the parent's own (mirrored) space.
 */
export const lookAtDemo = defineFigure(lookAtFigure, (ui, params) => {
  const scene = new LookScene(params);
  const { neck, ik, target, flips } = scene;
  for (const [key, name] of [
    ['rootX', 'flipRootX'],
    ['rootY', 'flipRootY'],
    ['neckX', 'flipNeckX'],
    ['neckY', 'flipNeckY'],
  ] as const)
    ui.on(name, (v) => ((flips[key] = v), scene.applyFlips()));
  // The target can be set exactly: typed into these (each slider has a box), or dragged with
  // Shift held, which snaps it to whole units. A drag moves the sliders (see update).
  const shown = { x: params.targetX, y: params.targetY };
  ui.on(
    'targetX',
    (v) => ((target.globalPosition = { x: v, y: target.globalPosition.y }), (shown.x = v)),
  );
  ui.on(
    'targetY',
    (v) => ((target.globalPosition = { x: target.globalPosition.x, y: v }), (shown.y = v)),
  );
  ui.on('neck', (v) => (neck.rotation = toRadians(v)));
  ui.on('constrained', (v) => (ik.constrained = v));
  ui.on('min', (v) => (ik.minAngle = toRadians(v)));
  ui.on('max', (v) => (ik.maxAngle = toRadians(v)));
  ui.on('offset', (v) => (ik.rotationOffset = toRadians(v)));
  // A neck turned or flipped out of the bounds stays in view; the view never passes the one it
  // had before, whose edges (with the handles' margin) stay inside the target's ranges.
  const view = new GrowingView(lookAtFigure.bounds, 20, {
    x: -270,
    y: -210,
    width: 540,
    height: 420,
  });
  const content = () => view.takeIn([scene.root.globalPosition, ...boneEnds([neck, scene.head])]);

  return {
    root: scene.root,
    world: content(),
    view: content,
    update(dt) {
      processTree(scene.root, dt);
      const t = target.globalPosition;
      // A drag moved the target: the sliders follow (what was typed stays as typed).
      if (t.x !== shown.x) ui.set('targetX', (shown.x = t.x));
      if (t.y !== shown.y) ui.set('targetY', (shown.y = t.y));
      showReadouts(ui, scene);
    },
    drawOverlay: (p) => drawLookAt(p, ui, scene),
    currentParams: () => ({
      targetX: Math.round(target.globalPosition.x),
      targetY: Math.round(target.globalPosition.y),
    }),
  };
});
