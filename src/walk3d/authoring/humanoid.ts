import { fromAxisAngle, mulQuat } from '../../math/quat.ts';
import { Clip, type Track } from '../clip.ts';
import { forwardKinematics, Pose } from '../pose.ts';
import { type Joint, Skeleton } from '../skeleton.ts';
import {
  ankleDorsiflexion,
  elbowFlexion,
  hipFlexion,
  kneeFlexion,
  shoulderFlexion,
  TOE_OFF,
} from './gait-curves.ts';

/** A body's segment lengths (cm) and how long its walk cycle takes. */
export interface Proportions {
  thigh: number;
  shank: number;
  /** Spine, chest and neck lengths are the humanoid's times this. */
  torso: number;
  upperArm: number;
  forearm: number;
  /** One walk cycle (two steps), seconds. */
  cycle: number;
}

/** The course's humanoid: adult proportions. */
export const HUMANOID: Proportions = {
  thigh: 44,
  shank: 42,
  torso: 1,
  upperArm: 28,
  forearm: 26,
  cycle: 1.1,
};

/**
 * The second character of lesson 15 (the seed's demos had two models): legs a quarter longer, a
 * shorter torso and arms, and a slower stride. Scaled to the same 9 units tall, its legs are
 * longer in the picture and its rig height, and so the IK's weight a = 200/h², differs.
 */
export const STRIDER: Proportions = {
  thigh: 56,
  shank: 53,
  torso: 0.8,
  upperArm: 24,
  forearm: 22,
  cycle: 1.3,
};

/**
 * A humanoid skeleton, authored the way a BVH file is: Y up, Z forward, centimetres, the
 * character's left on +X. The course's humanoid has adult proportions (thigh 44, shank 42,
 * ankle 8 cm above the sole), so its hip joint sits 94 cm up when standing.
 */
export function humanoidSkeleton(p: Proportions = HUMANOID): Skeleton {
  const joints: Joint[] = [];
  const add = (
    name: string,
    parent: string | null,
    offset: [number, number, number],
    end = false,
  ) => {
    joints.push({
      name,
      parent: parent === null ? -1 : joints.findIndex((j) => j.name === parent),
      offset,
      end,
    });
  };
  add('Hips', null, [0, p.thigh + p.shank + 8, 0]);
  add('Spine', 'Hips', [0, 10 * p.torso, 0]);
  add('Chest', 'Spine', [0, 20 * p.torso, 0]);
  add('Neck', 'Chest', [0, 22 * p.torso, 0]);
  add('Head', 'Neck', [0, 9, 0]);
  add('Head_End', 'Head', [0, 20, 0], true);
  for (const [side, x] of [
    ['Left', 1],
    ['Right', -1],
  ] as const) {
    add(`${side}Shoulder`, 'Chest', [x * 5, 18, 0]);
    add(`${side}Arm`, `${side}Shoulder`, [x * 13, 0, 0]);
    add(`${side}ForeArm`, `${side}Arm`, [0, -p.upperArm, 0]);
    add(`${side}Hand`, `${side}ForeArm`, [0, -p.forearm, 0]);
    add(`${side}Hand_End`, `${side}Hand`, [0, -16, 0], true);
  }
  for (const [side, x] of [
    ['Left', 1],
    ['Right', -1],
  ] as const) {
    add(`${side}UpLeg`, 'Hips', [x * 9, -6, 0]);
    add(`${side}Leg`, `${side}UpLeg`, [0, -p.thigh, 0]);
    add(`${side}Foot`, `${side}Leg`, [0, -p.shank, 0]);
    add(`${side}Toe`, `${side}Foot`, [0, -8, 14]);
    add(`${side}Toe_End`, `${side}Toe`, [0, 0, 6], true);
  }
  return new Skeleton(joints);
}

export const AUTHORING_FPS = 30;

const X = [1, 0, 0];
const Y = [0, 1, 0];
const Z = [0, 0, 1];
const q = new Float64Array(4);
const q2 = new Float64Array(4);

/** Sets joint `name`'s local rotation to a turn of `degrees` about `axis` (then `extra`). */
export function turn(
  pose: Pose,
  skel: Skeleton,
  name: string,
  axis: number[],
  degrees: number,
  extra?: [number[], number],
): void {
  const i = skel.indexOf(name);
  fromAxisAngle(q, axis, (degrees * Math.PI) / 180);
  if (extra) {
    fromAxisAngle(q2, extra[0], (extra[1] * Math.PI) / 180);
    mulQuat(q, q, q2);
  }
  pose.r.set(q, 4 * i);
}

/**
 * The walk pose at a phase of the cycle (0 = left heel strike). Flexion moves a limb forward
 * (+Z): for a limb hanging down (−Y) that is a turn of −θ about X; the knee bends the other way.
 * `amplitude` scales every angle (0 stands straight: a walk starting or stopping); `rightOffset`
 * is where the right leg's cycle is against the left's (a half cycle; 0 for a two-footed hop).
 */
export function walkPose(
  pose: Pose,
  skel: Skeleton,
  phase: number,
  amplitude = 1,
  rightOffset = 0.5,
): void {
  pose.toBind();
  const a = amplitude;
  for (const [side, offset, sign] of [
    ['Left', 0, 1],
    ['Right', rightOffset, -1],
  ] as const) {
    const p = phase + offset;
    turn(pose, skel, `${side}UpLeg`, X, -a * hipFlexion(p));
    turn(pose, skel, `${side}Leg`, X, a * kneeFlexion(p));
    turn(pose, skel, `${side}Foot`, X, -a * ankleDorsiflexion(p));
    // Arms swing against their own side's leg, and hang a little away from the body.
    turn(pose, skel, `${side}Arm`, X, -a * shoulderFlexion(p), [Z, sign * 6]);
    turn(pose, skel, `${side}ForeArm`, X, -a * elbowFlexion(p));
  }
  // The pelvis turns towards the swinging leg, the chest against it.
  turn(pose, skel, 'Hips', Y, 5 * a * Math.sin(2 * Math.PI * phase));
  turn(pose, skel, 'Chest', Y, -7 * a * Math.sin(2 * Math.PI * phase));
}

/** A foot's two contact points, heel and ball, in model space (y up, z forward). */
function contacts(
  skel: Skeleton,
  m: Float64Array,
  side: string,
): { x: number; y: number; z: number }[] {
  const foot = skel.indexOf(`${side}Foot`);
  const toe = skel.indexOf(`${side}Toe`);
  // The heel is 8 cm below the ankle and 3 cm behind it, in the foot's own frame.
  const o = 16 * foot;
  return [
    {
      x: m[o + 12]! + m[o + 4]! * -8 + m[o + 8]! * -3,
      y: m[o + 13]! + m[o + 5]! * -8 + m[o + 9]! * -3,
      z: m[o + 14]! + m[o + 6]! * -8 + m[o + 10]! * -3,
    },
    { x: m[16 * toe + 12]!, y: m[16 * toe + 13]!, z: m[16 * toe + 14]! },
  ];
}

/**
 * The lowest contact point of the feet that may touch the floor (`sides`): which point, its
 * height, and every contact point of both feet (to follow a point from frame to frame).
 */
export function lowest(
  skel: Skeleton,
  m: Float64Array,
  sides: readonly string[] = ['Left', 'Right'],
): { key: string; y: number; points: Map<string, { x: number; y: number; z: number }> } {
  const points = new Map<string, { x: number; y: number; z: number }>();
  for (const side of ['Left', 'Right']) {
    const [heel, ball] = contacts(skel, m, side);
    points.set(`${side}Heel`, heel!);
    points.set(`${side}Ball`, ball!);
  }
  let key = '';
  for (const [k, p] of points)
    if (sides.some((s) => k.startsWith(s)) && (key === '' || p.y < points.get(key)!.y)) key = k;
  return { key, y: points.get(key)!.y, points };
}

/**
 * The walk clip, authored from the gait curves at 30 frames a second. The hips' motion is not
 * drawn by hand: each frame, the hips go as high as the lowest foot allows (that foot on the
 * floor, y = 0) and as far forward as keeps the planted foot where it was. So planted feet do
 * not slide, the pelvis bobs twice a cycle by itself, and the clip loops in every rotation.
 */
export function walkClip(skel: Skeleton, cycle = HUMANOID.cycle): Clip {
  const frames = Math.round(cycle * AUTHORING_FPS);
  const pose = new Pose(skel);
  const m = new Float64Array(16 * skel.count);
  const hips = skel.indexOf('Hips');
  const rotations = skel.joints.map(() => new Float64Array(4 * frames));
  const hipT = new Float64Array(3 * frames);
  let forward = 0;
  let last: { key: string; z: number } | null = null;
  for (let f = 0; f <= frames; f++) {
    const phase = f / frames;
    walkPose(pose, skel, phase);
    pose.t.set([0, 0, 0], 3 * hips);
    forwardKinematics(pose, m);
    // Only a foot in its stance (heel strike to toe-off) may hold the body up: a swinging foot
    // that grazes the floor must not become the anchor.
    const stance = (['Left', 'Right'] as const).filter(
      (side, k) => (phase + 0.5 * k) % 1 <= TOE_OFF,
    );
    const low = lowest(skel, m, stance);
    // Keep the point that was on the floor last frame where it was: move the hips by however
    // much it would have slid. (As the foot rolls from heel to ball, the point changes; each
    // frame uses the one that was down before it.)
    if (last) forward += last.z - low.points.get(last.key)!.z;
    last = { key: low.key, z: low.points.get(low.key)!.z };
    if (f === frames) break;
    hipT.set([0, -low.y, forward], 3 * f);
    skel.joints.forEach((_, j) => rotations[j]!.set(pose.r.subarray(4 * j, 4 * j + 4), 4 * f));
  }
  return clipFrom(skel, 'walk', frames, rotations, hipT);
}

/**
 * The idle clip: standing, two seconds, breathing: the chest rises a degree and a half and the
 * arms rest a little bent. The hips stand at the height that puts the soles on the floor.
 */
export function idleClip(skel: Skeleton): Clip {
  const frames = 2 * AUTHORING_FPS;
  const pose = new Pose(skel);
  const m = new Float64Array(16 * skel.count);
  const hips = skel.indexOf('Hips');
  const rotations = skel.joints.map(() => new Float64Array(4 * frames));
  const hipT = new Float64Array(3 * frames);
  for (let f = 0; f < frames; f++) {
    const breath = Math.sin((2 * Math.PI * f) / frames);
    pose.toBind();
    turn(pose, skel, 'Chest', X, -1.5 * breath);
    turn(pose, skel, 'Neck', X, 1.5 * breath);
    for (const [side, sign] of [
      ['Left', 1],
      ['Right', -1],
    ] as const) {
      turn(pose, skel, `${side}Arm`, Z, sign * 7);
      turn(pose, skel, `${side}ForeArm`, X, -12);
    }
    pose.t.set([0, 0, 0], 3 * hips);
    forwardKinematics(pose, m);
    hipT.set([0, -lowest(skel, m).y, 0], 3 * f);
    skel.joints.forEach((_, j) => rotations[j]!.set(pose.r.subarray(4 * j, 4 * j + 4), 4 * f));
  }
  return clipFrom(skel, 'idle', frames, rotations, hipT);
}

export function clipFrom(
  skel: Skeleton,
  name: string,
  frames: number,
  rotations: Float64Array[],
  hipT: Float64Array,
  fps = AUTHORING_FPS,
): Clip {
  const dt = 1 / fps;
  const times = Float64Array.from({ length: frames }, (_, f) => f * dt);
  const tracks: Track[] = [];
  skel.joints.forEach((j, i) => {
    if (j.end) return;
    tracks.push({
      joint: i,
      times: times.slice(),
      rotations: rotations[i]!,
      translations: j.parent < 0 ? hipT : null,
    });
  });
  return new Clip(name, frames * dt, tracks, dt);
}
