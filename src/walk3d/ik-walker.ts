import { fromTRS } from '../math/mat4';
import { fromAxisAngle, mulQuat } from '../math/quat';
import type { Character } from './character';
import { Clip, type Track } from './clip';
import type { DescentOptions } from './gradient-descent';
import { IK_DESCENT, LegIK } from './leg-ik';
import { LIC } from './lic';
import { forwardKinematics, jointPosition, Pose } from './pose';
import { RunningStats } from './running-stats';
import { StrideCorrector } from './stride-corrector';
import type { TerrainSet } from './terrain3d';
import {
  analyseWalk,
  type IKRigDef,
  subAt,
  type SubTrajectory,
  type WalkAnalysis,
} from './walk-analysis';

/** The seed's example settings (§13.2) and options (§9.1), with the course's extras off. */
export interface IKWalkerOptions {
  ik: boolean;
  correctStrides: boolean;
  validateStrides: boolean;
  /** Beyond the seed: Levenberg–Marquardt instead of plain gradient descent, same cost. */
  fastSolver: boolean;
  /** Beyond the seed: a planted foot turned to lie flat on the slope under it. */
  alignFeet: boolean;
}

export const IK_WALKER_DEFAULTS: IKWalkerOptions = {
  ik: true,
  correctStrides: true,
  validateStrides: false,
  fastSolver: false,
  alignFeet: false,
};

/** One IK descent's figures, as the seed's Tables 4.1/4.2 collect them. */
export interface DescentRecord {
  af1: number;
  bf2: number;
  cf3: number;
  F: number;
  steps: number;
  ms: number;
}

/** Seed 000's constants (§13.3) that the runtime uses. */
const CANDIDATES = 20;
const STATIC_FALLBACK = 0.5;
const VALIDATION_SHARE = 0.65;
/** transitionSoft's window, in frames after the next frame (the seed: 1 to 9). */
const SOFT_WINDOW = 3;
const SKIP_LIMIT = 5;
const STRIDE_DESCENT: DescentOptions = {
  learningRate: 1e-3,
  maxIterations: 600,
  targetArgDelta: 0, // set per rig: rigHeight·scale·1e-5
  momentum: true,
  softenSteps: true,
};

/** What the walking system keeps per clip while it plays (seed 000's IKAnimation). */
class AnimState {
  readonly clip: Clip;
  /** Rotation key arrays of the working clip by joint, and the originals to restore. */
  readonly rotations = new Map<number, Float64Array>();
  readonly originals = new Map<number, Float64Array>();
  animationTime = 0;
  reproductionTime = 0;
  /** The rep time the character's current pose and position were computed for (last tick's). */
  poseTime = 0;
  frame = -1;
  onNewFrame = false;
  active = false;
  motionInitialized = false;
  fixed = false;
  fixedFrame = 0;
  readonly eeTarget: [LIC | null, LIC | null] = [null, null];
  readonly eeHistory: [LIC, LIC] = [new LIC(64), new LIC(64)];
  hipTarget: LIC | null = null;
  readonly hipHistory = new LIC(64);
  /** The chain angles computed for a frame (by rep time) and the frame before it. */
  readonly theta: Float64Array;
  thetaFrame = -1;
  thetaValid = false;
  /** Whether feet were last written aligned (so turning the option off restores them). */
  footsAligned = false;
  /** Which original sub-trajectory each foot's target was made from (for the lesson). */
  readonly current: [SubTrajectory | null, SubTrajectory | null] = [null, null];

  constructor(
    readonly analysis: WalkAnalysis,
    source: Clip,
    hip: number,
    chainJoints: number,
  ) {
    const tracks: Track[] = source.tracks.map((t) => ({
      joint: t.joint,
      times: t.times,
      rotations: t.rotations ? t.rotations.slice() : null,
      // The hips' path drives the character's world position: their translation is zeroed here.
      translations: t.translations
        ? t.joint === hip
          ? new Float64Array(t.translations.length)
          : t.translations
        : null,
    }));
    this.clip = new Clip(source.name, source.duration, tracks, source.frameTime);
    for (const t of tracks)
      if (t.rotations) {
        this.rotations.set(t.joint, t.rotations);
        this.originals.set(t.joint, t.rotations.slice());
      }
    this.theta = new Float64Array(chainJoints);
  }

  restoreRotations(): void {
    for (const [j, r] of this.rotations) r.set(this.originals.get(j)!);
  }

  /** Freezes the clip at one frame (seed 000 §6.6: the rotations replicated over the clip). */
  freezeAt(frame: number): void {
    for (const [j, r] of this.rotations) {
      const o = this.originals.get(j)!;
      const n = o.length / 4;
      const f = Math.min(n - 1, Math.max(0, frame));
      for (let k = 0; k < n; k++) r.set(o.subarray(4 * f, 4 * f + 4), 4 * k);
    }
  }

  clear(): void {
    this.eeTarget[0] = this.eeTarget[1] = null;
    this.hipTarget = null;
    this.eeHistory[0].clear();
    this.eeHistory[1].clear();
    this.hipHistory.clear();
    this.motionInitialized = false;
    this.thetaValid = false;
    this.fixed = false;
    this.restoreRotations();
  }
}

/**
 * Seed 000's IK navigation system for one character (IKRigController + IKRig, §4.6, §9.2): a
 * walk and an idle clip, cross-faded; trajectories for both feet and the hips generated on every
 * new clip frame from the terrain; the legs' angles for the next frame found by gradient-descent
 * IK and written into the clip; the character placed on its hip trajectory. The pose between
 * frames is the clip's own interpolation, as in the seed.
 */
export class IKWalker implements Character {
  readonly options: IKWalkerOptions = { ...IK_WALKER_DEFAULTS };
  readonly walk: AnimState;
  /** Walk then idle, for the per-tick loops (made once: the tick allocates nothing). */
  private readonly anims: readonly [AnimState, AnimState];
  readonly idle: AnimState;
  /** The character's world position (its hips) and facing (radians about Z from +Y). */
  readonly position = new Float64Array(3);
  facing = 0;
  turn = 0;
  turnSpeed = 0.8;
  playRate = 0.7;
  crossFade = 0.5;
  walking = true;
  weight = 1;
  readonly pose: Pose;
  readonly matrices: Float64Array;
  readonly world = new Float64Array(16);
  /** The last descents' figures, and running statistics over all of them (seed's Table 4.1). */
  lastDescent: DescentRecord | null = null;
  readonly stats = {
    af1: new RunningStats(),
    bf2: new RunningStats(),
    cf3: new RunningStats(),
    F: new RunningStats(),
    steps: new RunningStats(),
    ms: new RunningStats(),
  };
  /** Strides found too steep and frozen (validation on), and strides reshaped by the corrector. */
  frozenSteps = 0;
  correctedSteps = 0;
  private readonly ik: LegIK;
  private readonly corrector = new StrideCorrector();
  private readonly walkPose: Pose;
  private readonly idlePose: Pose;
  private readonly q = new Float64Array(4);
  private readonly v = new Float64Array(3);
  private readonly w = new Float64Array(3);
  private readonly worldTargets = new Float64Array(6);
  private readonly vars: number[];
  private ikRestored = true;

  constructor(
    readonly rig: IKRigDef,
    walkClip: Clip,
    idleClip: Clip,
    public terrain: TerrainSet | null,
    start: { x: number; y: number; facing?: number } = { x: 0, y: 0 },
  ) {
    this.vars = rig.legs.flatMap((l) => l.joints);
    this.walk = new AnimState(
      analyseWalk(rig, walkClip, 'walk'),
      walkClip,
      rig.hip,
      this.vars.length,
    );
    this.idle = new AnimState(
      analyseWalk(rig, idleClip, 'idle'),
      idleClip,
      rig.hip,
      this.vars.length,
    );
    this.anims = [this.walk, this.idle];
    this.ik = new LegIK(
      rig.skeleton,
      rig.legs.map((l) => ({ joints: l.joints, ee: l.ee })),
    );
    this.ik.a = 200 / (rig.rigHeight * rig.rigHeight);
    this.pose = new Pose(rig.skeleton);
    this.walkPose = new Pose(rig.skeleton);
    this.idlePose = new Pose(rig.skeleton);
    this.matrices = new Float64Array(16 * rig.skeleton.count);
    this.placeAt(start.x, start.y, start.facing ?? 0);
  }

  /** Puts the character at (x, y) facing `facing`, its trajectories forgotten. */
  placeAt(x: number, y: number, facing = 0): void {
    this.facing = facing;
    const a = this.walking ? this.walk.analysis : this.idle.analysis;
    this.position[0] = x;
    this.position[1] = y;
    this.position[2] = this.ground(x, y) + a.hip.coord(0, 2);
    this.walk.clear();
    this.idle.clear();
    this.walk.frame = this.idle.frame = -1;
    this.pose3();
  }

  /** The ground height, or 0 off every terrain (the character then walks on z = 0). */
  ground(x: number, y: number): number {
    const h = this.terrain ? this.terrain.heightAt(x, y) : 0;
    return Number.isFinite(h) ? h : 0;
  }

  /** One engine tick of dt seconds: seed 000 §9.2's steps 1–6, then the pose. */
  update(dt: number): void {
    const d = Math.min(0.1, Math.max(0, Number.isFinite(dt) ? dt : 0));
    const dTa = this.playRate * d;
    // 1. Times, and which clips reach a new frame.
    for (const a of this.anims) this.advance(a, dTa);
    // 2. The movement direction.
    this.facing += dTa * this.turnSpeed * this.turn;
    // 3. Activation, with the cross-fade between idle and walk.
    const goal = this.walking ? 1 : 0;
    const step = this.crossFade > 0 ? dTa / this.crossFade : 1;
    this.weight += Math.max(-step, Math.min(step, goal - this.weight));
    this.activate(this.walk, this.weight > 0 || this.walking);
    this.activate(this.idle, this.weight < 1 || !this.walking);
    // 4. Trajectories for the clips on a new frame.
    for (const a of this.anims) if (a.active && a.onNewFrame) this.generate(a);
    // 5. The global transform: the hips on their target trajectory (weighted during a fade).
    this.placeHips();
    // 6. The legs' angles for the next frame, written into the clips.
    if (this.options.ik) {
      this.ikRestored = false;
      for (const a of this.anims)
        if (a.active && a.onNewFrame && (a.analysis.kind === 'idle' || !a.fixed)) this.solve(a);
    } else if (!this.ikRestored) {
      for (const a of this.anims) {
        if (!a.fixed) a.restoreRotations();
        // Angles solved before IK went off are stale by the time it comes back on.
        a.thetaValid = false;
      }
      this.ikRestored = true;
    }
    this.pose3();
  }

  private advance(a: AnimState, dTa: number): void {
    const an = a.analysis;
    a.poseTime = a.reproductionTime;
    a.reproductionTime += dTa;
    a.animationTime = a.clip.wrap(a.animationTime + dTa);
    const frame = Math.min(an.frames - 1, Math.floor(a.animationTime / an.frameTime + 1e-9));
    a.onNewFrame = frame !== a.frame;
    a.frame = frame;
  }

  private activate(a: AnimState, on: boolean): void {
    if (on && !a.active) {
      a.active = true;
      a.onNewFrame = true;
    } else if (!on && a.active) {
      a.active = false;
      a.clear();
    }
  }

  /** Rep time at which the clip's current frame began. */
  private frameRepTime(a: AnimState): number {
    return a.reproductionTime - (a.animationTime - a.frame * a.analysis.frameTime);
  }

  /** Trajectories on a new frame (seed 000 §6.4–6.8), after recording where things really are. */
  private generate(a: AnimState): void {
    const an = a.analysis;
    const tRep = this.frameRepTime(a);
    const tA = a.frame * an.frameTime;
    // Where the feet and hips really are, into the histories (trimmed to two cycles). The pose
    // was computed last tick, so it is stamped with that tick's time, not the frame's start:
    // stamped later than it was, every plan would start a little behind and the walk would lag
    // more the longer the ticks.
    const m = this.matrices;
    for (let c = 0; c < 2; c++) {
      const ee = this.rig.legs[c]!.ee;
      const h = a.eeHistory[c]!;
      h.push(a.poseTime, m[16 * ee + 12]!, m[16 * ee + 13]!, m[16 * ee + 14]!);
      h.trimBefore(tRep - 2 * an.duration);
    }
    a.hipHistory.push(a.poseTime, this.position[0]!, this.position[1]!, this.position[2]!);
    a.hipHistory.trimBefore(tRep - 2 * an.duration);

    if (an.kind === 'idle') {
      this.fixTrajectories(a, tRep, tA);
      return;
    }
    let valid = true;
    const targets: [LIC | null, LIC | null] = [null, null];
    for (let c = 0; c < 2; c++) {
      const r = this.eeTrajectory(a, c, tRep, tA);
      if (!r) valid = false;
      targets[c] = r;
    }
    if (!valid) {
      if (!a.fixed) {
        a.fixed = true;
        a.fixedFrame = a.frame;
        a.freezeAt(a.frame);
        this.frozenSteps++;
      }
      this.fixTrajectories(a, tRep, tA);
      return;
    }
    if (a.fixed) {
      // Valid again: the walk resumes with its own rotations.
      a.fixed = false;
      a.restoreRotations();
      a.thetaValid = false;
    }
    const tNext = tRep + an.frameTime;
    for (let c = 0; c < 2; c++)
      a.eeTarget[c] = this.assign(a.eeTarget[c] ?? null, targets[c]!, tNext, an);
    a.hipTarget = this.assign(a.hipTarget, this.hipTrajectory(a, tRep, tA), tNext, an);
    a.motionInitialized = true;
  }

  /** Replace the old target, or blend from it over a few frames after the next one (§6.4). */
  private assign(old: LIC | null, next: LIC, tNext: number, an: WalkAnalysis): LIC {
    if (!old || !old.inRange(tNext)) return next;
    return LIC.transitionSoft(
      old,
      next,
      tNext,
      tNext + SOFT_WINDOW * an.frameTime,
      new LIC(next.length + old.length),
    );
  }

  /**
   * A foot's target trajectory for the original sub-trajectory under the current frame (§6.5):
   * its start from history (or a candidate search), its end by a candidate search towards where
   * the hips will be, the original fitted between them, and a step reshaped above the ground.
   * Returns null when stride validation finds the step too steep.
   */
  private eeTrajectory(a: AnimState, c: number, tRep: number, tA: number): LIC | null {
    const an = a.analysis;
    const foot = an.feet[c]!;
    const sub = subAt(foot, tA) ?? foot.subs[0]!;
    a.current[c] = sub;
    const so = sub.curve;
    const shift = tRep - tA;
    const target = new LIC(so.length).copyFrom(so).offsetTValues(shift);
    const tRep0 = so.startTime + shift;
    const hist = a.eeHistory[c]!;
    const dirF = [-Math.sin(this.facing), Math.cos(this.facing)];
    const o0 = so.pointAt(0, new Float64Array(3));
    const oN = so.pointAt(so.length - 1, new Float64Array(3));
    const oNow = so.evalCurve(tA, new Float64Array(3));
    // Step 1: the start.
    const start = new Float64Array(3);
    if (a.motionInitialized && hist.inRange(tRep0) && tRep0 >= hist.startTime) {
      hist.evalCurve(tRep0, start);
      // The course's one change here: a start the foot reached below the ground (IK fell short)
      // is lifted onto it, so a stance does not inherit the error for its whole length.
      start[2] = Math.max(start[2]!, this.ground(start[0]!, start[1]!) + sub.supportStart);
    } else {
      const ref = hist.evalCurve(tRep, new Float64Array(3));
      const back = Math.hypot(oNow[0]! - o0[0]!, oNow[1]! - o0[1]!);
      let dx = oN[0]! - o0[0]!;
      let dy = oN[1]! - o0[1]!;
      const l = Math.hypot(dx, dy);
      // The original's direction turned to the facing; a planted foot has none: the facing.
      if (l > 1e-6) {
        const cs = Math.cos(this.facing);
        const sn = Math.sin(this.facing);
        [dx, dy] = [(cs * dx - sn * dy) / l, (sn * dx + cs * dy) / l];
      } else [dx, dy] = dirF as [number, number];
      this.candidateAlong(ref[0]!, ref[1]!, -dx, -dy, back, 0, 0, start);
      start[2] = start[2]! + sub.supportStart;
    }
    // Step 2: the end, where the foot should land relative to where the hips will be.
    const hipNow = this.hipNow(a, tRep);
    const tExtN = so.endTime;
    const travel = this.hipTravel(an, tA, tExtN);
    const hx = hipNow[0]! + dirF[0]! * travel;
    const hy = hipNow[1]! + dirF[1]! * travel;
    const hipO = this.hipOriginal(an, tExtN, this.v);
    const ox = hipO[0]! - oN[0]!;
    const oy = hipO[1]! - oN[1]!;
    const cs = Math.cos(this.facing);
    const sn = Math.sin(this.facing);
    const ex = hx - (cs * ox - sn * oy);
    const ey = hy - (sn * ox + cs * oy);
    let ddx = ex - start[0]!;
    let ddy = ey - start[1]!;
    const dl = Math.hypot(ddx, ddy);
    if (dl > 1e-9) {
      ddx /= dl;
      ddy /= dl;
    } else [ddx, ddy] = dirF as [number, number];
    const stride = Math.hypot(oN[0]! - o0[0]!, oN[1]! - o0[1]!, oN[2]! - o0[2]!);
    const end = new Float64Array(3);
    const err = this.candidateAlong(
      start[0]!,
      start[1]!,
      ddx,
      ddy,
      stride,
      sub.supportStart,
      sub.supportEnd,
      end,
      start[2]!,
    );
    if (sub.kind === 'static' && err > STATIC_FALLBACK * stride) {
      end[0] = start[0]! + ddx * stride;
      end[1] = start[1]! + ddy * stride;
      end[2] = this.ground(end[0]!, end[1]!) + sub.supportEnd;
    }
    if (sub.kind === 'dynamic' && this.options.validateStrides) {
      const other = a.eeHistory[1 - c]!;
      const zOther = other.length ? other.coord(other.length - 1, 2) : end[2]!;
      const legLength = (this.rig.rigHeight * this.rig.scale) / 2;
      if (Math.abs(zOther - end[2]!) >= VALIDATION_SHARE * legLength) return null;
    }
    // Step 3: fit, correct, assign.
    // Turned to the facing first (as the hips' curve is): fitEnds then only corrects a little.
    // Left to fitEnds alone, a character facing back along the clip's +Y would have its steps
    // turned half a circle about a horizontal axis, and every swing would arc into the ground.
    target.rotateAboutZ(this.facing, target.coord(0, 0), target.coord(0, 1));
    target.fitEnds(start, end);
    if (sub.kind === 'dynamic' && this.options.correctStrides && target.length > 2) {
      const last = target.length - 1;
      target.setCurvePoint(last, end[0]!, end[1]!, this.ground(end[0]!, end[1]!) + sub.supportEnd);
      const opts = {
        ...STRIDE_DESCENT,
        targetArgDelta: this.rig.rigHeight * this.rig.scale * 1e-5,
      };
      this.corrector.correct(
        target,
        (i) =>
          this.ground(target.coord(i, 0), target.coord(i, 1)) +
          sub.supportStart +
          ((sub.supportEnd - sub.supportStart) * i) / last,
        opts,
      );
      if (this.corrector.clamped > 0) this.correctedSteps++;
    }
    return target;
  }

  /**
   * The seed's candidate search: 20 points along (dx, dy) from (x, y) at fractions i/20 of
   * `distance`, each on the terrain plus a support height lerped from s0 to s1; returns in
   * `out` the one whose 3D distance from the reference (on the terrain, or at height `refZ`) is
   * closest to `distance`, and the error.
   */
  private candidateAlong(
    x: number,
    y: number,
    dx: number,
    dy: number,
    distance: number,
    s0: number,
    s1: number,
    out: Float64Array,
    refZ = this.ground(x, y),
  ): number {
    out[0] = x;
    out[1] = y;
    out[2] = this.ground(x, y) + s0;
    if (!(distance > 1e-9)) return 0;
    let best = Infinity;
    for (let i = 1; i <= CANDIDATES; i++) {
      const u = i / CANDIDATES;
      const cx = x + dx * distance * u;
      const cy = y + dy * distance * u;
      const cz = this.ground(cx, cy) + s0 + (s1 - s0) * u;
      const e = Math.abs(Math.hypot(cx - x, cy - y, cz - refZ) - distance);
      if (e < best) {
        best = e;
        out[0] = cx;
        out[1] = cy;
        out[2] = cz;
      }
    }
    return best;
  }

  /** The hips now: on their target curve if there is one, else where they last were. */
  private hipNow(a: AnimState, tRep: number): Float64Array {
    if (a.hipTarget && a.hipTarget.inRange(tRep)) return a.hipTarget.evalCurve(tRep, this.w);
    this.w.set(this.position);
    return this.w;
  }

  /** The original hips at extended animation time t (past the clip: one cycle on per lap). */
  private hipOriginal(an: WalkAnalysis, t: number, out: Float64Array): Float64Array {
    const laps = Math.floor(t / an.duration);
    an.hip.evalCurve(t - laps * an.duration, out);
    out[0] = out[0]! + laps * an.cycle[0]!;
    out[1] = out[1]! + laps * an.cycle[1]!;
    return out;
  }

  /** A foot's original position at extended time t. */
  private footOriginal(an: WalkAnalysis, c: number, t: number, out: Float64Array): Float64Array {
    const p = an.feet[c]!.positions;
    const n = an.frames;
    const f = t / an.frameTime;
    const k = Math.floor(f);
    const u = f - k;
    const l0 = Math.floor(k / n);
    const l1 = Math.floor((k + 1) / n);
    const i0 = 3 * (k - l0 * n);
    const i1 = 3 * (k + 1 - l1 * n);
    for (let axis = 0; axis < 3; axis++) {
      const lap = axis < 2 ? an.cycle[axis]! : 0;
      const a = p[i0 + axis]! + l0 * lap;
      const b = p[i1 + axis]! + l1 * lap;
      out[axis] = a + (b - a) * u;
    }
    return out;
  }

  /** How far (XY) the original hips travel from extended time t0 to t1. */
  private hipTravel(an: WalkAnalysis, t0: number, t1: number): number {
    const a = this.hipOriginal(an, t0, HIP_A);
    const b = this.hipOriginal(an, t1, HIP_B);
    return Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!) * Math.sign(t1 - t0 || 1);
  }

  /**
   * The hips' target (§6.8): the original hip path over the time the longest foot target still
   * runs, turned to the facing and started where the hips were; each point's height the highest
   * that keeps both feet no further below the hips than in the original (the repo's iteration,
   * in closed form: min over the feet of foot target z + original hip-over-foot height).
   */
  private hipTrajectory(a: AnimState, tRep: number, tA: number): LIC {
    const an = a.analysis;
    const [t0, t1] = a.eeTarget;
    const base = t0 && t1 ? (t0.endTime >= t1.endTime ? t0 : t1) : (t0 ?? t1)!;
    const shift = tRep - tA;
    const e0 = base.startTime - shift;
    const e1 = base.endTime - shift;
    const curve = new LIC(an.frames + 2);
    const p = new Float64Array(3);
    const addAt = (te: number) => {
      this.hipOriginal(an, te, p);
      curve.push(te + shift, p[0]!, p[1]!, p[2]!);
    };
    addAt(e0);
    for (let k = Math.ceil(e0 / an.frameTime + 1e-6); k * an.frameTime < e1 - LIC.EPSILON; k++)
      addAt(k * an.frameTime);
    addAt(e1);
    // Start: the hips' history at the curve's start, else projected back from where they are.
    const start = new Float64Array(3);
    const hist = a.hipHistory;
    const tRep0 = curve.startTime;
    const fromHistory = a.motionInitialized && hist.inRange(tRep0) && tRep0 >= hist.startTime;
    if (fromHistory) hist.evalCurve(tRep0, start);
    else {
      const back = this.hipTravel(an, e0, tA);
      start[0] = this.position[0]! + Math.sin(this.facing) * back;
      start[1] = this.position[1]! - Math.cos(this.facing) * back;
    }
    // Turn the original to the facing about its first point, then move it to the start.
    const x0 = curve.coord(0, 0);
    const y0 = curve.coord(0, 1);
    curve.translate(-x0, -y0, 0).rotateAboutZ(this.facing).translate(start[0]!, start[1]!, 0);
    // Heights from the feet's targets.
    const ee = new Float64Array(3);
    for (let i = fromHistory ? 1 : 0; i < curve.length; i++) {
      const t = curve.timeAt(i);
      const te = t - shift;
      const hipZ = this.hipOriginal(an, te, p)[2]!;
      let z = Infinity;
      for (let c = 0; c < 2; c++) {
        const target = a.eeTarget[c];
        if (!target) continue;
        target.evalCurve(t, ee);
        const orig = this.footOriginal(an, c, te, this.v)[2]!;
        z = Math.min(z, ee[2]! + (hipZ - orig));
      }
      if (!Number.isFinite(z)) z = this.ground(curve.coord(i, 0), curve.coord(i, 1)) + hipZ;
      curve.setCurvePoint(i, curve.coord(i, 0), curve.coord(i, 1), z);
    }
    if (fromHistory) curve.setCurvePoint(0, start[0]!, start[1]!, start[2]!);
    return curve;
  }

  /**
   * Fixed trajectories (§6.6): every foot stays where it is, on the ground plus its support
   * height, and the hips stay over them at the height the original pose gives, for one clip
   * length. Used by the idle clip always, and by the walk when a stride is refused.
   */
  private fixTrajectories(a: AnimState, tRep: number, tA: number): void {
    const an = a.analysis;
    const t1 = tRep + an.duration;
    let hipZ = Infinity;
    const hip = this.hipOriginal(an, tA, this.v);
    for (let c = 0; c < 2; c++) {
      const h = a.eeHistory[c]!;
      const x = h.coord(h.length - 1, 0);
      const y = h.coord(h.length - 1, 1);
      const f = an.feet[c]!;
      const z = this.ground(x, y) + f.supportHeight[a.frame]!;
      const curve = new LIC(2);
      curve.push(tRep, x, y, z);
      curve.push(t1, x, y, z);
      a.eeTarget[c] = curve;
      const orig = f.positions[3 * a.frame + 2]!;
      hipZ = Math.min(hipZ, z + (hip[2]! - orig));
    }
    const hipCurve = new LIC(2);
    hipCurve.push(tRep, this.position[0]!, this.position[1]!, hipZ);
    hipCurve.push(t1, this.position[0]!, this.position[1]!, hipZ);
    const tNext = tRep + an.frameTime;
    a.hipTarget = this.assign(a.hipTarget, hipCurve, tNext, an);
    a.motionInitialized = true;
  }

  /**
   * Step 5: the hips on the active clips' hip targets, weighted by the cross-fade. The seed takes
   * the plain average of the two during a fade, which makes the hips jump when the fade starts
   * and ends; weighting them as the poses are weighted does not (a departure from the seed).
   */
  private placeHips(): void {
    let wsum = 0;
    let x = 0;
    let y = 0;
    let z = 0;
    for (let k = 0; k < 2; k++) {
      const a = this.anims[k]!;
      const w = k === 0 ? this.weight : 1 - this.weight;
      if (!a.active || !a.hipTarget || w <= 0) continue;
      a.hipTarget.evalCurve(a.reproductionTime, this.v);
      if (!this.v.every(Number.isFinite)) continue;
      x += w * this.v[0]!;
      y += w * this.v[1]!;
      z += w * this.v[2]!;
      wsum += w;
    }
    if (wsum > 0) {
      this.position[0] = x / wsum;
      this.position[1] = y / wsum;
      this.position[2] = z / wsum;
    }
  }

  /**
   * Step 6 for one clip: IK for its next frame (§7.3). Targets are the feet's trajectories at the
   * next frame's time, taken into model space by the transform predicted for then; θ starts at
   * the angles of the frame now showing (γ), ω is the original; the result is written into the
   * clip at the next frame, and the current frame is rewritten from the angle history.
   */
  private solve(a: AnimState): void {
    const an = a.analysis;
    const n = an.frames;
    const next = (a.frame + 1) % n;
    const tNext = this.frameRepTime(a) + an.frameTime;
    const ik = this.ik;
    // The predicted transform at the next frame.
    let hx = this.position[0]!;
    let hy = this.position[1]!;
    let hz = this.position[2]!;
    if (a.hipTarget) {
      a.hipTarget.evalCurve(tNext, this.v);
      if (this.v.every(Number.isFinite)) {
        hx = this.v[0]!;
        hy = this.v[1]!;
        hz = this.v[2]!;
      }
    }
    const phi = this.facing + this.turnSpeed * this.turn * an.frameTime;
    const cs = Math.cos(-phi);
    const sn = Math.sin(-phi);
    const s = this.rig.scale;
    for (let c = 0; c < 2; c++) {
      const t = a.eeTarget[c];
      if (t) t.evalCurve(tNext, this.v);
      else this.v.fill(NaN);
      this.worldTargets.set(this.v, 3 * c);
      const dx = this.v[0]! - hx;
      const dy = this.v[1]! - hy;
      const dz = this.v[2]! - hz;
      ik.targets[3 * c] = (cs * dx - sn * dy) / s;
      ik.targets[3 * c + 1] = (sn * dx + cs * dy) / s;
      ik.targets[3 * c + 2] = dz / s;
    }
    if (!ik.targets.every(Number.isFinite)) return;
    // The next frame's pose (original rotations) for everything the legs hang from.
    a.clip.sample(next * an.frameTime, this.walkPose.toBind());
    ik.setPose(this.walkPose);
    for (let k = 0; k < this.vars.length; k++) {
      ik.axis.set(an.axes.subarray(3 * (k * n + next), 3 * (k * n + next) + 3), 3 * k);
      ik.omega[k] = an.angles[k * n + next]!;
      // γ: the angles of the frame now showing; after skipped frames, blended towards the original.
      const orig = an.angles[k * n + a.frame]!;
      const skipped = a.thetaValid ? (a.frame - a.thetaFrame + n) % n : Infinity;
      ik.gamma[k] =
        skipped === 0 ? a.theta[k]! : skipped <= SKIP_LIMIT ? 0.6 * a.theta[k]! + 0.4 * orig : orig;
    }
    // The frame now showing is rewritten from the history, repaired as γ was: after skipped
    // frames it would otherwise keep angles solved a cycle ago for other ground (§7.3, §9.2).
    this.writeAngles(a, a.frame, ik.gamma);
    const t0 = performance.now();
    const r = this.options.fastSolver ? ik.solveLM() : ik.solve(IK_DESCENT);
    const ms = performance.now() - t0;
    if (!ik.theta.every(Number.isFinite)) return;
    a.theta.set(ik.theta);
    a.thetaFrame = next;
    a.thetaValid = true;
    this.writeAngles(a, next, ik.theta);
    if (this.options.alignFeet || a.footsAligned) {
      this.alignFeet(a, next, this.worldTargets);
      a.footsAligned = this.options.alignFeet;
    }
    const t = ik.terms;
    const rec = { af1: t.af1, bf2: t.bf2, cf3: t.cf3, F: t.F, steps: r.iterations, ms };
    this.lastDescent = rec;
    this.stats.af1.add(rec.af1);
    this.stats.bf2.add(rec.bf2);
    this.stats.cf3.add(rec.cf3);
    this.stats.F.add(rec.F);
    this.stats.steps.add(rec.steps);
    this.stats.ms.add(rec.ms);
  }

  private writeAngles(a: AnimState, frame: number, theta: Float64Array): void {
    const an = a.analysis;
    const n = an.frames;
    for (let k = 0; k < this.vars.length; k++) {
      const r = a.rotations.get(this.vars[k]!);
      if (!r) continue;
      const o = 3 * (k * n + frame);
      fromAxisAngle(this.q, an.axes.subarray(o, o + 3), theta[k]!);
      r.set(this.q, 4 * frame);
    }
  }

  /**
   * Beyond the seed: a foot planted at this frame is turned so it stands on the slope under its
   * target as the clip had it stand on the floor: its original orientation (facing × the clip's
   * rotations down the leg), tilted by the turn from up onto the terrain normal, whatever IK did
   * to the knee and hip above it. Frames where the foot swings keep the clip's rotation.
   */
  private alignFeet(a: AnimState, frame: number, targets: Float64Array): void {
    const an = a.analysis;
    const sk = this.rig.skeleton;
    const pose = this.walkPose; // the next frame's pose, as the solve used it
    this.rig.legs.forEach((leg, c) => {
      const r = a.rotations.get(leg.ee);
      const orig = a.originals.get(leg.ee);
      if (!r || !orig) return;
      r.set(orig.subarray(4 * frame, 4 * frame + 4), 4 * frame);
      if (!an.feet[c]!.support[frame]) return;
      // The terrain normal under the foot's target, by central differences of h.
      const x = targets[3 * c]!;
      const y = targets[3 * c + 1]!;
      const e = 0.05;
      const gx = (this.ground(x + e, y) - this.ground(x - e, y)) / (2 * e);
      const gy = (this.ground(x, y + e) - this.ground(x, y - e)) / (2 * e);
      const nl = Math.hypot(gx, gy, 1);
      const nx = -gx / nl;
      const ny = -gy / nl;
      const nz = 1 / nl;
      if (nz > 0.9999) return;
      // The turn taking up (0, 0, 1) onto n: about up × n by the angle between them.
      const ax = -ny;
      const ay = nx;
      const al = Math.hypot(ax, ay);
      fromAxisAngle(TURN, [ax / al, ay / al, 0], Math.acos(Math.min(1, nz)));
      // Where the clip had the foot, in the world: facing × its original rotations, root down.
      fromAxisAngle(WANT, Z_AXIS, this.facing);
      for (const j of sk.pathTo(leg.ee)) {
        const o = a.originals.get(j);
        if (o) mulQuat(WANT, WANT, o.subarray(4 * frame, 4 * frame + 4));
        else mulQuat(WANT, WANT, pose.r.subarray(4 * j, 4 * j + 4));
      }
      // Tilted onto the slope: the foot keeps the angle it had to the floor, now to the ground.
      mulQuat(WANT, TURN, WANT);
      // Its parent as IK left it: facing × the local rotations down to the knee.
      fromAxisAngle(PARENT, Z_AXIS, this.facing);
      for (const j of sk.pathTo(sk.joints[leg.ee]!.parent)) {
        const k = this.vars.indexOf(j);
        if (k >= 0) {
          const o = 3 * (k * an.frames + frame);
          fromAxisAngle(LOCAL_Q, an.axes.subarray(o, o + 3), this.ik.theta[k]!);
        } else LOCAL_Q.set(pose.r.subarray(4 * j, 4 * j + 4));
        mulQuat(PARENT, PARENT, LOCAL_Q);
      }
      // The foot's local rotation that puts it there: P⁻¹ · want.
      PARENT[0] = -PARENT[0]!;
      PARENT[1] = -PARENT[1]!;
      PARENT[2] = -PARENT[2]!;
      mulQuat(LOCAL_Q, PARENT, WANT);
      r.set(LOCAL_Q, 4 * frame);
    });
  }

  /** The pose: both clips sampled, blended by the cross-fade, placed at the hips. */
  private pose3(): void {
    this.walk.clip.sample(this.walk.animationTime, this.walkPose.toBind());
    this.idle.clip.sample(this.idle.animationTime, this.idlePose.toBind());
    this.pose.blend(this.idlePose, this.walkPose, this.weight);
    fromAxisAngle(this.q, Z_AXIS, this.facing);
    S3.fill(this.rig.scale);
    fromTRS(this.world, this.position, this.q, S3);
    forwardKinematics(this.pose, this.matrices, this.world);
  }

  /**
   * Each foot against the ground, by the clip's own reading of it: for a planted foot, its ankle
   * height minus (ground + the clip's support height there), so 0 is "standing as the clip
   * stood"; for a swinging foot, its ankle height over the ground minus the lowest support
   * height (below 0: the swing goes into the ground). From the clip that dominates the blend.
   */
  footGaps(gaps: Float64Array, planted: Uint8Array): void {
    const a = this.weight >= 0.5 ? this.walk : this.idle;
    const an = a.analysis;
    const frame = Math.max(0, a.frame);
    this.rig.legs.forEach((leg, c) => {
      const m = this.matrices;
      const x = m[16 * leg.ee + 12]!;
      const y = m[16 * leg.ee + 13]!;
      const z = m[16 * leg.ee + 14]!;
      const f = an.feet[c]!;
      planted[c] = f.support[frame]!;
      gaps[c] = planted[c]
        ? z - (this.ground(x, y) + f.supportHeight[frame]!)
        : z - this.ground(x, y) - f.lowestSupport;
    });
  }

  /** The hips: about the middle of the figure. */
  aimPoint(out: Float64Array): Float64Array {
    out.set(this.position);
    return out;
  }

  /** A joint's world position from the last update. */
  jointPosition(i: number, out: Float64Array): Float64Array {
    return jointPosition(this.matrices, i, out);
  }

  get skeleton() {
    return this.rig.skeleton;
  }
}

const Z_AXIS = Float64Array.of(0, 0, 1);
const TURN = new Float64Array(4);
const PARENT = new Float64Array(4);
const WANT = new Float64Array(4);
const LOCAL_Q = new Float64Array(4);
const S3 = new Float64Array(3);
const HIP_A = new Float64Array(3);
const HIP_B = new Float64Array(3);
