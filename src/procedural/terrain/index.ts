export { Terrain2D } from './terrain-2d.ts';
export {
  TerrainPath,
  type RayHit,
  type PathFrame,
  type ClosestPoint,
  newRayHit,
  newFrame,
  newClosest,
} from './terrain-path.ts';
export {
  TERRAIN_PRESETS,
  type TerrainPreset,
  type TerrainSpan,
  terrainPoints,
} from './terrain-presets.ts';
