import { jointSide, type Skeleton } from '../../walk3d/skeleton';
import { type Heightfield, heightfieldMesh } from '../../walk3d/terrain3d';
import { rgba, shade } from './raster-target';
import { lambertFactor } from './software-renderer';

/** Limb colours: the character's left side warmer, so a side view tells the legs apart. */
const LEFT = rgba(222, 140, 92);
const RIGHT = rgba(120, 150, 205);
const MIDDLE = rgba(218, 202, 168);
/** The head's half-width as a share of its bone (Head to Head_End): a head about as wide as tall. */
const HEAD_SHARE = 0.42;

/**
 * A skeleton drawn as boxes along its bones (joint to joint), rebuilt from world matrices each
 * frame into fixed buffers. Faces wind counter-clockwise seen from outside, so the renderer can
 * cull their backs.
 */
export class SkeletonBoxes {
  readonly bones: [number, number][] = [];
  readonly positions: Float32Array;
  readonly indices: Uint32Array;
  readonly faceColors: Uint32Array;
  /** Per bone, its half-width as a share of its length (the head's bone is a head, not a stick). */
  private readonly share: Float32Array;
  /** Box half-width as a share of the bone's length, and its least and most (world units). */
  thickness = 0.13;
  minHalf = 0.08;
  maxHalf = 0.5;

  constructor(readonly skeleton: Skeleton) {
    skeleton.joints.forEach((j, i) => {
      if (j.parent >= 0) this.bones.push([j.parent, i]);
    });
    const n = this.bones.length;
    // A bone from a joint named …Head to its end is drawn as the head: about as wide as long.
    this.share = Float32Array.from(this.bones, ([p, c]) =>
      /head/i.test(skeleton.joints[p]!.name) && skeleton.joints[c]!.end ? HEAD_SHARE : 0,
    );
    this.positions = new Float32Array(n * 8 * 3);
    this.indices = new Uint32Array(n * 36);
    this.faceColors = new Uint32Array(n * 12);
    // Corners k = (end ? 4 : 0) + (s ? 2 : 0) + (t ? 1 : 0): start/end, ±side, ±other side.
    const faces = [
      [0, 1, 3, 2], // start cap
      [4, 6, 7, 5], // end cap
      [0, 4, 5, 1],
      [2, 3, 7, 6],
      [0, 2, 6, 4],
      [1, 5, 7, 3],
    ];
    this.bones.forEach(([, child], b) => {
      const name = skeleton.joints[child]!.name;
      const side = jointSide(name);
      const color = side === 'left' ? LEFT : side === 'right' ? RIGHT : MIDDLE;
      faces.forEach(([a, c, d, e], f) => {
        const o = 8 * b;
        this.indices.set([o + a!, o + c!, o + d!, o + a!, o + d!, o + e!], 36 * b + 6 * f);
        this.faceColors[12 * b + 2 * f] = color;
        this.faceColors[12 * b + 2 * f + 1] = color;
      });
    });
  }

  /** Places every box from joint world matrices (16 numbers a joint, column-major). */
  update(matrices: Float64Array): void {
    const P = this.positions;
    this.bones.forEach(([p, c], b) => {
      const ax = matrices[16 * p + 12]!;
      const ay = matrices[16 * p + 13]!;
      const az = matrices[16 * p + 14]!;
      const bx = matrices[16 * c + 12]!;
      const by = matrices[16 * c + 13]!;
      const bz = matrices[16 * c + 14]!;
      let ux = bx - ax;
      let uy = by - ay;
      let uz = bz - az;
      const len = Math.hypot(ux, uy, uz) || 1e-9;
      ux /= len;
      uy /= len;
      uz /= len;
      // Two sides perpendicular to the bone: v from a helper axis not along it, w = u × v.
      const hx = Math.abs(uz) < 0.9 ? 0 : 1;
      const hz = Math.abs(uz) < 0.9 ? 1 : 0;
      let vx = hz * uy;
      let vy = hz * -ux + hx * uz;
      let vz = -hx * uy;
      const vl = Math.hypot(vx, vy, vz) || 1;
      vx /= vl;
      vy /= vl;
      vz /= vl;
      const wx = uy * vz - uz * vy;
      const wy = uz * vx - ux * vz;
      const wz = ux * vy - uy * vx;
      const head = this.share[b]!;
      const r = head
        ? len * head
        : Math.min(this.maxHalf, Math.max(this.minHalf, len * this.thickness));
      for (let k = 0; k < 8; k++) {
        const end = k >= 4;
        const s = k & 2 ? r : -r;
        const t = k & 1 ? r : -r;
        const o = 3 * (8 * b + k);
        P[o] = (end ? bx : ax) + vx * s + wx * t;
        P[o + 1] = (end ? by : ay) + vy * s + wy * t;
        P[o + 2] = (end ? bz : az) + vz * s + wz * t;
      }
    });
  }
}

/**
 * A terrain as the renderer draws it: its mesh (seed 000 §8) with one colour a triangle, tinted
 * by height (low ground darker). `litColors` are those lit once with the Lambert factor, since
 * terrains do not move; `flatColors` are the tints alone (flat shading).
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
    const u = hi > lo ? (z - lo) / (hi - lo) : 0.5;
    flatColors[f] = rgba(96 + 70 * u, 128 + 40 * u, 78 + 30 * u);
    litColors[f] = shade(flatColors[f]!, lambertFactor(positions, a, b, c));
  }
  return { positions, indices, flatColors, litColors };
}

export interface TerrainGeometry {
  positions: Float32Array;
  indices: Uint32Array;
  flatColors: Uint32Array;
  litColors: Uint32Array;
}
