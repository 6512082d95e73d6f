/**
 * Where a figure's labels go so they overlap neither each other nor the chain: each label asks
 * for a spot next to its anchor (the joint an angle is at, the middle of a distance), and when
 * that spot is taken it goes round its anchor, then further out, to the first free one. Screen
 * pixels throughout. Allocation-free once its buffers have grown: it runs every frame.
 */

import type { Bone2D } from '../scene/bone2d.ts';
import type { Viewport } from './viewport.ts';

/** Bones and guide lines to keep clear of: x0, y0, x1, y1 per segment. */
export interface Segments {
  readonly coords: Float64Array;
  readonly count: number;
}

/** Gap kept between a label and anything else, in pixels. */
export const LABEL_GAP = 2;
/** Directions tried round the anchor, in sixteenths of a turn, starting from the asked one. */
const TURNS = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8];
/** Further out when no direction at the asked distance is free. */
const RINGS = [0, 12, 26, 42, 60, 80];
/** What each thing in a label's way costs: another label most, then a bone, then a guide. */
const LABEL_COST = 100_000;
const BONE_COST = 500;
const GUIDE_COST = 120;

/** A label as the painter keeps it: its measured size, and where it is drawn. */
interface PlacedText {
  readonly width: number;
  readonly height: number;
  position: { set(x: number, y: number): void };
}

export class LabelPlacer {
  /** Placed boxes, left top right bottom per label, in the order labels were added. */
  private boxes = new Float64Array(64);
  private n = 0;
  private segments = { coords: new Float64Array(64), count: 0 };
  /** Guide lines and arcs the figure drew this frame, x0, y0, x1, y1 per segment (pixels). */
  private guides: Segments = { coords: new Float64Array(0), count: 0 };
  private readonly spot = { x: 0, y: 0 };
  private readonly bounds = { width: 0, height: 0 };

  /**
   * Places a frame's labels: `asked` holds anchor x, y, offset x, y and a pinned flag per label
   * (screen pixels). Pinned labels stay where asked and are placed first; the others, in the
   * order they were drawn, keep clear of them, of each other and of the bones.
   */
  placeAll(
    texts: readonly PlacedText[],
    asked: Float64Array,
    count: number,
    /** Numbers per label in `asked` (the painter's LABEL_FIELDS). */
    fields: number,
    bones: readonly Bone2D[],
    viewport: Viewport,
    /** Guide lines and arcs already on screen (pixels), kept clear of less than bones. */
    guides: Segments = { coords: this.guides.coords, count: 0 },
  ): void {
    this.readBones(bones, viewport);
    this.guides = guides;
    this.reset();
    const bounds = this.bounds;
    bounds.width = viewport.widthPx;
    bounds.height = viewport.heightPx;
    for (let i = 0; i < count; i++) {
      const k = i * fields;
      if (asked[k + 4] !== 1) continue;
      const t = texts[i]!;
      // Pinned, but inside the canvas: a narrow screen would cut a legend at its edge.
      const x = Math.max(0, Math.min(bounds.width - t.width, asked[k]! + asked[k + 2]!));
      const y = Math.max(0, Math.min(bounds.height - t.height, asked[k + 1]! + asked[k + 3]!));
      this.remember(x, y, t.width, t.height);
      t.position.set(x, y);
    }
    for (let i = 0; i < count; i++) {
      const t = texts[i]!;
      const k = i * fields;
      if (asked[k + 4] === 1) continue;
      const x = asked[k]!;
      const y = asked[k + 1]!;
      this.place(
        x,
        y,
        asked[k + 2]!,
        asked[k + 3]!,
        t.width,
        t.height,
        this.segments,
        bounds,
        this.spot,
      );
      t.position.set(this.spot.x, this.spot.y);
    }
  }

  /** The bones' segments on screen, joint to tip. */
  private readBones(bones: readonly Bone2D[], viewport: Viewport): void {
    const n = bones.length;
    if (this.segments.coords.length < n * 4) this.segments.coords = new Float64Array(n * 8);
    const c = this.segments.coords;
    const s = viewport.scale;
    for (let i = 0; i < n; i++) {
      const bone = bones[i]!;
      const g = bone.globalTransform;
      // The tip is local (length, 0): the transform's first column, times the length.
      const tx = g.tx + g.a * bone.length;
      const ty = g.ty + g.b * bone.length;
      c[i * 4] = g.tx * s + viewport.offsetX;
      c[i * 4 + 1] = g.ty * s + viewport.offsetY;
      c[i * 4 + 2] = tx * s + viewport.offsetX;
      c[i * 4 + 3] = ty * s + viewport.offsetY;
    }
    this.segments.count = n;
  }

  /** Forgets last frame's labels. */
  reset(): void {
    this.n = 0;
  }

  /**
   * Places a w×h label asked for at top-left `anchor + offset`, and returns where its top-left
   * goes (written into `out`). Labels placed earlier keep their spots.
   */
  place(
    anchorX: number,
    anchorY: number,
    offsetX: number,
    offsetY: number,
    w: number,
    h: number,
    segments: Segments,
    bounds: { width: number; height: number },
    out: { x: number; y: number },
  ): void {
    // The label's centre, seen from its anchor: the direction and distance it asked for.
    const cx = offsetX + w / 2;
    const cy = offsetY + h / 2;
    const r0 = Math.max(Math.hypot(cx, cy), Math.max(w, h) / 2 + 4);
    const a0 = Math.atan2(cy, cx);
    let bestX = anchorX + offsetX;
    let bestY = anchorY + offsetY;
    let best = Infinity;
    search: for (const ring of RINGS)
      for (const turn of TURNS) {
        let x: number;
        let y: number;
        if (ring === 0 && turn === 0) {
          x = anchorX + offsetX;
          y = anchorY + offsetY;
        } else {
          const a = a0 + (turn * Math.PI) / 8;
          x = anchorX + (r0 + ring) * Math.cos(a) - w / 2;
          y = anchorY + (r0 + ring) * Math.sin(a) - h / 2;
        }
        const cost = this.cost(x, y, w, h, segments, bounds);
        if (cost < best) {
          best = cost;
          bestX = x;
          bestY = y;
          if (cost === 0) break search;
        }
      }
    out.x = bestX;
    out.y = bestY;
    this.remember(bestX, bestY, w, h);
  }

  /** How much a box at (x, y) is in the way: overlapped label area, crossed segments, outside. */
  private cost(
    x: number,
    y: number,
    w: number,
    h: number,
    segments: Segments,
    bounds: { width: number; height: number },
  ): number {
    const l = x - LABEL_GAP;
    const t = y - LABEL_GAP;
    const r = x + w + LABEL_GAP;
    const b = y + h + LABEL_GAP;
    let cost = 0;
    const boxes = this.boxes;
    for (let i = 0; i < this.n; i++) {
      const ox = Math.min(r, boxes[i * 4 + 2]!) - Math.max(l, boxes[i * 4]!);
      const oy = Math.min(b, boxes[i * 4 + 3]!) - Math.max(t, boxes[i * 4 + 1]!);
      if (ox > 0 && oy > 0) cost += ox * oy + LABEL_COST;
    }
    cost += BONE_COST * crossings(segments, l, t, r, b);
    cost += GUIDE_COST * crossings(this.guides, l, t, r, b);
    // Off the canvas counts as much as the part that is off.
    const outX = Math.max(0, -x) + Math.max(0, x + w - bounds.width);
    const outY = Math.max(0, -y) + Math.max(0, y + h - bounds.height);
    return cost + (outX + outY) * 50;
  }

  /** The boxes placed last frame, left top right bottom per label (for checks of the page). */
  placedBoxes(): { x: number; y: number; width: number; height: number }[] {
    const out = [];
    for (let i = 0; i < this.n; i++) {
      const k = i * 4;
      const [l, t, r, b] = [
        this.boxes[k]!,
        this.boxes[k + 1]!,
        this.boxes[k + 2]!,
        this.boxes[k + 3]!,
      ];
      out.push({ x: l, y: t, width: r - l, height: b - t });
    }
    return out;
  }

  private remember(x: number, y: number, w: number, h: number): void {
    if ((this.n + 1) * 4 > this.boxes.length) {
      const grown = new Float64Array(this.boxes.length * 2);
      grown.set(this.boxes);
      this.boxes = grown;
    }
    const k = this.n++ * 4;
    this.boxes[k] = x;
    this.boxes[k + 1] = y;
    this.boxes[k + 2] = x + w;
    this.boxes[k + 3] = y + h;
  }
}

/** How many of `segments` cross the box [l, r]×[t, b]. */
function crossings(segments: Segments, l: number, t: number, r: number, b: number): number {
  const c = segments.coords;
  let n = 0;
  for (let i = 0; i < segments.count; i++) {
    const j = i * 4;
    if (segmentHitsBox(c[j]!, c[j + 1]!, c[j + 2]!, c[j + 3]!, l, t, r, b)) n++;
  }
  return n;
}

/** Whether segment (x0, y0)–(x1, y1) crosses the box [l, r]×[t, b] (Liang–Barsky clipping). */
export function segmentHitsBox(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  l: number,
  t: number,
  r: number,
  b: number,
): boolean {
  const dx = x1 - x0;
  const dy = y1 - y0;
  let u0 = 0;
  let u1 = 1;
  // The four edges as p·u ≤ q: left, right, top, bottom.
  for (let e = 0; e < 4; e++) {
    const p = e === 0 ? -dx : e === 1 ? dx : e === 2 ? -dy : dy;
    const q = e === 0 ? x0 - l : e === 1 ? r - x0 : e === 2 ? y0 - t : b - y0;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const u = q / p;
    if (p < 0) {
      if (u > u1) return false;
      if (u > u0) u0 = u;
    } else {
      if (u < u0) return false;
      if (u < u1) u1 = u;
    }
  }
  return true;
}
