import { Node2D } from '../../scene/node2d.ts';
import { defineFigure } from '../define-figure.ts';
import { solverRaceFigure } from './description.ts';
import { LANE_IDS, makeLane } from './lanes.ts';
import { drawRace } from './overlay.ts';
import { SolverRace } from './race.ts';

/**
 * Lesson 7: the same chain and target for four solvers, side by side: CCD, FABRIK, Jacobian
 * transpose and damped least squares. Error per iteration (log scale), iterations, time per
 * solve, and how evenly the rotation spreads along the chain (seed 002 §1.4's "natural pose").
 */
export const solverRaceDemo = defineFigure(solverRaceFigure, (ui, params) => {
  const n = Math.round(params.bones);
  const world = new Node2D('World');
  const target = { x: params.targetX, y: params.targetY };
  const lanes = LANE_IDS.map((id, i) =>
    makeLane(world, id, solverRaceFigure.readouts[`race-${id}`].label, i, n, target),
  );
  const settings = { ...params };
  const race = new SolverRace(ui, lanes, settings);
  for (const name of ['tolerance', 'iterations', 'damping'] as const)
    ui.on(name, (v) => race.change(() => (settings[name] = v)));
  for (const name of ['warm', 'flipX', 'flipY'] as const)
    ui.on(name, (v) => race.change(() => (settings[name] = v)));

  return {
    root: world,
    update: (dt) => race.update(dt),
    drawOverlay: (p) => drawRace(p, ui, lanes),
    currentParams: () => ({
      targetX: Math.round(race.target.x),
      targetY: Math.round(race.target.y),
    }),
  };
});
