import type { OrbitCamera } from './orbit-camera.ts';
import type { SoftwareRenderer } from './software-renderer.ts';

/** Grid spacing and how far it reaches from the camera's target (world units). */
export const GRID_STEP = 2;
export const GRID_REACH = 16;
/** Points along each line, one per world unit: the line follows the ground between them. */
const SAMPLE = 1;
/** How opaque a line is at the target (it fades to nothing at GRID_REACH). */
export const GRID_ALPHA = 0.5;
const LINES = 2 * (GRID_REACH / GRID_STEP) + 1;
const ALONG = (2 * GRID_REACH) / SAMPLE + 1;

/**
 * Lines every GRID_STEP world units drawn onto the ground round the camera's target, both ways,
 * each following the ground's heights and fading with distance from the target: slopes and a
 * foot's contact read at a glance. Drawn translucent (tinting whatever ground is under them) and
 * depth-tested, so hills hide the lines behind them. The heights are sampled again only when the
 * target moves to another grid cell; each frame only the fade is worked out. Nothing allocated
 * per frame.
 */
export class GroundGrid {
  /** The lines' points on the ground (sampled when the target changes cell). */
  readonly points = new Float32Array(2 * LINES * ALONG * 3);
  /** This frame's copy, cut back to a section view's cut. */
  readonly drawn = new Float32Array(2 * LINES * ALONG * 3);
  readonly pairs = new Uint32Array(2 * LINES * (ALONG - 1) * 2);
  /** Each segment's opacity this frame (0 where the ground under it is missing). */
  readonly alphas = new Float32Array(2 * LINES * (ALONG - 1));
  /** Whether each segment has ground under both ends. */
  private readonly onGround = new Uint8Array(2 * LINES * (ALONG - 1));
  /** Whether the ground has a height at each point. */
  private readonly finite = new Uint8Array(2 * LINES * ALONG);
  private builtX = NaN;
  private builtY = NaN;
  private builtFor: ((x: number, y: number) => number) | null = null;

  constructor() {
    let s = 0;
    for (let line = 0; line < 2 * LINES; line++)
      for (let k = 0; k + 1 < ALONG; k++) {
        this.pairs[2 * s] = line * ALONG + k;
        this.pairs[2 * s + 1] = line * ALONG + k + 1;
        s++;
      }
  }

  /** Forget the sampled heights (the ground changed under the same function). */
  invalidate(): void {
    this.builtFor = null;
  }

  draw(
    r: SoftwareRenderer,
    camera: OrbitCamera,
    ground: (x: number, y: number) => number,
    color: number,
  ): void {
    const tx = camera.target[0]!;
    const ty = camera.target[1]!;
    // Snapped to the grid, so the lines stay put on the ground as the camera follows a walker.
    const cx = GRID_STEP * Math.round(tx / GRID_STEP);
    const cy = GRID_STEP * Math.round(ty / GRID_STEP);
    if (cx !== this.builtX || cy !== this.builtY || ground !== this.builtFor)
      this.build(cx, cy, ground);
    // Lines closer on screen than a few pixels (a view zoomed far out) fade, rather than merge
    // into a dark patch.
    const span =
      camera.projection === 'perspective'
        ? 2 * camera.distance * Math.tan(camera.fovY / 2)
        : camera.viewHeight;
    const apart = (GRID_STEP * r.target.height) / span;
    const opacity = GRID_ALPHA * Math.min(1, Math.max(0, (apart - 6) / 14));
    if (opacity <= 0) return;
    const p = this.drawn;
    p.set(this.points);
    const a = this.alphas;
    const reach2 = GRID_REACH * GRID_REACH;
    const cut = camera.section !== null ? camera.sectionPlane : null;
    for (let s = 0; s < a.length; s++) {
      a[s] = 0;
      if (!this.onGround[s]) continue;
      const i = 3 * this.pairs[2 * s]!;
      const j = 3 * this.pairs[2 * s + 1]!;
      if (cut && !keepBehindCut(p, i, j, cut)) continue;
      const mx = 0.5 * (p[i]! + p[j]!) - tx;
      const my = 0.5 * (p[i + 1]! + p[j + 1]!) - ty;
      const q = Math.min(1, (mx * mx + my * my) / reach2);
      a[s] = opacity * (1 - q) * (1 - q);
    }
    r.translucentLines(p, this.pairs, 1.25, color, a);
  }

  private build(cx: number, cy: number, ground: (x: number, y: number) => number): void {
    this.builtX = cx;
    this.builtY = cy;
    this.builtFor = ground;
    const p = this.points;
    const finite = this.finite;
    let o = 0;
    for (let dir = 0; dir < 2; dir++)
      for (let l = 0; l < LINES; l++) {
        const across = -GRID_REACH + l * GRID_STEP;
        for (let k = 0; k < ALONG; k++, o++) {
          const along = -GRID_REACH + k * SAMPLE;
          const x = cx + (dir ? along : across);
          const y = cy + (dir ? across : along);
          const z = ground(x, y);
          finite[o] = Number.isFinite(z) ? 1 : 0;
          p[3 * o] = x;
          p[3 * o + 1] = y;
          // Off the ground: a finite stand-in (its segments are not drawn).
          p[3 * o + 2] = finite[o] ? z : 0;
        }
      }
    for (let s = 0; s < this.onGround.length; s++)
      this.onGround[s] = finite[this.pairs[2 * s]!]! & finite[this.pairs[2 * s + 1]!]!;
  }
}

/**
 * A section view's cut (plane `c`, kept where c · (x, y, z, 1) ≥ 0) applied to the segment from
 * point offset i to j of `p`: false when it lies wholly in front of the cut, else true with its
 * end in front moved onto the cut. (That end is shared only with the segment before it on the
 * line, which lies wholly in front and is not drawn.)
 */
function keepBehindCut(p: Float32Array, i: number, j: number, c: Float64Array): boolean {
  const di = c[0]! * p[i]! + c[1]! * p[i + 1]! + c[2]! * p[i + 2]! + c[3]!;
  const dj = c[0]! * p[j]! + c[1]! * p[j + 1]! + c[2]! * p[j + 2]! + c[3]!;
  // (On the cut counts as in front here: an end moved onto it leaves its neighbour out.)
  if (di <= 0 && dj <= 0) return false;
  if (di >= 0 && dj >= 0) return true;
  const from = di < 0 ? i : j;
  const to = di < 0 ? j : i;
  const t = di < 0 ? di / (di - dj) : dj / (dj - di);
  for (let d = 0; d < 3; d++) p[from + d] = p[from + d]! + (p[to + d]! - p[from + d]!) * t;
  return true;
}
