import { fromAxisAngle, toAxisAngle } from '../../math/quat';
import { distance3 } from '../../math/vec3';
import type { Node } from '../../scene/node';
import { AXES, HUMANOID_JOINTS, skeleton3dMeta } from './meta';
import { defineDemo } from '../contract';
import { num, tex } from '../shared/format';
import { CAMERA_KEY_HELP, STAGE_WORLD, Walk3DStage } from '../shared/walk3d-stage';

/** The shipped humanoid's joints a student may turn (End Sites have nothing to turn). */
const UNIT: Record<string, [number, number, number]> = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };
/** Formulas re-typeset at most this often (KaTeX costs a few ms; numbers need not change at 60 Hz). */
const FORMULA_PERIOD = 0.12;

/**
 * Lesson 11: the step from 2D chains to a 3D skeleton (seed 000 §2–3, §5). A humanoid plays the
 * shipped walk and idle clips, cross-faded; the student scrubs time, steps frames, shows each
 * joint's axes and name, and turns one joint by hand on top of the clip. Every joint is a node in
 * the scene panel with its live local rotation and world position.
 */
export const skeleton3dDemo = defineDemo({
  ...skeleton3dMeta,
  create({ controls }, params) {
    const stage = new Walk3DStage({
      terrains: [],
      pitch: 0.18,
      viewHeight: 11,
      followFacing: false,
    });
    const { walker, view } = stage;
    view.showAxes = params.axes;
    view.showNames = params.names;
    let joint: string = params.joint;
    let axis: string = params.axis;
    let angle = params.angle;
    let playing = true;
    let sincePaint = Infinity;
    let panelHighlight = false;
    const skeleton = walker.skeleton;
    const walkClip = walker.walk.clip;
    const jointIndex = () => skeleton.indexOf(joint);

    const applyTurn = () => {
      walker.extra.clear();
      const i = jointIndex();
      if (i >= 0 && angle !== 0)
        walker.extra.set(
          i,
          fromAxisAngle(new Float64Array(4), UNIT[axis]!, (angle * Math.PI) / 180),
        );
      if (!panelHighlight) view.highlight = i;
      walker.settle();
    };

    stage.addPlaybackControls(controls, params, 'Walking (↑ walk, ↓ idle)');
    const playButton = controls.button({
      id: 'play',
      label: 'Pause',
      title: 'Pause or play the clips (Space on the figure)',
      onClick: () => setPlaying(!playing),
    });
    playButton.setPressed(true);
    const timeSlider = controls.slider({
      id: 'time',
      label: 'Time in the walk clip',
      min: 0,
      max: Number(walkClip.duration.toFixed(3)),
      step: 0.005,
      value: 0,
      unit: 's',
      onInput: (v) => {
        setPlaying(false);
        walker.scrub = walkClip.wrap(v);
        walker.settle();
      },
    });
    controls.toggle({
      id: 'axes',
      label: 'Joint axes (x red, y green, z blue)',
      value: view.showAxes,
      onChange: (v) => (view.showAxes = v),
    });
    controls.toggle({
      id: 'names',
      label: 'Joint names',
      value: view.showNames,
      onChange: (v) => (view.showNames = v),
    });
    controls.choice({
      id: 'joint',
      label: 'Joint to turn',
      options: HUMANOID_JOINTS,
      value: joint,
      onChange: (v) => {
        joint = v;
        applyTurn();
      },
    });
    controls.choice({
      id: 'axis',
      label: 'About its own axis',
      options: AXES,
      value: axis,
      onChange: (v) => {
        axis = v;
        applyTurn();
      },
    });
    const angleSlider = controls.slider({
      id: 'angle',
      label: 'Turn by hand',
      min: -180,
      max: 180,
      step: 1,
      value: angle,
      unit: '°',
      onInput: (v) => {
        angle = v;
        applyTurn();
      },
    });
    controls.button({
      id: 'resetTurn',
      label: 'Undo the turn',
      onClick: () => {
        angle = 0;
        angleSlider.set(0);
        applyTurn();
      },
    });

    const frameOut = controls.readout({ id: 'frame', label: 'walk clip: frame i → next, u' });
    const blendOut = controls.readout({ id: 'blend', label: 'blend weight (walk)' });
    const localOut = controls.readout({ id: 'joint-local', label: 'joint: local rotation' });
    const quatOut = controls.readout({ id: 'joint-quat', label: 'joint: quaternion (x, y, z, w)' });
    const worldOut = controls.readout({ id: 'joint-world', label: 'joint: world position' });
    const boneOut = controls.readout({ id: 'bone', label: 'bone to its parent (world units)' });
    const perfOut = controls.readout({ id: 'perf', label: 'frame time' });
    const sampleTex = controls.formula({ id: 'sample' });
    const quatTex = controls.formula({ id: 'quat' });
    const fkTex = controls.formula({ id: 'fk' });
    const blendTex = controls.formula({ id: 'blend' });

    function setPlaying(p: boolean): void {
      playing = p;
      playButton.setLabel(p ? 'Pause' : 'Play');
      playButton.setPressed(p);
      if (p) walker.scrub = null;
      else walker.scrub = walkClip.wrap(walker.walkTime);
    }

    /** One frame forward or back, paused (← →). */
    function stepFrame(by: number): void {
      // From the scrub time when paused: two presses before a frame runs make two steps.
      const { frame } = walkClip.frameAt((walker.scrub ?? walker.walkTime) + 1e-9);
      setPlaying(false);
      walker.scrub = walkClip.wrap((frame + by) * walkClip.frameTime);
      walker.settle();
    }

    const position = new Float64Array(3);
    const axisOut = new Float64Array(3);
    const parentPos = new Float64Array(3);
    function show(): void {
      const { frame, next, u } = walkClip.frameAt(walker.walkTime);
      frameOut.set(`${frame} → ${next}, u = ${num(u, 2)}`);
      blendOut.set(`${num(walker.weight, 2)} (${walker.walking ? 'to walk' : 'to idle'})`);
      const i = jointIndex();
      if (i < 0) return;
      const r = walker.pose.r.subarray(4 * i, 4 * i + 4);
      const a = (toAxisAngle(axisOut, r) * 180) / Math.PI;
      const ax = [...axisOut];
      localOut.set(`${num(a, 1)}° about (${ax.map((v) => num(v, 2)).join(', ')})`);
      quatOut.set(`(${[...r].map((v) => num(v, 3)).join(', ')})`);
      walker.jointPosition(i, position);
      worldOut.set(`(${[...position].map((v) => num(v, 2)).join(', ')})`);
      const parent = skeleton.joints[i]!.parent;
      if (parent >= 0) {
        walker.jointPosition(parent, parentPos);
        const len = distance3(position, parentPos);
        const o = skeleton.joints[i]!.offset;
        boneOut.set(`${num(len, 3)} (bind ${num(Math.hypot(...o) * walker.scale, 3)})`);
      } else boneOut.set('root: no parent');
      perfOut.set(stage.perfText());
      if (playing && sincePaint < FORMULA_PERIOD) return;
      sincePaint = 0;
      sampleTex.set(
        `q_j(t) = \\operatorname{slerp}(q_j^{${frame}},\\, q_j^{${next}},\\, u), \\quad u = \\frac{t - t_{${frame}}}{t_{${next}} - t_{${frame}}} = ${tex(u, 2)}`,
      );
      quatTex.set(
        `q = \\left(\\sin\\tfrac{\\theta}{2}\\,\\hat a,\\ \\cos\\tfrac{\\theta}{2}\\right), \\quad \\theta = ${tex(a, 1)}^\\circ,\\ \\hat a = (${ax.map((v) => tex(v, 2)).join(',\\,')})`,
      );
      fkTex.set(
        `M_{\\text{${joint}}} = W\\, M_{\\text{parent}}\\, T_j R(q_j) S_j, \\quad p = (${[...position].map((v) => tex(v, 2)).join(',\\,')})`,
      );
      blendTex.set(
        `q = \\operatorname{slerp}(q_{\\text{idle}},\\, q_{\\text{walk}},\\, w), \\quad w = ${tex(walker.weight, 2)}`,
      );
    }

    applyTurn();
    return {
      root: stage.root,
      world: STAGE_WORLD,
      surface: stage,
      nodeTypes: stage.nodeTypes,
      keyHelp: `↑ walk, ↓ idle, Space play/pause, ← → a frame back/forward; ${CAMERA_KEY_HELP} Drag to orbit; wheel or pinch to zoom.`,
      update(dt) {
        stage.update(dt);
        sincePaint += dt;
        if (playing) timeSlider.set(Number(walkClip.wrap(walker.walkTime).toFixed(3)));
        show();
      },
      onKey(key, down) {
        if (stage.walkKey(key, down)) return true;
        if (key === ' ') {
          if (down) setPlaying(!playing);
          return true;
        }
        if (key === 'ArrowLeft' || key === 'ArrowRight') {
          if (down) stepFrame(key === 'ArrowRight' ? 1 : -1);
          return true;
        }
        return stage.cameraKey(key, down);
      },
      onPointer: (kind, p) => stage.pointer(kind, p),
      onWheel: (dy) => stage.wheel(dy),
      onPinch: (f) => stage.pinch(f),
      highlight(node: Node | null) {
        panelHighlight = node !== null;
        stage.highlight(node);
        if (!node) view.highlight = jointIndex();
      },
      currentParams: () => ({
        ...stage.playbackParams(),
        axes: view.showAxes,
        names: view.showNames,
        joint,
        axis,
        angle,
      }),
    };
  },
});
