import { wrapAngle } from '../math/angles.ts';
import { Pose, forwardKinematics } from '../walk3d/pose.ts';
import { FRONT, UP, reorientation } from '../walk3d/reorient.ts';
import type { Rig } from '../walk3d/rig.ts';
import type { Clip } from '../walk3d/clip.ts';
import { BODY_PLAN, STANDING_PELVIS_HEIGHT, type LinkPlan } from './body-plan.ts';
import { KeyframeTrack } from './keyframe-track.ts';
import { linkFrames, poseLength } from './character-pose.ts';

/**
 * Which two joints of the course's humanoid (lessons 11–15) give each link's direction. The
 * near side is the character's left: it faces +x (right on screen), so we see its left side.
 */
const SEGMENTS: Record<string, readonly [string, string]> = {
  Pelvis: ['Hips', 'Spine'],
  Torso: ['Spine', 'Neck'],
  Head: ['Neck', 'Head_End'],
  NearUpperArm: ['LeftArm', 'LeftForeArm'],
  NearForearm: ['LeftForeArm', 'LeftHand_End'],
  NearThigh: ['LeftUpLeg', 'LeftLeg'],
  NearShin: ['LeftLeg', 'LeftFoot'],
  NearFoot: ['LeftFoot', 'LeftToe_End'],
  FarUpperArm: ['RightArm', 'RightForeArm'],
  FarForearm: ['RightForeArm', 'RightHand_End'],
  FarThigh: ['RightUpLeg', 'RightLeg'],
  FarShin: ['RightLeg', 'RightFoot'],
  FarFoot: ['RightFoot', 'RightToe_End'],
};

/**
 * A clip of the 3D humanoid seen from its left: every joint's position projected on the plane
 * of its forward (Y) and up (Z) axes, each link's direction measured there against the same
 * link in the bind pose (so the bind pose is our standing pose, all angles 0), and the joint
 * angles as child minus parent. The hips' height is scaled to our character's legs; their
 * forward travel was already taken out as root motion (rig.walk), and comes back as `speed`.
 */
export function sagittalTrack(
  rig: Rig,
  which: 'walk' | 'idle',
  plan: readonly LinkPlan[] = BODY_PLAN,
): KeyframeTrack {
  const clip: Clip = which === 'walk' ? rig.walk.clip : rig.idle;
  const sk = rig.skeleton;
  const ends = plan.map((l) => {
    const seg = SEGMENTS[l.name];
    if (!seg) throw new Error(`no segment of the humanoid for the link ${l.name}`);
    const a = sk.indexOf(seg[0]);
    const b = sk.indexOf(seg[1]);
    if (a < 0 || b < 0) throw new Error(`the clip has no joint ${a < 0 ? seg[0] : seg[1]}`);
    return [a, b] as const;
  });
  const hips = sk.indexOf('Hips');
  const pose = new Pose(sk);
  const m = new Float64Array(16 * sk.count);
  const fwd = (j: number) =>
    m[16 * j + 12]! * FRONT[0] + m[16 * j + 13]! * FRONT[1] + m[16 * j + 14]! * FRONT[2];
  const up = (j: number) =>
    m[16 * j + 12]! * UP[0] + m[16 * j + 13]! * UP[1] + m[16 * j + 14]! * UP[2];
  const directions = (out: Float64Array) => {
    ends.forEach(([a, b], i) => {
      out[i] = Math.atan2(up(b) - up(a), fwd(b) - fwd(a));
    });
  };
  // The bind pose turned the way rigFromBvh turned the clip (BVH's Y up, Z front → Z up, Y
  // front): rest directions, and how high the hips stand above the lowest joint.
  pose.toBind();
  pose.r.set(reorientation([0, 1, 0], [0, 0, 1])!, 4 * hips);
  forwardKinematics(pose, m);
  const rest = new Float64Array(plan.length);
  directions(rest);
  let lowest = Infinity;
  for (let j = 0; j < sk.count; j++) lowest = Math.min(lowest, up(j));
  const metresPerUnit = STANDING_PELVIS_HEIGHT / (up(hips) - lowest);
  const hipsAtRest = fwd(hips);

  const P = poseLength(plan);
  const frames = clip.frameCount;
  const poses = new Float64Array(frames * P);
  const dir = new Float64Array(plan.length);
  const angle = new Float64Array(plan.length);
  for (let k = 0; k < frames; k++) {
    forwardKinematics(clip.sample(k * clip.frameTime, pose), m);
    directions(dir);
    for (let i = 0; i < plan.length; i++) angle[i] = wrapAngle(dir[i]! - rest[i]!);
    const o = k * P;
    poses[o] = (fwd(hips) - hipsAtRest) * metresPerUnit;
    poses[o + 1] = (up(hips) - lowest) * metresPerUnit;
    poses[o + 2] = angle[0]!;
    for (let i = 1; i < plan.length; i++)
      poses[o + 2 + i] = wrapAngle(angle[i]! - angle[plan[i]!.parent]!);
  }
  settleOnGround(plan, poses, P);
  const speed =
    which === 'walk' ? (rig.walk.motion.perCycle * metresPerUnit) / rig.walk.motion.duration : 0;
  return new KeyframeTrack(which, clip.frameTime, poses, P, speed);
}

/**
 * Lowers or raises every keyframe's root by one amount so that the lowest sole over the whole
 * clip just touches the ground (y = 0): the humanoid's proportions differ from ours, so the
 * scaled hip height alone leaves the feet a few centimetres off the floor.
 */
function settleOnGround(plan: readonly LinkPlan[], poses: Float64Array, P: number): void {
  const frames = new Float64Array(3 * plan.length);
  let lowest = Infinity;
  for (let o = 0; o < poses.length; o += P) {
    linkFrames(plan, poses.subarray(o, o + P), frames);
    plan.forEach((l, i) => {
      if (l.shape.kind !== 'box' || !l.name.endsWith('Foot')) return;
      const { cx, cy, hx, hy } = l.shape;
      const a = frames[3 * i + 2]!;
      for (const sx of [-1, 1])
        for (const sy of [-1, 1]) {
          const x = cx + sx * hx;
          const y = cy + sy * hy;
          lowest = Math.min(lowest, frames[3 * i + 1]! + Math.sin(a) * x + Math.cos(a) * y);
        }
    });
  }
  if (!Number.isFinite(lowest)) return;
  for (let o = 0; o < poses.length; o += P) poses[o + 1]! -= lowest;
}
