/**
 * An independent 3×3 homogeneous-matrix oracle for 2D transforms, written from the textbook
 * definitions (row-major arrays, generic multiply), sharing no code with src/math.
 */
export type M3 = number[][];

export const m3Translate = (x: number, y: number): M3 => [
  [1, 0, x],
  [0, 1, y],
  [0, 0, 1],
];
export const m3Rotate = (r: number): M3 => [
  [Math.cos(r), -Math.sin(r), 0],
  [Math.sin(r), Math.cos(r), 0],
  [0, 0, 1],
];
export const m3Scale = (x: number, y: number): M3 => [
  [x, 0, 0],
  [0, y, 0],
  [0, 0, 1],
];

export function m3Mul(a: M3, b: M3): M3 {
  const out: M3 = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) out[i]![j]! += a[i]![k]! * b[k]![j]!;
  return out;
}

export const m3TRS = (px: number, py: number, r: number, sx: number, sy: number): M3 =>
  m3Mul(m3Mul(m3Translate(px, py), m3Rotate(r)), m3Scale(sx, sy));

export const m3Apply = (m: M3, x: number, y: number) => ({
  x: m[0]![0]! * x + m[0]![1]! * y + m[0]![2]!,
  y: m[1]![0]! * x + m[1]![1]! * y + m[1]![2]!,
});

/** The oracle's matrix in Transform2D's field names, to compare. */
export const m3Fields = (m: M3) => ({
  a: m[0]![0]!,
  b: m[1]![0]!,
  c: m[0]![1]!,
  d: m[1]![1]!,
  tx: m[0]![2]!,
  ty: m[1]![2]!,
});

export const SIGNS: ReadonlyArray<[number, number]> = [
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
];

/** Angle difference wrapped into (-π, π]. */
export const angleGap = (a: number, b: number) =>
  Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));
