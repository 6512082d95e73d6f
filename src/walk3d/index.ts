// The 3D walking system's public surface (seed 000): skeletons, clips, BVH, terrains, walkers,
// and the walking IK (the walk read once, the legs' descent, the IK walker).
export { BvhError, parseBvh, writeBvh } from './bvh.ts';
export { type Character } from './character.ts';
export { Clip, type Track } from './clip.ts';
export { calibrateFeet, findFeet, type FootGap, measureFeet } from './foot-gap.ts';
export { GradientDescent } from './gradient-descent.ts';
export { IKWalker } from './ik-walker.ts';
export { LegIK } from './leg-ik.ts';
export { LIC } from './lic.ts';
export { forwardKinematics, jointPosition, Pose } from './pose.ts';
export { FRONT, reorient, UP } from './reorient.ts';
export { RIG_HEIGHT, type Rig, rigFromBvh } from './rig.ts';
export { extractRootMotion, forwardAt, type RootMotion } from './root-motion.ts';
export { type Joint, Skeleton } from './skeleton.ts';
export {
  type Elevation,
  gaussianTerrain,
  type Heightfield,
  heightfieldMesh,
  SEED_TERRAINS,
  TerrainSet,
} from './terrain3d.ts';
export {
  analyseWalk,
  findLegs,
  type IKRigDef,
  type SupportRule,
  type WalkAnalysis,
} from './walk-analysis.ts';
export { Walker, WALKER_DEFAULTS } from './walker.ts';
