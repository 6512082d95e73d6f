import type { Vec3 } from './vec3.ts';

/**
 * 4×4 matrices, column-major as the walking system's seed uses them (v' = T·R·S·v, seed 000
 * §2.1): element (row r, column c) is m[c * 4 + r]. Functions write into `out`.
 */
export type Mat4 = Float64Array;

export const mat4 = (): Mat4 => identity4(new Float64Array(16));

export function identity4(out: Mat4): Mat4 {
  out.fill(0);
  out[0] = out[5] = out[10] = out[15] = 1;
  return out;
}

export const copy4 = (out: Mat4, m: ArrayLike<number>): Mat4 => {
  for (let i = 0; i < 16; i++) out[i] = m[i]!;
  return out;
};

/**
 * Translate · Rotate(q) · Scale, a joint's local transform. The offsets read t, q and s from
 * inside bigger arrays (a pose's tracks) without making views of them.
 */
export function fromTRS(
  out: Mat4,
  t: ArrayLike<number>,
  q: ArrayLike<number>,
  s: ArrayLike<number>,
  to = 0,
  qo = 0,
  so = 0,
): Mat4 {
  const x = q[qo]!;
  const y = q[qo + 1]!;
  const z = q[qo + 2]!;
  const w = q[qo + 3]!;
  const sx = s[so]!;
  const sy = s[so + 1]!;
  const sz = s[so + 2]!;
  out[0] = (1 - 2 * (y * y + z * z)) * sx;
  out[1] = 2 * (x * y + z * w) * sx;
  out[2] = 2 * (x * z - y * w) * sx;
  out[3] = 0;
  out[4] = 2 * (x * y - z * w) * sy;
  out[5] = (1 - 2 * (x * x + z * z)) * sy;
  out[6] = 2 * (y * z + x * w) * sy;
  out[7] = 0;
  out[8] = 2 * (x * z + y * w) * sz;
  out[9] = 2 * (y * z - x * w) * sz;
  out[10] = (1 - 2 * (x * x + y * y)) * sz;
  out[11] = 0;
  out[12] = t[to]!;
  out[13] = t[to + 1]!;
  out[14] = t[to + 2]!;
  out[15] = 1;
  return out;
}

/**
 * out = a · b (apply b first). `out` may alias a or b. The offsets address matrices inside a
 * bigger array (forward kinematics' one array of joint matrices) without making views.
 */
export function mul4(
  out: Float64Array,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  oo = 0,
  ao = 0,
  bo = 0,
): Float64Array {
  const r = SCRATCH;
  for (let c = 0; c < 4; c++) {
    const b0 = b[bo + c * 4]!;
    const b1 = b[bo + c * 4 + 1]!;
    const b2 = b[bo + c * 4 + 2]!;
    const b3 = b[bo + c * 4 + 3]!;
    for (let row = 0; row < 4; row++)
      r[c * 4 + row] =
        a[ao + row]! * b0 + a[ao + 4 + row]! * b1 + a[ao + 8 + row]! * b2 + a[ao + 12 + row]! * b3;
  }
  for (let i = 0; i < 16; i++) out[oo + i] = r[i]!;
  return out;
}
const SCRATCH = new Float64Array(16);

/** m applied to the point p (w = 1), divided by w when m projects. */
export function transformPoint(out: Vec3, m: ArrayLike<number>, p: ArrayLike<number>): Vec3 {
  const x = p[0]!;
  const y = p[1]!;
  const z = p[2]!;
  const w = m[3]! * x + m[7]! * y + m[11]! * z + m[15]!;
  const k = w !== 0 && w !== 1 ? 1 / w : 1;
  out[0] = (m[0]! * x + m[4]! * y + m[8]! * z + m[12]!) * k;
  out[1] = (m[1]! * x + m[5]! * y + m[9]! * z + m[13]!) * k;
  out[2] = (m[2]! * x + m[6]! * y + m[10]! * z + m[14]!) * k;
  return out;
}

/** m applied to the direction v (w = 0): no translation. */
export function transformDir(out: Vec3, m: ArrayLike<number>, v: ArrayLike<number>): Vec3 {
  const x = v[0]!;
  const y = v[1]!;
  const z = v[2]!;
  out[0] = m[0]! * x + m[4]! * y + m[8]! * z;
  out[1] = m[1]! * x + m[5]! * y + m[9]! * z;
  out[2] = m[2]! * x + m[6]! * y + m[10]! * z;
  return out;
}

const INV_IN = new Float64Array(16);
const INV_OUT = new Float64Array(16);

/** The general inverse (cofactors); a singular matrix gives the identity, never NaN. */
export function invert4(out: Mat4, m: ArrayLike<number>): Mat4 {
  // Module scratch, not fresh arrays: the renderer inverts a matrix every frame.
  const a = INV_IN;
  for (let i = 0; i < 16; i++) a[i] = m[i]!;
  const inv = INV_OUT;
  inv[0] =
    a[5]! * a[10]! * a[15]! -
    a[5]! * a[11]! * a[14]! -
    a[9]! * a[6]! * a[15]! +
    a[9]! * a[7]! * a[14]! +
    a[13]! * a[6]! * a[11]! -
    a[13]! * a[7]! * a[10]!;
  inv[4] =
    -a[4]! * a[10]! * a[15]! +
    a[4]! * a[11]! * a[14]! +
    a[8]! * a[6]! * a[15]! -
    a[8]! * a[7]! * a[14]! -
    a[12]! * a[6]! * a[11]! +
    a[12]! * a[7]! * a[10]!;
  inv[8] =
    a[4]! * a[9]! * a[15]! -
    a[4]! * a[11]! * a[13]! -
    a[8]! * a[5]! * a[15]! +
    a[8]! * a[7]! * a[13]! +
    a[12]! * a[5]! * a[11]! -
    a[12]! * a[7]! * a[9]!;
  inv[12] =
    -a[4]! * a[9]! * a[14]! +
    a[4]! * a[10]! * a[13]! +
    a[8]! * a[5]! * a[14]! -
    a[8]! * a[6]! * a[13]! -
    a[12]! * a[5]! * a[10]! +
    a[12]! * a[6]! * a[9]!;
  inv[1] =
    -a[1]! * a[10]! * a[15]! +
    a[1]! * a[11]! * a[14]! +
    a[9]! * a[2]! * a[15]! -
    a[9]! * a[3]! * a[14]! -
    a[13]! * a[2]! * a[11]! +
    a[13]! * a[3]! * a[10]!;
  inv[5] =
    a[0]! * a[10]! * a[15]! -
    a[0]! * a[11]! * a[14]! -
    a[8]! * a[2]! * a[15]! +
    a[8]! * a[3]! * a[14]! +
    a[12]! * a[2]! * a[11]! -
    a[12]! * a[3]! * a[10]!;
  inv[9] =
    -a[0]! * a[9]! * a[15]! +
    a[0]! * a[11]! * a[13]! +
    a[8]! * a[1]! * a[15]! -
    a[8]! * a[3]! * a[13]! -
    a[12]! * a[1]! * a[11]! +
    a[12]! * a[3]! * a[9]!;
  inv[13] =
    a[0]! * a[9]! * a[14]! -
    a[0]! * a[10]! * a[13]! -
    a[8]! * a[1]! * a[14]! +
    a[8]! * a[2]! * a[13]! +
    a[12]! * a[1]! * a[10]! -
    a[12]! * a[2]! * a[9]!;
  inv[2] =
    a[1]! * a[6]! * a[15]! -
    a[1]! * a[7]! * a[14]! -
    a[5]! * a[2]! * a[15]! +
    a[5]! * a[3]! * a[14]! +
    a[13]! * a[2]! * a[7]! -
    a[13]! * a[3]! * a[6]!;
  inv[6] =
    -a[0]! * a[6]! * a[15]! +
    a[0]! * a[7]! * a[14]! +
    a[4]! * a[2]! * a[15]! -
    a[4]! * a[3]! * a[14]! -
    a[12]! * a[2]! * a[7]! +
    a[12]! * a[3]! * a[6]!;
  inv[10] =
    a[0]! * a[5]! * a[15]! -
    a[0]! * a[7]! * a[13]! -
    a[4]! * a[1]! * a[15]! +
    a[4]! * a[3]! * a[13]! +
    a[12]! * a[1]! * a[7]! -
    a[12]! * a[3]! * a[5]!;
  inv[14] =
    -a[0]! * a[5]! * a[14]! +
    a[0]! * a[6]! * a[13]! +
    a[4]! * a[1]! * a[14]! -
    a[4]! * a[2]! * a[13]! -
    a[12]! * a[1]! * a[6]! +
    a[12]! * a[2]! * a[5]!;
  inv[3] =
    -a[1]! * a[6]! * a[11]! +
    a[1]! * a[7]! * a[10]! +
    a[5]! * a[2]! * a[11]! -
    a[5]! * a[3]! * a[10]! -
    a[9]! * a[2]! * a[7]! +
    a[9]! * a[3]! * a[6]!;
  inv[7] =
    a[0]! * a[6]! * a[11]! -
    a[0]! * a[7]! * a[10]! -
    a[4]! * a[2]! * a[11]! +
    a[4]! * a[3]! * a[10]! +
    a[8]! * a[2]! * a[7]! -
    a[8]! * a[3]! * a[6]!;
  inv[11] =
    -a[0]! * a[5]! * a[11]! +
    a[0]! * a[7]! * a[9]! +
    a[4]! * a[1]! * a[11]! -
    a[4]! * a[3]! * a[9]! -
    a[8]! * a[1]! * a[7]! +
    a[8]! * a[3]! * a[5]!;
  inv[15] =
    a[0]! * a[5]! * a[10]! -
    a[0]! * a[6]! * a[9]! -
    a[4]! * a[1]! * a[10]! +
    a[4]! * a[2]! * a[9]! +
    a[8]! * a[1]! * a[6]! -
    a[8]! * a[2]! * a[5]!;
  const det = a[0]! * inv[0]! + a[1]! * inv[4]! + a[2]! * inv[8]! + a[3]! * inv[12]!;
  if (!det || !Number.isFinite(det)) return identity4(out);
  for (let i = 0; i < 16; i++) out[i] = inv[i]! / det;
  return out;
}

/**
 * A perspective projection (OpenGL's): camera looks down −z, depth mapped to [−1, 1].
 * fovY in radians; near > 0.
 */
export function perspective(
  out: Mat4,
  fovY: number,
  aspect: number,
  near: number,
  far: number,
): Mat4 {
  const f = 1 / Math.tan(fovY / 2);
  out.fill(0);
  out[0] = f / aspect;
  out[5] = f;
  out[10] = (far + near) / (near - far);
  out[11] = -1;
  out[14] = (2 * far * near) / (near - far);
  return out;
}

/** An orthographic projection of the box [l, r] × [b, t] × [−near, −far] onto [−1, 1]³. */
export function orthographic(
  out: Mat4,
  l: number,
  r: number,
  b: number,
  t: number,
  near: number,
  far: number,
): Mat4 {
  out.fill(0);
  out[0] = 2 / (r - l);
  out[5] = 2 / (t - b);
  out[10] = -2 / (far - near);
  out[12] = -(r + l) / (r - l);
  out[13] = -(t + b) / (t - b);
  out[14] = -(far + near) / (far - near);
  out[15] = 1;
  return out;
}

/** The view matrix of a camera at `eye` looking at `target`, `up` roughly up. */
export function lookAt(
  out: Mat4,
  eye: ArrayLike<number>,
  target: ArrayLike<number>,
  up: ArrayLike<number>,
): Mat4 {
  let zx = eye[0]! - target[0]!;
  let zy = eye[1]! - target[1]!;
  let zz = eye[2]! - target[2]!;
  let l = Math.hypot(zx, zy, zz) || 1;
  zx /= l;
  zy /= l;
  zz /= l;
  let xx = up[1]! * zz - up[2]! * zy;
  let xy = up[2]! * zx - up[0]! * zz;
  let xz = up[0]! * zy - up[1]! * zx;
  l = Math.hypot(xx, xy, xz);
  if (!(l > 1e-12)) {
    // Looking straight along `up`: any perpendicular will do.
    xx = 1;
    xy = 0;
    xz = 0;
    l = 1;
  }
  xx /= l;
  xy /= l;
  xz /= l;
  const yx = zy * xz - zz * xy;
  const yy = zz * xx - zx * xz;
  const yz = zx * xy - zy * xx;
  out[0] = xx;
  out[1] = yx;
  out[2] = zx;
  out[3] = 0;
  out[4] = xy;
  out[5] = yy;
  out[6] = zy;
  out[7] = 0;
  out[8] = xz;
  out[9] = yz;
  out[10] = zz;
  out[11] = 0;
  out[12] = -(xx * eye[0]! + xy * eye[1]! + xz * eye[2]!);
  out[13] = -(yx * eye[0]! + yy * eye[1]! + yz * eye[2]!);
  out[14] = -(zx * eye[0]! + zy * eye[1]! + zz * eye[2]!);
  out[15] = 1;
  return out;
}

/** The translation part of m. */
export const translationOf = (out: Vec3, m: ArrayLike<number>): Vec3 => {
  out[0] = m[12]!;
  out[1] = m[13]!;
  out[2] = m[14]!;
  return out;
};
