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
 * bends the chain slightly and goes on, as CCD does (stall-escape.ts). Once the passes crawl
 * (see CRAWL: a reachable target near an edge of the reach ring, no limits), or need a second
 * nudge, the backward pass also keeps each joint within reach of the target by the bones after
 * it, and so ends on it.
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
  // Crawling (see CRAWL): the next backward pass keeps every joint within reach of the target.
  // Only for a reachable target and a chain without limits, whose reach rings are exact.
  const mayFinish = !limited && result.reachability === 'reachable';
  let inReach = false;
  let lastRate = 0; // the last iteration's error after over before (0: none yet, or a nudge)
  while (error > tolerance && it < cap) {
    it++;
    const errorBefore = error;
    if (limited) {
      forwardPass(chain, targetX, targetY, it, trace);
      backwardPass(chain, targetX, targetY, it, trace);
    } else freePasses(chain, targetX, targetY, it, trace, inReach);
    if (poleEvery) result.poleSweeps += bendEach(chain, options, it, targetX, targetY, trace);
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
      lastRate = 0;
      // A second stationary point: nudges are not getting the passes anywhere (a target on
      // the ring's very edge, reached only by a chain folded or stretched flat).
      if (mayFinish && nudges > 1) inReach = true;
    } else if (mayFinish && error > tolerance) {
      const rate = error / errorBefore;
      if (rate > CRAWL && lastRate > CRAWL && 1 - rate <= SPEEDING_UP * (1 - lastRate))
        inReach = true;
      lastRate = rate;
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
  // Applied once at the end, the bend counts what it could not fix itself. Applied every
  // iteration, the last one's short cap may have left joints off their side: bend once more
  // with the full cap (mirrors keep the tip, so the error stays).
  if (poles && !poleEvery)
    result.poleSweeps += bendToPoles(chain, options, it, targetX, targetY, trace, result);
  else result.poleMisses = poles ? countPoleMisses(chain, options) : 0;
  if (poleEvery && result.poleMisses > 0)
    result.poleSweeps += bendToPoles(chain, options, it, targetX, targetY, trace, result);
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

/**
 * FABRIK is crawling when two iterations in a row each leave more than CRAWL of the error, and
 * the second gains at most SPEEDING_UP times what the first did: it is not gathering speed. Its
 * passes are alternating projections (the tip onto the target, then the base onto its home), and
 * they converge at a rate that tends to 1 as the target nears an edge of the reach ring, where
 * the circles each joint is projected onto meet at a grazing angle. A (1, 1) chain with the
 * target 0.01 from its root keeps 99.99% of its error a round and is still 0.01 away after 100.
 * Lesson 5's target at (170, 110), 240 of the arm's 254 out, keeps 77% a round and is left
 * alone; so is a chain that starts slowly and speeds up, as lesson 7's race from the rest pose
 * does (0.98, then 0.97 of the error: the second round gains 1.6 times the first, then 0.88,
 * 0.57, …). In the iterations after a crawling one, the backward pass keeps each joint where
 * the bones after it can still reach the target (freePasses), which puts the tip on it.
 */
const CRAWL = 0.9;
/** See CRAWL. */
const SPEEDING_UP = 1.25;

/**
 * The bend of each iteration (pole mode 'every-iteration'): the seed's short cap of 2n + 2
 * passes, as the next iteration bends again. The answer's own bend, after the loop, has the
 * full cap (pole-bend.ts).
 */
function bendEach(
  chain: Chain,
  options: PoleOptions,
  it: number,
  tx: number,
  ty: number,
  trace?: Trace,
): number {
  return bendToPoles(chain, options, it, tx, ty, trace, undefined, 2 * chain.count + 2);
}

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
 * Both passes for a chain with no limits (the passes below, for limits, test for them at every
 * joint): the seed's two loops, each step traced when there is a trace, and, once the passes
 * crawl (`inReach`, see CRAWL), each joint of the backward pass kept where the bones after it
 * can still reach the target (below). That step is written out here, not called: a function
 * that runs only in a crawl is compiled late, and the cost guard counted its compiling as 13%
 * more instructions a 3-bone solve.
 *
 * Keeping joint i + 1 within reach: just placed one bone length l from joint i, which is D from
 * the target, it is turned about joint i (on the side of the line to the target it is on) to
 * the nearest place whose distance to the target is in the ring [inner, outer] of the bones
 * after it; where it already is one, it stays. At an angle φ between the bone and the target,
 * that distance is √(l² + D² − 2lD cos φ), so the ring bounds cos φ by (l² + D² − r²) / 2lD for
 * r = outer and inner (computed with l, D and r scaled to the largest, so no square overflows).
 * The ring of bone i and the bones after it is every distance that bone i and their ring make,
 * so from a joint within reach such a place exists: a pass that starts from a reachable target
 * keeps every joint within reach, and the last bone, whose rest is the ring {0}, ends on the
 * target. The rings of the rests come first, into `chain.scratch`: bones k… laid end to end at
 * [k], their longest at [n + 1 + k].
 */
function freePasses(
  chain: Chain,
  tx: number,
  ty: number,
  it: number,
  trace: Trace | undefined,
  inReach: boolean,
): void {
  const n = chain.count;
  const W = chain.work;
  const L = chain.lengths;
  const D = chain.directions;
  const R = chain.scratch;
  W[2 * n] = tx;
  W[2 * n + 1] = ty;
  if (trace) emit(trace, chain, 'forward', it, n, 0, tx, ty, true, false);
  for (let i = n - 1; i >= 0; i--) {
    const nx = W[2 * i + 2]!;
    const ny = W[2 * i + 3]!;
    place(W, i, nx, ny, W[2 * i]! - nx, W[2 * i + 1]! - ny, L[i]!, D[i]!, -1);
    if (trace) emit(trace, chain, 'forward', it, i, 0, tx, ty, true, false);
  }
  W[0] = chain.baseX;
  W[1] = chain.baseY;
  if (trace) emit(trace, chain, 'backward', it, 0, 0, tx, ty, true, n === 0);
  if (inReach) {
    R[n] = 0;
    R[2 * n + 1] = 0;
    for (let k = n - 1; k >= 0; k--) {
      R[k] = R[k + 1]! + L[k]!;
      R[n + 1 + k] = Math.max(R[n + 2 + k]!, L[k]!);
    }
  }
  for (let i = 0; i < n; i++) {
    const px = W[2 * i]!;
    const py = W[2 * i + 1]!;
    const l = L[i]!;
    place(W, i + 1, px, py, W[2 * i + 2]! - px, W[2 * i + 3]! - py, l, D[i]!, 1);
    if (inReach && l > 0 && (tx !== px || ty !== py)) {
      const d = norm(tx - px, ty - py);
      const ex = (tx - px) / d; // unit, towards the target
      const ey = (ty - py) / d;
      const bx = (W[2 * i + 2]! - px) / l; // unit, along the bone as placed
      const by = (W[2 * i + 3]! - py) / l;
      const cos = bx * ex + by * ey;
      const outer = R[i + 1]!;
      const inner = Math.max(0, 2 * R[n + 2 + i]! - outer);
      let m = Math.max(l, d, outer);
      let a = l / m;
      let b = d / m;
      let q = outer / m;
      const least = (a * a + b * b - q * q) / (2 * a * b);
      m = Math.max(l, d, inner);
      a = l / m;
      b = d / m;
      q = inner / m;
      const most = (a * a + b * b - q * q) / (2 * a * b);
      // NaN (a bound past what doubles hold: ±Infinity only clamps) leaves the joint as placed.
      const c = Math.min(1, Math.max(-1, cos < least ? least : most));
      if (!(cos >= least && cos <= most) && c === c) {
        const cross = ex * by - ey * bx;
        const s =
          (cross > 0 || (cross === 0 && chain.handedness > 0) ? 1 : -1) * Math.sqrt(1 - c * c);
        W[2 * i + 2] = px + l * (c * ex - s * ey);
        W[2 * i + 3] = py + l * (c * ey + s * ex);
      }
    }
    if (trace) emit(trace, chain, 'backward', it, i + 1, 0, tx, ty, true, i === n - 1);
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
