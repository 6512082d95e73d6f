import type { Vec2 } from '../../math/vec2.ts';
import { norm } from '../../math/vec2.ts';

/** Where a ray met the ground: the point, how far along the ray, and the surface normal. */
export interface RayHit {
  x: number;
  y: number;
  distance: number;
  segment: number;
  nx: number;
  ny: number;
}

/** A place on the path with its (smoothed) tangent and its outward normal. */
export interface PathFrame {
  x: number;
  y: number;
  tx: number;
  ty: number;
  nx: number;
  ny: number;
}

/** The path's nearest point to a query, and how far above (+) or below (−) the ground it is. */
export interface ClosestPoint {
  x: number;
  y: number;
  /** Arc length of the nearest point. */
  s: number;
  /** Distance to the ground, positive on the open side (above), negative inside (below). */
  signedDistance: number;
}

export const newRayHit = (): RayHit => ({ x: 0, y: 0, distance: 0, segment: -1, nx: 0, ny: -1 });
export const newFrame = (): PathFrame => ({ x: 0, y: 0, tx: 1, ty: 0, nx: 0, ny: -1 });
export const newClosest = (): ClosestPoint => ({ x: 0, y: 0, s: 0, signedDistance: 0 });

/** Width of the x buckets that ray casts look in (scene units). */
const CELL = 40;
/** How near a cell's edge a hit counts as on it (scene units; far above round-off). */
const EDGE = 1e-6;

/**
 * A ground line in a side view: a polyline walked from its first point to its last, with the
 * solid ground on the right of the walking direction (below, for a path running left to right
 * on screen, +y down). So the outward normal of a segment (dx, dy) is (dy, −dx)/|d|: it points
 * up out of a floor, left out of a wall that rises going right, down out of a ceiling.
 *
 * It answers what legs and bodies ask of the ground: the point at an arc length and the tangent
 * around it, the first ground a ray meets (front faces only: a ray that starts inside the ground
 * meets nothing, as a physics engine's would not), and the nearest point with a signed distance.
 * Segments are bucketed by x, so a ray looks only at the few near it; queries allocate nothing.
 */
export class TerrainPath {
  private xs = new Float64Array(0);
  private ys = new Float64Array(0);
  /** Arc length at each point. */
  private cum = new Float64Array(0);
  private nxs = new Float64Array(0);
  private nys = new Float64Array(0);
  private cellStart = new Int32Array(1);
  private cellItems = new Int32Array(0);
  private minCell = 0;
  private stamp = new Int32Array(0);
  private stampId = 0;
  private scratch = newFrame();
  private lowX = 0;
  private highX = 0;
  /** Bumped on every change of the points; watchers re-read what they cached. */
  version = 0;

  constructor(points: readonly Vec2[] = []) {
    this.setPoints(points);
  }

  /** Replaces the polyline. Non-finite points are dropped; fewer than two leave a flat stub. */
  setPoints(points: readonly Vec2[]): void {
    const clean = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    if (clean.length < 2) clean.splice(0, clean.length, { x: -1, y: 0 }, { x: 1, y: 0 });
    const n = clean.length;
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
    this.cum = new Float64Array(n);
    this.nxs = new Float64Array(n - 1);
    this.nys = new Float64Array(n - 1);
    for (let i = 0; i < n; i++) {
      this.xs[i] = clean[i]!.x;
      this.ys[i] = clean[i]!.y;
      if (i > 0) {
        const dx = this.xs[i]! - this.xs[i - 1]!;
        const dy = this.ys[i]! - this.ys[i - 1]!;
        const len = norm(dx, dy);
        this.cum[i] = this.cum[i - 1]! + len;
        this.nxs[i - 1] = len > 0 ? dy / len : 0;
        this.nys[i - 1] = len > 0 ? -dx / len : -1;
      }
    }
    this.lowX = Math.min(...this.xs);
    this.highX = Math.max(...this.xs);
    this.buildCells();
    this.stamp = new Int32Array(n - 1);
    this.stampId = 0;
    this.version++;
  }

  get pointCount(): number {
    return this.xs.length;
  }
  get segmentCount(): number {
    return this.xs.length - 1;
  }
  get length(): number {
    return this.cum[this.cum.length - 1]!;
  }
  pointX(i: number): number {
    return this.xs[i]!;
  }
  pointY(i: number): number {
    return this.ys[i]!;
  }
  /** Leftmost and rightmost x of any point. */
  get minX(): number {
    return this.lowX;
  }
  get maxX(): number {
    return this.highX;
  }

  /**
   * The arc length where the path first (or last) reaches x, walking from its start: where a
   * walker bounded to x ≥ a (or x ≤ b) must stop. 0 or the length if it never does.
   */
  sAtX(x: number, which: 'first' | 'last'): number {
    const n = this.xs.length;
    const first = which === 'first';
    for (let k = 0; k < n - 1; k++) {
      const i = first ? k : n - 2 - k;
      const a = this.xs[i]!;
      const b = this.xs[i + 1]!;
      if ((x - a) * (x - b) > 0) continue;
      const t = a === b ? (first ? 0 : 1) : (x - a) / (b - a);
      return this.cum[i]! + (this.cum[i + 1]! - this.cum[i]!) * t;
    }
    return first ? 0 : this.length;
  }

  /** The segment holding arc length `s` (clamped to the path). */
  segmentAt(s: number): number {
    const cum = this.cum;
    const last = cum.length - 2;
    if (!(s > 0)) return 0;
    if (s >= cum[cum.length - 1]!) return last;
    let lo = 0;
    let hi = last;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (cum[mid]! <= s) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The point at arc length `s` (clamped to the ends). */
  pointAt(s: number, out: { x: number; y: number }): void {
    const i = this.segmentAt(s);
    const len = this.cum[i + 1]! - this.cum[i]!;
    const t = len > 0 ? Math.min(1, Math.max(0, (s - this.cum[i]!) / len)) : 0;
    out.x = this.xs[i]! + (this.xs[i + 1]! - this.xs[i]!) * t;
    out.y = this.ys[i]! + (this.ys[i + 1]! - this.ys[i]!) * t;
  }

  /**
   * The point at `s`, with the tangent of the chord from s − w to s + w: the path's mean
   * direction over that window (the integral of the unit tangent is the chord), so a body
   * carried along the ground turns smoothly round corners instead of snapping at them.
   */
  frameAt(s: number, halfWindow: number, out: PathFrame): PathFrame {
    this.pointAt(s, out);
    const a = this.scratch;
    const w = Math.max(0, halfWindow);
    this.pointAt(s - w, a);
    const ax = a.x;
    const ay = a.y;
    this.pointAt(s + w, a);
    let tx = a.x - ax;
    let ty = a.y - ay;
    let len = norm(tx, ty);
    if (!(len > 1e-9)) {
      const i = this.segmentAt(s);
      tx = -this.nys[i]!;
      ty = this.nxs[i]!;
      len = norm(tx, ty) || 1;
    }
    out.tx = tx / len;
    out.ty = ty / len;
    out.nx = out.ty;
    out.ny = -out.tx;
    return out;
  }

  /**
   * The first ground the ray from (ox, oy) along the unit direction (dx, dy) meets within
   * `maxDistance`, entering it from the open side. Returns false (and leaves `out`) on a miss.
   */
  raycast(
    ox: number,
    oy: number,
    dx: number,
    dy: number,
    maxDistance: number,
    out: RayHit,
  ): boolean {
    // Checked one by one: a list of them allocated an array per ray (8 000 rays a frame in a crowd).
    const finite =
      Number.isFinite(ox) &&
      Number.isFinite(oy) &&
      Number.isFinite(dx) &&
      Number.isFinite(dy) &&
      Number.isFinite(maxDistance);
    if (!finite || maxDistance <= 0) return false;
    const endX = ox + dx * maxDistance;
    const c0 = Math.max(this.minCell, Math.floor(Math.min(ox, endX) / CELL));
    const c1 = Math.min(
      this.minCell + this.cellStart.length - 2,
      Math.floor(Math.max(ox, endX) / CELL),
    );
    if (++this.stampId > 2e9) {
      this.stamp.fill(0);
      this.stampId = 1;
    }
    // The nearest hit as a fraction tNum / tDen, divided out once at the end: a crowd casts
    // thousands of rays a frame, and most segments they look at are not hit. It starts at
    // maxDistance written with a negative denominator, as every hit's is (see below).
    let tNum = -maxDistance;
    let tDen = -1;
    let hit = -1;
    const xs = this.xs;
    const ys = this.ys;
    const stamp = this.stamp;
    const id = this.stampId;
    // Cells in the order the ray crosses them; once the nearest hit so far lies in the cells
    // already searched, no later cell can hold a nearer one (its x is past the hit's).
    const forward = dx >= 0;
    for (let step = 0; step <= c1 - c0; step++) {
      const c = forward ? c0 + step : c1 - step;
      if (hit >= 0) {
        const hitX = ox + dx * (tNum / tDen);
        // A hair of slack: a hit on a cell's edge searches the next cell too.
        if (forward ? hitX < c * CELL - EDGE : hitX > (c + 1) * CELL + EDGE) break;
      }
      const k = c - this.minCell;
      const end = this.cellStart[k + 1]!;
      for (let j = this.cellStart[k]!; j < end; j++) {
        const i = this.cellItems[j]!;
        if (stamp[i] === id) continue;
        stamp[i] = id;
        const ax = xs[i]!;
        const ay = ys[i]!;
        const ex = xs[i + 1]! - ax;
        const ey = ys[i + 1]! - ay;
        // |e| times the ray's component along the outward normal (ey, −ex)/|e|: negative when
        // the ray runs against it. Front faces only, so from here on the denominator is < 0.
        const den = dx * ey - dy * ex;
        if (!(den < 0)) continue;
        const wx = ax - ox;
        const wy = ay - oy;
        // Along the ray t = num / den ≥ 0, and along the segment u = uNum / den in [0, 1].
        const num = wx * ey - wy * ex;
        const uNum = wx * dy - wy * dx;
        if (num > 0 || uNum > 0 || uNum < den) continue;
        // Nearer than the best so far: num / den < tNum / tDen, multiplied by den · tDen > 0.
        if (num * tDen >= tNum * den) continue;
        tNum = num;
        tDen = den;
        hit = i;
      }
    }
    if (hit < 0) return false;
    const best = tNum / tDen;
    out.x = ox + dx * best;
    out.y = oy + dy * best;
    out.distance = best;
    out.segment = hit;
    out.nx = this.nxs[hit]!;
    out.ny = this.nys[hit]!;
    return true;
  }

  /** The highest ground straight below x (the first hit of a ray down from far above), or NaN. */
  groundBelow(x: number, fromY: number, out: RayHit): number {
    return this.raycast(x, fromY, 0, 1, 1e6, out) ? out.y : NaN;
  }

  /**
   * The nearest point of the path to (x, y), with a signed distance: positive on the open
   * side. At a corner the side is judged by the mean of the two segments' normals.
   */
  closest(x: number, y: number, out: ClosestPoint): ClosestPoint {
    let best = Infinity;
    let bi = 0;
    let bt = 0;
    for (let i = 0; i < this.xs.length - 1; i++) {
      const ax = this.xs[i]!;
      const ay = this.ys[i]!;
      const sx = this.xs[i + 1]! - ax;
      const sy = this.ys[i + 1]! - ay;
      const ll = sx * sx + sy * sy;
      const t = ll > 0 ? Math.min(1, Math.max(0, ((x - ax) * sx + (y - ay) * sy) / ll)) : 0;
      const qx = ax + sx * t - x;
      const qy = ay + sy * t - y;
      const d2 = qx * qx + qy * qy;
      if (d2 < best) {
        best = d2;
        bi = i;
        bt = t;
      }
    }
    const ax = this.xs[bi]!;
    const ay = this.ys[bi]!;
    out.x = ax + (this.xs[bi + 1]! - ax) * bt;
    out.y = ay + (this.ys[bi + 1]! - ay) * bt;
    out.s = this.cum[bi]! + (this.cum[bi + 1]! - this.cum[bi]!) * bt;
    let nx = this.nxs[bi]!;
    let ny = this.nys[bi]!;
    if (bt <= 0 && bi > 0) {
      nx += this.nxs[bi - 1]!;
      ny += this.nys[bi - 1]!;
    } else if (bt >= 1 && bi + 1 < this.nxs.length) {
      nx += this.nxs[bi + 1]!;
      ny += this.nys[bi + 1]!;
    }
    const d = Math.sqrt(best);
    out.signedDistance = (x - out.x) * nx + (y - out.y) * ny >= 0 ? d : -d;
    return out;
  }

  /** Buckets every segment into the x cells it spans (compressed rows: start offsets, items). */
  private buildCells(): void {
    const segs = this.xs.length - 1;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < this.xs.length; i++) {
      lo = Math.min(lo, this.xs[i]!);
      hi = Math.max(hi, this.xs[i]!);
    }
    this.minCell = Math.floor(lo / CELL);
    const cells = Math.floor(hi / CELL) - this.minCell + 1;
    const counts = new Int32Array(cells + 1);
    const range = (i: number): [number, number] => {
      const a = this.xs[i]!;
      const b = this.xs[i + 1]!;
      return [
        Math.floor(Math.min(a, b) / CELL) - this.minCell,
        Math.floor(Math.max(a, b) / CELL) - this.minCell,
      ];
    };
    for (let i = 0; i < segs; i++) {
      const [c0, c1] = range(i);
      for (let c = c0; c <= c1; c++) counts[c + 1]!++;
    }
    for (let c = 0; c < cells; c++) counts[c + 1]! += counts[c]!;
    this.cellStart = counts.slice();
    this.cellItems = new Int32Array(counts[cells]!);
    const fill = counts.slice(0, cells);
    for (let i = 0; i < segs; i++) {
      const [c0, c1] = range(i);
      for (let c = c0; c <= c1; c++) this.cellItems[fill[c]!++] = i;
    }
  }
}
