import { chainProblem, IKInputError, optionsProblem } from './input-checks.ts';
import { norm } from '../math/vec2.ts';
import { wrapAngle } from '../math/angles.ts';
import { type Chain, forwardKinematics, tipError } from './chain.ts';
import { reachabilityAt } from './reach.ts';
import type { SolveResult, Trace } from './solve-result.ts';
import { emit } from './trace-emit.ts';

export interface TwoBoneOptions {
  /**
   * Which side the elbow goes, in screen terms: +1 is seed 001's default (bone 1 turned
   * counter-clockwise on screen from the line to the target, by the shoulder's interior angle),
   * −1 the flipped bend. Nodes turn "flip bend" into this, mirrored with the skeleton.
   * Left out (from JavaScript), 1; any other value throws IKInputError.
   */
  bend: 1 | -1;
  /** If set, the elbow goes to this point's side of the shoulder–target line instead. */
  poleX?: number;
  poleY?: number;
  /** Written by the solve: the side it used (the pole's, when a pole decided), for readouts. */
  usedBend?: 1 | -1;
  tolerance: number;
  /**
   * Spine's IK constraint softness (scene units, default 0): within this distance of full reach
   * the arm slows, so it never snaps straight (see `softenedDistance`). Non-finite or negative
   * values mean 0.
   */
  softness?: number;
}

/**
 * The distance the solver aims at, for a target `d` from the shoulder, with all bones laid end
 * to end reaching `reach`, and softness `s` (Spine's IK constraint, Esoteric Software's runtime):
 * with sd = d − reach + s > 0 and x = min(1, sd / 2s), the aim is reach − s·(1 − x)², which is
 * d − s·x² inside the soft band reach − s < d < reach + s, and reach beyond it. So in the band the
 * arm stays bent, and the tip misses by s·x² ≤ s. Never below 0: the aim stays on the target's side.
 */
export function softenedDistance(d: number, reach: number, s: number): number {
  if (!(s > 0) || s === Infinity) return d;
  const sd = d - reach + s;
  if (!(sd > 0)) return d;
  // Compared first, so an overflowing sd or 2s (huge inputs) still gives x = 1, never NaN.
  const x = sd >= 2 * s ? 1 : sd / (2 * s);
  const k = 1 - x;
  return Math.max(0, reach - s * k * k);
}

/**
 * Two-bone IK by the law of cosines (seed 001 §2), on a chain of exactly two bones.
 * With d = |target − shoulder| and bone lengths l1, l2:
 *   α = acos((d² + l1² − l2²) / (2·d·l1))   interior angle at the shoulder
 *   β = acos((l1² + l2² − d²) / (2·l1·l2))   interior angle at the elbow
 *   bone 1 direction = angle(target − shoulder) − bend·α,   bone 2 relative angle = bend·(π − β)
 * (seed 001's θ1 = α′ − α and θ2 = 180° − β, with the bend as a sign). The code computes both
 * angles in the half-angle form of the same law (`halfAngleForm`), exact where the arm folds.
 * Out of reach, both bones point at the target. Nearer than |l1 − l2|, the cosines leave [−1, 1];
 * clamping them folds the chain as near to the target as it gets, without NaN. Limits are not
 * used: a closed form has no room for them (CCD and FABRIK have). With softness, the triangle is
 * solved for the softened distance (`softenedDistance`) along the same line; `reached` still
 * measures the real target, so a softened tip that misses by more than the tolerance says so.
 */
export function solveTwoBone(
  chain: Chain,
  targetX: number,
  targetY: number,
  options: TwoBoneOptions,
  result: SolveResult,
  trace?: Trace,
): SolveResult {
  // Called from JavaScript, `bend` may be missing: the usual bend, 1. Anything else is refused.
  if (options.bend === undefined) options.bend = 1;
  else if (options.bend !== 1 && options.bend !== -1)
    throw new IKInputError(
      `bend is ${JSON.stringify(options.bend)}: it must be 1 (the usual bend) or -1 (flipped).`,
    );
  // As the iterative kernels (reach.ts): a quick test in place (not a shared call, which boxed
  // the tolerance), and the words only when it fails.
  const tol = options.tolerance;
  const tx = chain.positions[4]!;
  const ty = chain.positions[5]!;
  if (!(tx - tx === 0 && ty - ty === 0 && tol >= 0 && tol - tol === 0)) {
    const problem = optionsProblem(tol, 0) ?? chainProblem(chain);
    if (problem !== null) throw new IKInputError(problem);
  }
  // Every solve says which side it bent to, even one that only straightens the arm.
  options.usedBend = options.bend;
  result.iterations = 0;
  result.capped = false;
  result.poleSweeps = 0;
  result.workBound = false;
  result.poleMisses = 0;
  result.stalled = false;
  const dx = targetX - chain.baseX;
  const dy = targetY - chain.baseY;
  const targetDistance = norm(dx, dy);
  // The distance serves the reachability too (one norm a solve, not two).
  result.reachability =
    Number.isFinite(targetX) && Number.isFinite(targetY)
      ? reachabilityAt(chain, targetDistance)
      : 'invalid';
  if (result.reachability === 'invalid' || chain.count !== 2) {
    result.error = result.reachability === 'invalid' ? Infinity : tipError(chain, targetX, targetY);
    result.reached = false;
    return result;
  }
  const l1 = chain.lengths[0]!;
  const l2 = chain.lengths[1]!;
  // A target on the shoulder has no direction: keep bone 1's.
  const toTarget = targetDistance > 0 ? Math.atan2(dy, dx) : chain.directions[0]!;
  const softness = options.softness ?? 0;
  const softened = softness > 0 && softness !== Infinity;
  // The triangle's third side, and whether it is too long for a triangle (the arm goes straight).
  const d = softened ? softenedDistance(targetDistance, l1 + l2, softness) : targetDistance;
  const straight = softened ? d >= l1 + l2 : result.reachability === 'beyond';

  // Step 1: point the straight chain at the target. Out of reach, that is the answer.
  // Forward kinematics is a function of the angles alone, so a pose is worked out only when
  // someone sees it: the answer, or a step a trace shows. Untraced, a bent answer overwrites
  // both angles in steps 2 and 3, so step 1 is skipped (it cost a wrap and, before that, the
  // sines and cosines of two poses nobody saw).
  const bends = !straight && l1 > 0 && l2 > 0;
  if (trace || !bends) {
    chain.angles[0] = wrapAngle(toTarget - chain.baseAngle);
    chain.angles[1] = 0;
    forwardKinematics(chain);
  }
  if (trace) emit(trace, chain, straight ? 'stretch' : 'aim', 0, -1, 0, targetX, targetY);
  if (bends) {
    let bend = options.bend;
    const px = options.poleX;
    const py = options.poleY;
    if (px !== undefined && py !== undefined && Number.isFinite(px) && Number.isFinite(py)) {
      const side = dx * (py - chain.baseY) - dy * (px - chain.baseX);
      // The elbow lands on the side where cross(target − shoulder, elbow − shoulder) < 0 for +1.
      if (side !== 0) bend = side < 0 ? 1 : -1;
    }
    options.usedBend = bend;
    // Nearer than |l1 − l2| the cosines leave [−1, 1]: the elbow folds shut, the longer bone
    // towards the target. Set exactly, not clamped: acos near 1 turns a rounding error of 1e-16
    // into a turn of 1e-8. On the shoulder itself (d = 0, no direction) that is the limit as
    // d → 0, along bone 1's old direction; the straight arm there would be the farthest pose.
    // Decided on the lengths themselves, not on the reachability (which allows a few ulps of
    // rounding): the cosines below need d ≥ |l1 − l2|.
    const fold = d < Math.abs(l1 - l2) || d === 0;
    const alpha = fold ? (l1 >= l2 ? 0 : Math.PI) : halfAngleForm(d, l1, l2);
    const beta = fold ? 0 : halfAngleForm(l1, l2, d);
    // Step 2: open the shoulder by α.
    chain.angles[0] = wrapAngle(toTarget - bend * alpha - chain.baseAngle);
    chain.angles[1] = 0;
    if (trace) {
      forwardKinematics(chain);
      emit(trace, chain, 'bend', 0, 0, -bend * alpha, targetX, targetY);
    }
    // Step 3: close the elbow so its interior angle is β.
    chain.angles[1] = wrapAngle(bend * (Math.PI - beta));
    forwardKinematics(chain);
    if (trace) emit(trace, chain, 'bend', 0, 1, chain.angles[1]!, targetX, targetY);
  }
  result.error = tipError(chain, targetX, targetY);
  result.reached = result.error <= options.tolerance;
  return result;
}

/**
 * The angle between sides a and b of a triangle whose third side is c: the law of cosines,
 * written in half angles, tan²(γ/2) = (c − (a − b))(c + (a − b)) / ((a + b − c)(a + b + c)).
 * acos of the cosine form loses half the digits near 0 and π (acos(1 − 1e-16) is 1.5e-8, which
 * on a 100-long arm misses by 2e-6); these factors are exact where the triangle flattens, so a
 * fold or a stretch comes out exact. Negative factors (rounding past the flat triangle) clamp.
 */
function halfAngleForm(a0: number, b0: number, c0: number): number {
  // In units of the longest side, so the products cannot overflow for huge arms.
  const m = Math.max(a0, b0, c0);
  const a = a0 / m;
  const b = b0 / m;
  const c = c0 / m;
  const diff = Math.abs(a - b);
  const sin2 = (c - diff) * (c + diff);
  const cos2 = (a + b - c) * (a + b + c);
  return 2 * Math.atan2(Math.sqrt(Math.max(0, sin2)), Math.sqrt(Math.max(0, cos2)));
}
