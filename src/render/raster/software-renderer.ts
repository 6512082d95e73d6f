import { invert4 } from '../../math/mat4.ts';
import { normalize3, vec3 } from '../../math/vec3.ts';
import type { OrbitCamera } from './orbit-camera.ts';
import { Rasterizer } from './rasterizer.ts';
import { RasterTarget, shade } from './raster-target.ts';

export { SHADINGS, type Shading } from './shadings.ts';
import type { Shading } from './shadings.ts';

/** Light from the upper front-right, the way a side view reads best. */
const LIGHT = normalize3(vec3(), [0.45, -0.35, 0.82]);
const AMBIENT = 0.38;

/**
 * The course's own 3D renderer (no WebGL, no three.js): world-space geometry through a camera's
 * view-projection matrix into clip space (the "transform" step), then the rasteriser (the
 * "raster" step), into an RGBA buffer that goes to a canvas in one putImageData ("upload", done
 * by the page). Times for the first two steps are kept per frame.
 *
 * Shading: `flat` paints each triangle its colour; `lambert` scales it by the light falling on
 * the face, ambient + max(0, n·l) (n the face's normal, l the light's direction); `smooth` takes
 * that light at each vertex, with the surface's own normal there, and blends it across the
 * triangle (Gouraud), so a curved surface made of flat triangles looks curved.
 */
export class SoftwareRenderer {
  readonly target: RasterTarget;
  readonly raster: Rasterizer;
  shading: Shading = 'smooth';
  /** Milliseconds spent this frame on each step (since `begin`). */
  transformMs = 0;
  rasterMs = 0;
  private viewProj: ArrayLike<number> = IDENTITY;
  /** The camera's section cut in clip space, or null when it has none. */
  private cutPlane: Float64Array | null = null;
  private readonly cutClip = new Float64Array(4);
  private readonly inverse = new Float64Array(16);
  private clip = new Float64Array(0);

  constructor(width: number, height: number) {
    this.target = new RasterTarget(width, height);
    this.raster = new Rasterizer(this.target);
  }

  /**
   * Starts a frame: clears to `background` (only the depth when `background` is null: a
   * backdrop will paint every pixel), takes the camera's matrices, zeroes the timers.
   */
  begin(camera: OrbitCamera, background: number | null): void {
    camera.update(this.target.width / this.target.height);
    this.viewProj = camera.viewProj;
    this.cutPlane = null;
    if (camera.section !== null) {
      // A world plane π keeps π·p ≥ 0; with clip = M·p, the clip-space plane is π·M⁻¹.
      invert4(this.inverse, camera.viewProj);
      const w = camera.sectionPlane;
      for (let j = 0; j < 4; j++) {
        let sum = 0;
        for (let i = 0; i < 4; i++) sum += w[i]! * this.inverse[4 * j + i]!;
        this.cutClip[j] = sum;
      }
      this.cutPlane = this.cutClip;
    }
    const t0 = now();
    if (background === null) this.target.depth.fill(Infinity);
    else this.target.clear(background);
    this.rasterMs = now() - t0;
    this.transformMs = 0;
    this.raster.resetStats();
  }

  /**
   * Triangles in world space: `positions` x, y, z per vertex, `indices` three per triangle
   * (counter-clockwise seen from outside). One colour, or one per triangle (`faceColors`, e.g.
   * a terrain tinted by height), shaded by the current mode.
   */
  mesh(
    positions: ArrayLike<number>,
    indices: ArrayLike<number>,
    color: number,
    opts: {
      faceColors?: Uint32Array;
      /**
       * Each vertex's colour with its light already in (normals known to the shape): used by
       * `smooth` shading; without them a mesh is shaded per face.
       */
      vertexColors?: Uint32Array;
      /** The face colours already carry their light (a static terrain, lit once). */
      prelit?: boolean;
      /** Skip triangles facing away (closed shapes); off for a terrain seen from below. */
      cull?: boolean;
      /** Cut by the camera's section plane (the ground is; the walker is not). */
      cut?: boolean;
      /** Leave the depth buffer as it was (a backdrop drawn over, never hiding). */
      depthWrite?: boolean;
      vertexCount?: number;
      indexCount?: number;
    } = {},
  ): void {
    const n = opts.vertexCount ?? positions.length / 3;
    const t0 = now();
    const clip = this.toClip(positions, n);
    const t1 = now();
    const count = opts.indexCount ?? indices.length;
    const vc = this.shading === 'smooth' ? opts.vertexColors : undefined;
    const lambert = this.shading !== 'flat' && !opts.prelit;
    const cull = opts.cull ?? true;
    this.raster.cut = opts.cut ? this.cutPlane : null;
    this.raster.depthWrite = opts.depthWrite ?? true;
    if (vc)
      for (let k = 0; k < count; k += 3) {
        const a = indices[k]!;
        const b = indices[k + 1]!;
        const c = indices[k + 2]!;
        this.raster.triangleSmooth(clip, 4 * a, 4 * b, 4 * c, vc[a]!, vc[b]!, vc[c]!, cull);
      }
    else
      for (let k = 0; k < count; k += 3) {
        const a = indices[k]!;
        const b = indices[k + 1]!;
        const c = indices[k + 2]!;
        let col = opts.faceColors ? opts.faceColors[k / 3]! : color;
        if (lambert) col = shade(col, lambertFactor(positions, a, b, c));
        this.raster.triangle(clip, 4 * a, 4 * b, 4 * c, col, cull);
      }
    this.raster.cut = null;
    this.raster.depthWrite = true;
    const t2 = now();
    this.transformMs += t1 - t0;
    this.rasterMs += t2 - t1;
  }

  /**
   * Line segments between world points (x, y, z each), `width` pixels wide, depth-tested:
   * `count` indices of `pairs`, two per segment, into the first `vertexCount` points (a buffer
   * may hold more than it uses; only those are transformed).
   */
  lines(
    points: ArrayLike<number>,
    pairs: ArrayLike<number>,
    width: number,
    color: number,
    count = pairs.length,
    vertexCount = points.length / 3,
  ): void {
    const n = Math.min(vertexCount, points.length / 3);
    const t0 = now();
    const clip = this.toClip(points, n);
    const t1 = now();
    for (let k = 0; k + 1 < count; k += 2)
      this.raster.line(clip, 4 * pairs[k]!, 4 * pairs[k + 1]!, width, color);
    this.transformMs += t1 - t0;
    this.rasterMs += now() - t1;
  }

  /**
   * Translucent segments, as `lines` but each blended over what is drawn with its own opacity
   * (`alphas[k]`, 0–1, for segment k: pairs 2k and 2k + 1), depth-tested and writing no depth:
   * a grid drawn onto the ground, fading with distance. Segments under 1/64 opaque are skipped.
   */
  translucentLines(
    points: ArrayLike<number>,
    pairs: ArrayLike<number>,
    width: number,
    color: number,
    alphas: ArrayLike<number>,
    count = pairs.length,
    vertexCount = points.length / 3,
  ): void {
    const n = Math.min(vertexCount, points.length / 3);
    const t0 = now();
    const clip = this.toClip(points, n);
    const t1 = now();
    const raster = this.raster;
    for (let k = 0; k + 1 < count; k += 2) {
      // At most 255: 256 is an opaque line, which would write depth.
      const alpha = Math.round(255 * Math.min(1, alphas[k >> 1]!));
      if (!(alpha >= 4)) continue;
      raster.lineAlpha = alpha;
      raster.line(clip, 4 * pairs[k]!, 4 * pairs[k + 1]!, width, color);
    }
    raster.lineAlpha = 256;
    this.transformMs += t1 - t0;
    this.rasterMs += now() - t1;
  }

  /**
   * A world point on screen: pixel x, y (y down) and whether it lies between the near and far
   * planes (so a label there means something). The depth buffer is not consulted.
   */
  project(
    x: number,
    y: number,
    z: number,
    out: { x: number; y: number; visible: boolean; depth?: number },
  ): void {
    const m = this.viewProj;
    const cx = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
    const cy = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
    const cz = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
    const cw = m[3]! * x + m[7]! * y + m[11]! * z + m[15]!;
    const t = this.target;
    out.visible = cw > 0 && cz >= -cw && cz <= cw;
    // As the rasterizer stores it: NDC depth mapped to [0, 1].
    out.depth = (cz / cw) * 0.5 + 0.5;
    out.x = (cx / cw + 1) * 0.5 * t.width;
    out.y = (1 - cy / cw) * 0.5 * t.height;
  }

  /** The first `n` world points through the view-projection, into the reused clip buffer. */
  private toClip(points: ArrayLike<number>, n: number): Float64Array {
    if (this.clip.length < 4 * n) this.clip = new Float64Array(4 * n);
    const clip = this.clip;
    const m = this.viewProj;
    for (let i = 0; i < n; i++) {
      const x = points[3 * i]!;
      const y = points[3 * i + 1]!;
      const z = points[3 * i + 2]!;
      clip[4 * i] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
      clip[4 * i + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
      clip[4 * i + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
      clip[4 * i + 3] = m[3]! * x + m[7]! * y + m[11]! * z + m[15]!;
    }
    return clip;
  }
}

/** The Lambert factor for a face: ambient plus the light it catches. */
export function lambertFactor(p: ArrayLike<number>, a: number, b: number, c: number): number {
  const n = faceNormal(p, 3 * a, 3 * b, 3 * c, NORMAL);
  const l = Math.hypot(n[0]!, n[1]!, n[2]!);
  return l > 0 ? normalLight(n[0]! / l, n[1]! / l, n[2]! / l) : AMBIENT;
}

/** The same factor for a unit normal (nx, ny, nz): the light at one vertex, for smooth shading. */
export function normalLight(nx: number, ny: number, nz: number): number {
  return AMBIENT + Math.max(0, nx * LIGHT[0]! + ny * LIGHT[1]! + nz * LIGHT[2]!) * (1 - AMBIENT);
}

/**
 * The face with corners at offsets a, b, c of `p` (x, y, z each): (b − a) × (c − a) into `out`,
 * outward for a counter-clockwise face, as long as twice the face's area.
 */
export function faceNormal(
  p: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  out: Float64Array,
): Float64Array {
  const ux = p[b]! - p[a]!;
  const uy = p[b + 1]! - p[a + 1]!;
  const uz = p[b + 2]! - p[a + 2]!;
  const vx = p[c]! - p[a]!;
  const vy = p[c + 1]! - p[a + 1]!;
  const vz = p[c + 2]! - p[a + 2]!;
  out[0] = uy * vz - uz * vy;
  out[1] = uz * vx - ux * vz;
  out[2] = ux * vy - uy * vx;
  return out;
}

const NORMAL = new Float64Array(3);

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const now = () => performance.now();
