import { fromTRS } from '../math/mat4.ts';
import { conjugate, fromAxisAngle, mulQuat } from '../math/quat.ts';
import { AnimState } from './anim-state.ts';
import type { Character } from './character.ts';
import type { Clip } from './clip.ts';
import { IK_DESCENT, LegIK } from './leg-ik.ts';
import { forwardKinematics, jointPosition, Pose } from './pose.ts';
import { RunningStats } from './running-stats.ts';
import { TrajectoryGenerator } from './trajectory-generator.ts';
import type { TerrainSet } from './terrain3d.ts';
import { analyseWalk, type IKRigDef, SUPPORT_FACTOR, type SupportRule } from './walk-analysis.ts';

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

/** Frames a tick may skip before γ falls back to the clip's own angles (the repo's 5). */
const SKIP_LIMIT = 5;

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
  /** Plans the feet's and hips' target trajectories (seed 000 §6.4–6.8). */
  private readonly trajectories: TrajectoryGenerator;
  private readonly ik: LegIK;
  private readonly walkPose: Pose;
  private readonly idlePose: Pose;
  private readonly q = new Float64Array(4);
  private readonly v = new Float64Array(3);
  private readonly worldTargets = new Float64Array(6);
  private readonly vars: number[];
  /** Joint → its IK variable, or −1 (made once: foot alignment looks it up per joint). */
  private readonly varOf: Int32Array;
  /** Each foot's joints from the root down to it, and down to its parent. */
  private readonly footPaths: { toFoot: number[]; toParent: number[] }[];
  private ikRestored = true;

  constructor(
    readonly rig: IKRigDef,
    walkClip: Clip,
    idleClip: Clip,
    public terrain: TerrainSet | null,
    start: { x: number; y: number; facing?: number } = { x: 0, y: 0 },
    /** How the walk's support frames are read (each foot's own unless told; see SupportRule). */
    support: SupportRule = 'each',
  ) {
    this.vars = rig.legs.flatMap((l) => l.joints);
    this.varOf = new Int32Array(rig.skeleton.count).fill(-1);
    this.vars.forEach((j, k) => (this.varOf[j] = k));
    this.footPaths = rig.legs.map((l) => ({
      toFoot: rig.skeleton.pathTo(l.ee),
      toParent: rig.skeleton.pathTo(rig.skeleton.joints[l.ee]!.parent),
    }));
    const walking = analyseWalk(rig, walkClip, 'walk', SUPPORT_FACTOR, support);
    // A hop or a run cannot be planned one planted foot at a time: say so rather than slide.
    if (walking.cannotWalk)
      throw new Error(`this clip cannot be walked with: ${walking.cannotWalk}`);
    this.walk = new AnimState(walking, walkClip, rig.hip, this.vars.length);
    this.idle = new AnimState(
      analyseWalk(rig, idleClip, 'idle'),
      idleClip,
      rig.hip,
      this.vars.length,
    );
    this.anims = [this.walk, this.idle];
    this.trajectories = new TrajectoryGenerator(rig, this);
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

  /** Strides found too steep and frozen (validation on). */
  get frozenSteps(): number {
    return this.trajectories.frozenSteps;
  }

  /** Strides the corrector reshaped to clear the ground. */
  get correctedSteps(): number {
    return this.trajectories.correctedSteps;
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
    const dPhi = dTa * this.turnSpeed * this.turn;
    this.facing += dPhi;
    if (dPhi !== 0 && this.walk.fixed) this.pivotFrozen(dPhi);
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

  /**
   * Beyond the seed: a walk frozen by validation turns about the foot it stands on, so that foot
   * stays where it stood and only the other swings round. The seed turns the frozen figure about
   * its hips, and both feet swing round with the body: beside one of `three`'s cliffs a planted
   * foot went 6.8 units into the rock. The hips' and feet's held targets turn with it, so the
   * walk resumes from where the feet really are. Of two planted feet, the one whose heel is down
   * (its ankle nearest its lowest) is the pivot.
   */
  private pivotFrozen(dPhi: number): void {
    const a = this.walk;
    const an = a.analysis;
    const frame = Math.max(0, a.frame);
    let pivot = -1;
    let lift = Infinity;
    for (let c = 0; c < 2; c++) {
      const f = an.feet[c]!;
      const h = f.supportHeight[frame]! - f.lowestSupport;
      if (f.support[frame] && h < lift) {
        lift = h;
        pivot = c;
      }
    }
    if (pivot < 0) return;
    // The ankle as last shown: the figure turned about the vertical through it keeps it. During a
    // cross-fade to idle the hips are a blend of both clips' targets, so both turn.
    const ee = this.rig.legs[pivot]!.ee;
    const px = this.matrices[16 * ee + 12]!;
    const py = this.matrices[16 * ee + 13]!;
    for (const clip of this.anims) {
      if (!clip.active) continue;
      clip.hipTarget?.rotateAboutZ(dPhi, px, py);
      for (const t of clip.eeTarget) t?.rotateAboutZ(dPhi, px, py);
    }
  }

  private advance(a: AnimState, dTa: number): void {
    const an = a.analysis;
    a.poseTime = a.reproductionTime;
    a.reproductionTime += dTa;
    if (a.fixed) {
      // Frozen (§6.6): the clip's clock is held at the frozen frame, so the walk resumes from
      // the pose it stopped in. The seed lets the clock run on under the frozen pose, and on
      // resuming the legs jumped to wherever it had got (an ankle 7 units in one tick). The
      // strides are still checked once a frame's time, so a turn can free the walk.
      a.heldTime += dTa;
      a.onNewFrame = a.heldTime >= an.frameTime;
      if (a.onNewFrame) a.heldTime = 0;
      return;
    }
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

    this.trajectories.generate(a, tRep, tA);
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
    const pose = this.walkPose; // the next frame's pose, as the solve used it
    for (let c = 0; c < 2; c++) {
      const leg = this.rig.legs[c]!;
      const r = a.rotations.get(leg.ee);
      const orig = a.originals.get(leg.ee);
      if (!r || !orig) continue;
      r.set(orig.subarray(4 * frame, 4 * frame + 4), 4 * frame);
      if (!an.feet[c]!.support[frame]) continue;
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
      if (nz > 0.9999) continue;
      // The turn taking up (0, 0, 1) onto n: about up × n by the angle between them.
      const ax = -ny;
      const ay = nx;
      const al = Math.hypot(ax, ay);
      TILT_AXIS[0] = ax / al;
      TILT_AXIS[1] = ay / al;
      fromAxisAngle(TURN, TILT_AXIS, Math.acos(Math.min(1, nz)));
      // Where the clip had the foot, in the world: facing × its original rotations, root down.
      fromAxisAngle(WANT, Z_AXIS, this.facing);
      for (const j of this.footPaths[c]!.toFoot) {
        const o = a.originals.get(j);
        if (o) mulQuat(WANT, WANT, o.subarray(4 * frame, 4 * frame + 4));
        else mulQuat(WANT, WANT, pose.r.subarray(4 * j, 4 * j + 4));
      }
      // Tilted onto the slope: the foot keeps the angle it had to the floor, now to the ground.
      mulQuat(WANT, TURN, WANT);
      // Its parent as IK left it: facing × the local rotations down to the knee.
      fromAxisAngle(PARENT, Z_AXIS, this.facing);
      for (const j of this.footPaths[c]!.toParent) {
        const k = this.varOf[j]!;
        if (k >= 0) {
          const o = 3 * (k * an.frames + frame);
          fromAxisAngle(LOCAL_Q, an.axes.subarray(o, o + 3), this.ik.theta[k]!);
        } else LOCAL_Q.set(pose.r.subarray(4 * j, 4 * j + 4));
        mulQuat(PARENT, PARENT, LOCAL_Q);
      }
      // The foot's local rotation that puts it there: P⁻¹ · want.
      mulQuat(LOCAL_Q, conjugate(PARENT, PARENT), WANT);
      r.set(LOCAL_Q, 4 * frame);
    }
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
    const m = this.matrices;
    for (let c = 0; c < 2; c++) {
      const ee = this.rig.legs[c]!.ee;
      const x = m[16 * ee + 12]!;
      const y = m[16 * ee + 13]!;
      const z = m[16 * ee + 14]!;
      const f = an.feet[c]!;
      planted[c] = f.support[frame]!;
      gaps[c] = planted[c]
        ? z - (this.ground(x, y) + f.supportHeight[frame]!)
        : z - this.ground(x, y) - f.lowestSupport;
    }
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
const TILT_AXIS = new Float64Array(3);
const TURN = new Float64Array(4);
const PARENT = new Float64Array(4);
const WANT = new Float64Array(4);
const LOCAL_Q = new Float64Array(4);
const S3 = new Float64Array(3);
