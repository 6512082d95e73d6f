/** Angle helpers: radians in code, degrees only at the UI edge. */

export const TAU = Math.PI * 2;
export const DEG = 180 / Math.PI;

export const toDegrees = (radians: number): number => radians * DEG;
export const toRadians = (degrees: number): number => degrees / DEG;

/** Wraps any finite angle into (-π, π]. Non-finite input returns 0 so callers never see NaN. */
export function wrapAngle(radians: number): number {
  // Most angles are already in range; `%` is slow enough to show in the solvers' inner loops.
  if (radians > -Math.PI && radians <= Math.PI) return radians;
  if (!Number.isFinite(radians)) return 0;
  let a = radians % TAU; // (-2π, 2π)
  if (a <= -Math.PI) a += TAU;
  else if (a > Math.PI) a -= TAU;
  return a;
}

/** Signed shortest turn from `from` to `to`, in (-π, π]. */
export const angleDifference = (from: number, to: number): number => wrapAngle(to - from);

/**
 * Clamps an angle to the arc that runs clockwise (increasing angle) from `min` to `max`.
 * Works across the ±π seam: min = 150°, max = -150° is the 60° arc through 180°.
 * Outside the arc the result is whichever end is nearer. Limits a full turn or more apart
 * (min = -π, max = π; a "±180°" slider) allow every angle: wrapping their difference would
 * give an arc of 0 and freeze the joint.
 */
export function clampAngle(radians: number, min: number, max: number): number {
  const a = wrapAngle(radians);
  if (max - min >= TAU) return a;
  const lo = wrapAngle(min);
  const span = wrapAngle(max - min) < 0 ? wrapAngle(max - min) + TAU : wrapAngle(max - min);
  const offset = wrapAngle(a - lo) < 0 ? wrapAngle(a - lo) + TAU : wrapAngle(a - lo);
  if (offset <= span) return a;
  const toMax = offset - span; // how far past max, going clockwise
  const toMin = TAU - offset; // how far before min
  return toMax <= toMin ? wrapAngle(lo + span) : lo;
}
