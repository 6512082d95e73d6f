import { wrapAngle } from '../math/angles';
import { type Chain, forwardKinematics, limitRelative } from './chain';

/** How many times one solve may bend the chain to escape a stationary point. */
export const MAX_NUDGES = 8;

/** Total bend a nudge spreads over the chain (radians). */
const NUDGE_BEND = 0.3;

/**
 * A straight (or folded-flat) chain whose target lies on its own line is a stationary point for
 * CCD and the Jacobian methods: every joint sees the tip and the target on the same ray, so no
 * single turn helps (CCD; flips by π keep it on the line), and Jᵀe is exactly zero (Jacobian).
 * The everyday case is an arm at rest with the target in front of the fingertip, on the arm's
 * own line. Turning every bone a little, the first one too, breaks the symmetry: bending only
 * the later bones is undone by the next tip-first turn, which folds the chain back onto a line
 * that has not moved. The turn is spread over the bones, kept inside their limits, and
 * alternates sides between nudges. Returns false when nothing could turn (a single bone, or every
 * joint at a limit).
 */
export function bendSlightly(chain: Chain, nudge: number): boolean {
  const n = chain.count;
  // One bone pointing along the target's line is already as near as it gets.
  if (n < 2) return false;
  const delta = ((nudge % 2 === 0 ? 1 : -1) * NUDGE_BEND) / n;
  let changed = false;
  for (let i = 0; i < n; i++) {
    const before = chain.angles[i]!;
    chain.angles[i] = limitRelative(chain, i, wrapAngle(before + delta));
    if (chain.angles[i] !== before) changed = true;
  }
  if (changed) forwardKinematics(chain);
  return changed;
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
