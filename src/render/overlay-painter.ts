import { Container, Graphics, Text } from './pixi.ts';
import type { Vec2 } from '../math/vec2.ts';
import type { Bone2D } from '../scene/bone2d.ts';
import type { LabelPlacer } from './label-placement.ts';
import type { CanvasColors } from './theme-colors.ts';
import type { Viewport } from './viewport.ts';

export type ColorName = keyof CanvasColors;
/** A theme colour name or any CSS colour. */
export type Paint = ColorName | (string & {});

export interface LineStyle {
  color?: Paint;
  /** Width in screen pixels, so gizmos stay crisp at any zoom. */
  width?: number;
  alpha?: number;
  dash?: number;
}

export interface TextStyle {
  color?: Paint;
  size?: number;
  offsetPx?: Vec2;
  pinned?: boolean;
}

/**
 * What a demo may draw on top of the scene each frame (gizmos: guide lines, angle arcs, reach
 * circles, labels), in scene units. Everything is cleared before each frame.
 */
export interface OverlayPainter {
  line(a: Vec2, b: Vec2, style?: LineStyle): void;
  circle(
    center: Vec2,
    radius: number,
    style?: LineStyle & { fill?: Paint; fillAlpha?: number },
  ): void;
  /** Arc from angle `from` to `to` (radians, clockwise on screen as angles grow). */
  arc(
    center: Vec2,
    radius: number,
    from: number,
    to: number,
    style?: LineStyle & { arrow?: boolean },
  ): void;
  /** Arc radius in screen pixels, for angle markers that should not scale with the scene. */
  arcPx(
    center: Vec2,
    radiusPx: number,
    from: number,
    to: number,
    style?: LineStyle & { arrow?: boolean },
  ): void;
  /** A pie slice of fixed pixel radius from `center`, angles as for `arc`: a joint's range. */
  wedgePx(
    center: Vec2,
    radiusPx: number,
    from: number,
    to: number,
    style?: LineStyle & { fill?: Paint; fillAlpha?: number },
  ): void;
  /** A filled and/or outlined shape through `points` (closed). */
  polygon(
    points: readonly Vec2[],
    style?: LineStyle & { fill?: Paint; fillAlpha?: number; stroke?: boolean },
  ): void;
  /** An open line through `points`. */
  polyline(points: readonly Vec2[], style?: LineStyle): void;
  /**
   * A label at `at` moved by `offsetPx`. Labels are then moved off each other and the bones,
   * except `pinned` ones (a legend, a pane's title), which stay put and are kept clear of.
   */
  text(label: string, at: Vec2, style?: TextStyle): void;
  /** A dot of fixed pixel size. */
  dot(at: Vec2, radiusPx: number, color?: Paint): void;
}

/** Numbers kept per label for placing it: anchor x, y, asked offset x, y, and 1 if pinned. */
export const LABEL_FIELDS = 5;

/** Guide segments kept per frame for the labels to avoid; more are drawn but not avoided. */
const MAX_GUIDES = 256;

/** More bones than this (a crowd) and labels stop looking for the chain: it would cost more. */
const MAX_BONES_AVOIDED = 256;

/**
 * The PixiJS implementation: one Graphics plus a pool of Text objects reused frame to frame.
 * Labels are placed last, together: each where its demo asked unless that spot covers another
 * label or a bone, then the nearest free spot round its anchor (label-placement.ts).
 */
export class PixiOverlayPainter implements OverlayPainter {
  readonly container = new Container();
  private readonly g = new Graphics();
  private readonly texts: Text[] = [];
  private used = 0;
  /** Per label, LABEL_FIELDS numbers (screen pixels): see label-placement's placeAll. */
  private asked = new Float64Array(16 * LABEL_FIELDS);
  /**
   * Places labels clear of each other and of the bones once given (its code comes after the
   * page's first demo runs, as the canvas buttons' does); until then labels go where asked.
   */
  placer: LabelPlacer | null = null;
  private bones: readonly Bone2D[] = [];
  /**
   * The guide lines and angle arcs drawn this frame (pixels, x0, y0, x1, y1 each), which labels
   * keep clear of too: a label on its own angle arc is as hard to read as one on a bone.
   */
  private readonly guides = { coords: new Float64Array(4 * MAX_GUIDES), count: 0 };

  /** The bones labels keep clear of (the figure's chain), read each frame when placing. */
  keepClearOf(bones: readonly Bone2D[]): void {
    this.bones = bones.length <= MAX_BONES_AVOIDED ? bones : [];
  }

  constructor(
    private readonly viewport: Viewport,
    private colors: CanvasColors,
  ) {
    this.container.addChild(this.g);
  }

  setColors(colors: CanvasColors): void {
    this.colors = colors;
  }

  begin(): void {
    this.g.clear();
    this.used = 0;
    this.guides.count = 0;
  }

  /** Remembers a guide segment on screen for the labels to keep clear of. */
  private guide(x0: number, y0: number, x1: number, y1: number): void {
    const g = this.guides;
    if (g.count >= MAX_GUIDES) return;
    const k = g.count++ * 4;
    g.coords[k] = x0;
    g.coords[k + 1] = y0;
    g.coords[k + 2] = x1;
    g.coords[k + 3] = y1;
  }

  /** The label boxes placed in the last frame drawn (screen pixels), for checks of the page. */
  labelBoxes(): { x: number; y: number; width: number; height: number }[] {
    if (this.placer) return this.placer.placedBoxes();
    return this.texts
      .slice(0, this.used)
      .map((t) => ({ x: t.position.x, y: t.position.y, width: t.width, height: t.height }));
  }

  end(): void {
    for (let i = this.used; i < this.texts.length; i++) this.texts[i]!.visible = false;
    if (this.used) this.placeLabels();
  }

  private placeLabels(): void {
    const a = this.asked;
    if (!this.placer) {
      for (let i = 0; i < this.used; i++) {
        const k = i * LABEL_FIELDS;
        this.texts[i]!.position.set(a[k]! + a[k + 2]!, a[k + 1]! + a[k + 3]!);
      }
      return;
    }
    this.placer.placeAll(
      this.texts,
      a,
      this.used,
      LABEL_FIELDS,
      this.bones,
      this.viewport,
      this.guides,
    );
  }

  private paint(p: Paint | undefined, fallback: ColorName): string {
    if (!p) return this.colors[fallback];
    return (this.colors as unknown as Record<string, string>)[p] ?? p;
  }

  line(a: Vec2, b: Vec2, style: LineStyle = {}): void {
    const p = this.viewport.toScreen(a);
    const q = this.viewport.toScreen(b);
    this.guide(p.x, p.y, q.x, q.y);
    const stroke = {
      width: style.width ?? 1.5,
      color: this.paint(style.color, 'muted'),
      alpha: style.alpha ?? 1,
    };
    if (style.dash) {
      const len = Math.hypot(q.x - p.x, q.y - p.y);
      const n = Math.min(400, Math.floor(len / (style.dash * 2)));
      for (let i = 0; i <= n; i++) {
        const t0 = (i * 2 * style.dash) / (len || 1);
        const t1 = Math.min(1, ((i * 2 + 1) * style.dash) / (len || 1));
        if (t0 >= 1) break;
        this.g
          .moveTo(p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0)
          .lineTo(p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1);
      }
      this.g.stroke(stroke);
      return;
    }
    this.g.moveTo(p.x, p.y).lineTo(q.x, q.y).stroke(stroke);
  }

  circle(
    center: Vec2,
    radius: number,
    style: LineStyle & { fill?: Paint; fillAlpha?: number } = {},
  ): void {
    const c = this.viewport.toScreen(center);
    const r = Math.max(0, radius * this.viewport.scale);
    this.g.circle(c.x, c.y, r);
    if (style.fill)
      this.g.fill({ color: this.paint(style.fill, 'muted'), alpha: style.fillAlpha ?? 0.15 });
    this.g.stroke({
      width: style.width ?? 1.5,
      color: this.paint(style.color, 'muted'),
      alpha: style.alpha ?? 1,
    });
  }

  arc(
    center: Vec2,
    radius: number,
    from: number,
    to: number,
    style: LineStyle & { arrow?: boolean } = {},
  ): void {
    this.arcPx(center, radius * this.viewport.scale, from, to, style);
  }

  arcPx(
    center: Vec2,
    radiusPx: number,
    from: number,
    to: number,
    style: LineStyle & { arrow?: boolean } = {},
  ): void {
    if (![from, to, radiusPx].every(Number.isFinite) || radiusPx <= 0) return;
    const c = this.viewport.toScreen(center);
    const color = this.paint(style.color, 'accent');
    // The arc as a few chords, for the labels to keep clear of.
    const chords = Math.min(8, Math.max(1, Math.ceil(Math.abs(to - from) / 0.4)));
    for (let i = 0; i < chords; i++) {
      const u = from + ((to - from) * i) / chords;
      const v = from + ((to - from) * (i + 1)) / chords;
      this.guide(
        c.x + Math.cos(u) * radiusPx,
        c.y + Math.sin(u) * radiusPx,
        c.x + Math.cos(v) * radiusPx,
        c.y + Math.sin(v) * radiusPx,
      );
    }
    this.g.moveTo(c.x + Math.cos(from) * radiusPx, c.y + Math.sin(from) * radiusPx);
    this.g.arc(c.x, c.y, radiusPx, from, to, to < from);
    this.g.stroke({ width: style.width ?? 2, color, alpha: style.alpha ?? 1 });
    if (style.arrow && Math.abs(to - from) > 0.05) {
      const dir = to > from ? 1 : -1;
      const tip = { x: c.x + Math.cos(to) * radiusPx, y: c.y + Math.sin(to) * radiusPx };
      const tangent = to + (dir * Math.PI) / 2;
      const size = 7;
      const back = { x: tip.x - Math.cos(tangent) * size, y: tip.y - Math.sin(tangent) * size };
      const nx = -Math.sin(tangent) * size * 0.5;
      const ny = Math.cos(tangent) * size * 0.5;
      this.g
        .poly([tip.x, tip.y, back.x + nx, back.y + ny, back.x - nx, back.y - ny])
        .fill({ color });
    }
  }

  wedgePx(
    center: Vec2,
    radiusPx: number,
    from: number,
    to: number,
    style: LineStyle & { fill?: Paint; fillAlpha?: number } = {},
  ): void {
    if (![from, to, radiusPx].every(Number.isFinite) || radiusPx <= 0) return;
    const c = this.viewport.toScreen(center);
    const color = this.paint(style.color, 'accent');
    this.g.moveTo(c.x, c.y);
    this.g.arc(c.x, c.y, radiusPx, from, to, to < from);
    this.g.closePath();
    this.g.fill({ color: this.paint(style.fill, 'muted'), alpha: style.fillAlpha ?? 0.15 });
    this.g.stroke({ width: style.width ?? 1, color, alpha: style.alpha ?? 1 });
  }

  polygon(
    points: readonly Vec2[],
    style: LineStyle & { fill?: Paint; fillAlpha?: number; stroke?: boolean } = {},
  ): void {
    if (points.length < 3) return;
    const flat: number[] = [];
    for (const p of points) {
      const s = this.viewport.toScreen(p);
      flat.push(s.x, s.y);
    }
    this.g.poly(flat);
    if (style.fill)
      this.g.fill({ color: this.paint(style.fill, 'muted'), alpha: style.fillAlpha ?? 0.15 });
    if (style.stroke !== false)
      this.g.stroke({
        width: style.width ?? 1.5,
        color: this.paint(style.color, 'muted'),
        alpha: style.alpha ?? 1,
        join: 'round',
      });
  }

  polyline(points: readonly Vec2[], style: LineStyle = {}): void {
    if (points.length < 2) return;
    if (style.dash) {
      for (let i = 1; i < points.length; i++) this.line(points[i - 1]!, points[i]!, style);
      return;
    }
    let px = 0;
    let py = 0;
    points.forEach((p, i) => {
      const s = this.viewport.toScreen(p);
      if (i === 0) this.g.moveTo(s.x, s.y);
      else {
        this.g.lineTo(s.x, s.y);
        if (points.length <= 64) this.guide(px, py, s.x, s.y);
      }
      px = s.x;
      py = s.y;
    });
    this.g.stroke({
      width: style.width ?? 1.5,
      color: this.paint(style.color, 'muted'),
      alpha: style.alpha ?? 1,
      join: 'round',
    });
  }

  text(label: string, at: Vec2, style: TextStyle = {}): void {
    let t = this.texts[this.used];
    if (!t) {
      t = new Text({ text: '', style: { fontFamily: 'system-ui, sans-serif', fontSize: 13 } });
      this.texts.push(t);
      this.container.addChild(t);
    }
    this.used++;
    const p = this.viewport.toScreen(at);
    if (t.text !== label) t.text = label;
    t.style.fill = this.paint(style.color, 'text');
    t.style.fontSize = style.size ?? 13;
    const k = (this.used - 1) * LABEL_FIELDS;
    if (k + LABEL_FIELDS > this.asked.length) {
      const grown = new Float64Array(this.asked.length * 2);
      grown.set(this.asked);
      this.asked = grown;
    }
    this.asked[k] = p.x;
    this.asked[k + 1] = p.y;
    this.asked[k + 2] = style.offsetPx?.x ?? 6;
    this.asked[k + 3] = style.offsetPx?.y ?? -18;
    this.asked[k + 4] = style.pinned ? 1 : 0;
    t.visible = true;
  }

  dot(at: Vec2, radiusPx: number, color?: Paint): void {
    const p = this.viewport.toScreen(at);
    this.g.circle(p.x, p.y, radiusPx).fill({ color: this.paint(color, 'accent') });
  }
}
