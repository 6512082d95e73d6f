import type { Node } from '../../scene/node.ts';
import { defineFigure } from '../define-figure.ts';
import { bindPlayback, stageParts } from '../shared/walk3d-controls.ts';
import { Walk3DStage } from '../shared/walk3d-stage.ts';
import { ClipClock } from './clip-clock.ts';
import { skeleton3dFigure } from './description.ts';
import { HandTurn } from './hand-turn.ts';
import { SkeletonReadouts } from './readouts.ts';

/**
 * Lesson 11: the step from 2D chains to a 3D skeleton (seed 000 §2–3, §5). A humanoid plays the
 * shipped walk and idle clips, cross-faded; the student scrubs time, steps frames, shows each
 * joint's axes and name, and turns one joint by hand on top of the clip. Every joint is a node in
 * the scene panel with its live local rotation and world position.
 */
export const skeleton3dDemo = defineFigure(skeleton3dFigure, (ui, params) => {
  const stage = new Walk3DStage({
    terrains: [],
    pitch: 0.18,
    viewHeight: 11,
    followFacing: false,
    say: (key, values) => ui.say(key, values),
  });
  const { walker, view } = stage;
  view.showAxes = params.axes;
  view.showNames = params.names;
  const playback = bindPlayback(ui, stage);
  const clock = new ClipClock(ui, walker);
  const turn = new HandTurn(
    walker,
    (i) => (view.highlight = i),
    params.joint,
    params.axis,
    params.angle,
  );
  ui.on('axes', (v) => (view.showAxes = v));
  ui.on('names', (v) => (view.showNames = v));
  ui.on('joint', (v) => ((turn.joint = v), turn.apply()));
  ui.on('axis', (v) => ((turn.axis = v), turn.apply()));
  ui.on('angle', (v) => ((turn.angle = v), turn.apply()));
  ui.action('resetTurn', () => {
    turn.angle = 0;
    ui.set('angle', 0);
    turn.apply();
  });
  const readouts = new SkeletonReadouts(ui, stage, turn);
  turn.apply();

  return {
    ...stageParts(stage),
    update(dt) {
      stage.update(dt);
      clock.update();
      readouts.show(dt, clock.playing);
    },
    onKey(key, down) {
      if (playback.walkKey(key, down)) return true;
      if (key === ' ') {
        if (down) clock.setPlaying(!clock.playing);
        return true;
      }
      if (key === 'ArrowLeft' || key === 'ArrowRight') {
        if (down) clock.stepFrame(key === 'ArrowRight' ? 1 : -1);
        return true;
      }
      return stage.orbit.key(key, down);
    },
    highlight(node: Node | null) {
      turn.panelHighlight = node !== null;
      stage.highlight(node);
      if (!node) view.highlight = turn.index;
    },
    currentParams: () => ({ time: clock.linkTime }),
  };
});
