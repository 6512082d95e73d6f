import { processTree } from '../../scene/node.ts';
import { defineFigure } from '../define-figure.ts';
import { SolverStepper } from '../shared/solver-stepper.ts';
import { twoBoneFigure } from './description.ts';
import { drawTriangle } from './overlay.ts';
import { showFormulas, showReadouts } from './readouts.ts';
import { TwoBoneScene } from './scene.ts';
import { triangleOf } from './triangle.ts';

/**
 * Lesson 3: two-bone IK by the law of cosines (seed 001 §2). The triangle shoulder–elbow–target
 * is drawn on the chain, with its interior angles α and β as arcs and in the formulas, live.
 * Flip the bend, use a pole, mirror the skeleton or the forearm, change the bone lengths, and
 * soften the arm near full reach (Spine's IK constraint softness).
 */
export const twoBoneDemo = defineFigure(twoBoneFigure, (ui, params) => {
  const scene = new TwoBoneScene(params);
  const { ik, rig, pole, flips } = scene;
  const stepper = new SolverStepper(ui, ik);
  // Any change to the arm makes a recorded solve (while stepping) out of date.
  const change = (apply: () => void) => () => (apply(), stepper.invalidate());
  ui.on('flipBend', (v) => change(() => (ik.flipBend = v))());
  ui.on('pole', (v) => change(() => scene.usePole(v))());
  ui.on('softness', (v) => change(() => (ik.softness = v))());
  ui.on('upper', (v) => change(() => scene.setLengths(v, scene.fore.length))());
  ui.on('fore', (v) => change(() => scene.setLengths(scene.upper.length, v))());
  ui.on('stretch', (v) => change(() => ((scene.stretch = v), scene.mirror()))());
  for (const [key, name] of [
    ['rootX', 'flipRootX'],
    ['rootY', 'flipRootY'],
    ['middleX', 'flipMiddleX'],
    ['middleY', 'flipMiddleY'],
  ] as const)
    ui.on(name, (v) => change(() => ((flips[key] = v), scene.mirror()))());
  let lastTarget = rig.target.globalPosition;
  let lastPole = pole.globalPosition;
  const moved = () => {
    const t = rig.target.globalPosition;
    const p = pole.globalPosition;
    const was = t.x !== lastTarget.x || t.y !== lastTarget.y;
    const poleMoved = scene.poleOn && (p.x !== lastPole.x || p.y !== lastPole.y);
    lastTarget = t;
    lastPole = p;
    return was || poleMoved;
  };

  return {
    root: rig.world,
    update(dt) {
      stepper.update(dt);
      if (moved()) stepper.invalidate();
      processTree(rig.world, dt);
      const g = triangleOf(scene);
      showReadouts(ui, scene, g, stepper);
      showFormulas(ui, scene, g);
    },
    drawOverlay: (p) => drawTriangle(p, ui, scene, triangleOf(scene)),
    currentParams: () => ({
      targetX: Math.round(rig.target.position.x),
      targetY: Math.round(rig.target.position.y),
      poleX: Math.round(pole.position.x),
      poleY: Math.round(pole.position.y),
    }),
  };
});
