/**
 * 3D vectors as plain numbers in small typed arrays (x, y, z). Functions write into an `out`
 * argument so hot loops (forward kinematics, the rasteriser) allocate nothing.
 * Convention for the walking system: Z up, the character faces +Y (seed 000 §2.5).
 */
export type Vec3 = Float64Array;

export const vec3 = (x = 0, y = 0, z = 0): Vec3 => Float64Array.of(x, y, z);

export function set3(out: Vec3, x: number, y: number, z: number): Vec3 {
  out[0] = x;
  out[1] = y;
  out[2] = z;
  return out;
}

export const copy3 = (out: Vec3, a: ArrayLike<number>): Vec3 => set3(out, a[0]!, a[1]!, a[2]!);

export const add3 = (out: Vec3, a: ArrayLike<number>, b: ArrayLike<number>): Vec3 =>
  set3(out, a[0]! + b[0]!, a[1]! + b[1]!, a[2]! + b[2]!);

export const sub3 = (out: Vec3, a: ArrayLike<number>, b: ArrayLike<number>): Vec3 =>
  set3(out, a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

export const scale3 = (out: Vec3, a: ArrayLike<number>, s: number): Vec3 =>
  set3(out, a[0]! * s, a[1]! * s, a[2]! * s);

export const dot3 = (a: ArrayLike<number>, b: ArrayLike<number>): number =>
  a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;

export function cross3(out: Vec3, a: ArrayLike<number>, b: ArrayLike<number>): Vec3 {
  const x = a[1]! * b[2]! - a[2]! * b[1]!;
  const y = a[2]! * b[0]! - a[0]! * b[2]!;
  const z = a[0]! * b[1]! - a[1]! * b[0]!;
  return set3(out, x, y, z);
}

export const length3 = (a: ArrayLike<number>): number => Math.hypot(a[0]!, a[1]!, a[2]!);

/** a / |a|; the zero vector stays zero (never NaN). */
export function normalize3(out: Vec3, a: ArrayLike<number>): Vec3 {
  const l = length3(a);
  return l > 0 ? scale3(out, a, 1 / l) : set3(out, 0, 0, 0);
}

export const lerp3 = (out: Vec3, a: ArrayLike<number>, b: ArrayLike<number>, t: number): Vec3 =>
  set3(out, a[0]! + (b[0]! - a[0]!) * t, a[1]! + (b[1]! - a[1]!) * t, a[2]! + (b[2]! - a[2]!) * t);

export const distance3 = (a: ArrayLike<number>, b: ArrayLike<number>): number =>
  Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
