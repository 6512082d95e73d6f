import { mulQuat, normalizeQuat, rotateVec } from '../math/quat.ts';
import { Clip, type Track } from './clip.ts';
import { type Joint, Skeleton } from './skeleton.ts';

/** The walking system's frame (seed 000 §2.5): Z up, the character faces +Y. */
export const UP = [0, 0, 1] as const;
export const FRONT = [0, 1, 0] as const;

/**
 * The rotation that takes a clip authored with `up` and `front` (e.g. BVH's Y up, Z front) to
 * Z up, Y front, as a quaternion. It maps up → Z, front → Y, and front × up → X, so it is a
 * rotation (never a mirror). Returns null if up and front are parallel or zero.
 */
export function reorientation(
  up: readonly number[],
  front: readonly number[],
): Float64Array | null {
  const u = unit(up);
  const f0 = unit(front);
  if (!u || !f0) return null;
  // Make front exactly perpendicular to up.
  const d = f0[0] * u[0] + f0[1] * u[1] + f0[2] * u[2];
  const f = unit([f0[0] - d * u[0], f0[1] - d * u[1], f0[2] - d * u[2]]);
  if (!f) return null;
  const r = [f[1] * u[2] - f[2] * u[1], f[2] * u[0] - f[0] * u[2], f[0] * u[1] - f[1] * u[0]];
  // Rows of the rotation matrix are the source axes that land on X, Y, Z: r, f, u.
  const m = [r[0]!, r[1]!, r[2]!, f[0], f[1], f[2], u[0], u[1], u[2]];
  return quatFromMatrix(m);
}

/**
 * Seed 000's AnimationClip::Reorient: the same motion, now Z up and Y front. The rotation is
 * applied to the root alone (its bind offset, rotation and translation keys): every joint below
 * rides on the root, so the whole figure turns with it.
 */
export function reorient(
  skeleton: Skeleton,
  clip: Clip,
  up: readonly number[],
  front: readonly number[],
): { skeleton: Skeleton; clip: Clip } {
  const q = reorientation(up, front);
  if (!q) throw new Error('up and front must be two non-parallel, non-zero vectors');
  const joints: Joint[] = skeleton.joints.map((j) => ({
    ...j,
    offset: [...j.offset] as Joint['offset'],
  }));
  const root = joints.findIndex((j) => j.parent < 0);
  const o = rotateVec(new Float64Array(3), q, joints[root]!.offset);
  joints[root]!.offset = [o[0]!, o[1]!, o[2]!];
  const tracks: Track[] = clip.tracks.map((t) => {
    if (t.joint !== root) return t;
    const rotations = t.rotations ? t.rotations.slice() : null;
    const translations = t.translations ? t.translations.slice() : null;
    for (let k = 0; k < t.times.length; k++) {
      if (rotations) {
        const r = rotations.subarray(4 * k, 4 * k + 4);
        normalizeQuat(r, mulQuat(r, q, r));
      }
      if (translations) {
        const p = translations.subarray(3 * k, 3 * k + 3);
        rotateVec(p, q, p);
      }
    }
    return { ...t, rotations, translations };
  });
  return {
    skeleton: new Skeleton(joints),
    clip: new Clip(clip.name, clip.duration, tracks, clip.frameTime),
  };
}

function unit(v: readonly number[]): [number, number, number] | null {
  const l = Math.hypot(v[0] ?? 0, v[1] ?? 0, v[2] ?? 0);
  return l > 0 && Number.isFinite(l) ? [v[0]! / l, v[1]! / l, v[2]! / l] : null;
}

/** A unit quaternion from a row-major rotation matrix (Shepperd's method). */
function quatFromMatrix(m: number[]): Float64Array {
  const [m00, m01, m02, m10, m11, m12, m20, m21, m22] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const tr = m00 + m11 + m22;
  let x: number;
  let y: number;
  let z: number;
  let w: number;
  if (tr > 0) {
    const s = Math.sqrt(tr + 1) * 2;
    w = s / 4;
    x = (m21 - m12) / s;
    y = (m02 - m20) / s;
    z = (m10 - m01) / s;
  } else if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    w = (m21 - m12) / s;
    x = s / 4;
    y = (m01 + m10) / s;
    z = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    w = (m02 - m20) / s;
    x = (m01 + m10) / s;
    y = s / 4;
    z = (m12 + m21) / s;
  } else {
    const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
    w = (m10 - m01) / s;
    x = (m02 + m20) / s;
    y = (m12 + m21) / s;
    z = s / 4;
  }
  return normalizeQuat(new Float64Array(4), [x, y, z, w]);
}
