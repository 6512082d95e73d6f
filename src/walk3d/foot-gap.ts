import { jointSide, type Skeleton } from './skeleton.ts';
import type { TerrainSet } from './terrain3d.ts';
import { Walker } from './walker.ts';

/** One foot: its joints (the ankle and everything below it) and what was last measured. */
export interface FootGap {
  side: 'left' | 'right';
  joints: number[];
  /**
   * How high each joint is (world units above the floor) at its lowest in the walk cycle: the
   * ball of the foot 0, the ankle a heel's height. A joint that far above the ground touches it.
   */
  rest: Float64Array;
  /** The foot's sole where it is nearest the ground: a joint's position less its rest height. */
  readonly lowest: Float64Array;
  /** The ground's height under that point (NaN when it is off every terrain). */
  ground: number;
  /** lowest z − ground: below 0 the foot is in the ground, above 0 it floats. */
  gap: number;
  /** Whether the clip has this foot on its floor now (a stance foot, not a swinging one). */
  planted: boolean;
}

/** How near its rest height a foot must be to count as planted (a share of the rig's height). */
const PLANTED_SHARE = 0.01;

/**
 * Finds the feet by the usual joint names (…Foot or …Ankle, with Left/Right or L/R), so a
 * student's own BVH works when it follows Mixamo or Blender naming. Returns [] when none match.
 */
export function findFeet(skeleton: Skeleton): FootGap[] {
  const feet: FootGap[] = [];
  for (const side of ['left', 'right'] as const) {
    const ankle = skeleton.joints.findIndex(
      (j) => /foot|ankle/i.test(j.name) && jointSide(j.name) === side && !j.end,
    );
    if (ankle < 0) continue;
    const joints = [ankle];
    // Joints are stored parents first, so one pass gathers the whole subtree.
    for (let k = ankle + 1; k < skeleton.count; k++)
      if (joints.includes(skeleton.joints[k]!.parent)) joints.push(k);
    feet.push({
      side,
      joints,
      rest: new Float64Array(joints.length),
      lowest: new Float64Array(3),
      ground: NaN,
      gap: NaN,
      planted: false,
    });
  }
  return feet;
}

/**
 * Learns each foot joint's rest height from the walk: a copy of the walker on flat ground steps
 * through every frame of the clip and keeps each joint's lowest height. (The seed does the same
 * when it takes support heights from the clip: a planted joint is as high as it ever gets low.)
 */
export function calibrateFeet(feet: FootGap[], walker: Walker): void {
  const probe = new Walker(walker.skeleton, walker.walk, walker.idle, null);
  probe.scale = walker.scale;
  probe.weight = 1;
  for (const f of feet) f.rest.fill(Infinity);
  const clip = walker.walk.clip;
  const frames = Math.max(1, clip.frameCount);
  for (let k = 0; k < frames; k++) {
    probe.scrub = k * clip.frameTime;
    probe.update(0);
    for (const f of feet)
      f.joints.forEach((j, n) => {
        f.rest[n] = Math.min(f.rest[n]!, probe.matrices[16 * j + 14]!);
      });
  }
}

/**
 * Measures each foot against the terrain: the sole point nearest the ground (a joint less its rest
 * height), the ground under it, the gap, and whether the clip has the foot planted (at rest
 * height on the floor the walker stands on: its root's ground). With plain playback the root
 * follows the ground under the hips, so on a slope a planted foot ahead goes into the rise and
 * one behind hangs in the air: the gaps the walking IK removes.
 */
export function measureFeet(
  feet: FootGap[],
  walker: Walker,
  terrain: TerrainSet | null,
  rigHeight: number,
): void {
  const m = walker.matrices;
  for (const foot of feet) {
    let best = -1;
    let bestGap = Infinity;
    let bestZ = Infinity;
    let clearance = Infinity;
    foot.joints.forEach((j, n) => {
      const z = m[16 * j + 14]! - foot.rest[n]!;
      const g = terrain ? terrain.heightAt(m[16 * j + 12]!, m[16 * j + 13]!) : 0;
      clearance = Math.min(clearance, z - walker.position[2]!);
      // The sole point nearest its ground; off every terrain (g = −∞), the lowest one.
      const gap = Number.isFinite(g) ? z - g : Infinity;
      if (best < 0 || gap < bestGap || (bestGap === Infinity && gap === Infinity && z < bestZ)) {
        best = n;
        bestGap = gap;
        bestZ = z;
      }
    });
    const j = foot.joints[best]!;
    foot.lowest[0] = m[16 * j + 12]!;
    foot.lowest[1] = m[16 * j + 13]!;
    foot.lowest[2] = bestZ;
    foot.gap = bestGap === Infinity ? NaN : bestGap;
    foot.ground = bestGap === Infinity ? NaN : bestZ - bestGap;
    foot.planted = clearance < PLANTED_SHARE * rigHeight;
  }
}
