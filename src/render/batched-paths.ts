import type { Graphics } from './pixi';

/** What a bucket draws: bone lines (stroked), polygon areas (filled) or their outlines. */
export type BatchKind = 0 | 1 | 2;
export const LINES: BatchKind = 0;
export const AREAS: BatchKind = 1;
export const OUTLINES: BatchKind = 2;

interface Bucket {
  kind: BatchKind;
  color: number;
  alpha: number;
  /** Screen coordinates: x, y pairs. A segment is two pairs; a polygon is `sizes[k]` pairs. */
  points: Float64Array;
  used: number;
  sizes: number[];
  shapes: number;
  /** Sum of the lines' screen lengths, for the width they are drawn at. */
  length: number;
}

/**
 * Collects a frame's lines and polygons by colour and draws each colour as one path: a crowd
 * of a thousand spiders becomes a dozen fills and strokes instead of a hundred thousand (PixiJS
 * turns each fill or stroke into its own canvas call or batch). Buffers are kept between frames,
 * so a frame allocates nothing once they have grown.
 */
export class BatchedPaths {
  private readonly buckets = new Map<number, Bucket>();
  /** Buckets in the order first used (back to front, as the tree is walked). */
  private readonly order: Bucket[] = [];

  clear(): void {
    for (const b of this.order) {
      b.used = 0;
      b.shapes = 0;
      b.length = 0;
    }
  }

  /** A line from (x0, y0) to (x1, y1), screen pixels. */
  line(color: number, alpha: number, x0: number, y0: number, x1: number, y1: number): void {
    const b = this.bucket(LINES, color, alpha);
    const p = this.room(b, 4);
    p[b.used++] = x0;
    p[b.used++] = y0;
    p[b.used++] = x1;
    p[b.used++] = y1;
    b.length += Math.hypot(x1 - x0, y1 - y0);
    b.shapes++;
  }

  /** A closed polygon (screen x, y pairs), filled, and outlined if `outline` ≥ 0. */
  polygon(
    fill: { color: number; alpha: number },
    outline: { color: number; alpha: number } | null,
    flat: ArrayLike<number>,
  ): void {
    this.addPolygon(this.bucket(AREAS, fill.color, fill.alpha), flat);
    if (outline) this.addPolygon(this.bucket(OUTLINES, outline.color, outline.alpha), flat);
  }

  /**
   * Draws every bucket into `g`: lines at a width that follows their mean screen length (thin
   * when zoomed out on a crowd, thicker when a few fill the view), areas filled, outlines at 1 px.
   */
  flush(g: Graphics): void {
    for (const b of this.order) {
      if (b.shapes === 0) continue;
      const p = b.points;
      if (b.kind === LINES) {
        for (let i = 0; i < b.used; i += 4) g.moveTo(p[i]!, p[i + 1]!).lineTo(p[i + 2]!, p[i + 3]!);
        const width = Math.min(6, Math.max(1.5, (0.12 * b.length) / b.shapes));
        g.stroke({ width, color: b.color, alpha: b.alpha, cap: 'butt', join: 'miter' });
        continue;
      }
      let i = 0;
      for (let s = 0; s < b.shapes; s++) {
        const n = b.sizes[s]!;
        g.moveTo(p[i]!, p[i + 1]!);
        for (let k = 1; k < n; k++) g.lineTo(p[i + 2 * k]!, p[i + 2 * k + 1]!);
        g.closePath();
        i += 2 * n;
      }
      if (b.kind === AREAS) g.fill({ color: b.color, alpha: b.alpha });
      else g.stroke({ width: 1, color: b.color, alpha: b.alpha, join: 'round' });
    }
  }

  private addPolygon(b: Bucket, flat: ArrayLike<number>): void {
    const p = this.room(b, flat.length);
    for (let i = 0; i < flat.length; i++) p[b.used++] = flat[i]!;
    b.sizes[b.shapes++] = flat.length / 2;
  }

  private bucket(kind: BatchKind, color: number, alpha: number): Bucket {
    // Alpha to 1/255 is all a canvas shows; the key keeps kind, colour and alpha apart.
    const key = (kind * 0x1000000 + color) * 256 + Math.round(alpha * 255);
    let b = this.buckets.get(key);
    if (!b) {
      b = {
        kind,
        color,
        alpha,
        points: new Float64Array(256),
        used: 0,
        sizes: [],
        shapes: 0,
        length: 0,
      };
      this.buckets.set(key, b);
      this.order.push(b);
    }
    return b;
  }

  private room(b: Bucket, more: number): Float64Array {
    if (b.used + more > b.points.length) {
      const grown = new Float64Array(Math.max(2 * b.points.length, b.used + more));
      grown.set(b.points.subarray(0, b.used));
      b.points = grown;
    }
    return b.points;
  }
}
