import { Container, Graphics } from './pixi.ts';
import type { Vec2 } from '../math/vec2.ts';
import { Bone2D } from '../scene/bone2d.ts';
import { Line2D } from '../scene/line2d.ts';
import { Marker2D } from '../scene/marker2d.ts';
import { drawsItself, type ShapeSink } from '../scene/draws-itself.ts';
import { drawingResolution } from './device-pixels.ts';
import type { Node } from '../scene/node.ts';
import { Node2D } from '../scene/node2d.ts';
import { Polygon2D } from '../scene/polygon2d.ts';
import type { BatchedPaths } from './batched-paths.ts';
import { ColorMixer } from './color-mixer.ts';
import type { CanvasColors } from './theme-colors.ts';
import type { Viewport } from './viewport.ts';

/**
 * Draws a node tree: bones as tapered shapes (wide near the joint, pointed at the tip, as in
 * Godot's editor) with joint dots, polygons and lines in tree order among them (a spider's
 * body between its far and near legs), markers on top as handles (target: ringed cross, pole:
 * diamond). Each Node2D's `modulate` multiplies its subtree's colours. Redrawn from the tree
 * each frame: the tree is the single source of truth.
 */
export class SceneView {
  readonly container = new Container();
  private readonly grid = new Graphics();
  private readonly bones = new Graphics();
  private readonly markers = new Graphics();
  private readonly mixer = new ColorMixer();
  /** Effective modulate per tree depth during a draw (4 numbers per level). */
  private modStack = new Float64Array(64);
  /** Where the modulate of the node being drawn sits in `modStack`. */
  private modAt = 0;
  /** Node shown highlighted (hovered or selected in the scene panel). */
  highlighted: Node | null = null;
  /** Marker whose handle has keyboard focus or is being dragged. */
  focused: Node | null = null;
  showGrid = true;
  /**
   * Crowd drawing, when set: bones as plain lines and polygons gathered by colour into a few
   * canvas paths each (BatchedPaths), and nodes that draw themselves drawn. For hundreds of
   * characters; a highlighted node is still drawn in full. Set by whoever wants it (loaded on
   * demand: most figures never need it).
   */
  get batch(): BatchedPaths | null {
    return this._batch;
  }
  set batch(b: BatchedPaths | null) {
    if (this._batch) this.container.removeChild(this._batch.view);
    this._batch = b;
    // Above the grid, below the shapes drawn one by one (a picked node) and the markers.
    if (b) this.container.addChildAt(b.view, 1);
  }
  private _batch: BatchedPaths | null = null;
  private flat = new Float64Array(64);
  private readonly fillColor = { color: 0, alpha: 1 };
  private readonly lineColor = { color: 0, alpha: 1 };

  constructor(
    private readonly root: Node,
    private readonly viewport: Viewport,
    private colors: CanvasColors,
  ) {
    this.container.addChild(this.grid, this.bones, this.markers);
  }

  setColors(colors: CanvasColors): void {
    this.colors = colors;
  }

  draw(): void {
    this.drawGrid();
    this.bones.clear();
    this.markers.clear();
    const batch = this.batch;
    const batched = batch !== null;
    if (batch) batch.clear();
    let picked: Bone2D | Polygon2D | null = null;
    this.root.walk((node, depth) => {
      this.enterModulate(node, depth);
      if (batched) {
        // The picked node is drawn in full, after the batches, so nothing covers it.
        if (node === this.highlighted && (node instanceof Bone2D || node instanceof Polygon2D)) {
          picked = node;
          return;
        }
        if (node instanceof Bone2D) return this.batchBone(node);
        if (node instanceof Polygon2D) return this.batchPolygon(node);
        if (drawsItself(node)) return node.drawShapes(this.sink);
      }
      if (node instanceof Bone2D) this.drawBone(node);
      else if (node instanceof Polygon2D) this.drawPolygon(node);
      else if (node instanceof Line2D) this.drawLine(node);
      else if (node instanceof Marker2D) this.drawMarker(node);
      else if (node instanceof Node2D && node === this.highlighted) this.drawOrigin(node);
    });
    if (batch) {
      const v = this.viewport;
      batch.flush(v.widthPx, v.heightPx, drawingResolution());
      const last = picked as Bone2D | Polygon2D | null;
      if (last instanceof Bone2D) this.drawBone(last);
      else if (last instanceof Polygon2D) this.drawPolygon(last);
    }
  }

  /** A bone as one line from joint to tip, into its colour's batch. */
  private batchBone(bone: Bone2D): void {
    const m = bone.globalTransform;
    const v = this.viewport;
    const l = bone.length;
    const c = this.paintInto('bone', this.lineColor);
    this.batch!.line(
      c.color,
      c.alpha,
      m.tx * v.scale + v.offsetX,
      m.ty * v.scale + v.offsetY,
      (m.a * l + m.tx) * v.scale + v.offsetX,
      (m.b * l + m.ty) * v.scale + v.offsetY,
    );
  }

  /** A polygon into its colour's batch (and its outline's). */
  private batchPolygon(node: Polygon2D): void {
    const n = node.polygon.length;
    if (n < 3) return;
    // Into the batch whatever its size: drawn apart, a ground would cover the crowd's canvas.
    if (2 * n > this.flat.length) this.flat = new Float64Array(2 * n);
    const m = node.globalTransform;
    const v = this.viewport;
    const flat = this.flat;
    for (let i = 0; i < n; i++) {
      const p = node.polygon[i]!;
      flat[2 * i] = (m.a * p.x + m.c * p.y + m.tx) * v.scale + v.offsetX;
      flat[2 * i + 1] = (m.b * p.x + m.d * p.y + m.ty) * v.scale + v.offsetY;
    }
    const outline =
      node.outline && node.outlineWidth > 0 ? this.paintInto(node.outline, this.lineColor) : null;
    this.batch!.polygon(this.paintInto(node.color, this.fillColor), outline, flat, n);
  }

  /**
   * Where a node that draws itself draws, in crowd drawing: its global points to the screen,
   * its colours through `tinted`, into the batch. Allocation-free per shape.
   */
  private readonly sink: ShapeSink = (() => {
    const line = { color: 0, alpha: 1 };
    const fill = { color: 0, alpha: 1 };
    const outline = { color: 0, alpha: 1 };
    let outlined = false;
    const sx = (x: number) => x * this.viewport.scale + this.viewport.offsetX;
    const sy = (y: number) => y * this.viewport.scale + this.viewport.offsetY;
    return {
      lineColor: (color, tint) => void this.tinted(color, tint, line),
      line: (x0, y0, x1, y1) =>
        this.batch!.line(line.color, line.alpha, sx(x0), sy(y0), sx(x1), sy(y1)),
      fillColor: (color, edge, tint) => {
        this.tinted(color, tint, fill);
        outlined = edge !== '';
        if (outlined) this.tinted(edge, tint, outline);
      },
      polygon: (xy, count) => {
        const n = Math.max(0, Math.floor(count));
        if (2 * n > this.flat.length) this.flat = new Float64Array(2 * n);
        const flat = this.flat;
        for (let i = 0; i < 2 * n; i += 2) {
          flat[i] = sx(xy[i]!);
          flat[i + 1] = sy(xy[i + 1]!);
        }
        this.batch!.polygon(fill, outlined ? outline : null, flat, n);
      },
    };
  })();
  private readonly tint = new Float64Array(4);

  /** `paintInto` with one more modulate, a CSS tint (a crowd's spider's own colour). */
  private tinted<T extends { color: number; alpha: number }>(
    color: string,
    tint: string,
    out: T,
  ): T {
    if (tint === '#ffffff') return this.paintInto(color, out);
    const t = this.tint;
    for (let k = 0; k < 4; k++) t[k] = this.modStack[this.modAt + k]!;
    this.mixer.apply(tint, t, 0);
    return this.mixer.multiplyInto(this.cssOf(color), t, 0, out);
  }

  /** The node's effective modulate: its parent's times its own (plain Nodes pass it on). */
  private enterModulate(node: Node, depth: number): void {
    if (this.modStack.length < 4 * (depth + 1)) {
      const grown = new Float64Array(this.modStack.length * 2);
      grown.set(this.modStack);
      this.modStack = grown;
    }
    const m = this.modStack;
    const o = 4 * depth;
    if (depth === 0) ColorMixer.white(m, 0);
    else m.copyWithin(o, o - 4, o);
    if (node instanceof Node2D && node.modulate !== '#ffffff')
      this.mixer.apply(node.modulate, m, o);
    this.modAt = o;
  }

  /** A theme colour name or CSS colour, multiplied by the current modulate. */
  private paint(color: string): { color: number; alpha: number } {
    return this.paintInto(color, { color: 0, alpha: 1 });
  }

  /** `paint` into a kept object, for the batches (read it before the next call). */
  private paintInto<T extends { color: number; alpha: number }>(color: string, out: T): T {
    return this.mixer.multiplyInto(this.cssOf(color), this.modStack, this.modAt, out);
  }

  /** A theme colour's name as its CSS; any other colour as it is. */
  private cssOf(color: string): string {
    return (this.colors as unknown as Record<string, string>)[color] ?? color;
  }

  private drawPolygon(node: Polygon2D): void {
    const n = node.polygon.length;
    if (n < 3) return;
    const m = node.globalTransform;
    const v = this.viewport;
    // A fresh array each time: PixiJS keeps a reference to it until the frame is built.
    const flat = new Array<number>(2 * n);
    for (let i = 0; i < n; i++) {
      const p = node.polygon[i]!;
      flat[2 * i] = (m.a * p.x + m.c * p.y + m.tx) * v.scale + v.offsetX;
      flat[2 * i + 1] = (m.b * p.x + m.d * p.y + m.ty) * v.scale + v.offsetY;
    }
    const g = this.bones;
    const lit = node === this.highlighted;
    g.poly(flat).fill(this.paint(node.color));
    if (lit) g.stroke({ width: 3, color: this.colors.highlight, join: 'round' });
    else if (node.outline && node.outlineWidth > 0)
      g.stroke({ width: node.outlineWidth, ...this.paint(node.outline), join: 'round' });
  }

  private drawLine(node: Line2D): void {
    const n = node.points.length;
    if (n < 2) return;
    const m = node.globalTransform;
    const g = this.bones;
    for (let i = 0; i <= n; i++) {
      if (i === n && !node.closed) break;
      const p = node.points[i % n]!;
      const s = this.viewport.toScreen({
        x: m.a * p.x + m.c * p.y + m.tx,
        y: m.b * p.x + m.d * p.y + m.ty,
      });
      if (i === 0) g.moveTo(s.x, s.y);
      else g.lineTo(s.x, s.y);
    }
    // Width in scene units: it scales with the node (Godot's Line2D) and with the zoom.
    const width = node.width * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) * this.viewport.scale;
    const lit = node === this.highlighted;
    g.stroke({
      width: Math.max(1, lit ? width + 2 : width),
      ...(lit ? { color: this.colors.highlight, alpha: 1 } : this.paint(node.defaultColor)),
      join: 'round',
      cap: 'round',
    });
  }

  private drawGrid(): void {
    const g = this.grid;
    g.clear();
    if (!this.showGrid) return;
    const step = niceStep(48 / this.viewport.scale);
    const tl = this.viewport.toWorld({ x: 0, y: 0 });
    const br = this.viewport.toWorld({ x: this.viewport.widthPx, y: this.viewport.heightPx });
    const c = this.colors;
    for (let x = Math.ceil(tl.x / step) * step, i = 0; x <= br.x && i < 200; x += step, i++) {
      const sx = this.viewport.toScreen({ x, y: 0 }).x;
      g.moveTo(sx, 0).lineTo(sx, this.viewport.heightPx);
    }
    for (let y = Math.ceil(tl.y / step) * step, i = 0; y <= br.y && i < 200; y += step, i++) {
      const sy = this.viewport.toScreen({ x: 0, y }).y;
      g.moveTo(0, sy).lineTo(this.viewport.widthPx, sy);
    }
    g.stroke({ width: 1, color: c.grid });
    const o = this.viewport.toScreen({ x: 0, y: 0 });
    g.moveTo(0, o.y)
      .lineTo(this.viewport.widthPx, o.y)
      .moveTo(o.x, 0)
      .lineTo(o.x, this.viewport.heightPx);
    g.stroke({ width: 1, color: c.axis });
  }

  private drawBone(bone: Bone2D): void {
    const c = this.colors;
    const joint = this.viewport.toScreen(bone.globalPosition);
    const tip = this.viewport.toScreen(bone.tipGlobalPosition);
    const dx = tip.x - joint.x;
    const dy = tip.y - joint.y;
    const len = Math.hypot(dx, dy);
    const lit = bone === this.highlighted;
    const g = this.bones;
    if (len > 1) {
      const ux = dx / len;
      const uy = dy / len;
      const half = Math.min(14, Math.max(4, len * 0.1));
      const wx = joint.x + ux * len * 0.18;
      const wy = joint.y + uy * len * 0.18;
      g.poly([
        joint.x,
        joint.y,
        wx - uy * half,
        wy + ux * half,
        tip.x,
        tip.y,
        wx + uy * half,
        wy - ux * half,
      ]);
      g.fill(lit ? { color: c.highlight } : this.paint('bone'));
      g.stroke({
        width: lit ? 3 : 1.5,
        ...(lit ? { color: c.highlight } : this.paint('boneOutline')),
        join: 'round',
      });
    }
    // Joint dots shrink with short bones too, so small skeletons are not all dots.
    const r = lit ? 7 : Math.min(5, Math.max(1.5, len * 0.12));
    g.circle(joint.x, joint.y, r).fill(lit ? { color: c.highlight } : this.paint('joint'));
    if (lit) this.drawAxes(bone, joint);
  }

  /** The node's local x (red-ish) and y axes as they land on screen: shows flips at a glance. */
  private drawAxes(node: Node2D, origin: Vec2): void {
    const g = this.bones;
    const m = node.globalTransform;
    const axis = (vx: number, vy: number, color: string) => {
      const l = Math.hypot(vx, vy) || 1;
      g.moveTo(origin.x, origin.y)
        .lineTo(origin.x + (vx / l) * 34, origin.y + (vy / l) * 34)
        .stroke({ width: 2.5, color });
    };
    axis(m.a, m.b, this.colors.target);
    axis(m.c, m.d, this.colors.accent);
  }

  private drawOrigin(node: Node2D): void {
    const p = this.viewport.toScreen(node.globalPosition);
    this.bones.circle(p.x, p.y, 6).stroke({ width: 2, color: this.colors.highlight });
    this.drawAxes(node, p);
  }

  private drawMarker(marker: Marker2D): void {
    const c = this.colors;
    const p = this.viewport.toScreen(marker.globalPosition);
    const g = this.markers;
    const lit = marker === this.highlighted;
    const focused = marker === this.focused;
    // A marker with no gizmo (IK targets a spider moves itself) shows only when picked.
    if (marker.gizmoExtents <= 0 && !lit && !focused) return;
    const color = marker.role === 'target' ? c.target : marker.role === 'pole' ? c.pole : c.marker;
    const r = marker.draggable ? 11 : 7;
    if (focused) g.circle(p.x, p.y, r + 7).stroke({ width: 3, color: c.focus });
    if (lit) g.circle(p.x, p.y, r + 4).stroke({ width: 3, color: c.highlight });
    if (marker.role === 'pole') {
      g.poly([p.x, p.y - r, p.x + r, p.y, p.x, p.y + r, p.x - r, p.y])
        .fill({ color, alpha: 0.25 })
        .stroke({ width: 2, color });
    } else if (marker.role === 'target') {
      g.circle(p.x, p.y, r).fill({ color, alpha: 0.2 }).stroke({ width: 2, color });
      g.moveTo(p.x - r - 4, p.y)
        .lineTo(p.x + r + 4, p.y)
        .moveTo(p.x, p.y - r - 4)
        .lineTo(p.x, p.y + r + 4)
        .stroke({ width: 1.5, color });
    } else {
      g.moveTo(p.x - r, p.y)
        .lineTo(p.x + r, p.y)
        .moveTo(p.x, p.y - r)
        .lineTo(p.x, p.y + r)
        .stroke({ width: 2, color });
    }
  }
}

/** A grid step of 1, 2 or 5 × 10^k near `raw` scene units. */
export function niceStep(raw: number): number {
  if (!Number.isFinite(raw) || raw <= 0) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * pow;
}
