import { norm } from '../math/vec2.ts';
import { wrapAngle } from '../math/angles.ts';
import { type Chain, limitRelative, workDirection } from './chain.ts';
import { type Trace, WORK_BUDGET } from './solve-result.ts';
import { emit } from './trace-emit.ts';

/** Seed 002 applies its pole once, after the passes converged; every iteration is an option. */
export { POLE_MODES, type PoleMode } from './pole-modes.ts';
import type { PoleMode } from './pole-modes.ts';

export interface PoleOptions {
  /** The chain's pole: every interior joint bends to its side. Absent or NaN: no chain pole. */
  poleX?: number;
  poleY?: number;
  /**
   * Per-joint poles, x and y for each joint 0…n (only interior joints 1…n−1 are used). NaN where
   * a joint has none: it follows the chain's pole, if there is one.
   */
  jointPoles?: Float64Array | null;
  poleMode?: PoleMode;
}

export function hasAnyPole(chain: Chain, o: PoleOptions): boolean {
  if (Number.isFinite(o.poleX) && Number.isFinite(o.poleY)) return true;
  const jp = o.jointPoles;
  if (!jp) return false;
  for (let i = 1; i < chain.count; i++)
    if (Number.isFinite(jp[2 * i]) && Number.isFinite(jp[2 * i + 1])) return true;
  return false;
}

/**
 * Seed 002's BendToPole in 2D (its §2.7 and §7.4). In 3D the joint turns about the axis through
 * its two neighbours until it is as near the pole as it can be. In a plane, turning about an
 * in-plane axis is a mirror: if joint i and its pole are on opposite sides of the line through
 * joints i−1 and i+1, mirror the joint across that line. Both bone lengths stay, and so does the
 * tip, because the neighbours are on the mirror line.
 *
 * One pass, as in the seed, can leave an earlier joint on the wrong side once a later joint has
 * moved (its line moved with it). So we repeat the pass until no joint moves, or `maxPasses`.
 * The passes cannot go round: a mirror moves only its own joint, and strictly nearer its pole
 * (mirrored across a line between them, its squared distance falls by 4·h·q, h and q the
 * joint's and the pole's distances from the line), so the sum of the joints' distances from
 * their poles falls with every mirror. But it can fall by little at a time, and nothing in the
 * chain's size bounds the passes needed: a 6-bone chain FABRIK left near the target needed 18
 * (issue 39's fuzz case), random 6-bone chains up to 36 and 41-bone ones up to 124, where the
 * cap was once 2n + 2. So the cap is a budget of joint visits (POLE_WORK), at least 2n + 2
 * passes. A mirror that would break a joint's angle limits is not made. What the passes could
 * not fix is counted by countPoleMisses, and the solvers report it (SolveResult.poleMisses);
 * given `left`, the passes write that count into `left.poleMisses` themselves (a last pass that
 * moved nothing has just counted them), which spares a crowd's every leg a second look at its
 * joints. Works on `chain.work` (FABRIK's working positions). Returns the passes run.
 */
export function bendToPoles(
  chain: Chain,
  o: PoleOptions,
  iteration: number,
  tx: number,
  ty: number,
  trace?: Trace,
  left?: { poleMisses: number },
  maxPasses = polePassCap(chain.count),
): number {
  const n = chain.count;
  if (left) left.poleMisses = 0;
  if (n < 2) return 0;
  const W = chain.work;
  let passes = 0;
  let moved = true;
  let refused = 0;
  while (passes < maxPasses && moved) {
    passes++;
    moved = false;
    refused = 0;
    for (let i = 1; i < n; i++) {
      if (!offPoleSide(chain, o, i)) continue;
      const ax = W[2 * i - 2]!;
      const ay = W[2 * i - 1]!;
      const lx = W[2 * i + 2]! - ax;
      const ly = W[2 * i + 3]! - ay;
      const ll = lx * lx + ly * ly;
      const jx = W[2 * i]!;
      const jy = W[2 * i + 1]!;
      const t = ((jx - ax) * lx + (jy - ay) * ly) / ll;
      const rx = 2 * (ax + t * lx) - jx;
      const ry = 2 * (ay + t * ly) - jy;
      if (!keepsLimits(chain, i, rx, ry)) {
        refused++;
        continue;
      }
      W[2 * i] = rx;
      W[2 * i + 1] = ry;
      moved = true;
      if (trace) emit(trace, chain, 'pole', iteration, i, 0, tx, ty, true, true);
    }
  }
  // A pass that moved nothing left exactly its refused joints off their side; after one that
  // moved (the cap), count again.
  if (left) left.poleMisses = moved ? countPoleMisses(chain, o) : refused;
  return passes;
}

/** Joint visits one bend may spend at most (bones × passes), as one solve's WORK_BUDGET. */
const POLE_WORK = WORK_BUDGET;

/** The passes a bend of `bones` bones may run: POLE_WORK's worth, and never fewer than 2n + 2. */
const polePassCap = (bones: number): number =>
  Math.max(2 * bones + 2, Math.floor(POLE_WORK / Math.max(1, bones)));

/**
 * How many interior joints with a pole are still on the far side of the line through their
 * neighbours (by the same "on the line" allowance as the passes): what the passes could not
 * fix, because they stopped at their cap or a limit forbade the mirror. Reads `chain.work`.
 */
export function countPoleMisses(chain: Chain, o: PoleOptions): number {
  let misses = 0;
  for (let i = 1; i < chain.count; i++) if (offPoleSide(chain, o, i)) misses++;
  return misses;
}

/**
 * Whether interior joint i has a pole (its own, or the chain's) and lies on the other side of
 * the line through its neighbours from it. Same side, or on the line, is not: "on" includes
 * round-off, or a joint a hair off a straight run would flip back and forth by that hair.
 */
function offPoleSide(chain: Chain, o: PoleOptions, i: number): boolean {
  const W = chain.work;
  const jp = o.jointPoles;
  let px: number;
  let py: number;
  if (jp && Number.isFinite(jp[2 * i]) && Number.isFinite(jp[2 * i + 1])) {
    px = jp[2 * i]!;
    py = jp[2 * i + 1]!;
  } else if (Number.isFinite(o.poleX) && Number.isFinite(o.poleY)) {
    px = o.poleX!;
    py = o.poleY!;
  } else return false;
  const ax = W[2 * i - 2]!;
  const ay = W[2 * i - 1]!;
  const lx = W[2 * i + 2]! - ax;
  const ly = W[2 * i + 3]! - ay;
  const ll = lx * lx + ly * ly;
  if (ll === 0) return false; // neighbours meet: no line to mirror across
  const sideJoint = lx * (W[2 * i + 1]! - ay) - ly * (W[2 * i]! - ax);
  const sidePole = lx * (py - ay) - ly * (px - ax);
  if (!(sideJoint * sidePole < 0)) return false;
  if (Math.abs(sideJoint) <= ON_LINE * ll) return false;
  return Math.abs(sidePole) > ON_LINE * Math.sqrt(ll) * norm(px - ax, py - ay);
}

/** A point nearer the line than this fraction of the distances involved counts as on it. */
const ON_LINE = 1e-9;

/** Would moving joint i to (rx, ry) keep the limits of bones i−1, i and i+1? */
function keepsLimits(chain: Chain, i: number, rx: number, ry: number): boolean {
  const n = chain.count;
  const lim = chain.limited;
  if (!lim[i - 1] && !lim[i] && !(i + 1 < n && lim[i + 1])) return true;
  const W = chain.work;
  const before = i - 2 >= 0 ? workDirection(chain, i - 2) : chain.baseAngle;
  const into = Math.atan2(ry - W[2 * i - 1]!, rx - W[2 * i - 2]!);
  const out = Math.atan2(W[2 * i + 3]! - ry, W[2 * i + 2]! - rx);
  return (
    withinLimits(chain, i - 1, wrapAngle(into - before)) &&
    withinLimits(chain, i, wrapAngle(out - into)) &&
    (i + 1 >= n || withinLimits(chain, i + 1, wrapAngle(workDirection(chain, i + 1) - out)))
  );
}

const withinLimits = (chain: Chain, k: number, relative: number): boolean =>
  !chain.limited[k] || Math.abs(wrapAngle(limitRelative(chain, k, relative) - relative)) < 1e-9;
