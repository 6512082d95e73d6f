import { type Heightfield, heightfieldMesh } from '../../walk3d/terrain3d.ts';
import { rgba, shade } from './raster-target.ts';
import { faceNormal, lambertFactor, normalLight } from './software-renderer.ts';

/**
 * A terrain as the renderer draws it: its mesh (seed 000 §8) with one colour a triangle, tinted
 * by height (low ground darker). `litColors` are those lit once with the Lambert factor, since
 * terrains do not move; `flatColors` are the tints alone (flat shading); `smoothColors` are
 * per vertex, tinted by the vertex's height and lit with its normal (the mean of the normals of
 * the triangles round it, weighted by their areas): smooth shading.
 */
export function terrainGeometry(field: Heightfield): TerrainGeometry {
  const mesh = heightfieldMesh(field, field.inner ?? 100);
  const { positions, indices, side } = mesh;
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
  const smooth = smoothColors(positions, indices, lo, hi);
  return {
    positions,
    indices,
    flatColors,
    litColors,
    smoothColors: smooth,
    side,
    ...borderOf(positions, smooth, side),
  };
}

/** The mean height and colour of a terrain's border: where the ground beyond it continues. */
function borderOf(
  positions: Float32Array,
  colors: Uint32Array,
  side: number,
): { edgeHeight: number; edgeColor: number } {
  let z = 0;
  const rgb = [0, 0, 0];
  let n = 0;
  for (let j = 0; j < side; j++)
    for (let i = 0; i < side; i++) {
      if (i > 0 && j > 0 && i < side - 1 && j < side - 1) continue;
      const k = j * side + i;
      z += positions[3 * k + 2]!;
      for (let c = 0; c < 3; c++) rgb[c]! += (colors[k]! >>> (8 * c)) & 255;
      n++;
    }
  return { edgeHeight: z / n, edgeColor: rgba(rgb[0]! / n, rgb[1]! / n, rgb[2]! / n) };
}

/**
 * The height of the terrain's mesh as drawn (its triangles, not its elevation function) at
 * world (x, y), or −Infinity off it: cheap, and what a line drawn on the surface must follow.
 */
export function meshHeightAt(g: TerrainGeometry, x: number, y: number): number {
  const p = g.positions;
  const side = g.side;
  const x0 = p[0]!;
  const y0 = p[1]!;
  const dx = p[3]! - x0;
  const dy = p[3 * side + 1]! - y0;
  const fx = (x - x0) / dx;
  const fy = (y - y0) / dy;
  if (!(fx >= 0 && fy >= 0 && fx <= side - 1 && fy <= side - 1)) return -Infinity;
  const i = Math.min(side - 2, Math.floor(fx));
  const j = Math.min(side - 2, Math.floor(fy));
  const u = fx - i;
  const v = fy - j;
  const a = j * side + i;
  const za = p[3 * a + 2]!;
  const zb = p[3 * (a + 1) + 2]!;
  const zc = p[3 * (a + side) + 2]!;
  const zd = p[3 * (a + side + 1) + 2]!;
  // The cell's two triangles (a, b, d) and (a, d, c), split along its diagonal a–d.
  return u >= v ? za + u * (zb - za) + v * (zd - zb) : za + v * (zc - za) + u * (zd - zc);
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
  /** Vertices along each side of the mesh's square grid. */
  side: number;
  /** The border's mean height and colour (the ground beyond the terrain continues it). */
  edgeHeight: number;
  edgeColor: number;
}
