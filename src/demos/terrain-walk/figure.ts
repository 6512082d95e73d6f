import { defineFigure } from '../define-figure.ts';
import { BvhControls } from '../shared/bvh-controls.ts';
import type { TerrainChoice } from '../shared/terrains-3d.ts';
import { turnInput } from '../shared/walk-input.ts';
import { bindPlayback, bindWalking, stageParts } from '../shared/walk3d-controls.ts';
import { terrainWalkFigure } from './description.ts';
import { TerrainReadouts } from './readouts.ts';
import { TerrainWalkScene } from './scene.ts';

/**
 * Lesson 12: terrain from elevation functions and the software renderer that draws it (seed 000
 * §8, §13.1). The walker plays its clips with no IK: its root follows the ground under its hips,
 * so its feet sink into rises and hang over dips; the readouts measure by how much. The student
 * turns and stops it, changes the terrain, the shading, the projection, looks at the depth
 * buffer, and drops their own BVH walk.
 */
export const terrainWalkDemo = defineFigure(terrainWalkFigure, (ui, params) => {
  const scene = new TerrainWalkScene(ui, params.terrain as TerrainChoice);
  const { stage, feet } = scene;
  const readouts = new TerrainReadouts(ui, stage);
  const playback = bindPlayback(ui, stage);
  bindWalking(ui, stage, (t) => scene.setTerrain(t));
  const steering = turnInput(ui.action);
  ui.action('home', () => scene.home());
  const bvh = new BvhControls(
    ui,
    stage,
    (result) => {
      if (!result.ok) return result;
      feet.useFeet();
      const missing = feet.missing();
      return missing ? { ...result, message: `${result.message} ${missing}` } : result;
    },
    () => {
      stage.resetRig();
      feet.useFeet();
    },
  );

  stage.aim();
  return {
    ...stageParts(stage),
    update(dt) {
      stage.walker.turn = -steering.direction; // left (counter-clockwise) is +1
      stage.update(dt);
      feet.measure(dt);
      readouts.show(dt, scene.terrain);
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
