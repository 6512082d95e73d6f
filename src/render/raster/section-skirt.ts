import type { OrbitCamera } from './orbit-camera.ts';
import { rgba } from './raster-target.ts';

/** Samples across the cut, and how far either side of the target they reach (world units). */
const SAMPLES = 81;
const REACH = 40;
/** How far below the lowest sample the cut face reaches. */
const DEPTH = 30;

/**
 * The face a section view cuts through the ground: where the camera's section plane slices the
 * terrain, the space below the cut edge would show the sky, as if the ground were a thin sheet.
 * This fills it with earth: a strip of quads standing in the cut plane, from the ground's edge
 * down.
 */
export class SectionSkirt {
  readonly positions = new Float32Array(SAMPLES * 2 * 3);
  readonly indices = new Uint32Array((SAMPLES - 1) * 6);
  color = rgba(122, 94, 64);
  /** Where the strip was last built: rebuilt only when the cut moves (a standing walker). */
  private readonly built = new Float64Array([NaN, NaN, NaN, NaN]);
  private builtFor: ((x: number, y: number) => number) | null = null;
  private drawable = false;

  constructor() {
    for (let i = 0; i + 1 < SAMPLES; i++) {
      const a = 2 * i;
      this.indices.set([a, a + 1, a + 3, a, a + 3, a + 2], 6 * i);
    }
  }

  /**
   * The strip for this camera (its `section` set) over ground `height(x, y)`, rebuilt when the
   * cut has moved. Returns false when there is nothing to draw (no cut, or no ground along it).
   */
  update(camera: OrbitCamera, height: (x: number, y: number) => number): boolean {
    if (camera.section === null) return false;
    const t = camera.target;
    const b = this.built;
    if (
      this.builtFor === height &&
      b[0] === t[0] &&
      b[1] === t[1] &&
      b[2] === camera.yaw &&
      b[3] === camera.section
    )
      return this.drawable;
    this.builtFor = height;
    b[0] = t[0]!;
    b[1] = t[1]!;
    b[2] = camera.yaw;
    b[3] = camera.section;
    this.drawable = this.build(camera, camera.section, height);
    return this.drawable;
  }

  private build(
    camera: OrbitCamera,
    section: number,
    height: (x: number, y: number) => number,
  ): boolean {
    const t = camera.target;
    // Horizontal direction to the eye (h); across the view is h turned a quarter.
    const hx = Math.cos(camera.yaw);
    const hy = Math.sin(camera.yaw);
    // A hair behind the cut, so the ground's own cut edge never shows sky through a crack.
    const a = section - 0.02;
    const P = this.positions;
    let lowest = Infinity;
    for (let i = 0; i < SAMPLES; i++) {
      const u = -REACH + (2 * REACH * i) / (SAMPLES - 1);
      const x = t[0]! + hx * a - hy * u;
      const y = t[1]! + hy * a + hx * u;
      const z = height(x, y);
      const k = 6 * i;
      P[k] = P[k + 3] = x;
      P[k + 1] = P[k + 4] = y;
      P[k + 2] = Number.isFinite(z) ? z : NaN;
      if (Number.isFinite(z)) lowest = Math.min(lowest, z);
    }
    if (lowest === Infinity) return false;
    const bottom = lowest - DEPTH;
    for (let i = 0; i < SAMPLES; i++) {
      const k = 6 * i;
      // Off every terrain: a zero-height sliver at the bottom (nothing shown there).
      if (Number.isNaN(P[k + 2]!)) P[k + 2] = bottom;
      P[k + 5] = bottom;
    }
    return true;
  }
}
