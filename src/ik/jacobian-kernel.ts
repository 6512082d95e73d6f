import { wrapAngle } from '../math/angles.ts';
import { type Chain, forwardKinematics, limitRelative, tipError, totalLength } from './chain.ts';
import { startSolve } from './reach.ts';
import { bendSlightly, MAX_NUDGES, progressOf } from './stall-escape.ts';
import {
  type IterativeOptions,
  stoppedByWork,
  workCap,
  WORK_BUDGET,
  type SolveResult,
  type Trace,
  toleranceOf,
} from './solve-result.ts';
import { emit } from './trace-emit.ts';

export type JacobianMethod = 'transpose' | 'dls';
export const JACOBIAN_METHODS: readonly JacobianMethod[] = ['transpose', 'dls'];

export interface JacobianOptions extends IterativeOptions {
  method: JacobianMethod;
  /**
   * DLS damping λ as a fraction of the chain's length (the solver works in units of that
   * length), so one value works at any scale. Larger is steadier near straight poses and slower.
   */
  damping?: number;
  /** No joint turns more than this per iteration (radians): a guard against wild steps. */
  maxStep?: number;
  /**
   * Halve a step that makes the error worse (up to 10 times) instead of taking it. Off, both
   * methods can circle a target for ever on a bent chain: each step overshoots the last.
   */
  safeguard?: boolean;
}

export const DEFAULT_DAMPING = 0.1;
const MAX_HALVINGS = 10;
/** The bone updates one call may spend (see `work` in the loop): twice WORK_BUDGET. */
const JACOBIAN_WORK = 2 * WORK_BUDGET;
export const DEFAULT_MAX_STEP = Math.PI / 4;

/**
 * The comparison solvers of seed 002 §1.4, for one end effector in 2D. The Jacobian column of
 * bone j is how the tip moves when its angle grows: J_j = ẑ × (tip − joint_j) = (−r_y, r_x)
 * (eq. 7 in 2D). With e = target − tip:
 * - transpose (eq. 13–14): Δθ = α·Jᵀe with α = ⟨e, JJᵀe⟩ / ⟨JJᵀe, JJᵀe⟩;
 * - damped least squares: Δθ = Jᵀ(JJᵀ + λ²I)⁻¹e. JJᵀ is only 2×2 here, so the inverse is
 *   closed-form, and λ > 0 keeps it defined even where J loses rank (the straight chain).
 * Limits clamp each angle after the step. A safeguard (on by default, beyond the seed) halves a
 * step that would make the error worse. Stops at the tolerance or the cap. Where the step
 * vanishes (the chain lies on the tip–target line) it bends the chain slightly and goes on, a
 * bounded number of times, then reports itself stalled.
 */
export function solveJacobian(
  chain: Chain,
  targetX: number,
  targetY: number,
  options: JacobianOptions,
  result: SolveResult,
  trace?: Trace,
): SolveResult {
  if (startSolve(chain, targetX, targetY, options, result, trace)) return result;
  const n = chain.count;
  const P = chain.positions;
  const G = chain.scratch;
  const tolerance = toleranceOf(options.tolerance);
  const cap = workCap(options.maxIterations, chain.count);
  // Work in units of the chain's length: J, e and λ become plain numbers, so the method behaves
  // the same at any scale and no square under- or overflows.
  const total = totalLength(chain);
  const unit = total > 0 ? 1 / total : 1;
  const damping = finiteNonNegative(options.damping, DEFAULT_DAMPING);
  const lambda2 = damping * damping;
  const maxStep = finiteNonNegative(options.maxStep, DEFAULT_MAX_STEP);
  const dls = options.method === 'dls';
  const safeguard = options.safeguard !== false;
  let error = tipError(chain, targetX, targetY);
  let it = 0;
  let nudges = 0;
  // Bone updates spent (one per bone for the Jacobian, one per bone for each trial step): the
  // halvings make an iteration cost up to 12 passes over the chain, so the cap on iterations
  // alone does not bound a call's time.
  let work = 0;
  while (error > tolerance && it < cap && work < JACOBIAN_WORK) {
    it++;
    work += n;
    const sx = P[2 * n]! * unit;
    const sy = P[2 * n + 1]! * unit;
    const ex = targetX * unit - sx;
    const ey = targetY * unit - sy;
    let biggest = 0;
    if (dls) {
      // A = JJᵀ + λ²I (symmetric 2×2), f = A⁻¹e, Δθ_j = J_j · f.
      let a11 = lambda2;
      let a12 = 0;
      let a22 = lambda2;
      for (let j = 0; j < n; j++) {
        const jx = -(sy - P[2 * j + 1]! * unit);
        const jy = sx - P[2 * j]! * unit;
        a11 += jx * jx;
        a12 += jx * jy;
        a22 += jy * jy;
      }
      // det = 0 only with λ = 0 at a singular pose: no step is defined (biggest stays 0).
      const det = a11 * a22 - a12 * a12;
      const fx = det > 0 ? (a22 * ex - a12 * ey) / det : 0;
      const fy = det > 0 ? (a11 * ey - a12 * ex) / det : 0;
      for (let j = 0; j < n; j++) {
        const g = -(sy - P[2 * j + 1]! * unit) * fx + (sx - P[2 * j]! * unit) * fy;
        G[j] = g;
        if (Math.abs(g) > biggest) biggest = Math.abs(g);
      }
    } else {
      // g = Jᵀe, v = JJᵀe = Σ J_j g_j, α = ⟨e, v⟩ / ⟨v, v⟩ (seed 002 eq. 14).
      let vx = 0;
      let vy = 0;
      for (let j = 0; j < n; j++) {
        const jx = -(sy - P[2 * j + 1]! * unit);
        const jy = sx - P[2 * j]! * unit;
        const g = jx * ex + jy * ey;
        G[j] = g;
        vx += jx * g;
        vy += jy * g;
      }
      const vv = vx * vx + vy * vy;
      const alpha = vv > 0 ? (ex * vx + ey * vy) / vv : 0;
      for (let j = 0; j < n; j++) {
        G[j] = alpha * G[j]!;
        if (Math.abs(G[j]!) > biggest) biggest = Math.abs(G[j]!);
      }
    }
    // Take the step (scaled to maxStep); with the safeguard, halve it while it makes things worse.
    let progress = biggest > 1e-13;
    let slow = false;
    if (progress) {
      let scale = biggest > maxStep ? maxStep / biggest : 1;
      const A = chain.work; // the angles before the step, to try shorter ones from
      for (let j = 0; j < n; j++) A[j] = chain.angles[j]!;
      for (let tries = 0; ; tries++) {
        for (let j = 0; j < n; j++)
          chain.angles[j] = limitRelative(chain, j, wrapAngle(A[j]! + G[j]! * scale));
        forwardKinematics(chain);
        work += n;
        const next = tipError(chain, targetX, targetY);
        const gain = progressOf(error, next);
        // A gain of round-off size ('none': a joint clamped back onto its limit moves by an ulp)
        // is no gain: the step fails, as one that gains exactly nothing does. Taking it as
        // progress let round-off decide between going on and stalling, and a mirrored skeleton,
        // rounded differently, went on where the plain one stalled.
        if (!safeguard || gain !== 'none') {
          // Near a stationary point the steps still help, by tiny amounts: count that as
          // no progress so the chain gets bent out of it (while nudges last).
          if (safeguard && gain === 'slow' && nudges < MAX_NUDGES) slow = true;
          error = next;
          break;
        }
        if (tries >= MAX_HALVINGS) {
          // Even a tiny step makes it worse: a stationary point. Keep the pose as it was.
          for (let j = 0; j < n; j++) chain.angles[j] = A[j]!;
          forwardKinematics(chain);
          progress = false;
          break;
        }
        scale /= 2;
      }
      if (progress && trace) emit(trace, chain, 'step', it, -1, biggest * scale, targetX, targetY);
    }
    if (!progress || slow) {
      // Jᵀe = 0 (the chain lies on the tip–target line), no step helps, or steps help only by
      // round-off: bend slightly and go on (stall-escape.ts), a bounded number of times.
      if (nudges < MAX_NUDGES && bendSlightly(chain, nudges++, targetX, targetY)) {
        error = tipError(chain, targetX, targetY);
        if (trace) emit(trace, chain, 'nudge', it, -1, 0, targetX, targetY);
      } else if (!progress) {
        result.stalled = true;
        break;
      }
    }
    if (trace) emit(trace, chain, 'iteration', it, -1, 0, targetX, targetY);
  }
  result.iterations = it;
  result.error = error;
  result.reached = error <= tolerance;
  const outOfWork = work >= JACOBIAN_WORK;
  result.capped = !result.reached && !result.stalled && (it >= cap || outOfWork);
  result.workBound = stoppedByWork(result, cap, options.maxIterations, outOfWork);
  return result;
}

const finiteNonNegative = (v: number | undefined, fallback: number): number =>
  v !== undefined && Number.isFinite(v) && v >= 0 ? v : fallback;
