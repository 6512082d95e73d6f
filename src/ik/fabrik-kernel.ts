import { norm } from '../math/vec2.ts';
import { wrapAngle } from '../math/angles.ts';
import { type Chain, hasLimits, limitRelative, workDirection } from './chain.ts';
import { bendToPoles, countPoleMisses, hasAnyPole, type PoleOptions } from './pole-bend.ts';
import { startSolve } from './reach.ts';
import { bendSlightly, MAX_NUDGES, progressOf } from './stall-escape.ts';
import {
  type IterativeOptions,
  stoppedByWork,
  workCap,
  type SolveResult,
  type Trace,
  toleranceOf,
} from './solve-result.ts';
import { emit } from './trace-emit.ts';

export interface FabrikOptions extends IterativeOptions, PoleOptions {
  /**
   * Leave the answer in `chain.positions` only: an iterative answer's angles and directions
   * are not derived from its positions (left stale, as the solve last set them, against the
   * Chain invariant), which saves an atan2 per bone. For callers that only draw the joints and
   * set the whole chain up again before each solve, as a crowd does (SpiderCrowd).
   */
  positionsOnly?: boolean;
}

/**
 * FABRIK (seed 001 §4, seed 002 §2): forward and backward reaching passes on joint positions.
 * Forward: the tip goes onto the target, then each joint onto the line towards its old place,
 * one bone length from the joint after it. Backward: the base goes back home, then each joint
 * one bone length along the line to where it is. Repeat until the tip is within tolerance or the
 * iteration cap is met; the seed's loop has no cap and never ends in the dead zone (Fig. 2.2).
 *
 * Beyond the seed: angle limits enforced inside both passes (each placed bone is turned back
 * into its allowed arc relative to its neighbour, as in Aristidou & Lasenby's FABRIK), poles
 * (see pole-bend.ts), and rotations derived from the final positions (the seed writes positions
 * only, §7.5), so a node tree can be posed from them.
 *
 * Positions are worked on in `chain.work`. A bone with no length, or whose two joints meet, has
 * no direction of its own: it keeps the one in `chain.directions` (which limits also update).
 * Unconstrained passes use no trigonometry: λ = length / distance, as in the seed.
 * An iteration that gains nothing (a chain lying on the tip–target line only slides along it)
 * bends the chain slightly and goes on, as CCD does (stall-escape.ts).
 */
export function solveFabrik(
  chain: Chain,
  targetX: number,
  targetY: number,
  options: FabrikOptions,
  result: SolveResult,
  trace?: Trace,
): SolveResult {
  if (startSolve(chain, targetX, targetY, options, result, trace)) return result;
  const n = chain.count;
  const W = chain.work;
  const positions = chain.positions;
  const tolerance = toleranceOf(options.tolerance);
  const cap = workCap(options.maxIterations, chain.count);
  const poles = hasAnyPole(chain, options);
  const poleEvery = poles && options.poleMode === 'every-iteration';
  beginWorkingPose(chain);
  let error = norm(W[2 * n]! - targetX, W[2 * n + 1]! - targetY);
  let it = 0;
  let nudges = 0;
  // Stall detection: limits can hold the chain where no pass gains anything (an unreachable
  // target past a limit), and then the passes would run to the cap. Stop once the best error
  // has not improved for STALL_PATIENCE iterations and nudges cannot help.
  let best = error;
  let sinceBest = 0;
  const limited = hasLimits(chain);
  while (error > tolerance && it < cap) {
    it++;
    const errorBefore = error;
    if (limited || trace) {
      forwardPass(chain, targetX, targetY, it, trace);
      backwardPass(chain, targetX, targetY, it, trace);
    } else plainPasses(chain, targetX, targetY);
    if (poleEvery) result.poleSweeps += bendToPoles(chain, options, it, targetX, targetY, trace);
    error = norm(W[2 * n]! - targetX, W[2 * n + 1]! - targetY);
    if (error > tolerance && progressOf(errorBefore, error) !== 'good' && nudges < MAX_NUDGES) {
      // No or almost no gain: the chain lies (nearly) on the tip–target line and the passes
      // only slide joints along it (stall-escape.ts). Bend it slightly and go on.
      adoptWorkingPose(chain);
      if (bendSlightly(chain, nudges++, targetX, targetY)) {
        beginWorkingPose(chain);
        error = norm(W[2 * n]! - targetX, W[2 * n + 1]! - targetY);
        if (trace) emit(trace, chain, 'nudge', it, -1, 0, targetX, targetY);
      }
    }
    if (trace) emit(trace, chain, 'iteration', it, -1, 0, targetX, targetY, true, true);
    if (error < best * (1 - 1e-9)) {
      best = error;
      sinceBest = 0;
    } else if (++sinceBest >= STALL_PATIENCE && (nudges >= MAX_NUDGES || limited)) {
      result.stalled = true;
      break;
    }
  }
  // Applied once at the end, the bend counts what it could not fix itself.
  if (poles && !poleEvery)
    result.poleSweeps += bendToPoles(chain, options, it, targetX, targetY, trace, result);
  else result.poleMisses = poles ? countPoleMisses(chain, options) : 0;
  if (options.positionsOnly) positions.set(W);
  else adoptWorkingPose(chain);
  result.iterations = it;
  result.error = norm(positions[2 * n]! - targetX, positions[2 * n + 1]! - targetY);
  result.reached = result.error <= tolerance;
  result.capped = !result.reached && !result.stalled && it >= cap;
  result.workBound = stoppedByWork(result, cap, options.maxIterations);
  return result;
}

/** Iterations without a better error after which FABRIK says it stalled (see the loop). */
const STALL_PATIENCE = 16;

/** The working positions start from the pose (its directions are already in the chain). */
function beginWorkingPose(chain: Chain): void {
  chain.work.set(chain.positions);
}

/**
 * Puts joint j `length` from (ox, oy) along (dx, dy): the seed's λ = length / distance. When
 * (dx, dy) has no length (the two joints met, no line to slide along), along the bone's last
 * direction `dir` instead, times `sign` (−1 for the forward pass, which walks the bone tip to base).
 */
function place(
  W: Float64Array,
  j: number,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  length: number,
  dir: number,
  sign: 1 | -1,
): void {
  const d = norm(dx, dy);
  if (d > 0) {
    const k = length / d;
    W[2 * j] = ox + dx * k;
    W[2 * j + 1] = oy + dy * k;
  } else {
    W[2 * j] = ox + sign * length * Math.cos(dir);
    W[2 * j + 1] = oy + sign * length * Math.sin(dir);
  }
}

/**
 * Both passes for a chain with no limits, untraced: the seed's two loops and nothing else. The
 * general passes below test for limits and a trace at every joint, and are too big for V8 to
 * inline; this one is not (a spider leg's solve from rest: 4 569 → 4 332 instructions, counted
 * with callgrind).
 */
function plainPasses(chain: Chain, tx: number, ty: number): void {
  const n = chain.count;
  const W = chain.work;
  const L = chain.lengths;
  const D = chain.directions;
  W[2 * n] = tx;
  W[2 * n + 1] = ty;
  for (let i = n - 1; i >= 0; i--) {
    const nx = W[2 * i + 2]!;
    const ny = W[2 * i + 3]!;
    place(W, i, nx, ny, W[2 * i]! - nx, W[2 * i + 1]! - ny, L[i]!, D[i]!, -1);
  }
  W[0] = chain.baseX;
  W[1] = chain.baseY;
  for (let i = 0; i < n; i++) {
    const px = W[2 * i]!;
    const py = W[2 * i + 1]!;
    place(W, i + 1, px, py, W[2 * i + 2]! - px, W[2 * i + 3]! - py, L[i]!, D[i]!, 1);
  }
}

/** Tip → base: the tip onto the target, each joint one bone length from the joint after it. */
function forwardPass(chain: Chain, tx: number, ty: number, it: number, trace?: Trace): void {
  const n = chain.count;
  const W = chain.work;
  const L = chain.lengths;
  W[2 * n] = tx;
  W[2 * n + 1] = ty;
  if (trace) emit(trace, chain, 'forward', it, n, 0, tx, ty, true, false);
  for (let i = n - 1; i >= 0; i--) {
    const nx = W[2 * i + 2]!;
    const ny = W[2 * i + 3]!;
    const bx = W[2 * i]! - nx; // from joint i+1 back towards joint i
    const by = W[2 * i + 1]! - ny;
    if (i + 1 < n && chain.limited[i + 1]) {
      // The joint after this bone has limits: keep this bone inside its arc relative to the next.
      const next = workDirection(chain, i + 1);
      const here = bx !== 0 || by !== 0 ? Math.atan2(-by, -bx) : chain.directions[i]!;
      const dir = next - limitRelative(chain, i + 1, wrapAngle(next - here));
      chain.directions[i] = dir;
      W[2 * i] = nx - L[i]! * Math.cos(dir);
      W[2 * i + 1] = ny - L[i]! * Math.sin(dir);
    } else place(W, i, nx, ny, bx, by, L[i]!, chain.directions[i]!, -1);
    if (trace) emit(trace, chain, 'forward', it, i, 0, tx, ty, true, false);
  }
}

/** Base → tip: the base home again, each joint one bone length along the line to where it is. */
function backwardPass(chain: Chain, tx: number, ty: number, it: number, trace?: Trace): void {
  const n = chain.count;
  const W = chain.work;
  const L = chain.lengths;
  W[0] = chain.baseX;
  W[1] = chain.baseY;
  if (trace) emit(trace, chain, 'backward', it, 0, 0, tx, ty, true, n === 0);
  for (let i = 0; i < n; i++) {
    const px = W[2 * i]!;
    const py = W[2 * i + 1]!;
    const dx = W[2 * i + 2]! - px;
    const dy = W[2 * i + 3]! - py;
    if (chain.limited[i]) {
      const prev = i === 0 ? chain.baseAngle : workDirection(chain, i - 1);
      const here = dx !== 0 || dy !== 0 ? Math.atan2(dy, dx) : chain.directions[i]!;
      const dir = prev + limitRelative(chain, i, wrapAngle(here - prev));
      chain.directions[i] = dir;
      W[2 * i + 2] = px + L[i]! * Math.cos(dir);
      W[2 * i + 3] = py + L[i]! * Math.sin(dir);
    } else place(W, i + 1, px, py, dx, dy, L[i]!, chain.directions[i]!, 1);
    if (trace) emit(trace, chain, 'backward', it, i + 1, 0, tx, ty, true, i === n - 1);
  }
}

/**
 * The working positions become the chain's pose: rotations from positions (the step the seed
 * leaves out, §7.5). A bone without length keeps the direction it had.
 */
function adoptWorkingPose(chain: Chain): void {
  const n = chain.count;
  chain.positions.set(chain.work);
  let prev = chain.baseAngle;
  for (let i = 0; i < n; i++) {
    const dir = workDirection(chain, i);
    chain.directions[i] = dir;
    chain.angles[i] = wrapAngle(dir - prev);
    prev = dir;
  }
}
