// The 3D walking system's public surface (seed 000): skeletons, clips, BVH, terrains, walkers.
export { BvhError, parseBvh, writeBvh } from './bvh';
export { Clip, type Track } from './clip';
export { calibrateFeet, findFeet, type FootGap, measureFeet } from './foot-gap';
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
export { Walker, WALKER_DEFAULTS } from './walker';
