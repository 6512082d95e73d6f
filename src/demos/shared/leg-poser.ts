import { fromTRS } from '../../math/mat4.ts';
import { fromAxisAngle } from '../../math/quat.ts';
import type { Character } from '../../walk3d/character.ts';
import type { Clip } from '../../walk3d/clip.ts';
import { GradientDescent } from '../../walk3d/gradient-descent.ts';
import { IK_DESCENT, LegIK } from '../../walk3d/leg-ik.ts';
import { forwardKinematics, jointPosition, Pose } from '../../walk3d/pose.ts';
import type { Rig } from '../../walk3d/rig.ts';
import {
  analyseWalk,
  findLegs,
  type IKRigDef,
  type WalkAnalysis,
} from '../../walk3d/walk-analysis.ts';

/** One iterate of a descent: the angles and the weighted terms there. */
export interface Iterate {
  theta: [number, number];
  af1: number;
  bf2: number;
  cf3: number;
  F: number;
}

export type Solver = 'gradient descent' | 'Levenberg–Marquardt';

/**
 * Lesson 14's figure: the humanoid standing in one frame of its walk, its right leg (LEG) solved by the
 * seed's IK (§7) towards a target the student drags. Both descents (the seed's gradient descent
 * and Levenberg–Marquardt) are run to the end on every change and kept iterate by iterate, so
 * the figure can show any step of either.
 */
export class LegPoser implements Character {
  readonly def: IKRigDef;
  readonly ik: LegIK;
  readonly analysis: WalkAnalysis;
  readonly pose: Pose;
  readonly matrices: Float64Array;
  readonly position = new Float64Array(3);
  facing = 0;
  turn = 0;
  walking = false;
  weight = 1;
  playRate = 1;
  frame: number;
  /** The target of the left foot, model space (file units). */
  readonly target = new Float64Array(3);
  /** Multiplier on the seed's a = 200/rigHeight²; b and c as the seed has them. */
  aScale = 1;
  learningRate = IK_DESCENT.learningRate;
  maxIterations = IK_DESCENT.maxIterations;
  /** Start the next solve from the last solution (the previous frame), or from the clip's angles. */
  gammaFromLast = false;
  readonly runs: Record<Solver, Iterate[]> = {
    'gradient descent': [],
    'Levenberg–Marquardt': [],
  };
  readonly converged: Record<Solver, boolean> = {
    'gradient descent': false,
    'Levenberg–Marquardt': false,
  };
  solver: Solver = 'gradient descent';
  /** The iterate shown (0: the start, θ = γ). */
  shown = 0;
  private readonly clip: Clip;
  private readonly base = new Float64Array(16);
  private readonly gd = new GradientDescent();
  private readonly q = new Float64Array(4);
  private lastSolution: [number, number] | null = null;

  constructor(rig: Rig, frame = 8) {
    const def = findLegs(rig.skeleton, rig.scale);
    if (typeof def === 'string') throw new Error(`lesson 14 needs two legs: ${def}`);
    this.def = def;
    this.clip = rig.walkWithTravel;
    this.analysis = analyseWalk(def, this.clip, 'walk');
    // The right leg: the side view looks at the figure's right, so it is the leg in front.
    const leg = def.legs[LEG]!;
    this.ik = new LegIK(def.skeleton, [{ joints: leg.joints, ee: leg.ee }]);
    this.pose = new Pose(def.skeleton);
    this.matrices = new Float64Array(16 * def.skeleton.count);
    this.frame = frame;
    this.setFrame(frame);
  }

  get skeleton() {
    return this.def.skeleton;
  }

  /**
   * Takes a frame of the clip: ω its angles and the target where its foot is, moved by `offset`
   * (forward, up; file units), and solves.
   */
  setFrame(frame: number, offset: [number, number] = [0, 0]): void {
    const an = this.analysis;
    this.frame = ((Math.round(frame) % an.frames) + an.frames) % an.frames;
    this.loadPose();
    const n = an.frames;
    for (let k = 0; k < 2; k++) {
      const v = 2 * LEG + k; // the analysis keeps the left leg's variables first
      const o = 3 * (v * n + this.frame);
      this.ik.axis.set(an.axes.subarray(o, o + 3), 3 * k);
      this.ik.omega[k] = an.angles[v * n + this.frame]!;
    }
    this.ik.evaluate(this.ik.omega, new Float64Array(2));
    this.target.set(this.ik.eePos.subarray(0, 3));
    this.target[1] = this.target[1]! + offset[0];
    this.target[2] = this.target[2]! + offset[1];
    this.solve();
  }

  /** The next frame, γ the solution just shown (the seed's temporal term at work). */
  nextFrame(): void {
    const th = this.runs[this.solver][this.shown]?.theta;
    this.lastSolution = th ? [th[0], th[1]] : null;
    const keep = Float64Array.from(this.target);
    this.setFrame(this.frame + 1);
    this.target.set(keep);
    this.solve();
  }

  /** Re-runs both descents to the end from θ = γ, keeping every iterate. */
  solve(): void {
    const ik = this.ik;
    ik.targets.set(this.target);
    ik.a = (200 / (this.def.rigHeight * this.def.rigHeight)) * this.aScale;
    for (let k = 0; k < 2; k++)
      ik.gamma[k] = this.gammaFromLast && this.lastSolution ? this.lastSolution[k]! : ik.omega[k]!;
    const g = new Float64Array(2);
    const record = (list: Iterate[], th: ArrayLike<number>) => {
      ik.evaluate(Float64Array.from(th), g);
      const t = ik.terms;
      list.push({ theta: [th[0]!, th[1]!], af1: t.af1, bf2: t.bf2, cf3: t.cf3, F: t.F });
    };
    const gdRun: Iterate[] = [];
    const x = Float64Array.from(ik.gamma);
    record(gdRun, x);
    const r = this.gd.run(
      {
        size: 2,
        evaluate: (v, grad) => ik.evaluate(v, grad),
        afterStep: (v) => record(gdRun, v),
      },
      x,
      {
        learningRate: this.learningRate,
        maxIterations: this.maxIterations,
        targetArgDelta: IK_DESCENT.targetArgDelta,
        softenSteps: true,
      },
    );
    this.converged['gradient descent'] = r.converged;
    const lmRun: Iterate[] = [];
    record(lmRun, ik.gamma);
    const lm = ik.solveLM(
      Math.max(1, Math.min(this.maxIterations, 50)),
      IK_DESCENT.targetArgDelta,
      (th) => lmRun.push({ theta: [th[0]!, th[1]!], ...termsAt(ik, th) }),
    );
    this.converged['Levenberg–Marquardt'] = lm.converged;
    this.runs['gradient descent'] = gdRun;
    this.runs['Levenberg–Marquardt'] = lmRun;
    this.shown = Math.min(this.shown, this.run.length - 1);
    this.showIterate(this.shown);
  }

  get run(): Iterate[] {
    return this.runs[this.solver];
  }

  /** Poses the leg at iterate k of the current solver. */
  showIterate(k: number): void {
    const run = this.run;
    this.shown = Math.max(0, Math.min(run.length - 1, k));
    this.loadPose();
    const it = run[this.shown]!;
    const leg = this.def.legs[LEG]!;
    leg.joints.forEach((j, i) => {
      fromAxisAngle(this.q, this.ik.axis.subarray(3 * i, 3 * i + 3), it.theta[i]!);
      this.pose.r.set(this.q, 4 * j);
    });
    forwardKinematics(this.pose, this.matrices, this.base);
  }

  /** World ↔ model for the figure: hips at the origin lifted to their height, then scaled. */
  toWorld(model: ArrayLike<number>, out: Float64Array): Float64Array {
    const s = this.def.scale;
    out[0] = model[0]! * s;
    out[1] = model[1]! * s;
    out[2] = model[2]! * s + this.hipHeight;
    return out;
  }

  toModel(world: ArrayLike<number>, out: Float64Array): Float64Array {
    const s = this.def.scale;
    out[0] = world[0]! / s;
    out[1] = world[1]! / s;
    out[2] = (world[2]! - this.hipHeight) / s;
    return out;
  }

  get hipHeight(): number {
    return this.analysis.hip.coord(this.frame, 2);
  }

  update(): void {}

  jointPosition(i: number, out: Float64Array): Float64Array {
    return jointPosition(this.matrices, i, out);
  }

  aimPoint(out: Float64Array): Float64Array {
    out[0] = 0;
    out[1] = 0;
    out[2] = 4.5; // the middle of a figure 9 units tall
    return out;
  }

  private loadPose(): void {
    this.clip.sample(this.frame * this.analysis.frameTime, this.pose.toBind());
    // The hips at the model origin (their travel is the walker's business), raised to their height.
    const hip = this.def.hip;
    this.pose.t[3 * hip] = this.pose.t[3 * hip + 1] = this.pose.t[3 * hip + 2] = 0;
    const s = this.def.scale;
    fromTRS(this.base, [0, 0, this.hipHeight], [0, 0, 0, 1], [s, s, s]);
    this.ik.setPose(this.pose);
  }
}

/** Which leg the lesson solves: 1, the right. */
export const LEG = 1;

function termsAt(ik: LegIK, th: Float64Array): Omit<Iterate, 'theta'> {
  ik.evaluate(Float64Array.from(th), new Float64Array(2));
  const t = ik.terms;
  return { af1: t.af1, bf2: t.bf2, cf3: t.cf3, F: t.F };
}
