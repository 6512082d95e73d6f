import { norm } from '../math/vec2.ts';
import { wrapAngle } from '../math/angles.ts';
import { type Chain, forwardKinematics, hasLimits, tipError } from './chain.ts';
import {
  type IterativeOptions,
  type Reachability,
  resetResult,
  type SolveResult,
  type Trace,
  toleranceOf,
} from './solve-result.ts';
import { checkInput } from './input-checks.ts';
import { emit } from './trace-emit.ts';

/**
 * The ring the tip of an unconstrained chain can reach around its base (seed 002 §1.2):
 * outer radius = all bones laid end to end; inner radius = the longest bone minus all the
 * others, when that is positive (seed 002 gives the case where the first bone is the long one).
 */
export interface ReachRing {
  outer: number;
  inner: number;
  /** Index of the longest bone (the one that makes the dead zone). */
  longest: number;
}

export function reachRing(chain: Chain): ReachRing {
  let outer = 0;
  let longest = 0;
  for (let i = 0; i < chain.count; i++) {
    outer += chain.lengths[i]!;
    if (chain.lengths[i]! > chain.lengths[longest]!) longest = i;
  }
  const max = chain.count ? chain.lengths[longest]! : 0;
  return { outer, inner: Math.max(0, 2 * max - outer), longest };
}

/** Where a target lies relative to the ring (allocation-free: no ring object). */
export function reachabilityOf(chain: Chain, x: number, y: number): Reachability {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return 'invalid';
  return reachabilityAt(chain, norm(x - chain.baseX, y - chain.baseY));
}

/** Where a finite target `d` from the base lies relative to the ring (a caller that has d). */
export function reachabilityAt(chain: Chain, d: number): Reachability {
  let outer = 0;
  let max = 0;
  for (let i = 0; i < chain.count; i++) {
    outer += chain.lengths[i]!;
    if (chain.lengths[i]! > max) max = chain.lengths[i]!;
  }
  // Lengths read back from a tree carry rounding (a (1, 1) chain may read 1 and
  // 0.9999999999999999): within a few ulps of a circle the target is on it, not past it.
  const slack = 1e-12 * outer;
  if (d > outer + slack) return 'beyond';
  if (d < 2 * max - outer - slack) return 'dead-zone';
  return 'reachable';
}

/**
 * Answers an unreachable target in closed form, if the chain has no limits: beyond reach, the
 * straight chain pointing at the target (seed 002 Listing 4.1); in the dead zone, the longest
 * bone pointing at the target and every other bone folded back along it, which puts the tip on
 * the inner circle, as near the target as the chain can get. Returns false when it did nothing
 * (reachable target, or limits that a closed form would break).
 */
export function answerUnreachable(
  chain: Chain,
  x: number,
  y: number,
  tolerance: number,
  result: SolveResult,
  trace?: Trace,
): boolean {
  const where = reachabilityOf(chain, x, y);
  result.reachability = where;
  if (where === 'reachable' || where === 'invalid' || hasLimits(chain)) return false;
  const dx = x - chain.baseX;
  const dy = y - chain.baseY;
  if (where === 'beyond') {
    chain.angles[0] = wrapAngle(Math.atan2(dy, dx) - chain.baseAngle);
    for (let i = 1; i < chain.count; i++) chain.angles[i] = 0;
  } else {
    // A target on the base has no direction: keep the longest bone's.
    let longest = 0;
    for (let i = 1; i < chain.count; i++)
      if (chain.lengths[i]! > chain.lengths[longest]!) longest = i;
    const toward = norm(dx, dy) > 0 ? Math.atan2(dy, dx) : chain.directions[longest]!;
    let prev = chain.baseAngle;
    for (let i = 0; i < chain.count; i++) {
      const dir = i === longest ? toward : toward + Math.PI;
      chain.angles[i] = wrapAngle(dir - prev);
      prev = dir;
    }
  }
  forwardKinematics(chain);
  result.iterations = 0;
  result.error = tipError(chain, x, y);
  result.reached = result.error <= tolerance;
  result.capped = false;
  if (trace) emit(trace, chain, where === 'beyond' ? 'stretch' : 'fold', 0, -1, 0, x, y);
  return true;
}

/**
 * The start every iterative kernel shares: throw IKInputError for a chain with a non-finite
 * number or options out of range (input-checks.ts), reset the result, refuse a non-finite target
 * (the chain is left as it was), and answer an unreachable target in closed form when allowed.
 * Returns true when the solve is already finished.
 */
export function startSolve(
  chain: Chain,
  x: number,
  y: number,
  options: IterativeOptions,
  result: SolveResult,
  trace?: Trace,
): boolean {
  // The common case in a few tests, here rather than in a call: a shared function taking the
  // tolerance cost 32 bytes a solve (a boxed number) and up to 90 instructions in the guard.
  // the tip, forward kinematics of every angle and length, is NaN or infinite if any of them is.
  const tol = options.tolerance;
  const tx = chain.positions[2 * chain.count]!;
  const ty = chain.positions[2 * chain.count + 1]!;
  if (!(
    tx - tx === 0 &&
    ty - ty === 0 &&
    tol >= 0 &&
    tol - tol === 0 &&
    options.maxIterations >= 0
  ))
    checkInput(chain, options);
  resetResult(result);
  if (!Number.isFinite(x) || !Number.isFinite(y)) {
    result.reachability = 'invalid';
    result.error = Infinity;
    return true;
  }
  if (options.closedFormWhenUnreachable === false) {
    result.reachability = reachabilityOf(chain, x, y);
    return false;
  }
  return answerUnreachable(chain, x, y, toleranceOf(options.tolerance), result, trace);
}
