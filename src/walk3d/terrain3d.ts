import { mulberry32 } from '../math/random.ts';

/** An elevation function z = h(x, y) (seed 000 §8: a "2.5-D surface", one z per (x, y)). */
export type Elevation = (x: number, y: number) => number;

/**
 * A terrain: an elevation function over a rectangle of its own (x, y), placed in the world by a
 * translation and a scale (seed 000 §8: terrains may be moved and scaled, never rotated, so
 * (x, y) ↦ h(x, y) stays a height map).
 */
export interface Heightfield {
  h: Elevation;
  min: [number, number];
  max: [number, number];
  translate: [number, number, number];
  scale: [number, number, number];
  /** Mesh resolution: vertices inside the domain along each side (seed: 100, or 50). */
  inner?: number;
}

/** The seed's example terrains: sums of random Gaussian bumps (its §13.1). */
export interface GaussianTerrainOptions {
  bumps: number;
  /** Range of each bump's weight s (not its height: the peak is s / (σ√(2π))). */
  size: [number, number];
  sigma: [number, number];
  domain: [number, number];
  seed: number;
}

/**
 * h(x, y) = Σ s_i / (σ_i √(2π)) · exp(−|p − μ_i|² / (2σ_i²)). The seed's C code re-seeds
 * rand() on every call and leaves the draw order to the compiler, so its bumps are not portable;
 * here the bumps are drawn once from a seeded mulberry32 in a fixed order (s, σ, μx, μy each),
 * so every machine builds the same hills.
 */
export function gaussianTerrain(o: GaussianTerrainOptions): Elevation {
  const rnd = mulberry32(o.seed);
  const lerp = (r: [number, number], u: number) => r[0] + (r[1] - r[0]) * u;
  const n = Math.max(0, Math.floor(o.bumps));
  // Per bump: weight, 1/(2σ²), centre x, y, and the squared distance beyond which it is skipped.
  const b = new Float64Array(STRIDE * n);
  for (let i = 0; i < n; i++) {
    const s = lerp(o.size, rnd());
    const sigma = lerp(o.sigma, rnd());
    b[STRIDE * i] = s / (sigma * Math.sqrt(2 * Math.PI));
    b[STRIDE * i + 1] = 1 / (2 * sigma * sigma);
    b[STRIDE * i + 2] = lerp(o.domain, rnd());
    b[STRIDE * i + 3] = lerp(o.domain, rnd());
    b[STRIDE * i + 4] = FAINT * 2 * sigma * sigma;
  }
  return (x, y) => {
    let z = 0;
    for (let i = 0; i < n; i++) {
      const dx = x - b[STRIDE * i + 2]!;
      const dy = y - b[STRIDE * i + 3]!;
      const d2 = dx * dx + dy * dy;
      // Farther out a bump adds less than 2⁻⁵³ of its weight: below the rounding of the sum of
      // hundreds of them. Skipping its exponential (most of the cost) halves a query on the hills.
      if (d2 > b[STRIDE * i + 4]!) continue;
      z += b[STRIDE * i]! * Math.exp(-d2 * b[STRIDE * i + 1]!);
    }
    return z;
  };
}

/** Numbers per bump in gaussianTerrain's table. */
const STRIDE = 5;
/** exp(−FAINT) = 2⁻⁵³: a bump's share beyond which it is left out. */
const FAINT = 53 * Math.LN2;

/**
 * The terrains a character walks on (seed 000's EnvironmentData). A height query maps the world
 * point into each terrain's own space, evaluates h exactly there (not the triangles), maps the
 * height back, and where terrains overlap the highest wins. Off every terrain: −Infinity.
 */
export class TerrainSet {
  readonly fields: Heightfield[] = [];

  add(field: Heightfield): this {
    this.fields.push(field);
    return this;
  }

  /**
   * The highest terrain's height at (x, y), −Infinity off every terrain. Each terrain is
   * evaluated once (a bumpy one sums hundreds of exponentials): the answer is the height
   * `highestAt` picks, without working it out a second time.
   */
  heightAt(x: number, y: number): number {
    let best = -Infinity;
    for (let k = 0; k < this.fields.length; k++) {
      const z = this.fieldHeight(k, x, y);
      if (z > best) best = z;
    }
    return best;
  }

  /**
   * Whether (x, y) lies within some terrain's domain: a test that evaluates no heights. (Where
   * a terrain's h is not a number inside its domain, `highestAt` finds no terrain; this still
   * says covered.)
   */
  covers(x: number, y: number): boolean {
    for (const f of this.fields)
      if (inDomain(f, (x - f.translate[0]) / f.scale[0], (y - f.translate[1]) / f.scale[1]))
        return true;
    return false;
  }

  /** Which terrain is highest at (x, y) (its index in `fields`), or −1 off every terrain. */
  highestAt(x: number, y: number): number {
    let best = -Infinity;
    let which = -1;
    for (let k = 0; k < this.fields.length; k++) {
      const z = this.fieldHeight(k, x, y);
      if (z > best) {
        best = z;
        which = k;
      }
    }
    return which;
  }

  /** One terrain's height at world (x, y): −Infinity outside its domain. */
  fieldHeight(k: number, x: number, y: number): number {
    const f = this.fields[k]!;
    const lx = (x - f.translate[0]) / f.scale[0];
    const ly = (y - f.translate[1]) / f.scale[1];
    if (!inDomain(f, lx, ly)) return -Infinity;
    return f.h(lx, ly) * f.scale[2] + f.translate[2];
  }
}

/** Whether a point in the terrain's own space (lx, ly) lies in its domain (NaN does not). */
function inDomain(f: Heightfield, lx: number, ly: number): boolean {
  return lx >= f.min[0] && lx <= f.max[0] && ly >= f.min[1] && ly <= f.max[1];
}

/**
 * The terrain as a triangle mesh, in world space (seed 000 §8's Mesh constructor): (inner + 2)²
 * vertices spread evenly over the domain, each lifted to h; two triangles a grid cell, wound
 * counter-clockwise seen from above.
 */
export function heightfieldMesh(
  f: Heightfield,
  inner: number,
): { positions: Float32Array; indices: Uint32Array; side: number } {
  const side = Math.max(2, Math.floor(inner) + 2);
  const positions = new Float32Array(side * side * 3);
  const step = [(f.max[0] - f.min[0]) / (side - 1), (f.max[1] - f.min[1]) / (side - 1)];
  for (let j = 0; j < side; j++)
    for (let i = 0; i < side; i++) {
      const lx = f.min[0] + i * step[0]!;
      const ly = f.min[1] + j * step[1]!;
      const k = 3 * (j * side + i);
      positions[k] = lx * f.scale[0] + f.translate[0];
      positions[k + 1] = ly * f.scale[1] + f.translate[1];
      positions[k + 2] = f.h(lx, ly) * f.scale[2] + f.translate[2];
    }
  const indices = new Uint32Array((side - 1) * (side - 1) * 6);
  let n = 0;
  for (let j = 0; j < side - 1; j++)
    for (let i = 0; i < side - 1; i++) {
      const a = j * side + i;
      const b = a + 1;
      const c = a + side;
      const d = c + 1;
      indices.set([a, b, d, a, d, c], n);
      n += 6;
    }
  return { positions, indices, side };
}

/** The seed's terrains (its §13.1), with portable bumps. */
export const SEED_TERRAINS = {
  basic: (): Heightfield[] => [
    {
      h: gaussianTerrain({
        bumps: 250,
        size: [-15, 80],
        sigma: [3, 15],
        domain: [-100, 100],
        seed: 130,
      }),
      min: [-100, -100],
      max: [100, 100],
      translate: [0, 0, 0],
      scale: [1, 1, 1],
    },
  ],
  three: (): Heightfield[] => [
    {
      h: gaussianTerrain({
        bumps: 100,
        size: [-15, 60],
        sigma: [3, 20],
        domain: [-50, 50],
        seed: 5,
      }),
      min: [-50, -50],
      max: [50, 50],
      translate: [0, 0, 0],
      scale: [1, 1, 1],
    },
    {
      h: gaussianTerrain({
        bumps: 200,
        size: [-20, 55],
        sigma: [3, 20],
        domain: [-50, 50],
        seed: 10,
      }),
      min: [-50, -50],
      max: [50, 50],
      translate: [0, 90, 1],
      scale: [1, 1, 1],
    },
    {
      h: gaussianTerrain({
        bumps: 100,
        size: [-25, 45],
        sigma: [5, 15],
        domain: [-50, 50],
        seed: 20,
      }),
      min: [-50, -50],
      max: [50, 50],
      translate: [90, 0, -1],
      scale: [2, 2.5, 2],
      inner: 50,
    },
  ],
};
