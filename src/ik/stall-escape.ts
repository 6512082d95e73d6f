import { wrapAngle } from '../math/angles.ts';
import { type Chain, forwardKinematics, limitRelative } from './chain.ts';

/** How many times one solve may bend the chain to escape a stationary point. */
export const MAX_NUDGES = 8;

/**
 * How far a nudge turns (radians): spread evenly over the bones, or, along the way down from a
 * saddle, the turn of the bone that turns most.
 */
const NUDGE_BEND = 0.3;

/** A nudge's turn of a bone below this (radians) is round-off, not a turn (see bendSlightly). */
const NO_TURN = 1e-12;

/**
 * A straight (or folded-flat) chain whose target lies on its own line is a stationary point for
 * CCD and the Jacobian methods: every joint sees the tip and the target on the same ray, so no
 * single turn helps (CCD; flips by π keep it on the line), and Jᵀe is exactly zero (Jacobian).
 * The everyday case is an arm at rest with the target in front of the fingertip, on the arm's
 * own line. Unless the target is out of reach, such a point is a saddle, and the chain is bent
 * along its way down (`escapeDirection`): a uniform bend can miss it. Where a bone folds back
 * (a long bone pointing away from the target), the way down turns neighbouring joints in
 * opposite directions, which a uniform bend hardly does; the Jacobian transpose then crept back
 * to the saddle after every nudge and gave up ("stalled") with a reachable target. Elsewhere
 * (limits, no saddle found) every bone turns a little, the first one too: bending only the later
 * bones is undone by the next tip-first turn, which folds the chain back onto a line that has not
 * moved. Turns are kept inside the limits and alternate sides between nudges. Returns false when
 * nothing could turn (a single bone, or every joint at a limit). Uses `chain.scratch`.
 */
export function bendSlightly(
  chain: Chain,
  nudge: number,
  targetX: number,
  targetY: number,
): boolean {
  const n = chain.count;
  // One bone pointing along the target's line is already as near as it gets.
  if (n < 2) return false;
  // Alternating sides, the first one mirrored with the skeleton: nothing else here knows left
  // from right (the escape direction below is found only up to its sign), and a fixed screen
  // side would bend a mirrored skeleton the other way in its own space, so it would settle in a
  // pose that is not the mirror image of the unmirrored one.
  const side = (nudge % 2 === 0 ? 1 : -1) * chain.handedness;
  const psi = chain.scratch; // psi[n + i]: how far bone i's direction turns
  const along = escapeDirection(chain, targetX, targetY);
  let changed = false;
  for (let i = 0; i < n; i++) {
    const delta = along
      ? side * NUDGE_BEND * (psi[n + i]! - (i > 0 ? psi[n + i - 1]! : 0))
      : (side * NUDGE_BEND) / n;
    const before = chain.angles[i]!;
    const turned = limitRelative(chain, i, wrapAngle(before + delta));
    // A turn of round-off size is no turn. A joint held at a limit reads a few ulps off the
    // limit's end (both come from the tree through an offset), so clamping it back "moves" it by
    // round-off; counting that as a nudge would let round-off decide between going on and
    // stalling, and a mirrored skeleton, rounded differently, would decide the other way.
    if (Math.abs(wrapAngle(turned - before)) > NO_TURN) {
      chain.angles[i] = turned;
      changed = true;
    }
  }
  if (changed) forwardKinematics(chain);
  return changed;
}

/**
 * The way down from a saddle of the tip-to-target distance, in bone directions: fills
 * `scratch[n + i]` with how far bone i's direction turns (largest 1) and returns true, or returns
 * false when there is none to second order (every bone points towards the target's side, as when
 * the target is out of reach).
 *
 * With u the unit vector from the tip to the target, D the distance, and w_i = l_i·⟨bone i, u⟩,
 * turning the bones' directions by small ψ_i changes the squared distance by
 *   Q(ψ) = D·Σ w_i ψ_i² + (Σ w_i ψ_i)²
 * (second order; the first order is zero on the line). Q = ψᵀ(D·diag(w) + wwᵀ)ψ, so the way down
 * is the eigenvector of the smallest eigenvalue, if negative. For a diagonal plus a rank-one
 * matrix that eigenvalue λ is the root of 1 + Σ w_i² / (D·w_i − λ) = 0 between the two smallest
 * D·w_i, and the eigenvector is ψ_i = w_i / (λ − D·w_i): one bisection, no allocation.
 */
function escapeDirection(chain: Chain, targetX: number, targetY: number): boolean {
  const n = chain.count;
  const P = chain.positions;
  const w = chain.scratch; // w[i], then psi[n + i]
  let ux = targetX - P[2 * n]!;
  let uy = targetY - P[2 * n + 1]!;
  const D = Math.hypot(ux, uy);
  if (!(D > 0) || !Number.isFinite(D)) return false;
  ux /= D;
  uy /= D;
  // The two smallest D·w_i over bones with w_i ≠ 0 (a zero-length or sideways bone is no help).
  let d1 = Infinity;
  let d2 = Infinity;
  let i1 = -1;
  let i2 = -1;
  for (let i = 0; i < n; i++) {
    const a = chain.directions[i]!;
    const wi = chain.lengths[i]! * (Math.cos(a) * ux + Math.sin(a) * uy);
    w[i] = wi;
    if (wi === 0) continue;
    const d = D * wi;
    if (d < d1) {
      d2 = d1;
      i2 = i1;
      d1 = d;
      i1 = i;
    } else if (d < d2) {
      d2 = d;
      i2 = i;
    }
  }
  if (!(d1 < 0)) return false;
  for (let i = 0; i < n; i++) w[n + i] = 0;
  if (i2 >= 0 && d2 - d1 <= 1e-12 * Math.abs(d1)) {
    // Two bones alike: turning them oppositely in proportion keeps Σ w ψ = 0, and Q = 2·D·w³ < 0.
    w[n + i1] = w[i2]!;
    w[n + i2] = -w[i1]!;
  } else {
    // f rises from −∞ just above d1 to +∞ just below d2; the root is negative iff f(hi) > 0.
    let lo = d1;
    let hi = Math.min(d2, 0);
    if (hi === 0 && !(secular(w, n, D, 0) > 0)) return false;
    for (let k = 0; k < 200 && hi - lo > 1e-14 * Math.abs(d1); k++) {
      const mid = 0.5 * (lo + hi);
      if (secular(w, n, D, mid) < 0) lo = mid;
      else hi = mid;
    }
    const lambda = 0.5 * (lo + hi);
    for (let i = 0; i < n; i++) if (w[i] !== 0) w[n + i] = w[i]! / (lambda - D * w[i]!);
  }
  let biggest = 0;
  for (let i = 0; i < n; i++) biggest = Math.max(biggest, Math.abs(w[n + i]!));
  if (!(biggest > 0) || !Number.isFinite(biggest)) return false;
  for (let i = 0; i < n; i++) w[n + i] = w[n + i]! / biggest;
  return true;
}

/** 1 + Σ w_i² / (D·w_i − λ) over the bones with w_i ≠ 0. */
function secular(w: Float64Array, n: number, D: number, lambda: number): number {
  let f = 1;
  for (let i = 0; i < n; i++) if (w[i] !== 0) f += (w[i]! * w[i]!) / (D * w[i]! - lambda);
  return f;
}

/**
 * What an iteration achieved, from the error before and after it:
 * - 'none': nothing (a stationary point, or every joint at a limit): nudge; once the nudges are
 *   spent, the solver says it is stalled and stops;
 * - 'slow': less than a millionth of the error, as next to a stationary point, where the way out
 *   grows from round-off: nudge while nudges last, then keep going (real creeping, like CCD
 *   with one long bone, gains far more than that per sweep);
 * - 'good': anything more.
 */
export type Progress = 'none' | 'slow' | 'good';

export function progressOf(before: number, after: number): Progress {
  const gain = before - after;
  if (!(gain > 1e-12 * before)) return 'none'; // relative: a chain may be any size
  return gain < 1e-6 * before ? 'slow' : 'good';
}
