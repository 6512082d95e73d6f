// Seed 004's physics character on planck.js: rigid bodies, PD tracking with analytic gains,
// ragdoll, controller switching. Runs in Node; no rendering here.
export {
  BODY_PLAN,
  type LinkPlan,
  linkIndex,
  STANDING_PELVIS_HEIGHT,
  TOTAL_MASS,
} from './body-plan.ts';
export { blendPose, linkFrames, newPose, poseLength } from './character-pose.ts';
export { CompositeInertia } from './composite-inertia.ts';
export {
  analyticGains,
  criticallyDampedN,
  criticalResidual,
  dampingRatio,
  firstOrderN,
  seedN,
  springResidual,
} from './gains.ts';
export { Ground, type GroundPoint } from './ground.ts';
export { KeyframeTrack } from './keyframe-track.ts';
export { squatTrack, waveTrack } from './made-up-clips.ts';
export { PDTracker, type PDSettings } from './pd-tracker.ts';
export {
  CONTROLLER_MODES,
  type CharacterSettings,
  type ControllerMode,
  defaultSettings,
  PhysicsCharacter,
  ROOT_POLICIES,
  ROOT_SPRING_MAX,
  type RootPolicy,
} from './physics-character.ts';
export { PHYSICS_DT, PhysicsScene } from './physics-scene.ts';
export { Ragdoll } from './ragdoll.ts';
export { sagittalTrack } from './sagittal-clip.ts';
