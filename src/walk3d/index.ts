// The 3D walking system's public surface (seed 000): skeletons, clips, BVH, terrains, walkers,
// and the walking IK (the walk read once, the legs' descent, the IK walker).
export { BvhError, parseBvh, writeBvh } from './bvh';
export { type Character } from './character';
export { Clip, type Track } from './clip';
export { calibrateFeet, findFeet, type FootGap, measureFeet } from './foot-gap';
export { GradientDescent } from './gradient-descent';
export { IKWalker } from './ik-walker';
export { LegIK } from './leg-ik';
export { LIC } from './lic';
export { forwardKinematics, jointPosition, Pose } from './pose';
export { FRONT, reorient, UP } from './reorient';
export { RIG_HEIGHT, type Rig, rigFromBvh } from './rig';
export { extractRootMotion, forwardAt, type RootMotion } from './root-motion';
export { type Joint, Skeleton } from './skeleton';
export {
  type Elevation,
  gaussianTerrain,
  type Heightfield,
  heightfieldMesh,
  SEED_TERRAINS,
  TerrainSet,
} from './terrain3d';
export {
  analyseWalk,
  findLegs,
  type IKRigDef,
  type SupportRule,
  type WalkAnalysis,
} from './walk-analysis';
export { Walker, WALKER_DEFAULTS } from './walker';
