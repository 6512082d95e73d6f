import type { Vec3 } from './vec3.ts';

/**
 * Unit quaternions (x, y, z, w) for 3D rotations (seed 000 §2.1: an axis a and an angle θ,
 * q = (a·sin θ/2, cos θ/2)). Functions write into `out`; `out` may alias an input.
 */
export type Quat = Float64Array;

export const quat = (x = 0, y = 0, z = 0, w = 1): Quat => Float64Array.of(x, y, z, w);

export function setQuat(out: Quat, x: number, y: number, z: number, w: number): Quat {
  out[0] = x;
  out[1] = y;
  out[2] = z;
  out[3] = w;
  return out;
}

export const identityQuat = (out: Quat): Quat => setQuat(out, 0, 0, 0, 1);

export const copyQuat = (out: Quat, q: ArrayLike<number>): Quat =>
  setQuat(out, q[0]!, q[1]!, q[2]!, q[3]!);

/** Rotation by `angle` radians about `axis` (need not be unit length; zero axis → identity). */
export function fromAxisAngle(out: Quat, axis: ArrayLike<number>, angle: number): Quat {
  const l = Math.hypot(axis[0]!, axis[1]!, axis[2]!);
  if (!(l > 0) || !Number.isFinite(angle)) return identityQuat(out);
  const s = Math.sin(angle / 2) / l;
  return setQuat(out, axis[0]! * s, axis[1]! * s, axis[2]! * s, Math.cos(angle / 2));
}

/** out = a · b: rotate by b first, then by a (as matrices: R(a)·R(b)). */
export function mulQuat(out: Quat, a: ArrayLike<number>, b: ArrayLike<number>): Quat {
  const ax = a[0]!;
  const ay = a[1]!;
  const az = a[2]!;
  const aw = a[3]!;
  const bx = b[0]!;
  const by = b[1]!;
  const bz = b[2]!;
  const bw = b[3]!;
  return setQuat(
    out,
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  );
}

export const conjugate = (out: Quat, q: ArrayLike<number>): Quat =>
  setQuat(out, -q[0]!, -q[1]!, -q[2]!, q[3]!);

/** Back to unit length; a zero (or non-finite) quaternion becomes the identity. */
export function normalizeQuat(out: Quat, q: ArrayLike<number>): Quat {
  const l = Math.hypot(q[0]!, q[1]!, q[2]!, q[3]!);
  if (!(l > 0) || !Number.isFinite(l)) return identityQuat(out);
  return setQuat(out, q[0]! / l, q[1]! / l, q[2]! / l, q[3]! / l);
}

/** v rotated by q, written into out (out may alias v). */
export function rotateVec(out: Vec3, q: ArrayLike<number>, v: ArrayLike<number>): Vec3 {
  const qx = q[0]!;
  const qy = q[1]!;
  const qz = q[2]!;
  const qw = q[3]!;
  const vx = v[0]!;
  const vy = v[1]!;
  const vz = v[2]!;
  // t = 2 q×v; v' = v + w t + q×t (the usual fast form of q v q*).
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[0] = vx + qw * tx + (qy * tz - qz * ty);
  out[1] = vy + qw * ty + (qz * tx - qx * tz);
  out[2] = vz + qw * tz + (qx * ty - qy * tx);
  return out;
}

/**
 * Spherical interpolation along the shorter arc (the engine's clip sampling uses slerp, seed
 * 000 §3); falls back to a normalised lerp when the two are nearly equal. The offsets read and
 * write quaternions inside bigger arrays (a pose's rotations) without making views of them.
 */
export function slerp(
  out: Float64Array,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  t: number,
  oo = 0,
  ao = 0,
  bo = 0,
): Float64Array {
  const ax = a[ao]!;
  const ay = a[ao + 1]!;
  const az = a[ao + 2]!;
  const aw = a[ao + 3]!;
  let bx = b[bo]!;
  let by = b[bo + 1]!;
  let bz = b[bo + 2]!;
  let bw = b[bo + 3]!;
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  let wa: number;
  let wb: number;
  if (cos > 0.9995) {
    wa = 1 - t;
    wb = t;
  } else {
    const theta = Math.acos(Math.min(1, cos));
    const sin = Math.sin(theta);
    wa = Math.sin((1 - t) * theta) / sin;
    wb = Math.sin(t * theta) / sin;
  }
  const x = wa * ax + wb * bx;
  const y = wa * ay + wb * by;
  const z = wa * az + wb * bz;
  const w = wa * aw + wb * bw;
  const l = Math.hypot(x, y, z, w) || 1;
  out[oo] = x / l;
  out[oo + 1] = y / l;
  out[oo + 2] = z / l;
  out[oo + 3] = w / l;
  return out;
}

/** The angle (radians, 0–π) of the rotation a quaternion stands for. */
export const quatAngle = (q: ArrayLike<number>): number =>
  2 * Math.acos(Math.min(1, Math.abs(q[3]!)));

/**
 * The rotation as an angle (radians, 0–π, returned) about a unit axis (written to `axis`):
 * q and −q are the same rotation, so the axis is flipped to keep the angle at most π. No
 * rotation gives angle 0 and the axis (0, 0, 1).
 */
export function toAxisAngle(axis: Vec3, q: ArrayLike<number>): number {
  const sign = q[3]! < 0 ? -1 : 1;
  const s = Math.hypot(q[0]!, q[1]!, q[2]!);
  if (s < 1e-9) {
    axis[0] = 0;
    axis[1] = 0;
    axis[2] = 1;
    return 0;
  }
  axis[0] = (sign * q[0]!) / s;
  axis[1] = (sign * q[1]!) / s;
  axis[2] = (sign * q[2]!) / s;
  return 2 * Math.atan2(s, Math.abs(q[3]!));
}

/**
 * A rotation from Euler angles in degrees, in `order` (BVH channel order): "ZXY" composes
 * R = R_Z · R_X · R_Y, the way BVH files compose their rotation channels.
 */
export function fromEulerDegrees(out: Quat, order: string, angles: ArrayLike<number>): Quat {
  identityQuat(out);
  const step = EULER_STEP;
  for (let i = 0; i < 3; i++) {
    const axis = order[i];
    const a = (angles[i]! * Math.PI) / 180;
    fromAxisAngle(step, axis === 'X' ? AX : axis === 'Y' ? AY : AZ, a);
    mulQuat(out, out, step);
  }
  return out;
}

const EULER_STEP = new Float64Array(4);
const AX = [1, 0, 0];
const AY = [0, 1, 0];
const AZ = [0, 0, 1];

/**
 * Euler angles in degrees for `order` (the inverse of fromEulerDegrees), through the rotation
 * matrix. Used to write BVH files. At gimbal lock the first angle takes the whole turn.
 */
export function toEulerDegrees(q: ArrayLike<number>, order: string): [number, number, number] {
  const m = rotationMatrix(q);
  const idx = [...order].map((c) => 'XYZ'.indexOf(c)) as [number, number, number];
  const [i, j, k] = idx;
  // R = R_i(a) R_j(b) R_k(c). Parity of (i, j, k) decides signs.
  const parity = (j - i + 3) % 3 === 1 ? 1 : -1;
  const at = (r: number, c: number) => m[r * 3 + c]!;
  const sb = Math.max(-1, Math.min(1, parity * at(i, k)));
  const b = Math.asin(sb);
  let a: number;
  let c: number;
  if (Math.abs(sb) < 0.9999999) {
    a = Math.atan2(-parity * at(j, k), at(k, k));
    c = Math.atan2(-parity * at(i, j), at(i, i));
  } else {
    a = Math.atan2(parity * at(k, j), at(j, j));
    c = 0;
  }
  const deg = 180 / Math.PI;
  return [a * deg, b * deg, c * deg];
}

/** The 3×3 rotation matrix of q, row-major. */
export function rotationMatrix(q: ArrayLike<number>): number[] {
  const x = q[0]!;
  const y = q[1]!;
  const z = q[2]!;
  const w = q[3]!;
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y - z * w),
    2 * (x * z + y * w),
    2 * (x * y + z * w),
    1 - 2 * (x * x + z * z),
    2 * (y * z - x * w),
    2 * (x * z - y * w),
    2 * (y * z + x * w),
    1 - 2 * (x * x + y * y),
  ];
}

/** The 3×3 rotation matrix of q, row-major, written into `out` (9 numbers): no allocation. */
export function rotationMatrixInto(out: Float64Array, q: ArrayLike<number>): Float64Array {
  const x = q[0]!;
  const y = q[1]!;
  const z = q[2]!;
  const w = q[3]!;
  out[0] = 1 - 2 * (y * y + z * z);
  out[1] = 2 * (x * y - z * w);
  out[2] = 2 * (x * z + y * w);
  out[3] = 2 * (x * y + z * w);
  out[4] = 1 - 2 * (x * x + z * z);
  out[5] = 2 * (y * z - x * w);
  out[6] = 2 * (x * z - y * w);
  out[7] = 2 * (y * z + x * w);
  out[8] = 1 - 2 * (x * x + y * y);
  return out;
}

/** The four-number dot product a·b: ±1 for unit quaternions of the same rotation. */
export const dotQuat = (a: ArrayLike<number>, b: ArrayLike<number>): number =>
  a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]! + a[3]! * b[3]!;

/**
 * The angle (radians, 0–π) of the turn that takes rotation a to rotation b: 0 when they are
 * the same rotation, whether b is a or −a. Read from a*·b with atan2, which stays accurate
 * for tiny angles where acos of a number near 1 does not.
 */
export function angleBetweenRotations(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const ax = -a[0]!;
  const ay = -a[1]!;
  const az = -a[2]!;
  const aw = a[3]!;
  const bx = b[0]!;
  const by = b[1]!;
  const bz = b[2]!;
  const bw = b[3]!;
  const x = aw * bx + ax * bw + ay * bz - az * by;
  const y = aw * by - ax * bz + ay * bw + az * bx;
  const z = aw * bz + ax * by - ay * bx + az * bw;
  const w = aw * bw - ax * bx - ay * by - az * bz;
  return 2 * Math.atan2(Math.hypot(x, y, z), Math.abs(w));
}
