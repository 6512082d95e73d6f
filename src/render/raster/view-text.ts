import { jointSide } from '../../walk3d/skeleton.ts';
import type { CanvasColors } from '../theme-colors.ts';
import type { SoftwareRenderer } from './software-renderer.ts';
import type { ViewLabels } from './view-labels.ts';

/** What the view's text is written about: its marks, walkers and corner lines. */
export interface TextSource {
  readonly renderer: SoftwareRenderer;
  readonly labels: ViewLabels;
  readonly marks: readonly {
    from: Float64Array;
    to: Float64Array;
    color: string;
    text: string;
    row: number;
  }[];
  readonly walkers: readonly {
    walker: {
      skeleton: { joints: readonly { name: string; end: boolean }[] };
      matrices: Float64Array;
    };
  }[];
  corner: string;
  showNames: boolean;
}

/** Label kinds, each in its own font. */
const CORNER = 0;
const MARK = 1;
const NAME = 2;
/** CSS pixels kept free at the top right of the picture: the page puts its buttons there. */
export const TOP_RIGHT_RESERVED = 112;
/** Space round a label's text inside its box, CSS pixels. */
const PAD = 2;

/**
 * The text over the 3D picture: the corner lines (frame time, the lesson's notes), each mark's
 * line and label, and on request every joint's name, all placed by one ViewLabels pass (corner
 * first, as fixed boxes; then the marks' labels; then the names), then drawn with a halo in the
 * background colour. Text widths are measured once per text and kept.
 */
export class ViewText {
  /** Measured widths per label kind, and the fonts, for the device-pixel ratio `measuredAt`. */
  private readonly widths = [0, 1, 2].map(() => new Map<string, number>());
  private fonts: string[] = [];
  private measuredAt = 0;
  /** Each mark's two ends on screen (x0, y0, x1, y1), −1 in x0 when not visible. */
  private ends = new Float64Array(16);
  private readonly p = { x: 0, y: 0, visible: false };
  /** The corner's lines this frame (reused). */
  private readonly lines: string[] = [];

  write(view: TextSource, ctx: CanvasRenderingContext2D, dpr: number, colors: CanvasColors) {
    const labels = view.labels;
    const W = ctx.canvas.width;
    labels.begin(W, ctx.canvas.height);
    if (dpr !== this.measuredAt || this.widths.some((m) => m.size > 400)) {
      for (const m of this.widths) m.clear();
      this.fonts = [0, 1, 2].map((k) => font(k, dpr));
      this.measuredAt = dpr;
    }
    this.corner(view, ctx, dpr, colors, W);
    this.marks(view, ctx, dpr);
    if (view.showNames) this.names(view, ctx, dpr, colors);
    this.paint(view, ctx, dpr, colors);
  }

  private corner(
    view: TextSource,
    ctx: CanvasRenderingContext2D,
    dpr: number,
    colors: CanvasColors,
    W: number,
  ) {
    if (!view.corner) return;
    ctx.font = this.fonts[CORNER]!;
    const max = Math.max(40 * dpr, W - (8 + TOP_RIGHT_RESERVED) * dpr);
    const lines = this.lines;
    lines.length = 0;
    // One line per \n, wrapped at spaces where it would reach the page's buttons.
    for (const line of view.corner.split('\n'))
      wrap(line, max, (t) => this.width(ctx, CORNER, t), lines);
    const h = 14 * dpr;
    lines.forEach((line, i) => {
      // Whole steps of 24 px: a frame time one digit longer does not nudge the other labels.
      const w = Math.ceil((this.width(ctx, CORNER, line) + 2 * PAD * dpr) / (24 * dpr)) * 24 * dpr;
      view.labels.fixed(
        line,
        colors.text,
        CORNER,
        6 * dpr,
        (4 + 14 * i) * dpr,
        Math.min(w, max),
        h,
      );
    });
  }

  private marks(view: TextSource, ctx: CanvasRenderingContext2D, dpr: number) {
    const r = view.renderer;
    const p = this.p;
    const n = view.marks.length;
    if (this.ends.length < 4 * n) this.ends = new Float64Array(8 * n);
    const e = this.ends;
    view.marks.forEach((m, i) => {
      e[4 * i] = -1;
      r.project(m.from[0]!, m.from[1]!, m.from[2]!, p);
      if (!p.visible) return;
      const x0 = p.x;
      const y0 = p.y;
      r.project(m.to[0]!, m.to[1]!, m.to[2]!, p);
      if (!p.visible) return;
      e[4 * i] = x0;
      e[4 * i + 1] = y0;
      e[4 * i + 2] = p.x;
      e[4 * i + 3] = p.y;
      view.labels.avoid(x0, y0, p.x, p.y);
    });
    ctx.font = this.fonts[MARK]!;
    const h = 16 * dpr;
    view.marks.forEach((m, i) => {
      if (!m.text || e[4 * i]! < 0) return;
      const w = this.width(ctx, MARK, m.text) + 2 * PAD * dpr;
      // Above the mark's start (row 0) or below it (row 1), to its right.
      const dy = m.row ? 4 * dpr : -h - 4 * dpr;
      view.labels.place(m.text, m.color, MARK, e[4 * i]!, e[4 * i + 1]!, 6 * dpr, dy, w, h);
    });
  }

  private names(
    view: TextSource,
    ctx: CanvasRenderingContext2D,
    dpr: number,
    colors: CanvasColors,
  ) {
    ctx.font = this.fonts[NAME]!;
    const p = this.p;
    const h = 14 * dpr;
    for (const { walker } of view.walkers) {
      const m = walker.matrices;
      const joints = walker.skeleton.joints;
      for (let i = 0; i < joints.length; i++) {
        const j = joints[i]!;
        if (j.end) continue;
        view.renderer.project(m[16 * i + 12]!, m[16 * i + 13]!, m[16 * i + 14]!, p);
        if (!p.visible) continue;
        const w = this.width(ctx, NAME, j.name) + 2 * PAD * dpr;
        // Right-side names to the left of their joint, the others to the right: in a side view
        // the two sides' joints overlap, their names should not.
        const dx = jointSide(j.name) === 'right' ? -w - 4 * dpr : 4 * dpr;
        view.labels.place(j.name, colors.text, NAME, p.x, p.y, dx, -h + 2 * dpr, w, h);
      }
    }
  }

  /** The marks' lines, then every kept label: its halo, then its text. */
  private paint(
    view: TextSource,
    ctx: CanvasRenderingContext2D,
    dpr: number,
    colors: CanvasColors,
  ) {
    const e = this.ends;
    ctx.lineJoin = 'round';
    ctx.lineWidth = 2.5 * dpr;
    view.marks.forEach((m, i) => {
      if (e[4 * i]! < 0) return;
      ctx.strokeStyle = m.color;
      ctx.beginPath();
      ctx.moveTo(e[4 * i]!, e[4 * i + 1]!);
      ctx.lineTo(e[4 * i + 2]!, e[4 * i + 3]!);
      ctx.stroke();
    });
    const l = view.labels;
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    ctx.strokeStyle = colors.background;
    let kind = -1;
    for (let i = 0; i < l.count; i++) {
      if (l.kinds[i] !== kind) {
        kind = l.kinds[i]!;
        ctx.font = this.fonts[kind]!;
        ctx.lineWidth = (kind === MARK ? 4 : 3) * dpr;
      }
      const x = l.boxes[4 * i]! + PAD * dpr;
      const y = l.boxes[4 * i + 1]! + PAD * dpr;
      ctx.fillStyle = l.colors[i]!;
      ctx.strokeText(l.texts[i]!, x, y);
      ctx.fillText(l.texts[i]!, x, y);
    }
    ctx.textBaseline = 'alphabetic';
  }

  private width(ctx: CanvasRenderingContext2D, kind: number, text: string): number {
    const known = this.widths[kind]!;
    let w = known.get(text);
    if (w === undefined) {
      w = ctx.measureText(text).width;
      known.set(text, w);
    }
    return w;
  }
}

function font(kind: number, dpr: number): string {
  if (kind === CORNER) return `${Math.round(11 * dpr)}px ui-monospace, monospace`;
  if (kind === MARK) return `600 ${Math.round(12 * dpr)}px system-ui, sans-serif`;
  return `${Math.round(11 * dpr)}px system-ui, sans-serif`;
}

/** `text` broken at spaces into lines no wider than `max` (a word longer stays whole), into `out`. */
export function wrap(text: string, max: number, width: (t: string) => number, out: string[]): void {
  if (width(text) <= max || !text.includes(' ')) {
    out.push(text);
    return;
  }
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && width(next) > max) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
}
