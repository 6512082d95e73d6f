import {
  createFabrikYardstick,
  type FabrikYardstick,
  solveFabrikYardstick,
} from './yardstick-fabrik';

/**
 * The least a node tree that keeps each bone's rotation as an angle must add to the FABRIK
 * yardstick, as flat arrays: the floor under FABRIK2D's node row. Per solve it
 * 1. reads the joints back from the bones' global transforms, with each segment's length
 *    (sqrt) and direction (atan2): a node that answers from the tree as it stands, not from
 *    what it remembers, must;
 * 2. solves with the yardstick;
 * 3. turns each bone by the change of its direction relative to its parent (atan2 per bone);
 * 4. shows the pose: per bone sin, cos and one matrix product into its global transform;
 * 5. measures the tip as shown against the target.
 * Nothing else: no negative scale, limits, mix, poles, skip, status or target node (the target
 * is two numbers). Every bone's child sits at its tip, the base at the origin, unrotated.
 */
export interface AngleTree {
  readonly count: number;
  readonly solver: FabrikYardstick;
  readonly lengths: Float64Array;
  /** Local rotations (radians), the tree's state. */
  readonly rotations: Float64Array;
  /** Global transforms, six numbers a bone (a, b, c, d, tx, ty), as the tree shows them. */
  readonly globals: Float64Array;
  /** Per bone, its segment's direction as last read (what a write compares with). */
  readonly readDirections: Float64Array;
  /** The last solve's tip, as shown, from its target. */
  tipError: number;
}

export function createAngleTree(lengths: Float64Array, rotations: Float64Array): AngleTree {
  const n = lengths.length;
  const tree: AngleTree = {
    count: n,
    solver: createFabrikYardstick(lengths, new Float64Array(2 * n + 2)),
    lengths: Float64Array.from(lengths),
    rotations: Float64Array.from(rotations),
    globals: new Float64Array(6 * n),
    readDirections: new Float64Array(n),
    tipError: NaN,
  };
  showPose(tree);
  return tree;
}

/** Rotations → global transforms (step 4): the root at the origin, each child at its parent's tip. */
export function showPose(t: AngleTree): void {
  const G = t.globals;
  let a = 1;
  let b = 0;
  let c = 0;
  let d = 1;
  let x = 0;
  let y = 0;
  for (let i = 0; i < t.count; i++) {
    const cos = Math.cos(t.rotations[i]!);
    const sin = Math.sin(t.rotations[i]!);
    const along = i === 0 ? 0 : t.lengths[i - 1]!;
    x += a * along;
    y += b * along;
    const na = a * cos + c * sin;
    const nb = b * cos + d * sin;
    c = c * cos - a * sin;
    d = d * cos - b * sin;
    a = na;
    b = nb;
    G[6 * i] = a;
    G[6 * i + 1] = b;
    G[6 * i + 2] = c;
    G[6 * i + 3] = d;
    G[6 * i + 4] = x;
    G[6 * i + 5] = y;
  }
}

/** Steps 1–5 for one target; returns the yardstick's iterations and leaves the error in `tipError`. */
export function solveAngleTree(
  t: AngleTree,
  tx: number,
  ty: number,
  tolerance: number,
  cap: number,
): number {
  const n = t.count;
  const G = t.globals;
  const P = t.solver.positions;
  const L = t.solver.lengths;
  for (let i = 0; i < n; i++) {
    P[2 * i] = G[6 * i + 4]!;
    P[2 * i + 1] = G[6 * i + 5]!;
  }
  const last = 6 * (n - 1);
  P[2 * n] = G[last]! * t.lengths[n - 1]! + G[last + 4]!;
  P[2 * n + 1] = G[last + 1]! * t.lengths[n - 1]! + G[last + 5]!;
  for (let i = 0; i < n; i++) {
    const dx = P[2 * i + 2]! - P[2 * i]!;
    const dy = P[2 * i + 3]! - P[2 * i + 1]!;
    L[i] = Math.sqrt(dx * dx + dy * dy);
    t.readDirections[i] = Math.atan2(dy, dx);
  }
  const iterations = solveFabrikYardstick(t.solver, tx, ty, tolerance, cap);
  let before = 0;
  let after = 0;
  for (let i = 0; i < n; i++) {
    const dir = Math.atan2(P[2 * i + 3]! - P[2 * i + 1]!, P[2 * i + 2]! - P[2 * i]!);
    // The bone turns by the change of its direction relative to its parent's.
    t.rotations[i] = wrap(t.rotations[i]! + wrap(dir - after - (t.readDirections[i]! - before)));
    before = t.readDirections[i]!;
    after = dir;
  }
  showPose(t);
  const ex = G[last]! * t.lengths[n - 1]! + G[last + 4]! - tx;
  const ey = G[last + 1]! * t.lengths[n - 1]! + G[last + 5]! - ty;
  t.tipError = Math.sqrt(ex * ex + ey * ey);
  return iterations;
}

/** Into [−π, π]: sums of a few atan2 differences lie within a few turns. */
export const wrap = (r: number): number =>
  r >= -Math.PI && r <= Math.PI ? r : r - 2 * Math.PI * Math.round(r / (2 * Math.PI));
