import { CanvasSource, Sprite, Texture } from './pixi.ts';

/** What a bucket draws: bone lines (stroked), polygon areas (filled) or their outlines. */
export type BatchKind = 0 | 1 | 2;
export const LINES: BatchKind = 0;
export const AREAS: BatchKind = 1;
export const OUTLINES: BatchKind = 2;
/**
 * Shapes per canvas path. One path for a whole colour made Chrome's rasteriser slow on thick
 * strokes (300 spiders: 63 ms a frame), one call per shape is slow on many (the PixiJS way:
 * 24 000 calls for 1 000 spiders); a few dozen shapes a call is quick at both.
 */
const PER_PATH = 64;
/** Screen pixels across under which a many-cornered polygon keeps only every second or third. */
const SMALL_POLYGON = 16;

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
  /** The colour as CSS, for the canvas. */
  css: string;
}

/**
 * Collects a frame's lines and polygons by colour and draws each colour as a few canvas paths
 * (PER_PATH shapes each): a crowd of a thousand spiders becomes a few hundred fills and strokes
 * instead of a hundred thousand.
 * They are drawn into a canvas of their own, shown as one sprite (`view`): PixiJS's Canvas
 * renderer strokes or fills every sub-path of a Graphics with its own call (24 000 leg bones
 * were 24 000 strokes a frame, and Chrome rasterised each on its own, at 7 frames a second).
 * Buffers are kept between frames, so a frame allocates nothing once they have grown.
 */
export class BatchedPaths {
  /** Shows the batches: add it where they belong in the drawing order. */
  readonly view: Sprite;
  private readonly source: CanvasSource;
  private readonly buckets = new Map<number, Bucket>();
  /** Buckets in the order first used (back to front, as the tree is walked). */
  private readonly order: Bucket[] = [];

  constructor() {
    this.source = new CanvasSource({ width: 1, height: 1, resolution: 1 });
    this.view = new Sprite(new Texture({ source: this.source, dynamic: true }));
  }

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

  /**
   * A closed polygon (screen x, y pairs; the first `count` of them), filled, and outlined
   * unless `outline` is null.
   */
  polygon(
    fill: { color: number; alpha: number },
    outline: { color: number; alpha: number } | null,
    flat: ArrayLike<number>,
    count: number,
  ): void {
    const small = this.addPolygon(this.bucket(AREAS, fill.color, fill.alpha), flat, count);
    // A 1 px rim round a shape a few pixels across is a smudge, and outlines cost the canvas
    // as much as the fills (1 000 spiders: 8 ms a frame).
    if (outline && !small)
      this.addPolygon(this.bucket(OUTLINES, outline.color, outline.alpha), flat, count);
  }

  /**
   * Draws every bucket into the view's canvas, `width` × `height` CSS pixels at `resolution`
   * device pixels each: lines at a width that follows their mean screen length (thin when
   * zoomed out on a crowd, thicker when a few fill the view), areas filled, outlines at 1 px.
   */
  flush(width: number, height: number, resolution: number): void {
    const w = Math.max(1, Math.round(width));
    const h = Math.max(1, Math.round(height));
    const source = this.source;
    if (source.width !== w || source.height !== h || source.resolution !== resolution)
      source.resize(w, h, resolution);
    const ctx = source.context2D as CanvasRenderingContext2D;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, source.pixelWidth, source.pixelHeight);
    ctx.setTransform(resolution, 0, 0, resolution, 0, 0);
    for (const b of this.order) {
      if (b.shapes === 0) continue;
      const p = b.points;
      ctx.globalAlpha = b.alpha;
      if (b.kind === LINES) {
        ctx.lineWidth = Math.min(6, Math.max(1, (0.12 * b.length) / b.shapes));
        ctx.lineCap = 'butt';
        ctx.lineJoin = 'miter';
        ctx.strokeStyle = b.css;
        for (let i = 0; i < b.used; i += 4) {
          if (i % (4 * PER_PATH) === 0) {
            if (i > 0) ctx.stroke();
            ctx.beginPath();
          }
          ctx.moveTo(p[i]!, p[i + 1]!);
          ctx.lineTo(p[i + 2]!, p[i + 3]!);
        }
        ctx.stroke();
        continue;
      }
      const area = b.kind === AREAS;
      if (area) ctx.fillStyle = b.css;
      else {
        ctx.lineWidth = 1;
        ctx.lineJoin = 'miter';
        ctx.strokeStyle = b.css;
      }
      let i = 0;
      for (let s = 0; s < b.shapes; s++) {
        if (s % PER_PATH === 0) {
          if (s > 0) this.paintPath(ctx, area);
          ctx.beginPath();
        }
        const n = b.sizes[s]!;
        ctx.moveTo(p[i]!, p[i + 1]!);
        for (let k = 1; k < n; k++) ctx.lineTo(p[i + 2 * k]!, p[i + 2 * k + 1]!);
        ctx.closePath();
        i += 2 * n;
      }
      this.paintPath(ctx, area);
    }
    ctx.globalAlpha = 1;
    source.update();
  }

  private paintPath(ctx: CanvasRenderingContext2D, fill: boolean): void {
    if (fill) ctx.fill();
    else ctx.stroke();
  }

  /** Adds a polygon to a bucket; true if it was small on screen (see SMALL_POLYGON). */
  private addPolygon(b: Bucket, flat: ArrayLike<number>, count: number): boolean {
    // A polygon a few pixels across is drawn with fewer corners: a crowd's 20-cornered bodies
    // become hexagons nobody can tell from ellipses at that size, and the canvas fills a third
    // of the edges.
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < 2 * count; i += 2) {
      minX = Math.min(minX, flat[i]!);
      maxX = Math.max(maxX, flat[i]!);
      minY = Math.min(minY, flat[i + 1]!);
      maxY = Math.max(maxY, flat[i + 1]!);
    }
    const small = Math.max(maxX - minX, maxY - minY) < SMALL_POLYGON;
    const every = count >= 12 && small ? Math.min(3, Math.floor(count / 6)) : 1;
    const kept = Math.ceil(count / every);
    const p = this.room(b, 2 * kept);
    for (let k = 0; k < count; k += every) {
      p[b.used++] = flat[2 * k]!;
      p[b.used++] = flat[2 * k + 1]!;
    }
    b.sizes[b.shapes++] = kept;
    return small;
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
        css: `#${color.toString(16).padStart(6, '0')}`,
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
