import { norm } from '../math/vec2.ts';
import { clampAngle, wrapAngle } from '../math/angles.ts';

/**
 * A planar chain in flat arrays: the state every solver kernel reads and writes.
 *
 * Everything is in one space, the chain's global (screen) space: +x right, +y down, angles
 * clockwise on screen. Bone i runs from joint i to joint i+1; joint 0 is the base, joint n the
 * tip (end effector). Each bone stores its *relative* screen angle a_i: its direction minus the
 * previous bone's (bone −1 is `baseAngle`). Turning bone i by Δ turns every bone after it by Δ
 * too, rigidly about joint i: that holds in global space whatever mirrors the node tree has,
 * which is why kernels never need to know about negative scale (the nodes translate), save
 * for one arbitrary choice of side (see `handedness`).
 *
 * Invariant: `positions` and `directions` match `angles`. Every kernel expects it on entry and
 * leaves it true (FABRIK asked for positions only leaves the answer in `positions` alone); after
 * changing angles, base or lengths by hand, call `forwardKinematics`.
 * Kernels allocate nothing: every buffer a solver needs is made here, once per chain.
 */
export interface Chain {
  readonly count: number;
  readonly lengths: Float64Array;
  /** Relative screen angle of each bone (radians). */
  readonly angles: Float64Array;
  baseX: number;
  baseY: number;
  /** Direction (screen radians) that bone 0's relative angle is measured from. */
  baseAngle: number;
  /**
   * −1 when the space the chain hangs in is mirrored (its determinant is negative), else +1.
   * Kernels work on screen angles and need no mirror logic, except where they must pick a side
   * with nothing to choose between them (a nudge off a stationary point): they pick it times
   * `handedness`, so a mirrored skeleton makes the mirror-image choice and solves to the mirror
   * image of the unmirrored one, with the same local rotations.
   */
  handedness: 1 | -1;
  /** 1 where bone i's relative angle is limited to the arc [limitMin, limitMax] (clockwise). */
  readonly limited: Uint8Array;
  readonly limitMin: Float64Array;
  readonly limitMax: Float64Array;
  /** Joint positions x0, y0, …, xn, yn, written by `forwardKinematics`. */
  readonly positions: Float64Array;
  /** Global direction of each bone, written by `forwardKinematics`. */
  readonly directions: Float64Array;
  /** Scratch joint positions for position-based solvers (FABRIK's working copy). */
  readonly work: Float64Array;
  /** Scratch, two numbers per joint (the Jacobian methods' products). */
  readonly scratch: Float64Array;
}

export function createChain(count: number): Chain {
  const n = Math.max(0, Math.floor(count));
  return {
    count: n,
    lengths: new Float64Array(n),
    angles: new Float64Array(n),
    baseX: 0,
    baseY: 0,
    baseAngle: 0,
    handedness: 1,
    limited: new Uint8Array(n),
    limitMin: new Float64Array(n),
    limitMax: new Float64Array(n),
    positions: new Float64Array(2 * (n + 1)),
    directions: new Float64Array(n),
    work: new Float64Array(2 * (n + 1)),
    scratch: new Float64Array(2 * (n + 1)),
  };
}

/** A chain from plain numbers (tests, demos): lengths, relative angles, base. */
export function chainFrom(
  lengths: ArrayLike<number>,
  angles: ArrayLike<number> = [],
  base: { x?: number; y?: number; angle?: number } = {},
): Chain {
  const chain = createChain(lengths.length);
  for (let i = 0; i < chain.count; i++) {
    const l = lengths[i]!;
    chain.lengths[i] = Number.isFinite(l) && l > 0 ? l : 0;
    chain.angles[i] = angles[i] ?? 0;
  }
  chain.baseX = base.x ?? 0;
  chain.baseY = base.y ?? 0;
  chain.baseAngle = base.angle ?? 0;
  forwardKinematics(chain);
  return chain;
}

/** Copies pose, base, lengths and limits from `from` into `to` (same bone count). */
export function copyChain(from: Chain, to: Chain): void {
  to.lengths.set(from.lengths);
  to.angles.set(from.angles);
  to.limited.set(from.limited);
  to.limitMin.set(from.limitMin);
  to.limitMax.set(from.limitMax);
  to.baseX = from.baseX;
  to.baseY = from.baseY;
  to.baseAngle = from.baseAngle;
  to.handedness = from.handedness;
  forwardKinematics(to);
}

/** Joint positions and bone directions from the relative angles. */
export function forwardKinematics(chain: Chain): void {
  const { count, lengths, angles, positions, directions } = chain;
  let x = chain.baseX;
  let y = chain.baseY;
  let dir = chain.baseAngle;
  positions[0] = x;
  positions[1] = y;
  for (let i = 0; i < count; i++) {
    dir += angles[i]!;
    directions[i] = dir;
    x += lengths[i]! * Math.cos(dir);
    y += lengths[i]! * Math.sin(dir);
    positions[2 * i + 2] = x;
    positions[2 * i + 3] = y;
  }
}

export const tipX = (chain: Chain): number => chain.positions[2 * chain.count]!;
export const tipY = (chain: Chain): number => chain.positions[2 * chain.count + 1]!;

/** Distance from the tip (after `forwardKinematics`) to a point. */
export const tipError = (chain: Chain, x: number, y: number): number =>
  norm(tipX(chain) - x, tipY(chain) - y);

export function totalLength(chain: Chain): number {
  let sum = 0;
  for (let i = 0; i < chain.count; i++) sum += chain.lengths[i]!;
  return sum;
}

/** True if any bone has angle limits (closed-form answers then do not apply). */
export function hasLimits(chain: Chain): boolean {
  for (let i = 0; i < chain.count; i++) if (chain.limited[i]) return true;
  return false;
}

/** Sets every relative angle from global bone directions (radians), wrapping each. */
export function setDirections(chain: Chain, directions: ArrayLike<number>): void {
  let prev = chain.baseAngle;
  for (let i = 0; i < chain.count; i++) {
    const d = directions[i]!;
    chain.angles[i] = wrapAngle(d - prev);
    prev = d;
  }
}

/** Bone i's relative angle `a` kept inside its limits, if it has any. */
export const limitRelative = (chain: Chain, i: number, a: number): number =>
  chain.limited[i] ? clampAngle(a, chain.limitMin[i]!, chain.limitMax[i]!) : a;

/**
 * Bone k's direction in the working positions (`chain.work`): from its two joints, or, for a bone
 * with no length or whose joints meet, the one remembered in `chain.directions`.
 */
export function workDirection(chain: Chain, k: number): number {
  const W = chain.work;
  const dx = W[2 * k + 2]! - W[2 * k]!;
  const dy = W[2 * k + 3]! - W[2 * k + 1]!;
  return chain.lengths[k]! > 0 && (dx !== 0 || dy !== 0)
    ? Math.atan2(dy, dx)
    : chain.directions[k]!;
}
