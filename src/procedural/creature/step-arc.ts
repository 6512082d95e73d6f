/**
 * Seed 003's WalkController, one foot, top-down with height: the foot stays put until it is more
 * than `maxStepDistance` from its home; then it steps to the home plus an overshoot in the
 * direction it was lagging (`stepRangeFraction` of the step distance), over `stepDuration`, on a
 * quadratic Bézier whose middle control point is raised by half the step's length.
 *
 * Positions are x, y on the ground and z up out of it, in the creature's scene units.
 */
export interface StepSettings {
  maxStepDistance: number;
  /** Seconds. */
  stepDuration: number;
  /** 0–1: how far past home, as a share of the step distance. */
  stepRangeFraction: number;
}

export interface FootStep {
  x: number;
  y: number;
  z: number;
  moving: boolean;
  /** Seconds into the current step. */
  time: number;
  /** Start, raised middle control point, end of the current step. */
  p0x: number;
  p0y: number;
  p1x: number;
  p1y: number;
  p1z: number;
  p2x: number;
  p2y: number;
  steps: number;
}

export const newFootStep = (x: number, y: number): FootStep => ({
  x,
  y,
  z: 0,
  moving: false,
  time: 0,
  p0x: x,
  p0y: y,
  p1x: x,
  p1y: y,
  p1z: 0,
  p2x: x,
  p2y: y,
  steps: 0,
});

/** Should this foot start a step (not already stepping, and too far from home)? */
export function wantsStep(f: FootStep, homeX: number, homeY: number, o: StepSettings): boolean {
  return !f.moving && Math.hypot(homeX - f.x, homeY - f.y) > o.maxStepDistance;
}

/**
 * Starts a step towards `home`, fixing its three control points now (the seed computes them once
 * at the start): the end is home plus the overshoot along the foot-to-home direction.
 */
export function startStep(f: FootStep, homeX: number, homeY: number, o: StepSettings): void {
  const dx = homeX - f.x;
  const dy = homeY - f.y;
  const d = Math.hypot(dx, dy);
  const over = d > 0 ? (o.maxStepDistance * clamp01(o.stepRangeFraction)) / d : 0;
  f.p0x = f.x;
  f.p0y = f.y;
  f.p2x = homeX + dx * over;
  f.p2y = homeY + dy * over;
  f.p1x = (f.p0x + f.p2x) / 2;
  f.p1y = (f.p0y + f.p2y) / 2;
  f.p1z = Math.hypot(f.p2x - f.p0x, f.p2y - f.p0y) / 2;
  f.time = 0;
  f.moving = true;
}

/**
 * Advances a step by dt. The parameter u = time / duration is clamped to 1 (Unity's Lerp clamps;
 * the seed relies on it), so the last frame lands exactly on the end point.
 */
export function advanceStep(f: FootStep, dt: number, o: StepSettings): void {
  if (!f.moving) return;
  f.time += Math.max(0, Number.isFinite(dt) ? dt : 0);
  const u = o.stepDuration > 0 ? Math.min(1, f.time / o.stepDuration) : 1;
  stepPoint(f, u, f);
  if (u >= 1) {
    f.moving = false;
    f.z = 0;
    f.steps++;
  }
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0));

/**
 * The point at u (0–1) of a step's quadratic Bézier: (1−u)²·P0 + 2u(1−u)·P1 + u²·P2. The start
 * and end are on the ground; only the middle control point is raised.
 */
export function stepPoint(
  f: Readonly<FootStep>,
  u: number,
  out: { x: number; y: number; z: number },
): void {
  const a = (1 - u) * (1 - u);
  const b = 2 * u * (1 - u);
  const c = u * u;
  out.x = a * f.p0x + b * f.p1x + c * f.p2x;
  out.y = a * f.p0y + b * f.p1y + c * f.p2y;
  out.z = b * f.p1z;
}
