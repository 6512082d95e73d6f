import type { AnimState } from './anim-state.ts';
import type { DescentOptions } from './gradient-descent.ts';
import { LIC } from './lic.ts';
import { StrideCorrector } from './stride-corrector.ts';
import { type IKRigDef, subAt, type WalkAnalysis } from './walk-analysis.ts';

/** Seed 000's constants (§13.3) that the runtime uses. */
const CANDIDATES = 20;
const STATIC_FALLBACK = 0.5;
const VALIDATION_SHARE = 0.65;
/** transitionSoft's window, in frames after the next frame (the seed: 1 to 9). */
const SOFT_WINDOW = 3;
const STRIDE_DESCENT: DescentOptions = {
  learningRate: 1e-3,
  maxIterations: 600,
  targetArgDelta: 0, // set per rig: rigHeight·scale·1e-5
  momentum: true,
  softenSteps: true,
};

/** What the generator reads of the character it plans for. */
export interface Mover {
  readonly position: Float64Array;
  readonly facing: number;
  readonly options: { readonly correctStrides: boolean; readonly validateStrides: boolean };
  /** The ground height under (x, y), finite everywhere. */
  ground(x: number, y: number): number;
}

/**
 * Seed 000's TrajectoryGenerator (§6.4): on each new clip frame, where the feet and the hips
 * should go over the real ground, as curves in reproduction time that run as long as the
 * original sub-trajectories under the frame.
 */
export class TrajectoryGenerator {
  /** Strides found too steep and frozen (validation on), and strides reshaped by the corrector. */
  frozenSteps = 0;
  correctedSteps = 0;
  private readonly corrector = new StrideCorrector();
  private readonly v = new Float64Array(3);
  private readonly w = new Float64Array(3);
  private readonly made: [LIC | null, LIC | null] = [null, null];

  /** The stride descent for this rig: its stopping tolerance is rigHeight·scale·1e-5. */
  private readonly strideDescent: DescentOptions;
  private readonly holdReach: number;
  /** The step being corrected and its support heights at both ends, for `floorAt`. */
  private readonly floor = { curve: null as LIC | null, s0: 0, s1: 0 };
  /** hMin for point i of the step: the ground under it plus the support height lerped. */
  private readonly floorAt = (i: number): number => {
    const { curve, s0, s1 } = this.floor;
    if (!curve) return -Infinity;
    const last = Math.max(1, curve.length - 1);
    return this.mover.ground(curve.coord(i, 0), curve.coord(i, 1)) + s0 + ((s1 - s0) * i) / last;
  };

  constructor(
    private readonly rig: IKRigDef,
    private readonly mover: Mover,
  ) {
    // A foot this near its fixed target stands on it (half a percent of the rig height).
    this.holdReach = rig.rigHeight * rig.scale * 0.005;
    this.strideDescent = {
      ...STRIDE_DESCENT,
      targetArgDelta: rig.rigHeight * rig.scale * 1e-5,
    };
  }

  /**
   * New targets for the feet and hips of a clip on a new frame (§6.4–6.8): fixed trajectories
   * for the idle clip or a refused stride (§6.6, the walk frozen), else each foot's target and
   * the hips' target from them, blended into the old ones.
   */
  generate(a: AnimState, tRep: number, tA: number): void {
    const an = a.analysis;
    if (an.kind === 'idle') {
      this.fixTrajectories(a, tRep, tA, a.motionInitialized);
      return;
    }
    let valid = true;
    const targets = this.made;
    // A frozen walk's plans are the ones it resumes with if they are valid: made as from now.
    const resumedAt = a.fixed ? tRep : a.resumedAt;
    for (let c = 0; c < 2; c++) {
      const r = this.eeTrajectory(a, c, tRep, tA, resumedAt);
      if (!r) valid = false;
      targets[c] = r;
    }
    if (!valid) {
      for (let c = 0; c < 2; c++) a.giveCurve(c, targets[c]);
      if (!a.fixed) {
        a.fixed = true;
        a.freezeAt(a.frame);
        this.frozenSteps++;
        this.freezeWhereShown(a, tRep);
      }
      return;
    }
    if (a.fixed) {
      // Valid again: the walk resumes with its own rotations, from the frame it froze in (its
      // clock was held). That frame keeps the angles showing if the IK solved them; with IK
      // turned off meanwhile they are stale, and every frame gets the clip's own back.
      a.fixed = false;
      a.resumedAt = tRep;
      a.restoreRotations(a.thetaValid ? a.frame : -1);
    }
    for (let c = 0; c < 2; c++)
      a.eeTarget[c] = this.assign(a, c, a.eeTarget[c] ?? null, targets[c]!, tRep);
    a.hipTarget = this.assign(a, 2, a.hipTarget, this.hipTrajectory(a, tRep, tA), tRep);
    a.motionInitialized = true;
  }

  /**
   * Replace the old target, or blend from it into the new one (§6.4) over a window that ends a
   * few frames after the next frame. The seed starts the blend at the next frame; this course
   * starts it now. With ticks longer than a frame (a slow machine), a plan blended only from the
   * next frame on was replaced before it had any weight, and the walk fell behind its clip (5%
   * at 15 ticks a second; now under 1%). The blend keeps the old plan's points from where the
   * new plan starts (its sub-trajectory's start, at or before this frame): nothing reads a
   * target earlier than that, and kept they would pile up plan after plan.
   */
  private assign(a: AnimState, slot: number, old: LIC | null, next: LIC, tRep: number): LIC {
    const an = a.analysis;
    const tNext = tRep + an.frameTime;
    if (!old || !old.inRange(tNext)) {
      a.giveCurve(slot, old);
      return next;
    }
    const blended = LIC.transitionSoft(
      old,
      next,
      Math.min(a.reproductionTime, tNext),
      tNext + SOFT_WINDOW * an.frameTime,
      a.takeCurve(slot),
    ).trimBefore(next.startTime);
    a.giveCurve(slot, old);
    a.giveCurve(slot, next);
    return blended;
  }

  /**
   * A foot's target trajectory for the original sub-trajectory under the current frame (§6.5):
   * its start from history (or a candidate search), its end by a candidate search towards where
   * the hips will be, the original fitted between them, and a step reshaped above the ground.
   * Returns null when stride validation finds the step too steep. A part before `resumedAt`
   * (the frame a frozen walk walks on from) is left out.
   */
  private eeTrajectory(
    a: AnimState,
    c: number,
    tRep: number,
    tA: number,
    resumedAt: number,
  ): LIC | null {
    const an = a.analysis;
    const foot = an.feet[c]!;
    const sub = subAt(foot, tA) ?? foot.subs[0]!;
    const so = sub.curve;
    const shift = tRep - tA;
    const target = a.takeCurve(c).copyFrom(so).offsetTValues(shift);
    let tRep0 = so.startTime + shift;
    let resumed = false;
    // A stance or step that began before a frozen walk resumed: its part before the resume
    // never happened (the clip's clock stood while the foot stood). It starts at the resume,
    // where the foot stood, and keeps the rest of its shape; the end is a stride's rest away.
    // Read whole, a step frozen half-way restarted from its beginning at its frozen place, and
    // its target ran half a stride ahead of the foot at once (6 units on the hills).
    if (resumedAt > tRep0 && resumedAt < target.endTime) {
      target.cutBefore(resumedAt);
      tRep0 = target.startTime;
      resumed = true;
    }
    const hist = a.eeHistory[c]!;
    const fx = -Math.sin(this.mover.facing);
    const fy = Math.cos(this.mover.facing);
    const o0 = resumed ? so.evalCurve(tRep0 - shift, O_FIRST) : so.pointAt(0, O_FIRST);
    const oN = so.pointAt(so.length - 1, O_LAST);
    const oNow = so.evalCurve(tA, O_NOW);
    // Step 1: the start.
    const start = START;
    if (a.motionInitialized && hist.inRange(tRep0) && tRep0 >= hist.startTime) {
      hist.evalCurve(tRep0, start);
      // The course's one change here: a start the foot reached below the ground (IK fell short)
      // is lifted onto it, so a stance does not inherit the error for its whole length.
      start[2] = Math.max(start[2]!, this.mover.ground(start[0]!, start[1]!) + sub.supportStart);
    } else {
      const ref = hist.evalCurve(tRep, REF);
      const back = Math.hypot(oNow[0]! - o0[0]!, oNow[1]! - o0[1]!);
      let dx = oN[0]! - o0[0]!;
      let dy = oN[1]! - o0[1]!;
      const l = Math.hypot(dx, dy);
      // The original's direction turned to the facing; a planted foot has none: the facing.
      if (l > 1e-6) {
        const cs = Math.cos(this.mover.facing);
        const sn = Math.sin(this.mover.facing);
        const rx = (cs * dx - sn * dy) / l;
        dy = (sn * dx + cs * dy) / l;
        dx = rx;
      } else {
        dx = fx;
        dy = fy;
      }
      this.candidateAlong(ref[0]!, ref[1]!, -dx, -dy, back, 0, 0, start);
      start[2] = start[2]! + sub.supportStart;
    }
    // Step 2: the end, where the foot should land relative to where the hips will be.
    const hipNow = this.hipNow(a, tRep);
    const tExtN = so.endTime;
    const travel = this.hipTravel(an, tA, tExtN);
    const hx = hipNow[0]! + fx * travel;
    const hy = hipNow[1]! + fy * travel;
    const hipO = this.hipOriginal(an, tExtN, this.v);
    const ox = hipO[0]! - oN[0]!;
    const oy = hipO[1]! - oN[1]!;
    const cs = Math.cos(this.mover.facing);
    const sn = Math.sin(this.mover.facing);
    const ex = hx - (cs * ox - sn * oy);
    const ey = hy - (sn * ox + cs * oy);
    let ddx = ex - start[0]!;
    let ddy = ey - start[1]!;
    const dl = Math.hypot(ddx, ddy);
    if (dl > 1e-9) {
      ddx /= dl;
      ddy /= dl;
    } else {
      ddx = fx;
      ddy = fy;
    }
    const stride = Math.hypot(oN[0]! - o0[0]!, oN[1]! - o0[1]!, oN[2]! - o0[2]!);
    const end = END;
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
      end[2] = this.mover.ground(end[0]!, end[1]!) + sub.supportEnd;
    }
    if (sub.kind === 'dynamic' && this.mover.options.validateStrides) {
      const other = a.eeHistory[1 - c]!;
      const zOther = other.length ? other.coord(other.length - 1, 2) : end[2]!;
      const legLength = (this.rig.rigHeight * this.rig.scale) / 2;
      if (Math.abs(zOther - end[2]!) >= VALIDATION_SHARE * legLength) {
        a.giveCurve(c, target);
        return null;
      }
    }
    // Step 3: fit, correct, assign.
    // Turned to the facing first (as the hips' curve is): fitEnds then only corrects a little.
    // Left to fitEnds alone, a character facing back along the clip's +Y would have its steps
    // turned half a circle about a horizontal axis, and every swing would arc into the ground.
    target.rotateAboutZ(this.mover.facing, target.coord(0, 0), target.coord(0, 1));
    target.fitEnds(start, end);
    if (sub.kind === 'dynamic' && this.mover.options.correctStrides && target.length > 2) {
      const last = target.length - 1;
      target.setCurvePoint(
        last,
        end[0]!,
        end[1]!,
        this.mover.ground(end[0]!, end[1]!) + sub.supportEnd,
      );
      this.floor.curve = target;
      this.floor.s0 = sub.supportStart;
      this.floor.s1 = sub.supportEnd;
      this.corrector.correct(target, this.floorAt, this.strideDescent);
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
    refZ?: number,
  ): number {
    // The ground here, worked out once: it is the start candidate and the default reference.
    const here = this.mover.ground(x, y);
    const ref = refZ ?? here;
    out[0] = x;
    out[1] = y;
    out[2] = here + s0;
    if (!(distance > 1e-9)) return 0;
    let best = Infinity;
    for (let i = 1; i <= CANDIDATES; i++) {
      const u = i / CANDIDATES;
      const cx = x + dx * distance * u;
      const cy = y + dy * distance * u;
      const cz = this.mover.ground(cx, cy) + s0 + (s1 - s0) * u;
      const e = Math.abs(Math.hypot(cx - x, cy - y, cz - ref) - distance);
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
    this.w.set(this.mover.position);
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

  /** One point of the original hip path, at extended time te, shifted into rep time. */
  private pushHip(curve: LIC, an: WalkAnalysis, te: number, shift: number): void {
    const p = this.hipOriginal(an, te, HIP_P);
    curve.push(te + shift, p[0]!, p[1]!, p[2]!);
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
    // A walk that froze and resumed keeps its standing targets from the freeze on for a few
    // frames (blended into the new plans). Read through today's offset, the clip time of their
    // start lies back by the time it stood: the hips' path ran through the clip's travel over
    // that time (15 units on the cliffs of "three") in a blend window of four frames, and fell
    // through the hill. The hips' path starts no earlier than the resume.
    const e0 = Math.max(base.startTime, a.resumedAt) - shift;
    const e1 = base.endTime - shift;
    const curve = a.takeCurve(2);
    const p = HIP_P;
    this.pushHip(curve, an, e0, shift);
    for (let k = Math.ceil(e0 / an.frameTime + 1e-6); k * an.frameTime < e1 - LIC.EPSILON; k++)
      this.pushHip(curve, an, k * an.frameTime, shift);
    this.pushHip(curve, an, e1, shift);
    // Start: the hips' history at the curve's start, else projected back from where they are.
    const start = HIP_START;
    const hist = a.hipHistory;
    const tRep0 = curve.startTime;
    const fromHistory = a.motionInitialized && hist.inRange(tRep0) && tRep0 >= hist.startTime;
    if (fromHistory) hist.evalCurve(tRep0, start);
    else {
      const back = this.hipTravel(an, e0, tA);
      start[0] = this.mover.position[0]! + Math.sin(this.mover.facing) * back;
      start[1] = this.mover.position[1]! - Math.cos(this.mover.facing) * back;
      start[2] = 0;
    }
    // Turn the original to the facing about its first point, then move it to the start.
    const x0 = curve.coord(0, 0);
    const y0 = curve.coord(0, 1);
    curve.translate(-x0, -y0, 0).rotateAboutZ(this.mover.facing).translate(start[0]!, start[1]!, 0);
    // Heights from the feet's targets.
    const ee = EE;
    for (let i = fromHistory ? 1 : 0; i < curve.length; i++) {
      const t = curve.timeAt(i);
      const te = t - shift;
      const hipZ = this.hipOriginal(an, te, p)[2]!;
      let z = Infinity;
      for (let c = 0; c < 2; c++) {
        const target = a.eeTarget[c];
        if (!target) continue;
        // Past its target's ends (the feet's sub-trajectories do not end together), a foot is
        // taken to go on as in the clip from where its target ends: held there, its swing read
        // as standing at its landing pulled the hips down at each change of foot.
        const tc = Math.min(target.endTime, Math.max(target.startTime, t));
        target.evalCurve(tc, ee);
        const orig = this.footOriginal(an, c, tc - shift, this.v)[2]!;
        z = Math.min(z, ee[2]! + (hipZ - orig));
      }
      if (!Number.isFinite(z)) z = this.mover.ground(curve.coord(i, 0), curve.coord(i, 1)) + hipZ;
      curve.setCurvePoint(i, curve.coord(i, 0), curve.coord(i, 1), z);
    }
    if (fromHistory) curve.setCurvePoint(0, start[0]!, start[1]!, start[2]!);
    return curve;
  }

  /**
   * A frozen walk (§6.6) stands where it is shown: feet and hips held where they are, for good
   * (until the walk resumes). The seed fixes the feet at the ground under them plus the clip's
   * support height, and the hips from those, which does not fit the frozen pose on a slope.
   */
  private freezeWhereShown(a: AnimState, tRep: number): void {
    const far = tRep + 1e6;
    for (let c = 0; c < 2; c++) {
      const h = a.eeHistory[c]!;
      const last = h.length - 1;
      a.giveCurve(c, a.eeTarget[c]);
      a.eeTarget[c] = this.still(
        a,
        c,
        tRep,
        far,
        h.coord(last, 0),
        h.coord(last, 1),
        h.coord(last, 2),
      );
    }
    const p = this.mover.position;
    a.giveCurve(2, a.hipTarget);
    a.hipTarget = this.still(a, 2, tRep, far, p[0]!, p[1]!, p[2]!);
    a.motionInitialized = true;
  }

  /** A target standing at (x, y, z) from t0 to t1, in a curve taken for `slot`. */
  private still(
    a: AnimState,
    slot: number,
    t0: number,
    t1: number,
    x: number,
    y: number,
    z: number,
  ): LIC {
    const curve = a.takeCurve(slot);
    curve.push(t0, x, y, z);
    curve.push(t1, x, y, z);
    return curve;
  }

  /**
   * Fixed trajectories (§6.6): every foot stays where it is, on the ground plus its support
   * height, and the hips stay over them at the height the original pose gives, for one clip
   * length. Used by the idle clip (a walk whose stride is refused freezes where it is shown,
   * above). Once the feet are fixed (`held`) and a foot stands on its target, it stays where it
   * was fixed, not where it is now: the IK reaches a target only nearly, and re-fixing each
   * frame at the foot let the small miss add up, so a standing figure's feet crept 0.4 units
   * over 8 s towards the idle clip's stance. A foot that cannot reach its target (stopped
   * mid-stride, out of the idle leg's reach) is still fixed where it is, and so creeps to where
   * it can stand.
   */
  private fixTrajectories(a: AnimState, tRep: number, tA: number, held: boolean): void {
    const an = a.analysis;
    const t1 = tRep + an.duration;
    let hipZ = Infinity;
    const hip = this.hipOriginal(an, tA, this.v);
    for (let c = 0; c < 2; c++) {
      const h = a.eeHistory[c]!;
      const old = (held && a.eeTarget[c]) || null;
      const hx = h.coord(h.length - 1, 0);
      const hy = h.coord(h.length - 1, 1);
      const hz = h.coord(h.length - 1, 2);
      const standing =
        old !== null &&
        old.length > 0 &&
        Math.hypot(old.coord(0, 0) - hx, old.coord(0, 1) - hy, old.coord(0, 2) - hz) <=
          this.holdReach;
      const x = standing ? old!.coord(0, 0) : hx;
      const y = standing ? old!.coord(0, 1) : hy;
      const f = an.feet[c]!;
      const z = this.mover.ground(x, y) + f.supportHeight[a.frame]!;
      a.giveCurve(c, a.eeTarget[c]);
      a.eeTarget[c] = this.still(a, c, tRep, t1, x, y, z);
      const orig = f.positions[3 * a.frame + 2]!;
      hipZ = Math.min(hipZ, z + (hip[2]! - orig));
    }
    const p = this.mover.position;
    const hipCurve = this.still(a, 2, tRep, t1, p[0]!, p[1]!, hipZ);
    a.hipTarget = this.assign(a, 2, a.hipTarget, hipCurve, tRep);
    a.motionInitialized = true;
  }
}

// Scratch points: the planner runs on every new clip frame and keeps none of these.
const HIP_A = new Float64Array(3);
const HIP_B = new Float64Array(3);
const HIP_P = new Float64Array(3);
const HIP_START = new Float64Array(3);
const EE = new Float64Array(3);
const O_FIRST = new Float64Array(3);
const O_LAST = new Float64Array(3);
const O_NOW = new Float64Array(3);
const START = new Float64Array(3);
const END = new Float64Array(3);
const REF = new Float64Array(3);
