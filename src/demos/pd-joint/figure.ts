import { toRadians } from '../../math/angles.ts';
import { defineFigure } from '../define-figure.ts';
import { Every, FORMULA_PERIOD } from '../shared/every.ts';
import { bindNButtons } from '../shared/pd-controls.ts';
import { pdJointFigure } from './description.ts';
import { drawJoint } from './overlay.ts';
import { showFormula, showPlot, showReadouts } from './readouts.ts';
import { PdJointScene } from './scene.ts';

/**
 * Lesson 16's first figure: one bar on a hinge, driven by the PD law alone. The student drags
 * the dashed target arm and lets go (or presses J), and the error curve since that moment is
 * drawn over the ideal spring-damper's for the same gains and over the critically damped
 * curves for the seed's n = 9.49 and the n = 3.89 that really leaves 10% at t̂.
 */
export const pdJointDemo = defineFigure(pdJointFigure, (ui) => {
  const scene = new PdJointScene(ui.values);
  const apply = () => scene.apply();
  // Every setting re-applies (the jump size is read when the target next jumps).
  for (const name of ['gains', 'inertia', 'tHat', 'n', 'ks', 'kd', 'jump'] as const)
    ui.on(name, apply);
  ui.action('jump-now', () => scene.jump());
  bindNButtons(ui, apply);
  const slow = new Every(FORMULA_PERIOD);
  /** The target arm's angle while the student drags it (null: not dragging). */
  let dragging: number | null = null;

  return {
    root: scene.root,
    onKey(key, down) {
      if (key === 'j' || key === 'J') {
        if (down) scene.jump();
        return true;
      }
      if (key === 'ArrowLeft' || key === 'ArrowRight') {
        const turn = (key === 'ArrowLeft' ? -1 : 1) * toRadians(15);
        if (down) scene.letGo(scene.joint.goal + turn);
        return true;
      }
      return false;
    },
    onPointer(kind, at) {
      const angle = Math.atan2(at.y, at.x);
      if (kind === 'down' || (kind === 'move' && dragging !== null)) dragging = angle;
      else if (kind === 'up' && dragging !== null) {
        scene.letGo(dragging);
        dragging = null;
      }
    },
    update(dt) {
      scene.advance(dt);
      showReadouts(ui, scene);
      if (slow.tick(dt)) {
        showFormula(ui, scene);
        showPlot(ui, scene);
      }
    },
    drawOverlay: (p) => drawJoint(p, ui, scene, dragging),
  };
});
