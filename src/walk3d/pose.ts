import { fromTRS, mul4 } from '../math/mat4.ts';
import { slerp } from '../math/quat.ts';
import type { Skeleton } from './skeleton.ts';

/**
 * A pose: every joint's local translation, rotation (unit quaternion) and scale, in flat
 * arrays (3, 4 and 3 numbers a joint). The bind pose has each joint at its bind offset,
 * unrotated, unscaled.
 */
export class Pose {
  readonly t: Float64Array;
  readonly r: Float64Array;
  readonly s: Float64Array;

  constructor(readonly skeleton: Skeleton) {
    const n = skeleton.count;
    this.t = new Float64Array(3 * n);
    this.r = new Float64Array(4 * n);
    this.s = new Float64Array(3 * n).fill(1);
    this.toBind();
  }

  /** The bind pose: offsets, no rotation, unit scale (runs every frame: no allocation). */
  toBind(): this {
    const joints = this.skeleton.joints;
    for (let i = 0; i < joints.length; i++) {
      const o = joints[i]!.offset;
      this.t[3 * i] = o[0];
      this.t[3 * i + 1] = o[1];
      this.t[3 * i + 2] = o[2];
      this.r[4 * i] = this.r[4 * i + 1] = this.r[4 * i + 2] = 0;
      this.r[4 * i + 3] = 1;
    }
    this.s.fill(1);
    return this;
  }

  copyFrom(p: Pose): this {
    this.t.set(p.t);
    this.r.set(p.r);
    this.s.set(p.s);
    return this;
  }

  /** this = a blended towards b by w (0 → a, 1 → b): lerp translations, slerp rotations. */
  blend(a: Pose, b: Pose, w: number): this {
    const n = this.skeleton.count;
    for (let i = 0; i < 3 * n; i++) {
      this.t[i] = a.t[i]! + (b.t[i]! - a.t[i]!) * w;
      this.s[i] = a.s[i]! + (b.s[i]! - a.s[i]!) * w;
    }
    for (let i = 0; i < n; i++) slerp(this.r, a.r, b.r, w, 4 * i, 4 * i, 4 * i);
    return this;
  }
}

const LOCAL = new Float64Array(16);

/**
 * Forward kinematics (seed 000 eq. 2.2): each joint's matrix is its parent's times its local
 * T·R·S, written into `out` (16 numbers a joint, column-major). With `base`, the root's parent
 * is `base` (model → world); without, the result is in model space. Allocates nothing.
 */
export function forwardKinematics(
  pose: Pose,
  out: Float64Array,
  base?: ArrayLike<number>,
): Float64Array {
  const joints = pose.skeleton.joints;
  for (let i = 0; i < joints.length; i++) {
    fromTRS(LOCAL, pose.t, pose.r, pose.s, 3 * i, 4 * i, 3 * i);
    const p = joints[i]!.parent;
    if (p >= 0) mul4(out, out, LOCAL, 16 * i, 16 * p);
    else if (base) mul4(out, base, LOCAL, 16 * i);
    else out.set(LOCAL, 16 * i);
  }
  return out;
}

/** Joint i's position from forward-kinematics output. */
export function jointPosition(matrices: Float64Array, i: number, out: Float64Array): Float64Array {
  // An index past the pose would read undefined, and every position after it would be NaN.
  if (!Number.isInteger(i) || i < 0 || 16 * i + 15 >= matrices.length)
    throw new RangeError(`no joint ${i}: the pose has joints 0 to ${matrices.length / 16 - 1}`);
  out[0] = matrices[16 * i + 12]!;
  out[1] = matrices[16 * i + 13]!;
  out[2] = matrices[16 * i + 14]!;
  return out;
}
