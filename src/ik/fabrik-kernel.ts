import { wrapAngle } from '../math/angles';
import { type Chain, limitRelative } from './chain';
import { bendToPoles, hasAnyPole, type PoleOptions } from './pole-bend';
import { startSolve } from './reach';
import { bendSlightly, MAX_NUDGES, progressOf } from './stall-escape';
import {
  type IterativeOptions,
  iterationCap,
  type SolveResult,
  type Trace,
  toleranceOf,
} from './solve-result';
import { emit } from './trace-emit';

export interface FabrikOptions extends IterativeOptions, PoleOptions {}

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
 * Positions are worked on in `chain.work`; `chain.scratch` keeps each bone's last unit direction,
 * used when a bone has no length or its two joints meet (then it has no direction of its own).
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
  const cap = iterationCap(options.maxIterations);
  const poles = hasAnyPole(chain, options);
  const poleEvery = poles && options.poleMode === 'every-iteration';
  beginWorkingPose(chain);
  let error = Math.hypot(W[2 * n]! - targetX, W[2 * n + 1]! - targetY);
  let it = 0;
  let nudges = 0;
  while (error > tolerance && it < cap) {
    it++;
    const errorBefore = error;
    forwardPass(chain, targetX, targetY, it, trace);
    backwardPass(chain, targetX, targetY, it, trace);
    if (poleEvery) result.poleSweeps += bendToPoles(chain, options, it, targetX, targetY, trace);
    error = Math.hypot(W[2 * n]! - targetX, W[2 * n + 1]! - targetY);
    if (error > tolerance && progressOf(errorBefore, error) !== 'good' && nudges < MAX_NUDGES) {
      // No or almost no gain: the chain lies (nearly) on the tip–target line and the passes
      // only slide joints along it (stall-escape.ts). Bend it slightly and go on.
      adoptWorkingPose(chain);
      if (bendSlightly(chain, nudges++)) {
        beginWorkingPose(chain);
        error = Math.hypot(W[2 * n]! - targetX, W[2 * n + 1]! - targetY);
        if (trace) emit(trace, chain, 'nudge', it, -1, 0, targetX, targetY);
      }
    }
    if (trace) emit(trace, chain, 'iteration', it, -1, 0, targetX, targetY, true, true);
  }
  if (poles && !poleEvery)
    result.poleSweeps += bendToPoles(chain, options, it, targetX, targetY, trace);
  adoptWorkingPose(chain);
  result.iterations = it;
  result.error = Math.hypot(positions[2 * n]! - targetX, positions[2 * n + 1]! - targetY);
  result.reached = result.error <= tolerance;
  result.capped = !result.reached && it >= cap;
  return result;
}

/** Copies the pose into the working positions and each bone's unit direction into scratch. */
function beginWorkingPose(chain: Chain): void {
  const { count: n, lengths, positions } = chain;
  const U = chain.scratch;
  chain.work.set(positions);
  for (let i = 0; i < n; i++) {
    const l = lengths[i]!;
    if (l > 0) {
      U[2 * i] = (positions[2 * i + 2]! - positions[2 * i]!) / l;
      U[2 * i + 1] = (positions[2 * i + 3]! - positions[2 * i + 1]!) / l;
    } else {
      U[2 * i] = Math.cos(chain.directions[i]!);
      U[2 * i + 1] = Math.sin(chain.directions[i]!);
    }
  }
}

/** Tip → base: the tip onto the target, each joint one bone length from the joint after it. */
function forwardPass(chain: Chain, tx: number, ty: number, it: number, trace?: Trace): void {
  const n = chain.count;
  const W = chain.work;
  const U = chain.scratch;
  const L = chain.lengths;
  W[2 * n] = tx;
  W[2 * n + 1] = ty;
  if (trace) emit(trace, chain, 'forward', it, n, 0, tx, ty, true, false);
  for (let i = n - 1; i >= 0; i--) {
    const nx = W[2 * i + 2]!;
    const ny = W[2 * i + 3]!;
    const dx = nx - W[2 * i]!;
    const dy = ny - W[2 * i + 1]!;
    const d = Math.hypot(dx, dy);
    if (d > 0) {
      U[2 * i] = dx / d;
      U[2 * i + 1] = dy / d;
    }
    // The joint after this bone has limits: keep this bone inside its arc relative to the next.
    if (i + 1 < n && chain.limited[i + 1]) {
      const next = Math.atan2(U[2 * i + 3]!, U[2 * i + 2]!);
      const here = Math.atan2(U[2 * i + 1]!, U[2 * i]!);
      const dir = next - limitRelative(chain, i + 1, wrapAngle(next - here));
      U[2 * i] = Math.cos(dir);
      U[2 * i + 1] = Math.sin(dir);
    }
    W[2 * i] = nx - L[i]! * U[2 * i]!;
    W[2 * i + 1] = ny - L[i]! * U[2 * i + 1]!;
    if (trace) emit(trace, chain, 'forward', it, i, 0, tx, ty, true, false);
  }
}

/** Base → tip: the base home again, each joint one bone length along the line to where it is. */
function backwardPass(chain: Chain, tx: number, ty: number, it: number, trace?: Trace): void {
  const n = chain.count;
  const W = chain.work;
  const U = chain.scratch;
  const L = chain.lengths;
  W[0] = chain.baseX;
  W[1] = chain.baseY;
  if (trace) emit(trace, chain, 'backward', it, 0, 0, tx, ty, true, n === 0);
  for (let i = 0; i < n; i++) {
    const px = W[2 * i]!;
    const py = W[2 * i + 1]!;
    const dx = W[2 * i + 2]! - px;
    const dy = W[2 * i + 3]! - py;
    const d = Math.hypot(dx, dy);
    if (d > 0) {
      U[2 * i] = dx / d;
      U[2 * i + 1] = dy / d;
    }
    if (chain.limited[i]) {
      const prev = i === 0 ? chain.baseAngle : Math.atan2(U[2 * i - 1]!, U[2 * i - 2]!);
      const here = Math.atan2(U[2 * i + 1]!, U[2 * i]!);
      const dir = prev + limitRelative(chain, i, wrapAngle(here - prev));
      U[2 * i] = Math.cos(dir);
      U[2 * i + 1] = Math.sin(dir);
    }
    W[2 * i + 2] = px + L[i]! * U[2 * i]!;
    W[2 * i + 3] = py + L[i]! * U[2 * i + 1]!;
    if (trace) emit(trace, chain, 'backward', it, i + 1, 0, tx, ty, true, i === n - 1);
  }
}

/**
 * The working positions become the chain's pose: rotations from positions (the step the seed
 * leaves out, §7.5). A bone without length keeps its remembered direction.
 */
function adoptWorkingPose(chain: Chain): void {
  const n = chain.count;
  const W = chain.work;
  const U = chain.scratch;
  chain.positions.set(W);
  let prev = chain.baseAngle;
  for (let i = 0; i < n; i++) {
    const dx = W[2 * i + 2]! - W[2 * i]!;
    const dy = W[2 * i + 3]! - W[2 * i + 1]!;
    const dir =
      chain.lengths[i]! > 0 && (dx !== 0 || dy !== 0)
        ? Math.atan2(dy, dx)
        : Math.atan2(U[2 * i + 1]!, U[2 * i]!);
    chain.directions[i] = dir;
    chain.angles[i] = wrapAngle(dir - prev);
    prev = dir;
  }
}
