import type { Node2D } from '../../scene/node2d.ts';

/**
 * The spider's body plan, in scene units at size 1 (seed 002 gives no dimensions; these are
 * ours, chosen so a leg reaches comfortably past its step threshold). Everything scales with
 * `size`, so a swarm can use small spiders without changing any rule.
 */
export const LEG_COUNTS = [4, 6, 8] as const;
export type LegCount = (typeof LEG_COUNTS)[number];

export interface SpiderShape {
  legs: LegCount;
  size: number;
}

export interface LegPlan {
  /** "L1" (near side, front) … "R4" (far side, back), numbered from the front as spiders are. */
  name: string;
  /** 0 near side (drawn in front of the body), 1 far side (behind it, dimmed). */
  side: 0 | 1;
  /** Which gait group: a leg lifts only while every leg of the other group is planted. */
  group: 0 | 1;
  /** Hip on the body, in the spider's local space (+x forward, +y down). */
  hipX: number;
  hipY: number;
  /** Where the leg's ray looks for ground, along the body (+ forward), at rest. */
  restAlong: number;
  /** +1 for legs that reach forward (front half), −1 for those that reach back. */
  out: 1 | -1;
}

export interface SpiderPlan {
  bodyRx: number;
  bodyRy: number;
  headRadius: number;
  /** Height of the body's centre above the line through the planted feet. */
  bodyHeight: number;
  /** How far above the body the rays start (seed 002: 1.095 units above, in its scale). */
  rayAbove: number;
  /** Femur, tibia, tarsus. */
  bones: readonly [number, number, number];
  reach: number;
  /** Knee poles sit this far out from the hip, towards the foot, and this far above it. */
  kneeOut: number;
  kneeUp: number;
  /** How far past the hip a foot must be before its knee swings over. */
  kneeHysteresis: number;
  /** Each leg's FABRIK solve, node or crowd: its tolerance and iteration cap. */
  solveTolerance: number;
  solveIterations: number;
  legs: LegPlan[];
}

/** The x of a leg's knee pole in the body's space, its knee on `side` (+1 ahead, −1 back). */
export const kneePoleX = (plan: SpiderPlan, leg: LegPlan, side: number): number =>
  leg.hipX + side * plan.kneeOut;

/**
 * A leg's rest rotations (femur, tibia, tarsus; local radians): up from the hip and out to the
 * side its knee is on (+1 forward, −1 back), then down to the ground. Solves start here.
 */
export const legRestRotations = (side: 1 | -1): readonly [number, number, number] =>
  side > 0 ? REST_FORWARD : REST_BACK;
const REST_FORWARD = [-1.1, 1.5, 0.7] as const;
const REST_BACK = [-(Math.PI - 1.1), -1.5, -0.7] as const;

/** Sets a leg's three rotations (femur → tibia → tarsus), as a pose or a clip's frame. */
export function poseLeg(femur: Node2D, rotations: ArrayLike<number>): void {
  const tibia = femur.children[0] as Node2D;
  femur.rotation = rotations[0]!;
  tibia.rotation = rotations[1]!;
  (tibia.children[0] as Node2D).rotation = rotations[2]!;
}

/**
 * Walking on its own: keep going the way it faces, turn round at either end of [min, max].
 * Returns the new steering command (−1 or +1).
 */
export function patrol(
  command: number,
  facing: 1 | -1,
  at: number,
  min: number,
  max: number,
): 1 | -1 {
  if (at >= max - 1) return -1;
  if (at <= min + 1) return 1;
  return command > 0 ? 1 : command < 0 ? -1 : facing;
}

export function planSpider({ legs, size }: SpiderShape): SpiderPlan {
  const k = Number.isFinite(size) && size > 0 ? size : 1;
  const perSide = legs / 2;
  const hipSpan = 40 * k;
  const footSpan = 176 * k;
  const bones = [42 * k, 56 * k, 46 * k] as const;
  const plans: LegPlan[] = [];
  for (const side of [0, 1] as const) {
    for (let j = perSide - 1; j >= 0; j--) {
      // j = 0 is the back pair; t runs from −0.5 (back) to +0.5 (front).
      const t = perSide > 1 ? j / (perSide - 1) - 0.5 : 0;
      const hipX = t * hipSpan;
      // Feet spread wider than the hips, inner ones pushed out (|2t|^0.55) so that no foot
      // passes under its own hip in a stride; a middle pair (6 legs) splits, near leg back, far
      // leg forward. The far side sits a little further forward so legs do not hide each other.
      const spread = t === 0 ? (side ? 0.22 : -0.22) : Math.sign(t) * 0.5 * Math.abs(2 * t) ** 0.55;
      const restAlong = spread * footSpan + (side ? 9 : -3) * k;
      const out = restAlong >= 0 ? 1 : -1;
      plans.push({
        name: `${side ? 'R' : 'L'}${perSide - j}`,
        side,
        group: ((j + side) % 2) as 0 | 1,
        hipX,
        hipY: 4 * k,
        restAlong,
        out,
      });
    }
  }
  return {
    bodyRx: 44 * k,
    bodyRy: 17 * k,
    headRadius: 13 * k,
    bodyHeight: 50 * k,
    rayAbove: 60 * k,
    bones,
    reach: bones[0] + bones[1] + bones[2],
    kneeOut: 34 * k,
    kneeUp: 80 * k,
    kneeHysteresis: 8 * k,
    solveTolerance: 0.25 * k,
    solveIterations: 40,
    legs: plans,
  };
}
