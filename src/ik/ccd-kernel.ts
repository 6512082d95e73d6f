import { wrapAngle } from '../math/angles';
import { type Chain, forwardKinematics, limitRelative, tipError, totalLength } from './chain';
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

export type CCDOrder = 'tip-to-root' | 'root-to-tip';

export interface CCDOptions extends IterativeOptions {
  /** Seed 001 §3 sweeps from the bone nearest the tip to the root; the reverse is an option. */
  order?: CCDOrder;
}

/**
 * Cyclic coordinate descent (seed 001 §3, seed 002 §1.4). One iteration is a sweep over the
 * bones; each bone turns by (angle to the target − angle to the tip), both seen from its joint,
 * which puts the tip on the joint–target line. Limits clamp each turn as it is made.
 *
 * Only the tip moves while a sweep runs from the tip to the root (joints nearer the root stay
 * put), so a sweep costs O(n): the tip is rotated about each joint in turn, and the full pose is
 * recomputed once per sweep. Root-to-tip also carries the current joint along.
 *
 * Beyond the seed: a sweep in which no joint can turn is a stationary point (the chain lies on
 * the tip–target line); the chain is bent slightly and the sweeps go on (stall-escape.ts).
 */
export function solveCCD(
  chain: Chain,
  targetX: number,
  targetY: number,
  options: CCDOptions,
  result: SolveResult,
  trace?: Trace,
): SolveResult {
  if (startSolve(chain, targetX, targetY, options, result, trace)) return result;
  const tolerance = toleranceOf(options.tolerance);

  const n = chain.count;
  const P = chain.positions;
  const { angles, lengths } = chain;
  const cap = iterationCap(options.maxIterations);
  const rootFirst = options.order === 'root-to-tip';
  // Below this, a joint sits on the tip or the target: no direction to turn towards.
  const eps = 1e-12 * (1 + totalLength(chain));
  let ex = P[2 * n]!;
  let ey = P[2 * n + 1]!;
  let error = Math.hypot(ex - targetX, ey - targetY);
  let done = error <= tolerance;
  let nudges = 0;

  for (let it = 1; it <= cap && !done; it++) {
    result.iterations = it;
    const errorBefore = error;
    // Root-to-tip: joint i moves as earlier bones turn, so walk it forward as we go.
    let jx = chain.baseX;
    let jy = chain.baseY;
    let dir = chain.baseAngle;
    for (let k = 0; k < n; k++) {
      const i = rootFirst ? k : n - 1 - k;
      if (!rootFirst) {
        jx = P[2 * i]!;
        jy = P[2 * i + 1]!;
      }
      const tx = ex - jx;
      const ty = ey - jy;
      const gx = targetX - jx;
      const gy = targetY - jy;
      let applied = 0;
      if (Math.hypot(tx, ty) > eps && Math.hypot(gx, gy) > eps) {
        const wanted = wrapAngle(Math.atan2(gy, gx) - Math.atan2(ty, tx));
        const before = angles[i]!;
        angles[i] = limitRelative(chain, i, wrapAngle(before + wanted));
        applied = wrapAngle(angles[i]! - before);
        if (applied !== 0) {
          // The tip swings about joint i by the turn actually made.
          const c = Math.cos(applied);
          const s = Math.sin(applied);
          ex = jx + c * tx - s * ty;
          ey = jy + s * tx + c * ty;
        }
      }
      if (rootFirst) {
        dir += angles[i]!;
        jx += lengths[i]! * Math.cos(dir);
        jy += lengths[i]! * Math.sin(dir);
      }
      error = Math.hypot(ex - targetX, ey - targetY);
      if (trace) {
        forwardKinematics(chain);
        emit(trace, chain, 'turn', it, i, applied, targetX, targetY);
      }
      if (error <= tolerance) break; // the sweep's end re-checks, from exact positions
    }
    // Re-derive the pose from the angles once per sweep, so the rotated tip never drifts.
    forwardKinematics(chain);
    ex = P[2 * n]!;
    ey = P[2 * n + 1]!;
    error = Math.hypot(ex - targetX, ey - targetY);
    done = error <= tolerance;
    const progress = done ? 'good' : progressOf(errorBefore, error);
    if (progress !== 'good') {
      // No or almost no gain: a stationary point (stall-escape.ts), or joints pinned at limits.
      if (nudges < MAX_NUDGES && bendSlightly(chain, nudges++)) {
        ex = P[2 * n]!;
        ey = P[2 * n + 1]!;
        error = Math.hypot(ex - targetX, ey - targetY);
        if (trace) emit(trace, chain, 'nudge', it, -1, 0, targetX, targetY);
      } else if (progress === 'none') {
        result.stalled = true;
        if (trace) emit(trace, chain, 'iteration', it, -1, 0, targetX, targetY);
        break;
      }
    }
    if (trace) emit(trace, chain, 'iteration', it, -1, 0, targetX, targetY);
  }
  result.error = tipError(chain, targetX, targetY);
  result.reached = result.error <= tolerance;
  result.capped = !result.reached && !result.stalled && result.iterations >= cap;
  return result;
}
