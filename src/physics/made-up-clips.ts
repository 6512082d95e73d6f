import { toRadians } from '../math/angles.ts';
import { BODY_PLAN, STANDING_PELVIS_HEIGHT, linkIndex, type LinkPlan } from './body-plan.ts';
import { linkFrames, newPose, poseLength } from './character-pose.ts';
import { KeyframeTrack } from './keyframe-track.ts';

const FRAME = 1 / 30;

/** Sets a joint's angle in a pose by the link's name. */
function setJoint(pose: Float64Array, name: string, radians: number): void {
  pose[linkIndex(name) + 2] = radians;
}

/**
 * Puts the root where both ankles rest at their standing place: a pose that bends the legs
 * (a squat) keeps its feet on the ground instead of floating or sinking.
 */
function standOnAnkles(plan: readonly LinkPlan[], pose: Float64Array): void {
  const frames = new Float64Array(3 * plan.length);
  pose[0] = 0;
  pose[1] = 0;
  linkFrames(plan, pose, frames);
  const foot = linkIndex('NearFoot');
  pose[0] = -frames[3 * foot]!;
  pose[1] = 0.06 - frames[3 * foot + 1]!;
}

function track(
  name: string,
  seconds: number,
  poseAt: (phase: number, pose: Float64Array) => void,
): KeyframeTrack {
  const plan = BODY_PLAN;
  const P = poseLength(plan);
  const count = Math.round(seconds / FRAME);
  const poses = new Float64Array(count * P);
  const pose = newPose(plan);
  for (let k = 0; k < count; k++) {
    pose.fill(0);
    pose[1] = STANDING_PELVIS_HEIGHT;
    poseAt(k / count, pose);
    poses.set(pose, k * P);
  }
  return new KeyframeTrack(name, FRAME, poses, P, 0);
}

/** Standing, the near arm raised overhead and the forearm waving, twice a second. Ours. */
export const waveTrack = (): KeyframeTrack =>
  track('wave', 2, (phase, pose) => {
    setJoint(pose, 'NearUpperArm', toRadians(150));
    setJoint(
      pose,
      'NearForearm',
      toRadians(50) + toRadians(35) * Math.sin(2 * Math.PI * 4 * phase),
    );
    setJoint(pose, 'FarUpperArm', toRadians(-8));
    setJoint(pose, 'Head', toRadians(8));
  });

/** Down into a squat and up again every 2.4 s, arms forward for balance, heels down. Ours. */
export const squatTrack = (): KeyframeTrack =>
  track('squat', 2.4, (phase, pose) => {
    const depth = (1 - Math.cos(2 * Math.PI * phase)) / 2;
    const tilt = toRadians(-25) * depth;
    const hip = toRadians(105) * depth;
    const knee = toRadians(-110) * depth;
    pose[2] = tilt;
    setJoint(pose, 'Torso', toRadians(-10) * depth);
    for (const side of ['Near', 'Far']) {
      setJoint(pose, `${side}Thigh`, hip);
      setJoint(pose, `${side}Shin`, knee);
      // Flat feet: the foot's angle (pelvis + hip + knee + ankle) stays 0.
      setJoint(pose, `${side}Foot`, -(tilt + hip + knee));
      setJoint(pose, `${side}UpperArm`, toRadians(80) * depth);
      setJoint(pose, `${side}Forearm`, toRadians(10) * depth);
    }
    standOnAnkles(BODY_PLAN, pose);
  });
