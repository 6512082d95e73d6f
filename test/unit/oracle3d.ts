/**
 * An independent 3D oracle: row-major 4×4 matrices as nested arrays, rotations from Rodrigues'
 * formula, a generic multiply. It shares no code with src/math (no quaternions at all).
 */
export type M4 = number[][];

export const identity = (): M4 =>
  [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => (r === c ? 1 : 0)));

export function mul(a: M4, b: M4): M4 {
  return a.map((row) => [0, 1, 2, 3].map((c) => row.reduce((s, v, k) => s + v * b[k]![c]!, 0)));
}

export const translate = (x: number, y: number, z: number): M4 => [
  [1, 0, 0, x],
  [0, 1, 0, y],
  [0, 0, 1, z],
  [0, 0, 0, 1],
];

export const scale = (x: number, y: number, z: number): M4 => [
  [x, 0, 0, 0],
  [0, y, 0, 0],
  [0, 0, z, 0],
  [0, 0, 0, 1],
];

/** Rodrigues: rotation by θ about the unit axis (x, y, z). */
export function rotate(ax: number, ay: number, az: number, theta: number): M4 {
  const l = Math.hypot(ax, ay, az);
  const [x, y, z] = [ax / l, ay / l, az / l];
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const t = 1 - c;
  return [
    [t * x * x + c, t * x * y - s * z, t * x * z + s * y, 0],
    [t * x * y + s * z, t * y * y + c, t * y * z - s * x, 0],
    [t * x * z - s * y, t * y * z + s * x, t * z * z + c, 0],
    [0, 0, 0, 1],
  ];
}

export const apply = (m: M4, p: number[]): number[] =>
  [0, 1, 2].map((r) => m[r]![0]! * p[0]! + m[r]![1]! * p[1]! + m[r]![2]! * p[2]! + m[r]![3]!);
