import { defineFigure } from '../define-figure.ts';
import { LegPoser, type Solver } from '../shared/leg-poser.ts';
import type { CharacterKind } from '../shared/stage-character.ts';
import { bindZoom, stageParts } from '../shared/walk3d-controls.ts';
import { Walk3DStage } from '../shared/walk3d-stage.ts';
import { DescentPlayer } from './descent-player.ts';
import { legDescentFigure } from './description.ts';
import { DescentPlots } from './plots.ts';
import { footAt, showFormulas, showReadouts } from './readouts.ts';
import { RISE, bindSettings } from './settings.ts';
import { FootTarget } from './target.ts';

const LEG_POSER: CharacterKind<LegPoser> = {
  make: (rig) => new LegPoser(rig),
  carry: () => {},
  settle: () => {},
};

/**
 * Lesson 14: seed 000's gradient-descent IK on one leg (§7). The student drags the foot's target
 * (or moves it with the arrow keys), steps through the descent one iteration at a time and reads
 * its three terms per iteration (the seed's Figs. 4.7/4.8), changes the weights, the learning
 * rate and the cap, and compares the seed's descent with Levenberg–Marquardt on the same cost.
 */
export const legDescentDemo = defineFigure(legDescentFigure, (ui, params) => {
  const stage = new Walk3DStage<LegPoser>({
    terrains: [],
    pitch: 0,
    viewHeight: 11,
    followFacing: false,
    kind: LEG_POSER,
    say: (key, values) => ui.say(key, values),
  });
  const leg = (): LegPoser => stage.walker;
  const p = leg();
  p.aScale = params.aScale;
  p.ik.b = params.b;
  p.ik.c = params.c;
  p.learningRate = params.learningRate;
  p.maxIterations = params.maxIterations;
  p.solver = params.solver as Solver;
  p.gammaFromLast = params.gammaFromLast;
  p.setFrame(params.frame, RISE);
  stage.aim();
  stage.view.showGrid = true;
  const target = new FootTarget(stage);
  const plots = new DescentPlots(ui);
  const ee = new Float64Array(3);
  const show = () => {
    const l = leg();
    footAt(l, ee);
    target.draw(ee);
    showReadouts(ui, l, ee, target.at);
    plots.show(l);
    showFormulas(ui, l, l.run[l.shown]!);
  };
  const player = new DescentPlayer(ui, leg, show);
  const resolve = () => (leg().solve(), show());

  bindSettings(ui, leg, resolve, show);
  bindZoom(ui, stage.view.camera);

  let dragging = false;
  show();
  return {
    ...stageParts(stage),
    update(dt) {
      stage.update(dt);
      player.update(dt);
    },
    onKey(key, down) {
      if (!down)
        return ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', ' ', '.', ','].includes(key);
      if (target.key(key)) resolve();
      else if (key === ' ') player.setPlaying(!player.playing);
      else if (key === '.') player.step(1);
      else if (key === ',') player.step(-1);
      else return stage.orbit.key(key, down);
      return true;
    },
    onPointer(kind, pt) {
      if (kind === 'down') dragging = true;
      if (dragging && kind !== 'up') {
        target.dragTo(pt.x, pt.y);
        resolve();
      }
      if (kind === 'up') dragging = false;
    },
    foldedInTree: (node) => node === stage.characterNode,
  };
});
