import type { SupportRule } from '../../walk3d/walk-analysis.ts';
import { defineFigure } from '../define-figure.ts';
import { BvhControls } from '../shared/bvh-controls.ts';
import { bindCamera, stageParts } from '../shared/walk3d-controls.ts';
import { Walk3DStage } from '../shared/walk3d-stage.ts';
import { CaptureView } from './capture.ts';
import { clipPlayerKind, type ClipPlayer } from './clip-player.ts';
import { AnalysisClock } from './clock.ts';
import { walkAnalysisFigure } from './description.ts';
import { FrameView } from './frame-view.ts';
import { WalkReading } from './reading.ts';
import { showAnalysis } from './readouts.ts';

/**
 * Lesson 13: how seed 000 reads a walk before it can adapt it (§6.3, §9.3). The clip plays on
 * the spot it was recorded; each foot's path over the cycle is drawn in its stance (green) and
 * step (orange) parts, the hips' path in blue; under the figure, each foot's movement per frame
 * against the support threshold, and the support frames both feet get. The factor slider re-runs
 * the whole analysis.
 */
export const walkAnalysisDemo = defineFigure(walkAnalysisFigure, (ui, params) => {
  const stage = new Walk3DStage<ClipPlayer>({
    terrains: [],
    pitch: 0.12,
    viewHeight: 11,
    followFacing: false,
    kind: clipPlayerKind((why) => ui.say('needsLegs', { why })),
    say: (key, values) => ui.say(key, values),
  });
  stage.walker.playRate = params.playRate;
  const reading = new WalkReading(stage, params.rule as SupportRule, params.factor);
  const frame = new FrameView(ui, stage, reading);
  /** Whether the paused picture's panel is out of date (the playing one repaints at 10 Hz). */
  let dirty = true;
  let sincePaint = Infinity;
  const show = () => {
    dirty = false;
    sincePaint = 0;
    frame.show();
    clock.follow();
  };
  const clock = new AnalysisClock(ui, stage, reading, show, () => (dirty = true));
  /** Reads the walk again (`how` changes what it is read with): readouts, the slider's length. */
  const analyse = (how: () => void) => {
    how();
    ui.setMax('time', Number(reading.analysis.duration.toFixed(3)));
    dirty = true;
    showAnalysis(ui, reading, stage);
  };
  analyse(() => {});
  const useRig = () => (analyse(() => reading.useRig()), capture.show(), show());
  const bvh = new BvhControls(
    ui,
    stage,
    (r) => {
      if (r.ok) useRig();
      return r;
    },
    () => (stage.resetRig(), useRig()),
  );
  const capture = new CaptureView(ui, stage, bvh, useRig);
  capture.show();
  clock.startAt(params.time);
  ui.on('factor', (k) => (analyse(() => reading.analyse(k)), show()));
  ui.on('rule', (r) => {
    reading.rule = r as SupportRule;
    analyse(() => reading.analyse(reading.analysis.factor));
    show();
  });
  ui.on('playRate', (r) => (stage.walker.playRate = r));
  bindCamera(ui, stage);

  return {
    ...stageParts(stage),
    update(dt) {
      stage.update(dt);
      sincePaint += dt;
      // Playing, the panel follows at 10 Hz; paused, only when something changed.
      if (clock.playing ? sincePaint >= 0.1 : dirty) show();
    },
    onKey(key, down) {
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
    foldedInTree: (node) => node === stage.characterNode,
    currentParams: () => ({ time: clock.linkTime }),
    onDropFile: (name, text) => bvh.drop(name, text),
    onDropLarge: { size: bvh.large.size, take: (n, b) => bvh.dropLarge(n, b) },
    // Leaving the page (or Reset) mid-read stops the worker; its rig would land on nothing.
    destroy: () => bvh.stop(),
  };
});
