import { LabelPlacer, type Segments } from '../label-placement.ts';

/** A label's box (CSS pixels), as the page reads it to check that no two overlap. */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Labels a frame may hold before the buffers grow (the joint names of two walkers and more). */
const START = 64;

/**
 * Every text the 3D view writes over its picture, placed in one pass so none lands on another:
 * fixed boxes first (the corner lines), then each label next to its anchor, moved round it by
 * the placer (LabelPlacer) when that spot is taken. A label the placer can find no free spot
 * for is dropped rather than drawn over another. Device pixels while placing; the boxes are
 * read back in CSS pixels. Nothing here touches a canvas: the view measures and draws.
 * Allocation-free once its buffers have grown.
 */
export class ViewLabels {
  private readonly placer = new LabelPlacer();
  private readonly spot = { x: 0, y: 0 };
  private readonly bounds = { width: 0, height: 0 };
  /** Lines the labels keep clear of (marks, bones): x0, y0, x1, y1 each, device pixels. */
  readonly segments: { coords: Float64Array; count: number } = {
    coords: new Float64Array(4 * START),
    count: 0,
  };
  /** The kept labels: their texts, colours, and boxes (left, top, width, height). */
  texts: string[] = [];
  colors: string[] = [];
  /** 0 a corner line, 1 a mark's label, 2 a joint's name (the view draws each in its font). */
  kinds = new Uint8Array(START);
  boxes = new Float64Array(4 * START);
  count = 0;

  /** Starts a frame's labels on a canvas of this size (device pixels). */
  begin(width: number, height: number): void {
    this.placer.reset();
    this.bounds.width = width;
    this.bounds.height = height;
    this.count = 0;
    this.segments.count = 0;
  }

  /** A line to keep labels off (device pixels). */
  avoid(x0: number, y0: number, x1: number, y1: number): void {
    const s = this.segments;
    if (4 * (s.count + 1) > s.coords.length) {
      const grown = new Float64Array(2 * s.coords.length);
      grown.set(s.coords);
      s.coords = grown;
    }
    const k = 4 * s.count++;
    s.coords[k] = x0;
    s.coords[k + 1] = y0;
    s.coords[k + 2] = x1;
    s.coords[k + 3] = y1;
  }

  /** A box that stays where it is (a corner line): placed before any label. */
  fixed(text: string, color: string, kind: number, x: number, y: number, w: number, h: number) {
    this.placer.place(x, y, 0, 0, w, h, NONE, this.bounds, this.spot);
    this.keep(text, color, kind, x, y, w, h);
  }

  /**
   * A w × h label asked for with its top-left at anchor + offset; placed clear of the labels
   * before it. Returns false when it could only overlap one (it is then not drawn).
   */
  place(
    text: string,
    color: string,
    kind: number,
    anchorX: number,
    anchorY: number,
    offsetX: number,
    offsetY: number,
    w: number,
    h: number,
  ): boolean {
    const s = this.spot;
    this.placer.place(anchorX, anchorY, offsetX, offsetY, w, h, this.segments, this.bounds, s);
    if (this.overlaps(s.x, s.y, w, h)) return false;
    this.keep(text, color, kind, s.x, s.y, w, h);
    return true;
  }

  /** The kept boxes in CSS pixels (device pixels / dpr). */
  cssBoxes(dpr: number): LabelBox[] {
    const out: LabelBox[] = [];
    const b = this.boxes;
    for (let i = 0; i < this.count; i++)
      out.push({
        x: b[4 * i]! / dpr,
        y: b[4 * i + 1]! / dpr,
        width: b[4 * i + 2]! / dpr,
        height: b[4 * i + 3]! / dpr,
      });
    return out;
  }

  private overlaps(x: number, y: number, w: number, h: number): boolean {
    const b = this.boxes;
    for (let i = 0; i < this.count; i++) {
      const ox = Math.min(x + w, b[4 * i]! + b[4 * i + 2]!) - Math.max(x, b[4 * i]!);
      const oy = Math.min(y + h, b[4 * i + 1]! + b[4 * i + 3]!) - Math.max(y, b[4 * i + 1]!);
      if (ox > 0 && oy > 0) return true;
    }
    return false;
  }

  private keep(
    text: string,
    color: string,
    kind: number,
    x: number,
    y: number,
    w: number,
    h: number,
  ) {
    if (this.count === this.kinds.length) {
      const kinds = new Uint8Array(2 * this.kinds.length);
      kinds.set(this.kinds);
      this.kinds = kinds;
      const boxes = new Float64Array(2 * this.boxes.length);
      boxes.set(this.boxes);
      this.boxes = boxes;
    }
    const i = this.count++;
    this.texts[i] = text;
    this.colors[i] = color;
    this.kinds[i] = kind;
    this.boxes[4 * i] = x;
    this.boxes[4 * i + 1] = y;
    this.boxes[4 * i + 2] = w;
    this.boxes[4 * i + 3] = h;
  }
}

const NONE: Segments = { coords: new Float64Array(0), count: 0 };
