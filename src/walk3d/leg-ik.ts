import { fromTRS, identity4, mul4 } from '../math/mat4.ts';
import { type DescentOptions, type DescentProblem, GradientDescent } from './gradient-descent.ts';
import { forwardKinematics, type Pose } from './pose.ts';
import type { Skeleton } from './skeleton.ts';

/** A leg as seed 000 chains it: the joints IK may turn (root first), and the end-effector. */
export interface ChainDef {
  joints: number[];
  ee: number;
}

/** The seed's defaults (§7.5): lr 0.01, 300 iterations, steps under 0.001. */
export const IK_DESCENT: DescentOptions = {
  learningRate: 0.01,
  maxIterations: 300,
  targetArgDelta: 1e-3,
  momentum: false,
  softenSteps: true,
};

/** The three terms and their total, each with its weight (as the seed's Tables 4.1/4.2). */
export interface IKTerms {
  af1: number;
  bf2: number;
  cf3: number;
  F: number;
}

/**
 * Seed 000's InverseKinematics (§7): every chain joint is a hinge about a fixed axis (its
 * original rotation's axis at the frame being solved), with one angle θ_k. The cost is
 *
 *   F(θ) = a·f1 + b·f2 + c·f3,  f1 = Σ‖eePos(θ) − eeTarget‖²,  f2 = ‖θ − ω‖²,  f3 = ‖θ − γ‖²
 *
 * with ω the original angles and γ the previous frame's. Its gradient is analytic: for joint k,
 * eePos = M_A · R(θ_k) · b (M_A the transforms above the joint and its offset, b the leg below
 * it, eq. 4.3), so ∂eePos/∂θ_k = M_A · ∂R/∂θ_k · b (Annex B).
 *
 * Everything is in the character's model space (file units). Allocation-free per solve.
 */
export class LegIK implements DescentProblem {
  readonly size: number;
  /** Variable k: which joint, which chain; its axis (unit), ω, γ, and the current θ. */
  readonly joint: Int32Array;
  readonly chainOf: Int32Array;
  readonly axis: Float64Array;
  readonly omega: Float64Array;
  readonly gamma: Float64Array;
  readonly theta: Float64Array;
  private readonly lm: {
    grad: Float64Array;
    h: Float64Array;
    rhs: Float64Array;
    sys: Float64Array;
    step: Float64Array;
    trial: Float64Array;
    cols: Float64Array;
  };
  /** One target per chain (model space). */
  readonly targets: Float64Array;
  /** Where each chain's end-effector is for the current θ (after evaluate). */
  readonly eePos: Float64Array;
  a = 1;
  b = 2;
  c = 4;
  readonly terms: IKTerms = { af1: 0, bf2: 0, cf3: 0, F: 0 };
  private readonly model: Float64Array;
  private readonly first: Int32Array;
  // Per variable: the transform above its rotation (M_A) and the leg below it (b), reused.
  private readonly above: Float64Array;
  private readonly below: Float64Array;
  private readonly gd = new GradientDescent();
  private readonly tmp = new Float64Array(16);
  private readonly rot = new Float64Array(16);
  private readonly local = new Float64Array(16);
  private readonly q = new Float64Array(4);

  constructor(
    readonly skeleton: Skeleton,
    readonly chains: ChainDef[],
  ) {
    const joints = chains.flatMap((c) => c.joints);
    this.size = joints.length;
    this.joint = Int32Array.from(joints);
    this.chainOf = Int32Array.from(chains.flatMap((c, i) => c.joints.map(() => i)));
    this.first = Int32Array.from(chains.map((_, i) => this.chainOf.indexOf(i)));
    this.axis = new Float64Array(3 * this.size);
    this.omega = new Float64Array(this.size);
    this.gamma = new Float64Array(this.size);
    this.theta = new Float64Array(this.size);
    const n = this.size;
    // Levenberg–Marquardt's scratch, sized for this many angles (legs may have extra joints).
    this.lm = {
      grad: new Float64Array(n),
      h: new Float64Array(n * n),
      rhs: new Float64Array(n),
      sys: new Float64Array(n * (n + 1)),
      step: new Float64Array(n),
      trial: new Float64Array(n),
      cols: new Float64Array(3 * n),
    };
    this.targets = new Float64Array(3 * chains.length);
    this.eePos = new Float64Array(3 * chains.length);
    this.model = new Float64Array(16 * skeleton.count);
    this.above = new Float64Array(16 * this.size);
    this.below = new Float64Array(4 * this.size);
  }

  /**
   * Takes the pose of the frame being solved (the original rotations) for everything the chains
   * hang from: their parents' model transforms are fixed during the solve.
   */
  setPose(pose: Pose): void {
    this.pose = pose;
    forwardKinematics(pose, this.model);
  }
  private pose: Pose | null = null;

  /** F(θ), with its gradient in `grad`, and the terms and end-effector positions kept. */
  evaluate(theta: Float64Array, grad: Float64Array): number {
    this.chainTransforms(theta);
    let f1 = 0;
    let f2 = 0;
    let f3 = 0;
    for (let k = 0; k < this.size; k++) grad[k] = 0;
    for (let c = 0; c < this.chains.length; c++) {
      const ex = this.eePos[3 * c]! - this.targets[3 * c]!;
      const ey = this.eePos[3 * c + 1]! - this.targets[3 * c + 1]!;
      const ez = this.eePos[3 * c + 2]! - this.targets[3 * c + 2]!;
      f1 += ex * ex + ey * ey + ez * ez;
      for (let k = this.first[c]!; k < this.size && this.chainOf[k] === c; k++) {
        this.jacobianColumn(theta, k, J);
        grad[k] = grad[k]! + this.a * 2 * (ex * J[0]! + ey * J[1]! + ez * J[2]!);
      }
    }
    for (let k = 0; k < this.size; k++) {
      const d2 = theta[k]! - this.omega[k]!;
      const d3 = theta[k]! - this.gamma[k]!;
      f2 += d2 * d2;
      f3 += d3 * d3;
      grad[k] = grad[k]! + 2 * this.b * d2 + 2 * this.c * d3;
    }
    const t = this.terms;
    t.af1 = this.a * f1;
    t.bf2 = this.b * f2;
    t.cf3 = this.c * f3;
    t.F = t.af1 + t.bf2 + t.cf3;
    return t.F;
  }

  /** The seed's solve: θ starts at γ, regular gradient descent with its defaults (or `o`). */
  solve(o: DescentOptions = IK_DESCENT): { iterations: number; converged: boolean } {
    this.theta.set(this.gamma);
    const r = this.gd.run(this, this.theta, o);
    return { iterations: r.iterations, converged: r.converged };
  }

  /**
   * The course's faster solve on the same cost: Levenberg–Marquardt. F is a sum of squares
   * (a‖e‖², b‖θ−ω‖², c‖θ−γ‖²), so each step solves (JᵀJ + μI)Δ = −Jᵀr for all angles at once,
   * shrinking μ when F drops and growing it when it does not. Stops when a step moves no angle
   * more than `tol`, or after `maxSteps` linear solves. `onStep` sees every accepted step.
   */
  solveLM(
    maxSteps = 50,
    tol = 1e-3,
    onStep?: (theta: Float64Array) => void,
  ): { iterations: number; converged: boolean } {
    const n = this.size;
    const th = this.theta;
    th.set(this.gamma);
    let F = this.evaluate(th, this.lm.grad);
    let mu = 1e-3;
    let steps = 0;
    while (steps < maxSteps) {
      this.normalEquations(th);
      let accepted = false;
      while (steps < maxSteps && !accepted) {
        steps++;
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < n; j++)
            this.lm.sys[i * (n + 1) + j] = this.lm.h[i * n + j]! + (i === j ? mu : 0);
          this.lm.sys[i * (n + 1) + n] = -this.lm.rhs[i]!;
        }
        if (!solveLinear(this.lm.sys, n, this.lm.step)) {
          mu *= 10;
          continue;
        }
        for (let i = 0; i < n; i++) this.lm.trial[i] = th[i]! + this.lm.step[i]!;
        const Ft = this.evaluate(this.lm.trial, this.lm.grad);
        if (Ft <= F) {
          for (let i = 0; i < n; i++) th[i] = this.lm.trial[i]!;
          F = Ft;
          mu = Math.max(1e-9, mu / 3);
          accepted = true;
          onStep?.(th);
        } else mu *= 4;
        let big = 0;
        for (let i = 0; i < n; i++) big = Math.max(big, Math.abs(this.lm.step[i]!));
        if (big < tol) {
          this.evaluate(th, this.lm.grad);
          return { iterations: steps, converged: true };
        }
      }
    }
    this.evaluate(th, this.lm.grad);
    return { iterations: steps, converged: false };
  }

  /**
   * The end-effector's derivative by θ_k: M_A · ∂R/∂θ_k · b (needs chainTransforms first),
   * written at `out[at..at+2]`.
   */
  jacobianColumn(theta: Float64Array, k: number, out: Float64Array, at = 0): Float64Array {
    dRotation(this.axis, 3 * k, theta[k]!, this.rot);
    const A = this.above;
    const o = 16 * k;
    const b = this.below;
    const bo = 4 * k;
    // v = dR · b (w stays 0: dR has no translation), then M_A · v.
    let vx = 0;
    let vy = 0;
    let vz = 0;
    for (let j = 0; j < 3; j++) {
      vx += this.rot[4 * j]! * b[bo + j]!;
      vy += this.rot[4 * j + 1]! * b[bo + j]!;
      vz += this.rot[4 * j + 2]! * b[bo + j]!;
    }
    out[at] = A[o]! * vx + A[o + 4]! * vy + A[o + 8]! * vz;
    out[at + 1] = A[o + 1]! * vx + A[o + 5]! * vy + A[o + 9]! * vz;
    out[at + 2] = A[o + 2]! * vx + A[o + 6]! * vy + A[o + 10]! * vz;
    return out;
  }

  /**
   * Builds, for θ, each variable's M_A (the chain's parent transform times everything down to the
   * joint's own offset) and b (the leg below the rotation, to the end-effector, as a point), and
   * the end-effector positions.
   */
  chainTransforms(theta: Float64Array): void {
    const joints = this.skeleton.joints;
    const pose = this.pose!;
    for (let c = 0; c < this.chains.length; c++) {
      const start = this.first[c]!;
      let end = start;
      while (end < this.size && this.chainOf[end] === c) end++;
      // Downwards: M_A for each variable.
      const parent = joints[this.joint[start]!]!.parent;
      // Copied by index: a subarray view would allocate on every evaluation of the descent.
      if (parent >= 0) for (let i = 0; i < 16; i++) this.tmp[i] = this.model[16 * parent + i]!;
      else identity4(this.tmp);
      for (let k = start; k < end; k++) {
        const j = this.joint[k]!;
        translateRight(this.tmp, pose.t, 3 * j, this.above, 16 * k);
        // Then this joint's rotation and scale, for the next variable.
        rotationMatrix(this.axis, 3 * k, theta[k]!, this.rot);
        mul4(this.tmp, this.above, this.rot, 0, 16 * k, 0);
        scaleRight(this.tmp, pose.s, 3 * j);
        // Any fixed joints between this variable and the next (or the end-effector) ride along.
        const next = k + 1 < end ? this.joint[k + 1]! : this.chains[c]!.ee;
        this.fixedBetween(j, next, this.tmp);
      }
      // The end-effector: the last transform applied to its offset.
      const ee = this.chains[c]!.ee;
      const eo = 3 * ee;
      const T = this.tmp;
      const lx = pose.t[eo]!;
      const ly = pose.t[eo + 1]!;
      const lz = pose.t[eo + 2]!;
      this.eePos[3 * c] = T[0]! * lx + T[4]! * ly + T[8]! * lz + T[12]!;
      this.eePos[3 * c + 1] = T[1]! * lx + T[5]! * ly + T[9]! * lz + T[13]!;
      this.eePos[3 * c + 2] = T[2]! * lx + T[6]! * ly + T[10]! * lz + T[14]!;
      // Upwards: b for each variable, the end-effector seen just below its rotation.
      let bx = lx;
      let by = ly;
      let bz = lz;
      for (let k = end - 1; k >= start; k--) {
        const j = this.joint[k]!;
        const next = k + 1 < end ? this.joint[k + 1]! : ee;
        // Fixed joints between j and next, then next's offset: applied bottom-up to the point.
        if (k + 1 < end) {
          // b_{k+1} is below next's rotation: rotate it by next's R, then add next's offset.
          rotationMatrix(this.axis, 3 * (k + 1), theta[k + 1]!, this.rot);
          const sx = pose.s[3 * next]! * bx;
          const sy = pose.s[3 * next + 1]! * by;
          const sz = pose.s[3 * next + 2]! * bz;
          const rx = this.rot[0]! * sx + this.rot[4]! * sy + this.rot[8]! * sz;
          const ry = this.rot[1]! * sx + this.rot[5]! * sy + this.rot[9]! * sz;
          const rz = this.rot[2]! * sx + this.rot[6]! * sy + this.rot[10]! * sz;
          bx = rx + pose.t[3 * next]!;
          by = ry + pose.t[3 * next + 1]!;
          bz = rz + pose.t[3 * next + 2]!;
        }
        // Fixed joints strictly between j and next (rare in legs): their local transforms.
        this.applyFixedBetween(j, next, PT.set3(bx, by, bz));
        bx = PT.v[0]!;
        by = PT.v[1]!;
        bz = PT.v[2]!;
        this.below[4 * k] = pose.s[3 * j]! * bx;
        this.below[4 * k + 1] = pose.s[3 * j + 1]! * by;
        this.below[4 * k + 2] = pose.s[3 * j + 2]! * bz;
        this.below[4 * k + 3] = 1;
      }
    }
  }

  /** Multiplies `m` on the right by the local transforms of the joints strictly between a and b. */
  private fixedBetween(a: number, b: number, m: Float64Array): void {
    const path = this.between(a, b);
    for (let i = 0; i < path.length; i++) {
      const j = path[i]!;
      const pose = this.pose!;
      fromTRS(this.local, pose.t, pose.r, pose.s, 3 * j, 4 * j, 3 * j);
      mul4(m, m, this.local);
    }
  }

  /** Applies the local transforms of the joints strictly between a and b to a point (bottom-up). */
  private applyFixedBetween(a: number, b: number, p: typeof PT): void {
    const path = this.between(a, b);
    for (let i = path.length - 1; i >= 0; i--) {
      const j = path[i]!;
      const pose = this.pose!;
      fromTRS(this.local, pose.t, pose.r, pose.s, 3 * j, 4 * j, 3 * j);
      const L = this.local;
      const x = p.v[0]!;
      const y = p.v[1]!;
      const z = p.v[2]!;
      p.v[0] = L[0]! * x + L[4]! * y + L[8]! * z + L[12]!;
      p.v[1] = L[1]! * x + L[5]! * y + L[9]! * z + L[13]!;
      p.v[2] = L[2]! * x + L[6]! * y + L[10]! * z + L[14]!;
    }
  }

  private readonly paths = new Map<number, number[]>();
  /** The joints strictly between ancestor a and descendant b, top-down (cached). */
  private between(a: number, b: number): number[] {
    const key = a * 4096 + b;
    let path = this.paths.get(key);
    if (!path) {
      path = [];
      for (
        let j = this.skeleton.joints[b]!.parent;
        j >= 0 && j !== a;
        j = this.skeleton.joints[j]!.parent
      )
        path.unshift(j);
      this.paths.set(key, path);
    }
    return path;
  }

  /** this.lm.h = JᵀJ and this.lm.rhs = Jᵀr for the weighted residuals at θ (for Levenberg–Marquardt). */
  private normalEquations(theta: Float64Array): void {
    const n = this.size;
    this.evaluate(theta, this.lm.grad);
    this.lm.h.fill(0, 0, n * n);
    // Reach rows: √a·(ee − target), one block per chain.
    for (let c = 0; c < this.chains.length; c++) {
      const start = this.first[c]!;
      let end = start;
      while (end < n && this.chainOf[end] === c) end++;
      for (let k = start; k < end; k++) this.jacobianColumn(theta, k, this.lm.cols, 3 * k);
      for (let i = start; i < end; i++)
        for (let j = start; j < end; j++)
          this.lm.h[i * n + j] =
            this.a *
            (this.lm.cols[3 * i]! * this.lm.cols[3 * j]! +
              this.lm.cols[3 * i + 1]! * this.lm.cols[3 * j + 1]! +
              this.lm.cols[3 * i + 2]! * this.lm.cols[3 * j + 2]!);
    }
    for (let k = 0; k < n; k++) {
      this.lm.h[k * n + k] = this.lm.h[k * n + k]! + this.b + this.c;
      // ∇F = 2Jᵀr, so Jᵀr is half the gradient.
      this.lm.rhs[k] = this.lm.grad[k]! / 2;
    }
  }
}

const J = new Float64Array(3);
const PT = {
  v: new Float64Array(3),
  set3(x: number, y: number, z: number) {
    this.v[0] = x;
    this.v[1] = y;
    this.v[2] = z;
    return this;
  },
};

/** R(θ, a) as a column-major 4×4 (seed 000 Annex B), axis read at `o` in `axes`. */
export function rotationMatrix(axes: ArrayLike<number>, o: number, th: number, out: Float64Array) {
  const x = axes[o]!;
  const y = axes[o + 1]!;
  const z = axes[o + 2]!;
  const c = Math.cos(th);
  const s = Math.sin(th);
  const k = 1 - c;
  // Column-major: out[col*4 + row].
  out[0] = c + x * x * k;
  out[1] = x * y * k + z * s;
  out[2] = x * z * k - y * s;
  out[3] = 0;
  out[4] = x * y * k - z * s;
  out[5] = c + y * y * k;
  out[6] = y * z * k + x * s;
  out[7] = 0;
  out[8] = x * z * k + y * s;
  out[9] = y * z * k - x * s;
  out[10] = c + z * z * k;
  out[11] = 0;
  out[12] = 0;
  out[13] = 0;
  out[14] = 0;
  out[15] = 1;
  return out;
}

/** ∂R/∂θ (Annex B), column-major, with zero last row and column. */
export function dRotation(axes: ArrayLike<number>, o: number, th: number, out: Float64Array) {
  const x = axes[o]!;
  const y = axes[o + 1]!;
  const z = axes[o + 2]!;
  const c = Math.cos(th);
  const s = Math.sin(th);
  out[0] = -s + x * x * s;
  out[1] = x * y * s + z * c;
  out[2] = x * z * s - y * c;
  out[3] = 0;
  out[4] = x * y * s - z * c;
  out[5] = -s + y * y * s;
  out[6] = y * z * s + x * c;
  out[7] = 0;
  out[8] = x * z * s + y * c;
  out[9] = y * z * s - x * c;
  out[10] = -s + z * z * s;
  out[11] = 0;
  out[12] = out[13] = out[14] = out[15] = 0;
  return out;
}

/** out[oo..] = m · T(t at to). */
function translateRight(
  m: Float64Array,
  t: ArrayLike<number>,
  to: number,
  out: Float64Array,
  oo: number,
) {
  for (let i = 0; i < 12; i++) out[oo + i] = m[i]!;
  const x = t[to]!;
  const y = t[to + 1]!;
  const z = t[to + 2]!;
  for (let r = 0; r < 4; r++)
    out[oo + 12 + r] = m[r]! * x + m[4 + r]! * y + m[8 + r]! * z + m[12 + r]!;
}

/** m := m · S(s at so). */
function scaleRight(m: Float64Array, s: ArrayLike<number>, so: number): void {
  for (let col = 0; col < 3; col++) {
    const k = s[so + col]!;
    for (let r = 0; r < 4; r++) m[4 * col + r] = m[4 * col + r]! * k;
  }
}

/** Solves the n×(n+1) augmented system in place by Gaussian elimination with pivoting. */
function solveLinear(a: Float64Array, n: number, out: Float64Array): boolean {
  const w = n + 1;
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(a[r * w + col]!) > Math.abs(a[piv * w + col]!)) piv = r;
    if (Math.abs(a[piv * w + col]!) < 1e-14) return false;
    if (piv !== col)
      for (let k = 0; k < w; k++) {
        const t = a[col * w + k]!;
        a[col * w + k] = a[piv * w + k]!;
        a[piv * w + k] = t;
      }
    for (let r = col + 1; r < n; r++) {
      const f = a[r * w + col]! / a[col * w + col]!;
      for (let k = col; k < w; k++) a[r * w + k] = a[r * w + k]! - f * a[col * w + k]!;
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = a[r * w + n]!;
    for (let k = r + 1; k < n; k++) s -= a[r * w + k]! * out[k]!;
    out[r] = s / a[r * w + r]!;
  }
  return true;
}
