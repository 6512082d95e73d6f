import type { Bone2D } from '../../scene/bone2d.ts';
import type { Marker2D } from '../../scene/marker2d.ts';
import type { FABRIK2D } from '../../ik/fabrik-2d.ts';
import type { LegPlan } from './spider-shape.ts';

/**
 * One leg's stepping state (seed 002's TargetLogic): planted (`grounded`) with its foot fixed
 * in the world, or stepping from `fromX, fromY` towards the ray's hit, `t` from 0 to 1.
 * Plain numbers, no nodes: a crowd walks legs like these without a node tree (SpiderCrowd).
 */
export interface LegWalk {
  readonly plan: LegPlan;
  /** Which way the knee points along the body: +1 forward, −1 back (towards the foot). */
  knee: 1 | -1;
  grounded: boolean;
  footX: number;
  footY: number;
  fromX: number;
  fromY: number;
  t: number;
  /** Where this leg's ray met the ground this frame (or the fallback point, see rayHit). */
  hitX: number;
  hitY: number;
  /** False when the ray met nothing and the point under the ray rig along the ground was used. */
  rayHit: boolean;
  /** The ray's origin this frame, for the debug overlay. */
  rayX: number;
  rayY: number;
  steps: number;
}

/** A leg of a Spider2D: its walk, and the nodes that show it. */
export interface LegState extends LegWalk {
  readonly femur: Bone2D;
  readonly ik: FABRIK2D | null;
  /** The IK target, outside the spider's own subtree (as seed 002 keeps it). */
  readonly target: Marker2D;
  /** The knee pole, under the spider: it moves with the body. */
  readonly pole: Marker2D | null;
}

export function newLegState(
  plan: LegPlan,
  femur: Bone2D,
  ik: FABRIK2D | null,
  target: Marker2D,
  pole: Marker2D | null,
): LegState {
  // Added to the walk's own object, not spread into a new one: a spread copy of the literal
  // left V8 with leg objects whose fields it read slowly (node-tree spiders 15 → 71 ms a frame).
  const leg = newLegWalk(plan) as LegWalk & { -readonly [K in keyof LegState]: LegState[K] };
  leg.femur = femur;
  leg.ik = ik;
  leg.target = target;
  leg.pole = pole;
  return leg;
}

/** A leg standing where it is, knee out the way its plan reaches. */
export function newLegWalk(plan: LegPlan): LegWalk {
  return {
    plan,
    knee: plan.out,
    grounded: true,
    footX: 0,
    footY: 0,
    fromX: 0,
    fromY: 0,
    t: 0,
    hitX: 0,
    hitY: 0,
    rayHit: false,
    rayX: 0,
    rayY: 0,
    steps: 0,
  };
}

/**
 * Seed 002's CanStep, the whole gait: a leg may lift only while every leg of the other group is
 * planted. With it, one group always stands; without it (`gait` off) every leg decides alone.
 */
export function canStep(legs: readonly LegWalk[], leg: LegWalk, gait: boolean): boolean {
  if (!gait) return true;
  for (const other of legs)
    if (other.plan.group !== leg.plan.group && !other.grounded) return false;
  return true;
}

/** True when some leg of each group is in the air: what the gait exists to prevent. */
export function bothGroupsLifted(legs: readonly LegWalk[]): boolean {
  let air0 = false;
  let air1 = false;
  for (const l of legs) {
    if (l.grounded) continue;
    if (l.plan.group === 0) air0 = true;
    else air1 = true;
  }
  return air0 && air1;
}
