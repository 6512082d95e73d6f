import { wrapAngle } from '../../math/angles.ts';
import { chainFrom } from '../../ik/chain.ts';
import { solveFabrik } from '../../ik/fabrik-kernel.ts';
import { createResult } from '../../ik/solve-result.ts';
import { type LegPlan, legRestRotations, type SpiderPlan } from './spider-shape.ts';

/** Keyframes per walk cycle. */
export const CLIP_KEYS = 16;
/** Share of the cycle a foot is planted (two groups alternate: each stands half the time). */
const STANCE = 0.5;

/**
 * A keyframed walk, the way an animator would make one in Blender: on flat ground, for one
 * walking speed, each leg's three joint rotations keyed 16 times a cycle. We key it by solving
 * the leg once per keyframe (the animator's hand); at run time it is only played back, so it
 * knows nothing of the ground it walks on (seed 002 §5.1, the baked spider).
 */
export interface WalkClip {
  /** Seconds per cycle: at the walking speed it was made for, planted feet do not slide. */
  cycle: number;
  /** The speed the clip was made for (scene units per second). */
  speed: number;
  /** Per leg, CLIP_KEYS × 3 rotations (femur, tibia, tarsus; local radians). */
  keys: Float64Array[];
  /** Per leg, the standing pose (idle). */
  idle: Float64Array[];
  /** Each leg's phase offset: group 1 is half a cycle behind group 0. */
  offsets: number[];
}

/**
 * Where a foot is at phase φ of the cycle, in the spider's local space (+x forward, +y down):
 * planted, it slides back under the body by one stride; lifted, it swings forward on an arc.
 */
export function clipFoot(
  restAlong: number,
  plan: SpiderPlan,
  stride: number,
  lift: number,
  phase: number,
): { x: number; y: number; planted: boolean } {
  const f = phase - Math.floor(phase);
  if (f < STANCE) {
    const u = f / STANCE;
    return { x: restAlong + stride * (0.5 - u), y: plan.bodyHeight, planted: true };
  }
  const u = (f - STANCE) / (1 - STANCE);
  return {
    x: restAlong + stride * (u - 0.5),
    y: plan.bodyHeight - lift * Math.sin(Math.PI * u),
    planted: false,
  };
}

/** Keys the walk for every leg of `plan` at `speed`, with strides of `stride` units. */
export function bakeWalkClip(plan: SpiderPlan, speed: number, stride: number): WalkClip {
  // A planted foot slides back one stride during the stance: the body must cover it.
  const cycle = stride / (speed * STANCE);
  const lift = stride * 0.45;
  const keys: Float64Array[] = [];
  const idle: Float64Array[] = [];
  const offsets: number[] = [];
  for (const leg of plan.legs) {
    offsets.push(leg.group === 0 ? 0 : 0.5);
    const k = new Float64Array(CLIP_KEYS * 3);
    const standing = legRestRotations(leg.out);
    // An animator keeps the pose continuous from key to key. A solve can land on either
    // branch (knee flipped), so each key is solved from the rest pose and from the key before,
    // and keeps whichever answer is nearer the key before.
    let previous: ArrayLike<number> = solveLegPose(
      plan,
      leg,
      standing,
      leg.restAlong,
      plan.bodyHeight,
    );
    for (let i = 0; i < CLIP_KEYS; i++) {
      const foot = clipFoot(leg.restAlong, plan, stride, lift, i / CLIP_KEYS);
      const fromRest = solveLegPose(plan, leg, standing, foot.x, foot.y);
      const fromLast = solveLegPose(plan, leg, previous, foot.x, foot.y);
      previous =
        poseDistance(fromLast, previous) <= poseDistance(fromRest, previous) ? fromLast : fromRest;
      k.set(previous, i * 3);
    }
    keys.push(k);
    idle.push(solveLegPose(plan, leg, standing, leg.restAlong, plan.bodyHeight));
  }
  return { cycle, speed, keys, idle, offsets };
}

/** How far apart two poses are: the sum of each joint's turn between them. */
function poseDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs(wrapAngle(a[i]! - b[i]!));
  return d;
}

/** The leg's three local rotations reaching (x, y) from its hip, starting from `from`. */
function solveLegPose(
  plan: SpiderPlan,
  leg: LegPlan,
  from: ArrayLike<number>,
  x: number,
  y: number,
): Float64Array {
  const chain = chainFrom(plan.bones, from, { x: leg.hipX, y: leg.hipY });
  const pole = { x: leg.hipX + leg.out * plan.kneeOut, y: leg.hipY - plan.kneeUp };
  const options = { tolerance: 1e-3, maxIterations: 500, poleX: pole.x, poleY: pole.y };
  solveFabrik(chain, x, y, options, createResult());
  return Float64Array.from(chain.angles);
}

/**
 * Samples leg `leg` of the clip at `phase` into `out` (3 rotations), blending towards the idle
 * pose by `1 − walk`. Returns whether the clip has that foot planted at that phase.
 */
export function sampleClip(
  clip: WalkClip,
  leg: number,
  phase: number,
  walk: number,
  out: Float64Array,
): boolean {
  const keys = clip.keys[leg]!;
  const idle = clip.idle[leg]!;
  const p = phase + clip.offsets[leg]!;
  const f = (p - Math.floor(p)) * CLIP_KEYS;
  const i0 = Math.floor(f) % CLIP_KEYS;
  const i1 = (i0 + 1) % CLIP_KEYS;
  const t = f - Math.floor(f);
  for (let j = 0; j < 3; j++) {
    const a = keys[i0 * 3 + j]!;
    const b = keys[i1 * 3 + j]!;
    const walked = a + wrapAngle(b - a) * t;
    out[j] = idle[j]! + wrapAngle(walked - idle[j]!) * walk;
  }
  const frac = p - Math.floor(p);
  return walk < 0.5 || frac < STANCE;
}
