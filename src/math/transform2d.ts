import type { Vec2 } from './vec2.ts';

/**
 * A 2D affine transform as Godot's Transform2D stores it: column x = (a, b), column y = (c, d),
 * origin = (tx, ty). It maps p to (a·px + c·py + tx, b·px + d·py + ty).
 * A negative determinant means the transform reflects (one axis flipped).
 */
export interface Transform2D {
  a: number;
  b: number;
  c: number;
  d: number;
  tx: number;
  ty: number;
}

export const identity = (): Transform2D => ({ a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 });

/** Translate · Rotate · Scale, the order Godot and PixiJS use for a node's local transform. */
export function fromTRS(position: Vec2, rotation: number, scale: Vec2): Transform2D {
  return writeTRS(identity(), position, rotation, scale);
}

/** Same as fromTRS but writes into `out` (no allocation; used every frame). */
export function writeTRS(
  out: Transform2D,
  position: Vec2,
  rotation: number,
  scale: Vec2,
): Transform2D {
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  out.a = cos * scale.x;
  out.b = sin * scale.x;
  out.c = -sin * scale.y;
  out.d = cos * scale.y;
  out.tx = position.x;
  out.ty = position.y;
  return out;
}

/** out = m · n: apply n first, then m (parentGlobal · childLocal). `out` may alias m or n. */
export function multiply(
  m: Transform2D,
  n: Transform2D,
  out: Transform2D = identity(),
): Transform2D {
  const a = m.a * n.a + m.c * n.b;
  const b = m.b * n.a + m.d * n.b;
  const c = m.a * n.c + m.c * n.d;
  const d = m.b * n.c + m.d * n.d;
  const tx = m.a * n.tx + m.c * n.ty + m.tx;
  const ty = m.b * n.tx + m.d * n.ty + m.ty;
  out.a = a;
  out.b = b;
  out.c = c;
  out.d = d;
  out.tx = tx;
  out.ty = ty;
  return out;
}

export const determinant = (m: Transform2D): number => m.a * m.d - m.b * m.c;

/**
 * Inverse transform. A singular matrix (a zero scale axis) has no inverse; we return the
 * translation-only inverse rather than Infinity/NaN, so a collapsed node never poisons the tree.
 */
export function invert(m: Transform2D, out: Transform2D = identity()): Transform2D {
  const det = determinant(m);
  if (Math.abs(det) < 1e-300 || !Number.isFinite(det)) {
    out.a = 1;
    out.b = 0;
    out.c = 0;
    out.d = 1;
    out.tx = -m.tx;
    out.ty = -m.ty;
    return out;
  }
  const inv = 1 / det;
  const a = m.d * inv;
  const b = -m.b * inv;
  const c = -m.c * inv;
  const d = m.a * inv;
  const tx = -(a * m.tx + c * m.ty);
  const ty = -(b * m.tx + d * m.ty);
  out.a = a;
  out.b = b;
  out.c = c;
  out.d = d;
  out.tx = tx;
  out.ty = ty;
  return out;
}

export const applyPoint = (m: Transform2D, p: Vec2): Vec2 => ({
  x: m.a * p.x + m.c * p.y + m.tx,
  y: m.b * p.x + m.d * p.y + m.ty,
});

/** Applies only the linear part (no translation): for directions. */
export const applyVector = (m: Transform2D, v: Vec2): Vec2 => ({
  x: m.a * v.x + m.c * v.y,
  y: m.b * v.x + m.d * v.y,
});

/** Rotation read back from a matrix: the angle of its x column, as Godot's get_rotation(). */
export const getRotation = (m: Transform2D): number => Math.atan2(m.b, m.a);

/**
 * Scale read back from a matrix, following Godot's get_scale(): |x column| and
 * sign(det)·|y column|. A reflection therefore always reads back as a negative *y* scale:
 * scale (-1, 1) and rotation 0 comes back as scale (1, -1) and rotation π. Both describe the
 * same matrix; a matrix cannot tell them apart (seed 001 §2, "Godot extra").
 */
export function getScale(m: Transform2D): Vec2 {
  const sign = determinant(m) < 0 ? -1 : 1;
  return { x: Math.hypot(m.a, m.b), y: sign * Math.hypot(m.c, m.d) };
}

/**
 * Skew as Godot's get_skew(): how far the y column is from perpendicular to the x column.
 * 0 for any TRS matrix; non-zero where a rotated child sits under a non-uniformly scaled parent.
 */
export function getSkew(m: Transform2D): number {
  const xLen = Math.hypot(m.a, m.b);
  const yLen = Math.hypot(m.c, m.d);
  if (xLen === 0 || yLen === 0) return 0;
  const sign = determinant(m) < 0 ? -1 : 1;
  const cosAngle = (sign * (m.a * m.c + m.b * m.d)) / (xLen * yLen);
  return Math.acos(Math.max(-1, Math.min(1, cosAngle))) - Math.PI / 2;
}

export interface Decomposed {
  position: Vec2;
  rotation: number;
  scale: Vec2;
}

/** Position, rotation and scale read back with Godot's rule (see getScale). */
export const decompose = (m: Transform2D): Decomposed => ({
  position: { x: m.tx, y: m.ty },
  rotation: getRotation(m),
  scale: getScale(m),
});

export const copy = (m: Transform2D, out: Transform2D = identity()): Transform2D => {
  out.a = m.a;
  out.b = m.b;
  out.c = m.c;
  out.d = m.d;
  out.tx = m.tx;
  out.ty = m.ty;
  return out;
};

export const equalsApprox = (m: Transform2D, n: Transform2D, eps = 1e-9): boolean =>
  Math.abs(m.a - n.a) <= eps &&
  Math.abs(m.b - n.b) <= eps &&
  Math.abs(m.c - n.c) <= eps &&
  Math.abs(m.d - n.d) <= eps &&
  Math.abs(m.tx - n.tx) <= eps &&
  Math.abs(m.ty - n.ty) <= eps;

/** True when the transform mirrors (one axis flipped): rotations through it turn the other way. */
export const isReflection = (m: Transform2D): boolean => determinant(m) < 0;
