import { rgba } from '../../render/raster/raster-target';
import { newMark } from '../../render/raster/walk3d-view';
import type { Node } from '../../scene/node';
import type { Character } from '../../walk3d/character';
import type { Clip } from '../../walk3d/clip';
import { forwardKinematics, jointPosition, Pose } from '../../walk3d/pose';
import type { Rig } from '../../walk3d/rig';
import {
  analyseWalk,
  findLegs,
  HEIGHT_BAND,
  type IKRigDef,
  SUPPORT_RULES,
  type SupportRule,
  type WalkAnalysis,
} from '../../walk3d/walk-analysis';
import { walkAnalysisMeta } from './meta';
import { defineDemo, type SliderControl } from '../contract';
import { CurveBuffer } from '../shared/curve-buffer';
import { BvhControls } from '../shared/walk3d-controls';
import { num, tex } from '../shared/format';
import { type CharacterKind, shippedRig, STAGE_WORLD, Walk3DStage } from '../shared/walk3d-stage';

const STANCE = rgba(30, 150, 80);
const STEP = rgba(230, 120, 30);
const HIP = rgba(120, 120, 200);

/**
 * The walk clip played once round, on the spot where it was recorded (the hips' travel kept),
 * for lesson 13: the character whose paths the analysis reads.
 */
class ClipPlayer implements Character {
  readonly pose: Pose;
  readonly matrices: Float64Array;
  readonly position = new Float64Array(3);
  facing = 0;
  turn = 0;
  walking = true;
  weight = 1;
  playRate = 0.35;
  time = 0;
  playing = true;
  private readonly base = new Float64Array(16);

  constructor(
    readonly rig: Rig,
    readonly clip: Clip,
  ) {
    this.pose = new Pose(rig.skeleton);
    this.matrices = new Float64Array(16 * rig.skeleton.count);
    this.update(0);
  }

  get skeleton() {
    return this.rig.skeleton;
  }

  /** The floor the analysis found is put at z = 0. */
  floor = 0;

  update(dt: number): void {
    if (this.playing) this.time = this.clip.wrap(this.time + this.playRate * Math.max(0, dt));
    this.clip.sample(this.time, this.pose.toBind());
    const s = this.rig.scale;
    // Scaled to 9 units and lowered by the floor offset (written in place: this runs every frame).
    const b = this.base;
    b.fill(0);
    b[0] = b[5] = b[10] = s;
    b[14] = -this.floor;
    b[15] = 1;
    forwardKinematics(this.pose, this.matrices, this.base);
  }

  jointPosition(i: number, out: Float64Array): Float64Array {
    return jointPosition(this.matrices, i, out);
  }

  /** Where the hips are half way through the cycle (its path's middle): all of it in view. */
  readonly middle = Float64Array.of(0, 3.7);

  aimPoint(out: Float64Array): Float64Array {
    out[0] = this.middle[0]!;
    out[1] = this.middle[1]!;
    out[2] = 4;
    return out;
  }
}

const CLIP_PLAYER: CharacterKind<ClipPlayer> = {
  make: (rig) => {
    // The analysis reads two legs: a rig without them is refused, and the old clip stays.
    const legs = findLegs(rig.skeleton, rig.scale);
    if (typeof legs === 'string') throw new Error(`the analysis needs two legs: ${legs}`);
    return new ClipPlayer(rig, rig.walkWithTravel);
  },
  // A new clip plays at the rate the student set, paused or playing as the old one was.
  carry: (old, next) => {
    next.playRate = old.playRate;
    next.playing = old.playing;
  },
  settle: () => {},
};

/**
 * Lesson 13: how seed 000 reads a walk before it can adapt it (§6.3, §9.3). The clip plays on
 * the spot it was recorded; each foot's path over the cycle is drawn in its stance (green) and
 * step (orange) parts, the hips' path in blue; under the figure, each foot's movement per frame
 * against the support threshold, and the support frames both feet get. The factor slider re-runs
 * the whole analysis.
 */
export const walkAnalysisDemo = defineDemo({
  ...walkAnalysisMeta,
  create({ controls }, params) {
    const stage = new Walk3DStage<ClipPlayer>({
      terrains: [],
      pitch: 0.12,
      viewHeight: 11,
      followFacing: false,
      kind: CLIP_PLAYER,
    });
    const { view } = stage;
    const player = (): ClipPlayer => stage.walker;
    let def = findLegs(stage.rig.skeleton, stage.rig.scale) as IKRigDef;
    let rule = params.rule as SupportRule;
    let analysis: WalkAnalysis = analyseWalk(
      def,
      stage.rig.walkWithTravel,
      'walk',
      params.factor,
      rule,
    );
    player().playRate = params.playRate;
    const marks = [0, 1].map((row) => newMark('', row));

    const factorOut = controls.readout({ id: 'dmin', label: 'support threshold d_min' });
    const framesOut = controls.readout({ id: 'support', label: 'support frames: left · right' });
    const subsOut = controls.readout({ id: 'subs', label: 'stances and steps (frames)' });
    const floorOut = controls.readout({ id: 'floor', label: 'floor offset (lowest joint)' });
    const nowOut = controls.readout({ id: 'now', label: 'frame now: left · right' });
    const heightOut = controls.readout({
      id: 'height',
      label: 'support heights now: left · right',
    });
    const warnOut = controls.readout({ id: 'warnings', label: 'the validator says' });
    const supportTex = controls.formula({ id: 'support' });
    const heightTex = controls.formula({ id: 'heights' });
    const movePlot = controls.plot({
      id: 'movement',
      label:
        'How far each foot moves per frame (under each: the less of its ankle and toes, which also must be near their lowest), against the threshold',
      xLabel: 'frame',
      yLabel: 'world units',
    });
    const supportPlot = controls.plot({
      id: 'support',
      label:
        'Support frames (filled: planted): each foot’s own test, and what the rule makes of it',
      xLabel: 'frame',
      yLabel: 'planted',
      kind: 'strip',
    });
    const disagreeOut = controls.readout({
      id: 'disagree',
      label: 'each foot’s own test against the rule',
    });
    // A capture: which frames of the whole file are the cycle, and which the idle.
    const cycleOut = controls.readout({ id: 'cycle', label: 'walk cycle in the file' });
    const cyclePlot = controls.plot({
      id: 'cycle',
      label:
        'The whole clip (at 30 fps): where the hips walk steadily, the cycle used, the standing',
      xLabel: 'frame of the clip',
      yLabel: 'part',
      kind: 'strip',
    });

    const curves: CurveBuffer[] = [];
    const hipCurve = new CurveBuffer(HIP, 2);

    /** Each foot's own (cleaned-up) support test, as the strip shows it. */
    let own: Uint8Array[] = [];
    /** d_min drawn as a line across the movement plot, made once per analysis. */
    let dMinSeries: number[] = [];
    /** Whether the paused picture's panel is out of date (the playing one repaints at 10 Hz). */
    let dirty = true;
    let sincePaint = Infinity;
    /** The time slider, made below; a clip of another length resizes it (a capture's may be longer). */
    const time: { slider?: SliderControl } = {};
    function analyse(factor: number): void {
      analysis = analyseWalk(def, stage.rig.walkWithTravel, 'walk', factor, rule);
      time.slider?.setMax(Number(analysis.duration.toFixed(3)));
      dMinSeries = Array.from({ length: analysis.frames }, () => analysis.dMin);
      dirty = true;
      player().floor = analysis.floorOffset;
      player().update(0);
      // Each foot's stances and steps that overlap one cycle, as curves.
      curves.length = 0;
      for (const foot of analysis.feet)
        for (const s of foot.subs) {
          if (s.curve.endTime <= 0 || s.curve.startTime >= analysis.duration) continue;
          const c = new CurveBuffer(
            s.kind === 'static' ? STANCE : STEP,
            s.kind === 'static' ? 5 : 3,
          );
          curves.push(c.fromLIC(s.curve, 0.02));
        }
      hipCurve.fromLIC(analysis.hip);
      // The camera on the middle of the cycle's path (for the course's walk: y = 3.7).
      const h = analysis.hip;
      player().middle[0] = (h.coord(0, 0) + h.coord(h.length - 1, 0)) / 2;
      player().middle[1] = (h.coord(0, 1) + h.coord(h.length - 1, 1)) / 2;
      view.curves.length = 0;
      view.curves.push(...curves, hipCurve);
      const [l, r] = analysis.feet;
      own = [l.own, r.own];
      disagreeOut.set(disagreement(analysis));
      const count = (s: Uint8Array) => s.reduce((x, v) => x + v, 0);
      factorOut.set(
        `${num(analysis.dMin, 3)} (rigHeight ${num(def.rigHeight, 0)} × scale ${num(def.scale, 4)} / 120 × ${num(factor, 2)})`,
      );
      framesOut.set(`${count(l.support)} · ${count(r.support)} of ${analysis.frames}`);
      const describe = (k: number) =>
        analysis.feet[k]!.subs.filter(
          (s) => s.curve.startTime >= 0 && s.curve.startTime < analysis.duration - 1e-6,
        )
          .map((s) => {
            const a = Math.round(s.curve.startTime / analysis.frameTime);
            const b = Math.round(s.curve.endTime / analysis.frameTime);
            return `${s.kind === 'static' ? 'stance' : 'step'} ${a === b ? a : `${a}–${b}`}`;
          })
          .join(', ');
      subsOut.set(`left: ${describe(0)}; right: ${describe(1)}`);
      floorOut.set(`${num(analysis.floorOffset, 3)} world units`);
      // The rig's own checks (a cycle that does not loop, …) and the analysis's (hinge axes).
      const warnings = [...new Set([...stage.rig.warnings, ...analysis.warnings])];
      warnOut.set(warnings.length ? warnings.join('; ') : 'nothing: the clip meets §9.3');
      const dMinTex = `d_{\\min} = \\frac{h \\cdot s}{120} \\cdot k = \\frac{${tex(def.rigHeight, 0)} \\cdot ${tex(def.scale, 4)}}{120} \\cdot ${tex(factor, 2)} = ${tex(analysis.dMin, 3)}`;
      // Each foot's reading: its ankle a or its toes t, still and near their lowest.
      const band = (def.rigHeight * def.scale) / HEIGHT_BAND;
      supportTex.set(
        rule === 'each'
          ? `\\text{planted}(f) \\iff \\lVert q_f - q_{f-1} \\rVert \\le d_{\\min} \\text{ and } z(q_f) - z_{\\min}(q) \\le \\tfrac{h s}{${HEIGHT_BAND}} = ${tex(band, 3)} \\text{ for } q = a \\text{ or } t, \\quad ${dMinTex}`
          : `\\text{planted}(f) \\iff \\lVert p_f - p_{f-1} \\rVert \\le ${dMinTex}`,
      );
    }
    analyse(params.factor);

    /** The strips of the whole clip: steady walk, the cycle in use, the standing (idle). */
    function showSource(): void {
      const src = stage.rig.source;
      const n = src.clip.frameCount;
      const choice = src.choice;
      const row = (test: (f: number) => boolean) =>
        Uint8Array.from({ length: n }, (_, f) => (test(f) ? 1 : 0));
      const inside = (r: [number, number] | null, f: number) => !!r && f >= r[0] && f < r[1];
      cyclePlot.set([
        {
          label: 'steady walk',
          color: 'var(--plot-5)',
          values: row((f) => inside(choice?.steady ?? null, f)),
        },
        { label: 'cycle used', color: 'var(--plot-1)', values: row((f) => inside(src.range, f)) },
        {
          label: 'standing (idle)',
          color: 'var(--plot-4)',
          values: row((f) => inside(src.idleRange, f)),
        },
      ]);
      const [a, b] = src.range;
      const rate =
        Math.round(src.fps) === Math.round(1 / src.clip.frameTime)
          ? ''
          : ` (the file: ${src.frames} frames at ${Math.round(src.fps)} fps)`;
      cycleOut.set(
        !choice || choice.whole || choice.failed
          ? `the whole clip, frames 0–${n}${rate}: ${choice?.why ?? 'the hips never move'}`
          : a === choice.from && b === choice.to
            ? `frames ${a}–${b} of ${n}${rate}: ${choice.why}`
            : `frames ${a}–${b} of ${n}${rate}, as typed (the finder's: ${choice.from}–${choice.to})`,
      );
      rangeField.set(loaded() ? `${a}–${b}` : '');
    }

    /** A student's clip (or the capture) is loaded: only then can its frames be picked. */
    const loaded = () => stage.rig !== shippedRig();
    /** After a new rig: the analysis, the strips. */
    function useRig(): void {
      def = findLegs(stage.rig.skeleton, stage.rig.scale) as IKRigDef;
      analyse(analysis.factor);
      showSource();
      show();
    }

    function afterLoad(r: { ok: boolean; message: string }): { ok: boolean; message: string } {
      if (r.ok) useRig();
      return r;
    }
    const bvhControls = new BvhControls(controls, stage, afterLoad, () => {
      stage.resetRig();
      useRig();
    });
    controls.button({
      id: 'capture',
      label: 'Try a 120 fps capture (stands, walks, stops)',
      title:
        'A capture-like clip made from the course’s gait curves, with noise, under CMU’s names',
      onClick: () => {
        void import('../../walk3d/authoring/capture-text').then(({ captureBvh }) =>
          bvhControls.drop('capture-120fps.bvh', captureBvh()),
        );
      },
    });
    const rangeField = controls.text({
      id: 'range',
      label: 'Walk cycle: first frame – the frame where it comes round (not played)',
      value: '',
      placeholder: 'load a capture first',
      submitLabel: 'Use these frames',
      onSubmit: (text) => {
        if (!loaded()) return 'Load a capture first (a file, or “Try a 120 fps capture”).';
        const m = /^\s*(\d+)\s*[–-]\s*(\d+)\s*$/.exec(text);
        if (!m) return `“${text}” is not a range: type two frame numbers, e.g. 100–133.`;
        const r = stage.recut([Number(m[1]), Number(m[2])]);
        if (!r.ok) return r.message;
        useRig();
        return '';
      },
    });
    showSource();

    const playButton = controls.button({
      id: 'play',
      label: 'Pause',
      title: 'Pause or play the clip (Space on the figure)',
      onClick: () => setPlaying(!player().playing),
    });
    playButton.setPressed(true);
    const timeSlider = controls.slider({
      id: 'time',
      label: 'Time in the clip',
      min: 0,
      max: Number(analysis.duration.toFixed(3)),
      step: 0.005,
      value: 0,
      unit: 's',
      onInput: (v) => {
        setPlaying(false);
        player().time = v;
        player().update(0);
        dirty = true;
      },
    });
    time.slider = timeSlider;
    controls.slider({
      id: 'factor',
      label: 'supportFrameDistanceFactor (the seed’s default 1)',
      min: 0.25,
      max: 4,
      step: 0.05,
      value: params.factor,
      onInput: (v) => {
        analyse(v);
        show();
      },
    });
    controls.choice({
      id: 'rule',
      label:
        'Support rule (opposite: the seed’s, the right foot the left’s opposite; each: every foot on its own, ankle or toes)',
      options: SUPPORT_RULES,
      value: rule,
      onChange: (v) => {
        rule = v as SupportRule;
        analyse(analysis.factor);
        show();
      },
    });
    controls.slider({
      id: 'playRate',
      label: 'Play rate',
      min: 0,
      max: 1.5,
      step: 0.05,
      value: params.playRate,
      onInput: (v) => (player().playRate = v),
    });
    controls.button({ id: 'side', label: 'Side view', onClick: () => stage.sideView() });
    controls.button({ id: 'zoomIn', label: 'Zoom in', onClick: () => view.camera.zoom(0.8) });
    controls.button({ id: 'zoomOut', label: 'Zoom out', onClick: () => view.camera.zoom(1.25) });

    function setPlaying(on: boolean): void {
      player().playing = on;
      playButton.setLabel(on ? 'Pause' : 'Play');
      playButton.setPressed(on);
      show();
    }

    function show(): void {
      dirty = false;
      sincePaint = 0;
      const p = player();
      const f = Math.min(analysis.frames - 1, Math.floor(p.time / analysis.frameTime + 1e-9));
      const state = (k: number) => (analysis.feet[k]!.support[f] ? 'planted' : 'step');
      nowOut.set(`${f}: ${state(0)} · ${state(1)}`);
      heightOut.set(
        `${num(analysis.feet[0]!.supportHeight[f]!, 2)} · ${num(analysis.feet[1]!.supportHeight[f]!, 2)}`,
      );
      def.legs.forEach((leg, k) => {
        const m = marks[k]!;
        p.jointPosition(leg.ee, m.from);
        m.to.set(m.from);
        m.to[2] = 0;
        const planted = analysis.feet[k]!.support[f];
        m.color = planted ? '#1e9650' : '#e6781e';
        m.text = `${k ? 'right' : 'left'}: ${planted ? 'planted' : 'step'}`;
      });
      view.marks.length = 0;
      view.marks.push(...marks);
      const [l, r] = analysis.feet;
      movePlot.set(
        [
          { label: 'left foot', color: 'var(--plot-1)', values: l!.displacement },
          { label: 'right foot', color: 'var(--plot-4)', values: r!.displacement },
          {
            label: 'd_min',
            color: 'var(--plot-5)',
            values: dMinSeries,
          },
        ],
        f,
      );
      supportPlot.set(
        [
          { label: 'left, own test', color: 'var(--plot-1)', values: own[0]! },
          { label: 'left, used', color: 'var(--plot-1)', values: l!.support },
          { label: 'right, own test', color: 'var(--plot-4)', values: own[1]! },
          { label: 'right, used', color: 'var(--plot-4)', values: r!.support },
        ],
        f,
      );
      heightTex.set(
        `h_{\\text{step}}(f) = h_{\\text{start}} + (h_{\\text{end}} - h_{\\text{start}}) \\frac{f - f_0}{f_1 - f_0}, \\quad h_{\\text{left}}(${f}) = ${tex(analysis.feet[0]!.supportHeight[f]!, 2)}`,
      );
      if (p.playing) timeSlider.set(Number(p.time.toFixed(3)));
    }

    return {
      root: stage.root,
      world: STAGE_WORLD,
      surface: stage,
      nodeTypes: stage.nodeTypes,
      keyHelp:
        'Space play/pause, ← → a frame back/forward; J L orbit, I K tilt, + − zoom, 0 side view.',
      update(dt) {
        stage.update(dt);
        sincePaint += dt;
        // Playing, the panel follows at 10 Hz; paused, only when something changed.
        if (player().playing ? sincePaint >= 0.1 : dirty) show();
      },
      onKey(key, down) {
        if (key === ' ') {
          if (down) setPlaying(!player().playing);
          return true;
        }
        if (key === 'ArrowLeft' || key === 'ArrowRight') {
          if (down) {
            setPlaying(false);
            const p = player();
            const f =
              Math.floor(p.time / analysis.frameTime + 1e-9) + (key === 'ArrowRight' ? 1 : -1);
            p.time = stage.rig.walkWithTravel.wrap(f * analysis.frameTime);
            p.update(0);
            show();
          }
          return true;
        }
        return stage.cameraKey(key, down);
      },
      onPointer: (kind, pt) => stage.pointer(kind, pt),
      onWheel: (dy) => stage.wheel(dy),
      onPinch: (f) => stage.pinch(f),
      highlight: (node: Node | null) => stage.highlight(node),
      foldedInTree: (node) => node === stage.characterNode,
      currentParams: () => ({ factor: analysis.factor, rule, playRate: player().playRate }),
      onDropFile: (name, text) => bvhControls.drop(name, text),
      onDropLarge: { size: bvhControls.large.size, take: (n, b) => bvhControls.dropLarge(n, b) },
      // Leaving the page (or Reset) mid-read stops the worker; its rig would land on nothing.
      destroy: () => bvhControls.stop(),
    };
  },
});

/**
 * Where the feet's own tests and what the rule makes of them disagree, in frame ranges. Under the
 * seed's rule only the right foot can differ: "own test planted, rule says step" is double
 * support the rule erases, the other way both feet moving, which the rule hides. Under the
 * each-foot rule a frame differs only where neither foot passed and one was given the frame.
 */
function disagreement(a: WalkAnalysis): string {
  const [l, r] = a.feet;
  const ranges = (test: (f: number) => boolean) => {
    const out: string[] = [];
    for (let f = 0; f < a.frames; f++) {
      if (!test(f)) continue;
      let e = f;
      while (e + 1 < a.frames && test(e + 1)) e++;
      out.push(e === f ? `${f}` : `${f}–${e}`);
      f = e;
    }
    return out;
  };
  const both = ranges((f) => !!(l.own[f] && r.own[f]));
  const neither = ranges((f) => !l.own[f] && !r.own[f]);
  const differ = ranges((f) => r.own[f] !== r.support[f] || l.own[f] !== l.support[f]);
  if (!differ.length) return 'they agree in every frame';
  return (
    `they differ in frames ${differ.join(', ')}. Both feet pass their own test in ${both.length ? both.join(', ') : 'no frame'}; ` +
    `neither does in ${neither.length ? neither.join(', ') : 'no frame'}`
  );
}
