import type { Skeleton } from '../../walk3d/skeleton.ts';

// The shape of a foot's sole in the bind pose (FootSoles places it on the posed joints): from
// the heel to the toe tip, flat underneath, tapered, with a dark strip along its bottom edge.

/**
 * A foot's cross-sections from the heel to the toe tip: where along the foot (a share of the
 * ankle-to-tip length, 0 at the ankle, 'ball' at the toe joint), half its width (a share of the
 * foot's length) and its height (a share of the ankle's height above the sole).
 */
const SECTIONS: { at: number | 'ball'; half: number; top: number }[] = [
  { at: -0.28, half: 0.15, top: 0.55 },
  { at: 0, half: 0.19, top: 0.8 },
  { at: 'ball', half: 0.22, top: 0.38 },
  { at: 1, half: 0.15, top: 0.2 },
];
/** The dark sole strip's height: a share of the ankle's height, at most this share of the top. */
const STRIP = 0.2;
const STRIP_OF_TOP = 0.6;
/** Corners round a cross-section: bottom left, bottom right, strip right, top right, top left, strip left. */
export const AROUND = 6;
/** Quads a foot: six round each of three segments, two at each end. */
export const QUADS = 3 * AROUND + 4;

/** A foot with a sole: its ankle, toe and toe-tip joints (−1 when the toe has no child). */
export interface SoleFoot {
  ankle: number;
  toe: number;
  tip: number;
  side: 'left' | 'right' | null;
}

/** Every joint's position in the bind pose (no rotations: offsets summed down the tree). */
export function bindPositions(skeleton: Skeleton): Float64Array {
  const out = new Float64Array(3 * skeleton.count);
  skeleton.joints.forEach((j, i) => {
    for (let d = 0; d < 3; d++)
      out[3 * i + d] = (j.parent >= 0 ? out[3 * j.parent + d]! : 0) + j.offset[d]!;
  });
  return out;
}

/**
 * The sole's quads in the bind pose (4 corners of x, y, z each, wound counter-clockwise seen
 * from outside), or null when the foot's bones give no direction to point it in. Up is along
 * the leg (ankle to hips, less any tilt towards the other foot); forward is the ankle-to-tip
 * direction made level; the sole's bottom is at the lower of the toe and its tip.
 */
export function soleQuads(
  skeleton: Skeleton,
  bind: Float64Array,
  foot: SoleFoot,
  other: number,
): Float64Array | null {
  const at = (j: number) => [bind[3 * j]!, bind[3 * j + 1]!, bind[3 * j + 2]!];
  const A = at(foot.ankle);
  const root = skeleton.joints.findIndex((j) => j.parent < 0);
  let up: number[] | null = sub(at(root), A);
  const across = other >= 0 ? unit(sub(A, at(other))) : null;
  if (across) up = without(up, across);
  up = unit(up);
  const T = sub(at(foot.toe), A);
  const E = foot.tip >= 0 ? sub(at(foot.tip), A) : null;
  const fwd = up && unit(without(E ?? T, up));
  if (!up || !fwd) return null;
  const side = cross(fwd, up);
  const ball = dot(T, fwd);
  const tip = E ? dot(E, fwd) : 1.4 * ball;
  if (!(ball > 0) || !(tip >= ball)) return null;
  const bottom = Math.min(dot(T, up), E ? dot(E, up) : Infinity);
  const length = 1.28 * tip;
  const height = Math.max(-bottom, 0.15 * length);
  /** Corner c of section k, in the bind pose. */
  const corner = (k: number, c: number): number[] => {
    const s = SECTIONS[k]!;
    const along = s.at === 'ball' ? ball : s.at * tip;
    const top = s.top * height;
    const strip = Math.min(STRIP * height, STRIP_OF_TOP * top);
    const rise = [0, 0, strip, top, top, strip][c]!;
    const w = (c === 0 || c === 4 || c === 5 ? -1 : 1) * s.half * length;
    const z = bottom + rise;
    return [0, 1, 2].map((d) => A[d]! + fwd[d]! * along + side[d]! * w + up[d]! * z);
  };
  const quads: number[][][] = [];
  for (let k = 0; k < 3; k++)
    for (let c = 0; c < AROUND; c++) {
      const c1 = (c + 1) % AROUND;
      quads.push([corner(k, c), corner(k, c1), corner(k + 1, c1), corner(k + 1, c)]);
    }
  for (const k of [0, 3])
    quads.push(
      [corner(k, 0), corner(k, 1), corner(k, 2), corner(k, 5)],
      [corner(k, 5), corner(k, 2), corner(k, 3), corner(k, 4)],
    );
  // Wound so each face's normal points away from the foot's middle.
  const middle = [0, 1, 2].map((d) => mean(quads, d));
  const out = new Float64Array(QUADS * 12);
  quads.forEach((q, i) => {
    const n = cross(sub(q[1]!, q[0]!), sub(q[2]!, q[0]!));
    const centre = [0, 1, 2].map((d) => (q[0]![d]! + q[1]![d]! + q[2]![d]! + q[3]![d]!) / 4);
    const ordered = dot(n, sub(centre, middle)) >= 0 ? q : [q[0]!, q[3]!, q[2]!, q[1]!];
    ordered.forEach((p, c) => out.set(p, 12 * i + 3 * c));
  });
  return out;
}

/** The mean of coordinate d over every corner of the quads. */
function mean(quads: number[][][], d: number): number {
  let sum = 0;
  for (const q of quads) for (const p of q) sum += p[d]!;
  return sum / (4 * quads.length);
}

const sub = (a: readonly number[], b: readonly number[]) => [
  a[0]! - b[0]!,
  a[1]! - b[1]!,
  a[2]! - b[2]!,
];
const dot = (a: readonly number[], b: readonly number[]) =>
  a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
const cross = (a: readonly number[], b: readonly number[]) => [
  a[1]! * b[2]! - a[2]! * b[1]!,
  a[2]! * b[0]! - a[0]! * b[2]!,
  a[0]! * b[1]! - a[1]! * b[0]!,
];
/** `a` less its part along the unit vector `u`. */
const without = (a: readonly number[], u: readonly number[]) => {
  const k = dot(a, u);
  return [a[0]! - k * u[0]!, a[1]! - k * u[1]!, a[2]! - k * u[2]!];
};
/** `a` made one long, or null when it is (nearly) zero. */
const unit = (a: readonly number[]): number[] | null => {
  const l = Math.hypot(a[0]!, a[1]!, a[2]!);
  return l > 1e-9 ? [a[0]! / l, a[1]! / l, a[2]! / l] : null;
};
