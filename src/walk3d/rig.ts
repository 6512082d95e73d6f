import { quatAngle, mulQuat, conjugate } from '../math/quat';
import { parseBvh } from './bvh';
import { Clip } from './clip';
import { forwardKinematics, Pose } from './pose';
import { reorient } from './reorient';
import { extractRootMotion, type RootMotion } from './root-motion';
import type { Skeleton } from './skeleton';

/** A character ready to walk: Z up, Y front, its walk split into motion in place and root motion. */
export interface Rig {
  skeleton: Skeleton;
  walk: { clip: Clip; motion: RootMotion };
  idle: Clip;
  /**
   * The walk turned to Z up, Y front with its hips' travel still in it: what the walking IK
   * system reads (it takes the hips' path from the clip itself, seed 000 §6.3).
   */
  walkWithTravel: Clip;
  /** Model units (the file's, e.g. cm) to world units. */
  scale: number;
  /** What seed 000 §9.3 would question about the clip (warnings, not refusals). */
  warnings: string[];
}

/** How tall the course's characters stand in world units (the seed's test model: about 9.5). */
export const RIG_HEIGHT = 9;
const TURN = new Float64Array(4);

/**
 * Reads a walk (and optionally an idle) from BVH text, authored Y up and Z front as BVH files
 * are, and readies it: reoriented to Z up, Y front, root motion taken out, scaled to stand
 * RIG_HEIGHT world units tall. Without an idle clip, the walk's first frame (in place) stands in
 * for it.
 * Throws BvhError for a malformed file; returns warnings for a clip the walking system would
 * struggle with (bones that stretch, a cycle that does not loop, motion from above the hips).
 */
export function rigFromBvh(walkText: string, idleText: string | null = null): Rig {
  const walkBvh = parseBvh(walkText, 'walk');
  const walk = reorient(walkBvh.skeleton, walkBvh.clip, [0, 1, 0], [0, 0, 1]);
  const skeleton = walk.skeleton;
  const root = skeleton.joints.findIndex((j) => j.parent < 0);
  const moving = extractRootMotion(walk.clip, root);
  let idle: Clip;
  if (idleText !== null) {
    const i = parseBvh(idleText, 'idle');
    if (
      i.skeleton.count !== skeleton.count ||
      i.skeleton.joints.some((j, k) => j.name !== skeleton.joints[k]!.name)
    )
      throw new Error('the idle clip has a different skeleton from the walk');
    idle = reorient(i.skeleton, i.clip, [0, 1, 0], [0, 0, 1]).clip;
  } else {
    // The walk's first frame, in place as the walk is played: from the clip with its travel,
    // a file whose walk starts away from the origin stood that far off, and stopping slid it.
    idle = new Clip(
      'idle',
      moving.clip.frameTime,
      moving.clip.tracks.map((t) => ({
        joint: t.joint,
        times: Float64Array.of(0),
        rotations: t.rotations ? t.rotations.slice(0, 4) : null,
        translations: t.translations ? t.translations.slice(0, 3) : null,
      })),
      moving.clip.frameTime,
    );
  }
  return {
    skeleton,
    walk: moving,
    idle,
    walkWithTravel: walk.clip,
    scale: RIG_HEIGHT / Math.max(1e-6, standingHeight(skeleton, moving.clip)),
    warnings: checkClip(skeleton, walk.clip),
  };
}

/** The height of the figure's first frame, lowest joint to highest. */
function standingHeight(skeleton: Skeleton, clip: Clip): number {
  const pose = clip.sample(0, new Pose(skeleton));
  const m = forwardKinematics(pose, new Float64Array(16 * skeleton.count));
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < skeleton.count; i++) {
    lo = Math.min(lo, m[16 * i + 14]!);
    hi = Math.max(hi, m[16 * i + 14]!);
  }
  return hi - lo;
}

/** Seed 000's AnimationValidator requirements 1–3, as plain-language warnings. */
function checkClip(skeleton: Skeleton, clip: Clip): string[] {
  const warnings: string[] = [];
  const root = skeleton.joints.findIndex((j) => j.parent < 0);
  const stretching = clip.tracks.filter((t) => {
    if (t.joint === root || !t.translations) return false;
    const tr = t.translations;
    for (let k = 3; k < tr.length; k++) if (Math.abs(tr[k]! - tr[k % 3]!) > 1e-3) return true;
    return false;
  });
  if (stretching.length)
    warnings.push(
      `bones change length (${stretching.map((t) => skeleton.joints[t.joint]!.name).join(', ')}): the walking system needs fixed lengths`,
    );
  const n = clip.frameCount;
  if (n > 2) {
    const a = new Pose(skeleton);
    const b = new Pose(skeleton);
    clip.sample(0, a);
    clip.sample((n - 1) * clip.frameTime, b);
    let worst = 0;
    let step = 0;
    clip.sample(clip.frameTime, b);
    for (let j = 0; j < skeleton.count; j++) step = Math.max(step, angleOf(a.r, b.r, j));
    clip.sample((n - 1) * clip.frameTime, b);
    for (let j = 0; j < skeleton.count; j++) worst = Math.max(worst, angleOf(a.r, b.r, j));
    // The last frame should be about one frame's turn from the first, as any frame from the next.
    if (worst > 3 * step + 0.05)
      warnings.push(
        `the clip does not seem to loop: its last frame turns a joint ${Math.round((worst * 180) / Math.PI)}° from its first`,
      );
  }
  return warnings;
}

function angleOf(ra: Float64Array, rb: Float64Array, j: number): number {
  conjugate(TURN, ra.subarray(4 * j, 4 * j + 4));
  return quatAngle(mulQuat(TURN, TURN, rb.subarray(4 * j, 4 * j + 4)));
}
