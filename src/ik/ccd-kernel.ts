import { norm } from '../math/vec2.ts';
import { wrapAngle } from '../math/angles.ts';
import { type Chain, forwardKinematics, limitRelative, totalLength } from './chain.ts';
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

/** Squared lengths outside [TINY, HUGE] have lost precision to under- or overflow. */
const HUGE = 1e290;
const TINY = 1e-290;

export type { CCDOrder } from './ccd-orders.ts';
import type { CCDOrder } from './ccd-orders.ts';

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
  const cap = workCap(options.maxIterations, chain.count);
  const rootFirst = options.order === 'root-to-tip';
  // Below this, a joint sits on the tip or the target: no direction to turn towards.
  const eps = 1e-12 * totalLength(chain);
  const eps2 = eps * eps;
  const tolerance2 = tolerance * tolerance;
  const squaredTolerance = tolerance2 > TINY && tolerance2 < HUGE;
  let ex = P[2 * n]!;
  let ey = P[2 * n + 1]!;
  let error = norm(ex - targetX, ey - targetY);
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
      const tt = tx * tx + ty * ty;
      const gg = gx * gx + gy * gy;
      let applied = 0;
      let asked = 0;
      // (Squares can under- or overflow for absurd scales; `representable` routes those to the
      // exact path, which measures with norm().)
      const representable = tt > TINY && tt < HUGE && gg > TINY && gg < HUGE;
      if (representable ? tt > eps2 && gg > eps2 : norm(tx, ty) > eps && norm(gx, gy) > eps) {
        const before = angles[i]!;
        if (!chain.limited[i] && representable) {
          // The turn from the tip's direction to the target's (atan2(cross, dot) is wrapped
          // already); the tip lands on the joint–target ray, at its own distance from the joint.
          const wanted = Math.atan2(tx * gy - ty * gx, tx * gx + ty * gy);
          angles[i] = wrapAngle(before + wanted);
          applied = wanted;
          asked = wanted;
          const k = Math.sqrt(tt / gg);
          ex = jx + gx * k;
          ey = jy + gy * k;
        } else {
          // Limited (the turn may stop short of the ray) or coordinates whose squares don't fit:
          // swing the tip about the joint by the turn actually made.
          const wanted = wrapAngle(Math.atan2(gy, gx) - Math.atan2(ty, tx));
          angles[i] = limitRelative(chain, i, wrapAngle(before + wanted));
          applied = wrapAngle(angles[i]! - before);
          asked = wanted;
          if (applied !== 0) {
            const c = Math.cos(applied);
            const s = Math.sin(applied);
            ex = jx + c * tx - s * ty;
            ey = jy + s * tx + c * ty;
          }
        }
      }
      if (rootFirst) {
        dir += angles[i]!;
        jx += lengths[i]! * Math.cos(dir);
        jy += lengths[i]! * Math.sin(dir);
      }
      if (trace) {
        forwardKinematics(chain);
        emit(trace, chain, 'turn', it, i, applied, targetX, targetY, false, true, asked);
      }
      const dx = ex - targetX;
      const dy = ey - targetY;
      // (The sweep's end re-checks from exact positions; this only ends the sweep early.)
      if (squaredTolerance ? dx * dx + dy * dy <= tolerance2 : norm(dx, dy) <= tolerance) break;
    }
    // Re-derive the pose from the angles once per sweep, so the rotated tip never drifts.
    forwardKinematics(chain);
    ex = P[2 * n]!;
    ey = P[2 * n + 1]!;
    error = norm(ex - targetX, ey - targetY);
    done = error <= tolerance;
    const progress = done ? 'good' : progressOf(errorBefore, error);
    if (progress !== 'good') {
      // No or almost no gain: a stationary point (stall-escape.ts), or joints pinned at limits.
      if (nudges < MAX_NUDGES && bendSlightly(chain, nudges++, targetX, targetY)) {
        ex = P[2 * n]!;
        ey = P[2 * n + 1]!;
        error = norm(ex - targetX, ey - targetY);
        if (trace) emit(trace, chain, 'nudge', it, -1, 0, targetX, targetY);
      } else if (progress === 'none') {
        result.stalled = true;
        if (trace) emit(trace, chain, 'iteration', it, -1, 0, targetX, targetY);
        break;
      }
    }
    if (trace) emit(trace, chain, 'iteration', it, -1, 0, targetX, targetY);
  }
  // `error` is already the tip's distance as the pose now shows it: every way out of the loop
  // (and not entering it) leaves it measured from the positions forward kinematics wrote last.
  result.error = error;
  result.reached = result.error <= tolerance;
  result.capped = !result.reached && !result.stalled && result.iterations >= cap;
  result.workBound = stoppedByWork(result, cap, options.maxIterations);
  return result;
}
