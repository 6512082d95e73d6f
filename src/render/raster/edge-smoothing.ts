import type { RasterTarget } from './raster-target.ts';

/**
 * Contrast below which a pixel is not on an edge: absolute (0–255 brightness), and relative to
 * the brightest of it and its neighbours (a sixth, written as range · 6 < brightest). FXAA's
 * "quality" thresholds: the light across a smoothly shaded limb changes by less, so its
 * gradient is left alone, while a limb against the ground differs by 40 or more.
 */
const EDGE_MIN = 16;
/** How far along an edge (pixels, each way) the search looks for the end of a stair step. */
const SEARCH = 12;
/** How much of the blend a lone pixel (a detail smaller than a pixel) may get. */
const SUBPIXEL = 0.75;

/**
 * Edge anti-aliasing after the frame is drawn, in the manner of FXAA (Lottes 2009): a pixel
 * whose brightness differs enough from its neighbours is on an edge. The edge runs horizontally
 * or vertically, whichever way the brightness changes least. Walking along it both ways to
 * where it ends gives the stair step the pixel sits on, and how far the pixel is from the
 * step's middle says how much of the colour across the edge it should take: the jagged
 * staircase becomes a ramp. Only pixels on edges cost more than two comparisons; nothing is
 * allocated after the first frames of a size.
 */
export class EdgeSmoothing {
  /** Pixels blended in the last pass (for tests and the bench). */
  blended = 0;
  /**
   * Pixels next to a neighbour of a different brightness (candidates), each once (`marked`);
   * then the blends found, written after all are found (pixel index, new colour), so every
   * blend reads the frame as drawn and the frame is not copied. Grown as needed.
   */
  private candidates = new Int32Array(4096);
  private marked = new Uint8Array(0);
  private at = new Int32Array(4096);
  private colors = new Uint32Array(4096);

  apply(target: RasterTarget): void {
    const W = target.width;
    const H = target.height;
    if (this.marked.length !== W * H) this.marked = new Uint8Array(W * H);
    // Brightness is read as the green channel, as FXAA's fast path does: the eye is most
    // sensitive to green, and the walker's colours and the ground differ in green by 40 or more.
    const G = target.channels;
    const marked = this.marked;
    // 1. A pixel whose five-pixel neighbourhood spans EDGE_MIN has a neighbour at least
    //    EDGE_MIN / 2 from it. So compare each pixel with the one to its right and the one
    //    below (two reads, the left one carried), and mark both of any pair that far apart.
    const near = EDGE_MIN / 2 - 1;
    let count = 0;
    for (let y = 0; y < H - 1; y++) {
      let i = y * W;
      let g = 4 * i + 1;
      let m = G[g]!;
      for (let x = 0; x < W - 1; x++, i++, g += 4) {
        const right = G[g + 4]!;
        const down = G[g + 4 * W]!;
        // |m − right| > near, as one unsigned comparison.
        if ((m - right + near) >>> 0 > 2 * near) count = this.markPair(i, i + 1, count);
        if ((m - down + near) >>> 0 > 2 * near) count = this.markPair(i, i + W, count);
        m = right;
      }
    }
    // 2. The candidates: the full test on all five, then the blend.
    let blended = 0;
    for (let k = 0; k < count; k++) {
      const i = this.candidates[k]!;
      marked[i] = 0;
      const y = (i / W) | 0;
      const x = i - y * W;
      if (x < 1 || y < 1 || x >= W - 1 || y >= H - 1) continue;
      const c = this.blend(target, x, y);
      if (c === 0) continue;
      if (blended === this.at.length) {
        this.at = doubled(this.at);
        this.colors = doubled(this.colors);
      }
      this.at[blended] = i;
      this.colors[blended++] = c;
    }
    const color = target.color;
    for (let k = 0; k < blended; k++) color[this.at[k]!] = this.colors[k]!;
    this.blended = blended;
  }

  /** Adds pixels i and j to the candidates (each once); returns the new count. */
  private markPair(i: number, j: number, count: number): number {
    if (count + 2 > this.candidates.length) this.candidates = doubled(this.candidates);
    const marked = this.marked;
    if (!marked[i]) {
      marked[i] = 1;
      this.candidates[count++] = i;
    }
    if (!marked[j]) {
      marked[j] = 1;
      this.candidates[count++] = j;
    }
    return count;
  }

  /**
   * The new colour of pixel (x, y), or 0 if it keeps its own: not on an edge (its five pixels
   * span less than EDGE_MIN, or less than a sixth of the brightest), or on the bright side of
   * its stair step (a drawn pixel is opaque, so its word is never 0).
   */
  private blend(target: RasterTarget, x: number, y: number): number {
    const W = target.width;
    const H = target.height;
    const L = target.channels;
    const src = target.color;
    const i = y * W + x;
    const m = L[4 * i + 1]!;
    const up = L[4 * (i - W) + 1]!;
    const down = L[4 * (i + W) + 1]!;
    const left = L[4 * i - 3]!;
    const right = L[4 * i + 5]!;
    const hi = Math.max(m, up, down, left, right);
    const range = hi - Math.min(m, up, down, left, right);
    if (range < EDGE_MIN || range * 6 < hi) return 0;
    const ul = L[4 * (i - W) - 3]!;
    const ur = L[4 * (i - W) + 5]!;
    const dl = L[4 * (i + W) - 3]!;
    const dr = L[4 * (i + W) + 5]!;
    // Second differences across each way: large across the edge, small along it.
    const horizontal =
      Math.abs(ul + dl - 2 * left) +
        2 * Math.abs(up + down - 2 * m) +
        Math.abs(ur + dr - 2 * right) >=
      Math.abs(ul + ur - 2 * up) +
        2 * Math.abs(left + right - 2 * m) +
        Math.abs(dl + dr - 2 * down);
    // Across the edge: to whichever side the brightness changes most.
    const a = horizontal ? up : left;
    const b = horizontal ? down : right;
    const towardsA = Math.abs(a - m) >= Math.abs(b - m);
    const across = (horizontal ? W : 1) * (towardsA ? -1 : 1);
    const along = horizontal ? 1 : W;
    const other = towardsA ? a : b;
    const gradient = 0.25 * Math.abs(other - m);
    const mid = 0.5 * (other + m);
    // Walk along the edge both ways to the ends of this stair step.
    const back = this.stepEnd(L, i, -along, across, mid, gradient, horizontal ? x : y);
    const endBack = this.end;
    const on = this.stepEnd(L, i, along, across, mid, gradient, horizontal ? W - 1 - x : H - 1 - y);
    const endOn = this.end;
    const nearBack = back < on;
    const nearest = nearBack ? back : on;
    let offset = 0.5 - nearest / (back + on);
    // Blend only if the nearer end goes the other way from this pixel (the step's low side).
    if ((nearBack ? endBack : endOn) < 0 === m < mid) offset = 0;
    // A pixel unlike all its neighbours (a sub-pixel detail) is blended by its contrast.
    const average = (2 * (up + down + left + right) + ul + ur + dl + dr) / 12;
    const s = Math.min(1, Math.abs(average - m) / range);
    const smooth = (-2 * s + 3) * s * s;
    offset = Math.max(offset, smooth * smooth * SUBPIXEL);
    if (offset <= 0) return 0;
    return mix(src[i]!, src[i + across]!, offset);
  }

  /** How far the brightness at the last step of `stepEnd` was from the edge's middle value. */
  private end = 0;

  /**
   * Steps from pixel i by `step` (±1 along a row, ±W along a column), at most SEARCH and
   * `limit` times, on the line between each pixel and the one `across` from it, until the
   * brightness there leaves the edge's middle value `mid` by `gradient`: the end of the stair
   * step. Returns the steps taken; `end` keeps the last difference from `mid`.
   */
  private stepEnd(
    L: Uint8Array,
    i: number,
    step: number,
    across: number,
    mid: number,
    gradient: number,
    limit: number,
  ): number {
    let n = 1;
    this.end = 0;
    for (; n <= SEARCH && n <= limit; n++) {
      const j = i + n * step;
      this.end = 0.5 * (L[4 * j + 1]! + L[4 * (j + across) + 1]!) - mid;
      if (Math.abs(this.end) >= gradient) break;
    }
    return n;
  }
}

/** A typed array twice as long, with the old one's values at its start. */
function doubled<T extends Int32Array | Uint32Array>(a: T): T {
  const grown = new (a.constructor as new (n: number) => T)(2 * a.length);
  grown.set(a);
  return grown;
}

/** Colour words p and q blended, t of the way to q (alpha kept opaque). */
function mix(p: number, q: number, t: number): number {
  const s = 1 - t;
  const r = (p & 255) * s + (q & 255) * t;
  const g = ((p >>> 8) & 255) * s + ((q >>> 8) & 255) * t;
  const b = ((p >>> 16) & 255) * s + ((q >>> 16) & 255) * t;
  return (0xff000000 | (((b + 0.5) | 0) << 16) | (((g + 0.5) | 0) << 8) | ((r + 0.5) | 0)) >>> 0;
}
