import { defineFigure } from '../define-figure.ts';
import { Every, FORMULA_PERIOD } from '../shared/every.ts';
import { PDPlots } from '../shared/pd-plots.ts';
import { bindSettings, ModeButtons } from './bindings.ts';
import { pdCharacterFigure } from './description.ts';
import { CharacterOverlay } from './overlay.ts';
import { showReadouts, showSlowly } from './readouts.ts';
import { PdCharacterScene } from './scene.ts';

/**
 * Lesson 16: seed 004's physics character. planck.js bodies track the course's walk (or idle,
 * wave, squat) with PD torques whose gains come from each joint's composite inertia; the
 * student switches controller, root policy and gains, pulls limbs and throws balls.
 */
export const pdCharacterDemo = defineFigure(pdCharacterFigure, (ui) => {
  const scene = new PdCharacterScene(ui.values);
  bindSettings(ui, scene);
  const modes = new ModeButtons(ui, scene);
  const plots = new PDPlots(ui);
  const slow = new Every(FORMULA_PERIOD);
  let sinceSample = 0;
  const sample = () => {
    // One sample every other 1/120 s step: 60 a simulated second.
    if (++sinceSample < 2) return;
    sinceSample = 0;
    plots.record(scene.character, scene.plotted);
  };
  const overlay = new CharacterOverlay(scene);
  const keys: Record<string, () => void> = {
    k: () => modes.set('kinematic'),
    p: () => modes.set('pd'),
    r: () => modes.set('ragdoll'),
    b: () => scene.throwBall(),
    ' ': () => scene.shove(),
  };

  return {
    root: scene.world,
    // Thirteen links and over a hundred ground points: listed on request, not pushing the
    // controls off a phone's screen.
    foldedInTree: (node) => node === scene.nodes.root || node === scene.terrain,
    onKey(key, down) {
      const action = keys[key.toLowerCase()];
      if (action && down) action();
      return action !== undefined;
    },
    onPointer: (kind, at) => scene.pointer(kind, at),
    view: () => scene.view(),
    update(dt) {
      scene.advance(dt, sample);
      modes.show();
      showReadouts(ui, scene);
      if (slow.tick(dt)) {
        showSlowly(ui, scene);
        plots.draw();
      }
    },
    drawOverlay: (p) => overlay.draw(p, ui.values.blend),
    destroy: () => scene.physics.destroy(),
  };
});
