// Seed 004's physics character on planck.js: rigid bodies, PD tracking with analytic gains,
// ragdoll, controller switching. Runs in Node; no rendering here.
export {
  BODY_PLAN,
  type LinkPlan,
  linkIndex,
  STANDING_PELVIS_HEIGHT,
  TOTAL_MASS,
} from './body-plan';
export { blendPose, linkFrames, newPose, poseLength } from './character-pose';
export { CompositeInertia } from './composite-inertia';
export {
  analyticGains,
  criticallyDampedN,
  criticalResidual,
  dampingRatio,
  firstOrderN,
  seedN,
  springResidual,
} from './gains';
export { Ground, type GroundPoint } from './ground';
export { KeyframeTrack } from './keyframe-track';
export { squatTrack, waveTrack } from './made-up-clips';
export { PDTracker, type PDSettings } from './pd-tracker';
export {
  CONTROLLER_MODES,
  type CharacterSettings,
  type ControllerMode,
  defaultSettings,
  PhysicsCharacter,
  ROOT_POLICIES,
  ROOT_SPRING_MAX,
  type RootPolicy,
} from './physics-character';
export { PHYSICS_DT, PhysicsScene } from './physics-scene';
export { Ragdoll } from './ragdoll';
export { sagittalTrack } from './sagittal-clip';
