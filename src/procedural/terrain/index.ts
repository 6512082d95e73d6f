export { Terrain2D } from './terrain-2d';
export {
  TerrainPath,
  type RayHit,
  type PathFrame,
  type ClosestPoint,
  newRayHit,
  newFrame,
  newClosest,
} from './terrain-path';
export {
  TERRAIN_PRESETS,
  type TerrainPreset,
  type TerrainSpan,
  terrainPoints,
} from './terrain-presets';
