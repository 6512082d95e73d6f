import type { PathFrame } from '../terrain/terrain-path.ts';
import type { LegWalk } from './leg-state.ts';
import type { SpiderPlan } from './spider-shape.ts';

/**
 * A lifted foot carrying weight the planted ones cannot is pressed to the ground: at full load
 * it scrapes along it at this share of its step speed (a quarter), with no lift at all.
 */
export const DRAG_SLOWDOWN = 0.75;

/** How fast the legs give way, or take the weight back, once the support changes (1/s). */
export const SUPPORT_RATE = 30;

/**
 * The line b = c + m·a through the planted feet, in the rig's frame (a along the ground, b up
 * from it), and whether it can hold the body: `held` is the share of the body's weight the
 * planted feet carry, from 0 (nothing under it) to 1 (standing).
 */
export interface FeetLine {
  c: number;
  m: number;
  held: number;
  /** The feet straddle the body (two or more, spread wider than it): a line can be fitted. */
  fits: boolean;
}

export const newFeetLine = (): FeetLine => ({ c: 0, m: 0, held: 1, fits: true });

/**
 * Fits the line through the planted feet and weighs what they hold. Each leg can carry the
 * weight of one gait group's share (1/K of it, K = half the legs: the gait always keeps a whole
 * group down); fewer planted feet carry only their share of it. Feet that do not straddle the
 * body (fewer than two, or bunched within its length) cannot balance it at all: it tips onto its
 * belly, whatever they could carry.
 */
export function fitFeetLine(
  legs: readonly LegWalk[],
  f: PathFrame,
  plan: SpiderPlan,
  out: FeetLine,
): FeetLine {
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sab = 0;
  let aMin = Infinity;
  let aMax = -Infinity;
  for (const leg of legs) {
    if (!leg.grounded) continue;
    const dx = leg.footX - f.x;
    const dy = leg.footY - f.y;
    const a = dx * f.tx + dy * f.ty;
    const b = dx * f.nx + dy * f.ny;
    n++;
    sa += a;
    sb += b;
    saa += a * a;
    sab += a * b;
    aMin = Math.min(aMin, a);
    aMax = Math.max(aMax, a);
  }
  out.fits = n >= 2 && aMax - aMin > plan.bodyRx;
  if (!out.fits) {
    out.c = out.m = out.held = 0;
    return out;
  }
  const varA = saa - (sa * sa) / n;
  out.m = varA > 1e-9 ? (sab - (sa * sb) / n) / varA : 0;
  out.c = (sb - out.m * sa) / n;
  out.held = Math.min(1, n / (legs.length / 2));
  return out;
}

/**
 * How high the body's centre rides above its feet when they hold `held` of its weight: the full
 * `bodyHeight` standing, down to its belly on the ground (`bodyRy` and a little) holding none.
 */
export function sagHeight(plan: SpiderPlan, held: number): number {
  if (held >= 1) return plan.bodyHeight;
  const belly = plan.bodyRy * 1.1;
  return belly + (plan.bodyHeight - belly) * Math.max(0, held);
}
