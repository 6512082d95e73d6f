import { fromAxisAngle, mulQuat } from '../../math/quat.ts';
import { mulberry32 } from '../../math/random.ts';
import { Clip } from '../clip.ts';
import { forwardKinematics, Pose } from '../pose.ts';
import { type Joint, Skeleton } from '../skeleton.ts';
import { TOE_OFF } from './gait-curves.ts';
import { TrailingBalls } from './pin-ball.ts';
import {
  clipFrom,
  HUMANOID,
  humanoidSkeleton,
  lowest,
  type Proportions,
  walkPose,
} from './humanoid.ts';

/**
 * Test clips shaped like public motion capture rather than like an animator's loop (issue 19): a
 * subject stands, starts, walks a few cycles, slows and stops, recorded at 120 frames a second
 * with a little measurement noise, under CMU's or Mixamo's joint names. They come from the same
 * gait curves as the course's walk, so what the walking system does with them can be compared
 * with what it does with the loop.
 */
export interface CaptureOptions {
  /** Frames a second (public captures: 120). */
  fps: number;
  /** Seconds standing still before the first step and after the last. */
  standBefore: number;
  standAfter: number;
  /** Whole cycles at full speed between speeding up and slowing down. */
  cycles: number;
  /** Seconds to reach full speed, and to stop from it. */
  ramp: number;
  /** Joint names: the course's, CMU-style (Hips, LHipJoint, LeftHip, LeftKnee, LeftAnkle, LeftToe) or Mixamo's. */
  names: 'course' | 'cmu' | 'mixamo';
  /** Measurement noise per frame, white: rotations (degrees, each joint) and the hips (cm). */
  noiseDegrees: number;
  noiseCm: number;
  seed: number;
  /** Both legs together, with both feet in the air between landings: a two-footed hop. */
  hop: boolean;
  /**
   * Keep the trailing foot's ball on the floor from the other heel's landing to its own toe-off,
   * as a real walk does (both feet down about a fifth of the cycle). The gait curves alone lift
   * it as the other heel lands (the course's own walk is made that way: 1 frame in 33).
   */
  doubleSupport: boolean;
  proportions: Proportions;
}

export const CAPTURE_DEFAULTS: CaptureOptions = {
  fps: 120,
  standBefore: 1.2,
  standAfter: 1.2,
  cycles: 3,
  ramp: 1.1,
  names: 'cmu',
  noiseDegrees: 0.15,
  noiseCm: 0.1,
  seed: 19,
  hop: false,
  doubleSupport: true,
  proportions: HUMANOID,
};

/** How high a hop lifts the feet (cm). */
const HOP_HEIGHT = 8;

/**
 * The walk's speed (0 standing, 1 full) and its phase in cycles, at time t: standing, a
 * smoothstep up over `ramp`, full speed, a smoothstep down, standing. The phase is the speed's
 * integral, in closed form so a clip at any frame rate has the same pose at the same time.
 */
export function captureSpeed(o: CaptureOptions, t: number): { speed: number; phase: number } {
  const cyc = o.proportions.cycle;
  const t1 = o.standBefore;
  const t2 = t1 + o.ramp;
  const t3 = t2 + o.cycles * cyc;
  const t4 = t3 + o.ramp;
  // ∫₀ᵘ smoothstep = u³ − u⁴/2, so a ramp covers ramp/2 seconds' worth of full-speed phase.
  const up = (u: number) => u * u * u - (u * u * u * u) / 2;
  const smooth = (u: number) => u * u * (3 - 2 * u);
  let speed: number;
  let full: number; // seconds of full-speed-equivalent walking so far
  if (t <= t1) [speed, full] = [0, 0];
  else if (t <= t2) {
    const u = (t - t1) / o.ramp;
    [speed, full] = [smooth(u), o.ramp * up(u)];
  } else if (t <= t3) [speed, full] = [1, o.ramp / 2 + (t - t2)];
  else if (t <= t4) {
    const u = (t - t3) / o.ramp;
    [speed, full] = [smooth(1 - u), o.ramp / 2 + o.cycles * cyc + o.ramp * (0.5 - up(1 - u))];
  } else [speed, full] = [0, o.ramp + o.cycles * cyc];
  return { speed, phase: full / cyc };
}

/** The clip's whole length, seconds. */
export function captureDuration(o: CaptureOptions): number {
  return o.standBefore + 2 * o.ramp + o.cycles * o.proportions.cycle + o.standAfter;
}

/**
 * A capture-like clip and its skeleton (Y up, Z forward, centimetres). The hips are placed as
 * the course's walk places them (each frame as high as the lowest planted foot allows and as far
 * forward as keeps it where it was), and also as far sideways, so the clean motion never slides;
 * the noise is added after.
 */
export function captureLikeClip(options: Partial<CaptureOptions> = {}): {
  skeleton: Skeleton;
  clip: Clip;
} {
  const o = { ...CAPTURE_DEFAULTS, ...options };
  const skel = humanoidSkeleton(o.proportions);
  const frames = Math.round(captureDuration(o) * o.fps);
  const dt = 1 / o.fps;
  const pose = new Pose(skel);
  const m = new Float64Array(16 * skel.count);
  const hips = skel.indexOf('Hips');
  const rotations = skel.joints.map(() => new Float64Array(4 * frames));
  const hipT = new Float64Array(3 * frames);
  const rightOffset = o.hop ? 0 : 0.5;
  let forward = 0;
  // Sideways too: the pelvis turns, and the foot holding the body must not slide across.
  let side = 0;
  let velocity = 0; // forward speed at take-off, carried through a hop's flight (cm/s)
  let last: { key: string; x: number; z: number } | null = null;
  let flightStart = -1;
  const holds = new TrailingBalls(skel);
  for (let f = 0; f < frames; f++) {
    const { speed, phase } = captureSpeed(o, f * dt);
    walkPose(pose, skel, phase, speed, rightOffset);
    pose.t.set([0, 0, 0], 3 * hips);
    forwardKinematics(pose, m);
    const legPhase = (k: number) => (((phase + rightOffset * k) % 1) + 1) % 1;
    // A foot may hold the body up in its stance, or at any time while the walk has all but
    // stopped (both feet down).
    const stance = (['Left', 'Right'] as const).filter(
      (_, k) => speed < 0.05 || legPhase(k) <= TOE_OFF,
    );
    let height: number;
    if (stance.length) {
      const low = lowest(skel, m, stance);
      if (last) {
        const now = low.points.get(last.key)!;
        const step = last.z - now.z;
        forward += step;
        side += last.x - now.x;
        velocity = step / dt;
      }
      const anchor = low.points.get(low.key)!;
      last = { key: low.key, x: anchor.x, z: anchor.z };
      height = -low.y;
      flightStart = -1;
    } else {
      // In the air: on at the take-off speed, the feet lifted on a parabola.
      if (flightStart < 0) flightStart = phase;
      const u = Math.min(1, (phase - flightStart) / (1 - TOE_OFF));
      forward += velocity * dt;
      last = null;
      height = -lowest(skel, m).y + HOP_HEIGHT * 4 * u * (1 - u);
    }
    // A ball is taken hold of only while walking (standing, both feet are down anyway); one
    // held as the walk stops stays held until that foot takes the weight again.
    if (o.doubleSupport && !o.hop)
      holds.apply(
        pose,
        m,
        [side, height, forward],
        last?.key ?? '',
        stance,
        legPhase,
        speed >= 0.05,
      );
    hipT.set([side, height, forward], 3 * f);
    skel.joints.forEach((_, j) => rotations[j]!.set(pose.r.subarray(4 * j, 4 * j + 4), 4 * f));
  }
  addNoise(skel, rotations, hipT, frames, o);
  const clip = clipFrom(skel, o.hop ? 'hop' : 'capture', frames, rotations, hipT, o.fps);
  return o.names === 'course' ? { skeleton: skel, clip } : renamed(skel, clip, o.names);
}

/** White noise on every joint's rotation and on the hips' position, as a capture has. */
function addNoise(
  skel: Skeleton,
  rotations: Float64Array[],
  hipT: Float64Array,
  frames: number,
  o: CaptureOptions,
): void {
  if (!(o.noiseDegrees > 0 || o.noiseCm > 0)) return;
  const rand = mulberry32(o.seed);
  // A normal deviate by Box–Muller.
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const q = new Float64Array(4);
  const axis = [0, 0, 0];
  for (let f = 0; f < frames; f++) {
    skel.joints.forEach((joint, j) => {
      if (joint.end) return;
      for (let c = 0; c < 3; c++) axis[c] = gauss();
      const l = Math.hypot(axis[0]!, axis[1]!, axis[2]!) || 1;
      for (let c = 0; c < 3; c++) axis[c] = axis[c]! / l;
      fromAxisAngle(q, axis, (o.noiseDegrees * gauss() * Math.PI) / 180);
      const r = rotations[j]!.subarray(4 * f, 4 * f + 4);
      mulQuat(r, r, q);
    });
    for (let c = 0; c < 3; c++) hipT[3 * f + c] = hipT[3 * f + c]! + o.noiseCm * gauss();
  }
}

/**
 * The same skeleton and motion under another scheme's names. CMU-style adds a fixed
 * LHipJoint/RHipJoint between the hips and each thigh (half the thigh's offset each), as the
 * CMU library's BVH conversions have.
 */
function renamed(
  skel: Skeleton,
  clip: Clip,
  scheme: 'cmu' | 'mixamo',
): { skeleton: Skeleton; clip: Clip } {
  const CMU: Record<string, string> = {
    UpLeg: 'Hip',
    Leg: 'Knee',
    Foot: 'Ankle',
  };
  const joints: Joint[] = [];
  const index: number[] = [];
  skel.joints.forEach((j, i) => {
    const parent = j.parent < 0 ? -1 : index[j.parent]!;
    let name = j.name;
    if (scheme === 'mixamo') name = j.end ? j.name : `mixamorig:${j.name}`;
    else {
      const leg = /^(Left|Right)(UpLeg|Leg|Foot)$/.exec(j.name);
      if (leg) name = `${leg[1]}${CMU[leg[2]!]}`;
      if (leg?.[2] === 'UpLeg') {
        const half: [number, number, number] = [j.offset[0] / 2, j.offset[1] / 2, j.offset[2] / 2];
        joints.push({ name: `${leg[1]![0]}HipJoint`, parent, offset: half, end: false });
        index[i] = joints.length; // the thigh comes right after its hip joint
        joints.push({ name, parent: joints.length - 1, offset: half, end: false });
        return;
      }
    }
    index[i] = joints.length;
    joints.push({ name, parent, offset: j.offset, end: j.end });
  });
  const tracks = clip.tracks.map((t) => ({ ...t, joint: index[t.joint]! }));
  const out = new Clip(clip.name, clip.duration, tracks, clip.frameTime);
  return { skeleton: new Skeleton(joints), clip: out };
}
