import { defineFigure } from '../define-figure.ts';
import { BvhControls } from '../shared/bvh-controls.ts';
import { Every, FORMULA_PERIOD } from '../shared/every.ts';
import { turnInput } from '../shared/walk-input.ts';
import { bindPlayback, bindWalking, stageParts } from '../shared/walk3d-controls.ts';
import { ikWalkFigure } from './description.ts';
import { bindOptions } from './options.ts';
import { showWalker } from './readouts.ts';
import { IKWalkScene } from './scene.ts';

/**
 * Lesson 15: seed 000's whole IK navigation system walking over its terrains. The student steers
 * (↑ ↓ ← →), switches IK, stride correction and validation on and off, shows the target, real
 * and hip curves, adds a second character, and reads every descent's terms with running
 * statistics (the seed's Tables 4.1/4.2) and the frame cost with IK on and off (its Table 5.1).
 */
export const ikWalkDemo = defineFigure(ikWalkFigure, (ui, params) => {
  const scene = new IKWalkScene(ui, params);
  const { stage, curves, cost } = scene;
  if (params.crowd) ui.set('second', false);
  const playback = bindPlayback(ui, stage);
  bindWalking(ui, stage, (t) => scene.setTerrain(t));
  const steering = turnInput(ui.action);
  ui.action('home', () => scene.home());
  let stay = params.stay;
  ui.on('stay', (v) => (stay = v));
  ui.on('targets', (v) => (curves.show.targets = v));
  ui.on('real', (v) => (curves.show.real = v));
  ui.on('hip', (v) => (curves.show.hip = v));
  const bvh = new BvhControls(
    ui,
    stage,
    (r) => {
      if (r.ok) scene.characterReplaced();
      return r;
    },
    () => {
      stage.resetRig();
      scene.characterReplaced();
    },
  );
  bindOptions(ui, scene, (message) => bvh.say(message, true));

  const formulas = new Every(FORMULA_PERIOD);
  /** The panel and the picture's corner, at the readouts' pace rather than every frame. */
  const report = (dt: number) => {
    if (!formulas.tick(dt)) return;
    scene.feet.show();
    scene.descents.show(stage.walker);
    ui.readout('cost').set(cost.text);
    const steered = steering.direction !== 0;
    showWalker(ui, stage, scene.terrain, { steered, stay }, scene.company);
  };

  stage.aim();
  return {
    ...stageParts(stage),
    update(dt) {
      // The walkers turn left (counter-clockwise) for +1.
      if (scene.tick(dt, -steering.direction, stay)) ui.readout('cost').set(cost.text);
      report(dt);
    },
    onKey(key, down) {
      if (playback.walkKey(key, down)) return true;
      return steering.key(key, down) || stage.orbit.key(key, down);
    },
    onDropFile: (name, text) => bvh.drop(name, text),
    onDropLarge: { size: bvh.large.size, take: (n, b) => bvh.dropLarge(n, b) },
    // Leaving the page (or Reset) mid-read stops the worker; its rig would land on nothing.
    destroy: () => bvh.stop(),
    foldedInTree: (node) => node === stage.characterNode,
  };
});
