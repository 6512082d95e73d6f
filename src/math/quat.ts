import type { Vec3 } from './vec3';

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
  const [ax, ay, az, aw] = [a[0]!, a[1]!, a[2]!, a[3]!];
  const [bx, by, bz, bw] = [b[0]!, b[1]!, b[2]!, b[3]!];
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
  const [qx, qy, qz, qw] = [q[0]!, q[1]!, q[2]!, q[3]!];
  const [vx, vy, vz] = [v[0]!, v[1]!, v[2]!];
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
 * 000 §3); falls back to a normalised lerp when the two are nearly equal.
 */
export function slerp(out: Quat, a: ArrayLike<number>, b: ArrayLike<number>, t: number): Quat {
  let bx = b[0]!;
  let by = b[1]!;
  let bz = b[2]!;
  let bw = b[3]!;
  let cos = a[0]! * bx + a[1]! * by + a[2]! * bz + a[3]! * bw;
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
  setQuat(
    out,
    wa * a[0]! + wb * bx,
    wa * a[1]! + wb * by,
    wa * a[2]! + wb * bz,
    wa * a[3]! + wb * bw,
  );
  return normalizeQuat(out, out);
}

/** The angle (radians, 0–π) of the rotation a quaternion stands for. */
export const quatAngle = (q: ArrayLike<number>): number =>
  2 * Math.acos(Math.min(1, Math.abs(q[3]!)));

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
  const [x, y, z, w] = [q[0]!, q[1]!, q[2]!, q[3]!];
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
