import { type Heightfield, heightfieldMesh } from '../../walk3d/terrain3d';
import { rgba, shade } from './raster-target';
import { faceNormal, lambertFactor, normalLight } from './software-renderer';

/**
 * A terrain as the renderer draws it: its mesh (seed 000 §8) with one colour a triangle, tinted
 * by height (low ground darker). `litColors` are those lit once with the Lambert factor, since
 * terrains do not move; `flatColors` are the tints alone (flat shading); `smoothColors` are
 * per vertex, tinted by the vertex's height and lit with its normal (the mean of the normals of
 * the triangles round it, weighted by their areas): smooth shading.
 */
export function terrainGeometry(field: Heightfield): TerrainGeometry {
  const mesh = heightfieldMesh(field, field.inner ?? 100);
  const { positions, indices } = mesh;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 2; i < positions.length; i += 3) {
    lo = Math.min(lo, positions[i]!);
    hi = Math.max(hi, positions[i]!);
  }
  const flatColors = new Uint32Array(indices.length / 3);
  const litColors = new Uint32Array(indices.length / 3);
  for (let f = 0; f < flatColors.length; f++) {
    const a = indices[3 * f]!;
    const b = indices[3 * f + 1]!;
    const c = indices[3 * f + 2]!;
    const z = (positions[3 * a + 2]! + positions[3 * b + 2]! + positions[3 * c + 2]!) / 3;
    flatColors[f] = heightTint(z, lo, hi);
    litColors[f] = shade(flatColors[f]!, lambertFactor(positions, a, b, c));
  }
  return {
    positions,
    indices,
    flatColors,
    litColors,
    smoothColors: smoothColors(positions, indices, lo, hi),
  };
}

/** The ground's colour at height z, between the terrain's lowest `lo` and highest `hi`. */
function heightTint(z: number, lo: number, hi: number): number {
  const u = hi > lo ? (z - lo) / (hi - lo) : 0.5;
  return rgba(96 + 70 * u, 128 + 40 * u, 78 + 30 * u);
}

function smoothColors(
  positions: Float32Array,
  indices: Uint32Array,
  lo: number,
  hi: number,
): Uint32Array {
  const n = positions.length / 3;
  const normals = new Float64Array(3 * n);
  const face = new Float64Array(3);
  for (let k = 0; k < indices.length; k += 3) {
    // Unnormalised: as long as twice the face's area, so summing weights the faces by area.
    faceNormal(positions, 3 * indices[k]!, 3 * indices[k + 1]!, 3 * indices[k + 2]!, face);
    for (let corner = 0; corner < 3; corner++) {
      const i = 3 * indices[k + corner]!;
      for (let d = 0; d < 3; d++) normals[i + d] = normals[i + d]! + face[d]!;
    }
  }
  const colors = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const l = Math.hypot(normals[3 * i]!, normals[3 * i + 1]!, normals[3 * i + 2]!) || 1;
    colors[i] = shade(
      heightTint(positions[3 * i + 2]!, lo, hi),
      normalLight(normals[3 * i]! / l, normals[3 * i + 1]! / l, normals[3 * i + 2]! / l),
    );
  }
  return colors;
}

export interface TerrainGeometry {
  positions: Float32Array;
  indices: Uint32Array;
  flatColors: Uint32Array;
  litColors: Uint32Array;
  smoothColors: Uint32Array;
}
