/**
 * Oracles for the playground's canvas tests, built on the 3×3 matrices of ./oracle (textbook
 * definitions, no code shared with src/math): the inverse of an affine map by the adjugate,
 * a node's global matrix as the product of its ancestors' TRS matrices, and fast-check
 * arbitraries for poses with any rotation and with negative or uneven scales.
 */
import fc from 'fast-check';
import { Node2D } from '../../src/scene/node2d';
import { type M3, m3Apply, m3Mul, m3TRS } from './oracle';

export interface Pt {
  x: number;
  y: number;
}

/** A local pose as the tests draw them: position, rotation (radians) and scale. */
export interface PoseSpec {
  px: number;
  py: number;
  r: number;
  sx: number;
  sy: number;
}

/** Inverse of an affine 3×3 matrix by the adjugate of its 2×2 part (Cramer's rule). */
export function m3Inverse(m: M3): M3 {
  const [a, c, tx] = m[0]!;
  const [b, d, ty] = m[1]!;
  const det = a! * d! - b! * c!;
  if (det === 0) throw new Error('singular matrix in the oracle');
  const ia = d! / det;
  const ic = -c! / det;
  const ib = -b! / det;
  const id = a! / det;
  return [
    [ia, ic, -(ia * tx! + ic * ty!)],
    [ib, id, -(ib * tx! + id * ty!)],
    [0, 0, 1],
  ];
}

/** The global matrix of a node whose ancestors (root first) and itself have these poses. */
export function chainMatrix(poses: readonly PoseSpec[]): M3 {
  let m: M3 = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (const p of poses) m = m3Mul(m, m3TRS(p.px, p.py, p.r, p.sx, p.sy));
  return m;
}

export const apply = (m: M3, p: Pt): Pt => m3Apply(m, p.x, p.y);
/** The image of a direction (no translation). */
export const applyDir = (m: M3, v: Pt): Pt => ({
  x: m[0]![0]! * v.x + m[0]![1]! * v.y,
  y: m[1]![0]! * v.x + m[1]![1]! * v.y,
});
export const xColumn = (m: M3): Pt => ({ x: m[0]![0]!, y: m[1]![0]! });
export const yColumn = (m: M3): Pt => ({ x: m[0]![1]!, y: m[1]![1]! });
export const origin = (m: M3): Pt => ({ x: m[0]![2]!, y: m[1]![2]! });
export const det2 = (m: M3): number => m[0]![0]! * m[1]![1]! - m[0]![1]! * m[1]![0]!;

/** Builds real Node2Ds with these poses, each the child of the one before; returns them all. */
export function buildChain(poses: readonly PoseSpec[]): Node2D[] {
  const nodes: Node2D[] = [];
  poses.forEach((p, i) => {
    const n = new Node2D(`N${i}`);
    n.position = { x: p.px, y: p.py };
    n.rotation = p.r;
    n.scale = { x: p.sx, y: p.sy };
    if (i > 0) nodes[i - 1]!.addChild(n);
    nodes.push(n);
  });
  return nodes;
}

/** Reads a node's pose back (after the code under test set it). */
export const poseOf = (n: Node2D): PoseSpec => ({
  px: n.position.x,
  py: n.position.y,
  r: n.rotation,
  sx: n.scale.x,
  sy: n.scale.y,
});

/** |a − b| ≤ tol · (1 + |a| + |b|), componentwise: "1e-9 relative" that still works near 0. */
export function closeRel(a: Pt, b: Pt, tol = 1e-9): boolean {
  return (
    Math.abs(a.x - b.x) <= tol * (1 + Math.abs(a.x) + Math.abs(b.x)) &&
    Math.abs(a.y - b.y) <= tol * (1 + Math.abs(a.y) + Math.abs(b.y))
  );
}

/** Signed angle from direction u to direction v, in (−π, π]. */
export const angleFromTo = (u: Pt, v: Pt): number =>
  Math.atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y);

/** Angle difference wrapped into (−π, π]. */
export const wrap = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));

const coord = fc.double({ min: -500, max: 500, noNaN: true });
const turn = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
/** A scale factor of either sign, well away from 0. */
const factor = fc
  .tuple(fc.double({ min: 0.3, max: 3, noNaN: true }), fc.boolean())
  .map(([m, neg]) => (neg ? -m : m));

/** Any pose: any rotation, negative and uneven scales on either axis. */
export const anyPose: fc.Arbitrary<PoseSpec> = fc.record({
  px: coord,
  py: coord,
  r: turn,
  sx: factor,
  sy: factor,
});

/**
 * A pose whose matrix is a similarity (angles kept, or all mirrored): one scale magnitude, and
 * a flip on x, on y, both or neither.
 */
export const conformalPose: fc.Arbitrary<PoseSpec> = fc
  .record({
    px: coord,
    py: coord,
    r: turn,
    m: fc.double({ min: 0.3, max: 3, noNaN: true }),
    flipX: fc.boolean(),
    flipY: fc.boolean(),
  })
  .map(({ px, py, r, m, flipX, flipY }) => ({
    px,
    py,
    r,
    sx: flipX ? -m : m,
    sy: flipY ? -m : m,
  }));
