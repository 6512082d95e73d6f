import { toAxisAngle } from '../../math/quat.ts';
import { distance3 } from '../../math/vec3.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num, tex } from '../shared/format.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';
import type { skeleton3dFigure } from './description.ts';
import type { HandTurn } from './hand-turn.ts';

type Ui = FigureUi<typeof skeleton3dFigure>;

/** Formulas re-typeset at most this often (KaTeX costs a few ms; numbers need not change at 60 Hz). */
const FORMULA_PERIOD = 0.12;

/**
 * Lesson 11's readouts and formulas: the clip's frame and blend, and the chosen joint's local
 * rotation (angle and axis, quaternion), world position and bone length; the formulas put the
 * same numbers into sampling, quaternions, forward kinematics and blending.
 */
export class SkeletonReadouts {
  private sincePaint = Infinity;
  private readonly position = new Float64Array(3);
  private readonly axis = new Float64Array(3);
  private readonly parentPos = new Float64Array(3);

  constructor(
    private readonly ui: Ui,
    private readonly stage: Walk3DStage,
    private readonly turn: HandTurn,
  ) {}

  show(dt: number, playing: boolean): void {
    const { ui, stage } = this;
    const walker = stage.walker;
    this.sincePaint += dt;
    const { frame, next, u } = walker.walk.clip.frameAt(walker.walkTime);
    ui.readout('frame').set(ui.say('frameNow', { frame, next, u: num(u, 2) }));
    const towards = ui.say(walker.walking ? 'toWalk' : 'toIdle');
    ui.readout('blend').set(ui.say('blendNow', { w: num(walker.weight, 2), towards }));
    const i = this.turn.index;
    if (i < 0) return;
    const r = walker.pose.r.subarray(4 * i, 4 * i + 4);
    const a = (toAxisAngle(this.axis, r) * 180) / Math.PI;
    const ax = [...this.axis];
    const axis = ax.map((v) => num(v, 2)).join(', ');
    ui.readout('joint-local').set(ui.say('localRotation', { angle: num(a, 1), axis }));
    ui.readout('joint-quat').set(
      ui.say('vector', { values: [...r].map((v) => num(v, 3)).join(', ') }),
    );
    walker.jointPosition(i, this.position);
    const p = [...this.position];
    ui.readout('joint-world').set(ui.say('vector', { values: p.map((v) => num(v, 2)).join(', ') }));
    this.showBone(i);
    ui.readout('perf').set(stage.perfText());
    if (playing && this.sincePaint < FORMULA_PERIOD) return;
    this.sincePaint = 0;
    this.showFormulas(frame, next, u, a, ax, p);
  }

  /** The bone from the joint's parent, as long as in the bind pose whatever the turn. */
  private showBone(i: number): void {
    const { ui } = this;
    const walker = this.stage.walker;
    const skeleton = walker.skeleton;
    const parent = skeleton.joints[i]!.parent;
    if (parent < 0) return ui.readout('bone').set(ui.say('root'));
    walker.jointPosition(parent, this.parentPos);
    const length = num(distance3(this.position, this.parentPos), 3);
    const bind = num(Math.hypot(...skeleton.joints[i]!.offset) * walker.scale, 3);
    ui.readout('bone').set(ui.say('bone', { length, bind }));
  }

  private showFormulas(
    frame: number,
    next: number,
    u: number,
    angle: number,
    axis: number[],
    position: number[],
  ): void {
    const { ui } = this;
    const w = this.stage.walker.weight;
    const word = (key: 'parent' | 'idle' | 'walk') => `\\text{${ui.say(key)}}`;
    ui.formula('sample').set(
      `q_j(t) = \\operatorname{slerp}(q_j^{${frame}},\\, q_j^{${next}},\\, u), \\quad u = \\frac{t - t_{${frame}}}{t_{${next}} - t_{${frame}}} = ${tex(u, 2)}`,
    );
    ui.formula('quat').set(
      `q = \\left(\\sin\\tfrac{\\theta}{2}\\,\\hat a,\\ \\cos\\tfrac{\\theta}{2}\\right), \\quad \\theta = ${tex(angle, 1)}^\\circ,\\ \\hat a = (${axis.map((v) => tex(v, 2)).join(',\\,')})`,
    );
    ui.formula('fk').set(
      `M_{\\text{${this.turn.joint}}} = W\\, M_{${word('parent')}}\\, T_j R(q_j) S_j, \\quad p = (${position.map((v) => tex(v, 2)).join(',\\,')})`,
    );
    ui.formula('blend').set(
      `q = \\operatorname{slerp}(q_{${word('idle')}},\\, q_{${word('walk')}},\\, w), \\quad w = ${tex(w, 2)}`,
    );
  }
}
