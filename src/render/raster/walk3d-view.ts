import { jointSide } from '../../walk3d/skeleton';
import type { Skeleton } from '../../walk3d/skeleton';

/** What the view draws of a character: its skeleton and its joints' world matrices. */
export interface Posed {
  readonly skeleton: Skeleton;
  readonly matrices: Float64Array;
}
import type { CanvasColors } from '../theme-colors';
import { OrbitCamera } from './orbit-camera';
import { hexColor, rgba } from './raster-target';
import { SectionSkirt } from './section-skirt';
import { SoftwareRenderer } from './software-renderer';
import { findFeet } from '../../walk3d/foot-gap';
import { contactShadow } from './contact-shadow';
import { EdgeSmoothing } from './edge-smoothing';
import { SkeletonCapsules } from './skeleton-capsules';
import type { TerrainGeometry } from './walk3d-geometry';

/**
 * Where the last frame's time went (ms): the renderer's steps. Transform includes making the
 * section's cut face (it asks the terrain for its heights along the cut); edges is the
 * anti-aliasing pass over the finished frame.
 */
export interface FrameTimes {
  transform: number;
  raster: number;
  edges: number;
  upload: number;
}

/** Grid lines each side of the centre line, both ways (the floor of the lessons without terrain). */
const GRID_LINES = 8;
const AXIS_COLORS = [rgba(215, 50, 60), rgba(40, 160, 70), rgba(40, 90, 220)];

/** A line between two world points, a CSS colour and a label, drawn over the picture. */
export interface ViewMark {
  from: Float64Array;
  to: Float64Array;
  color: string;
  text: string;
  /** Which line of labels (0 above the mark's start, 1 below) so two marks never overlap. */
  row: number;
}

/** A mark to fill in each frame (its points start at the origin, its text empty). */
export function newMark(color = '', row = 0): ViewMark {
  return { from: new Float64Array(3), to: new Float64Array(3), color, text: '', row };
}

/**
 * The walking system's side view, drawn by the course's software renderer: terrains, walkers as
 * capsules along their bones, and on request each joint's axes (x red, y green, z blue), its
 * name, a floor grid, and polylines (foot paths). The frame is put on a 2D canvas with one putImageData; names are
 * written over it with the canvas's own text.
 */
export class Walk3DView {
  readonly camera = new OrbitCamera();
  readonly renderer = new SoftwareRenderer(2, 2);
  readonly terrains: TerrainGeometry[] = [];
  readonly walkers: { walker: Posed; body: SkeletonCapsules; feet: number[] }[] = [];
  /** Polylines in world space (x, y, z per point), each with a colour and a width in pixels. */
  readonly curves: { points: Float64Array; count: number; color: number; width: number }[] = [];
  /**
   * Marks written over the finished picture, not depth-tested (so a foot buried in a hill still
   * shows its gap): a line between two world points, a CSS colour, and a label at its start.
   */
  readonly marks: ViewMark[] = [];
  /**
   * The ground's height function, for the earth a section view shows under its cut. null: no
   * cut face.
   */
  ground: ((x: number, y: number) => number) | null = null;
  private readonly skirt = new SectionSkirt();
  showAxes = false;
  showNames = false;
  showGrid = true;
  /** Show the depth buffer instead of the colours: nearer is darker (what the z-buffer holds). */
  showDepth = false;
  /** Smooth the stair-stepped edges after drawing (see EdgeSmoothing). */
  smoothEdges = true;
  private readonly edgePass = new EdgeSmoothing();
  /** Lines (split at \n) written in the picture's top-left corner (the frame time), or ''. */
  corner = '';
  /** A joint drawn picked out (−1 for none), e.g. hovered in the scene panel. */
  highlight = -1;
  readonly times: FrameTimes = { transform: 0, raster: 0, edges: 0, upload: 0 };
  private image: ImageData | null = null;
  private readonly scratch = new Float64Array(6);
  private readonly pair = Uint32Array.of(0, 1);
  private stripPairs = new Uint32Array(0);
  /** The ground grid's 34 lines as one batch: two points each, joined in pairs. */
  private readonly gridPoints = new Float64Array(3 * 4 * (2 * GRID_LINES + 1));
  private readonly gridPairs = Uint32Array.from({ length: 4 * (2 * GRID_LINES + 1) }, (_, i) => i);
  private readonly projected = { x: 0, y: 0, visible: false };

  addWalker(walker: Posed): void {
    // Its feet by name (…Foot or …Ankle on each side), for the contact shadows.
    const feet = findFeet(walker.skeleton).map((f) => f.joints[0]!);
    this.walkers.push({ walker, body: new SkeletonCapsules(walker.skeleton), feet });
  }

  draw(
    ctx: CanvasRenderingContext2D,
    width: number,
    height: number,
    dpr: number,
    colors: CanvasColors,
  ): void {
    const r = this.renderer;
    r.target.resize(width, height);
    r.begin(this.camera, hexColor(colors.background));
    if (this.showGrid && this.terrains.length === 0) this.drawGrid(hexColor(colors.grid));
    const lit = r.shading !== 'flat';
    for (const t of this.terrains)
      r.mesh(t.positions, t.indices, 0, {
        faceColors: lit ? t.litColors : t.flatColors,
        vertexColors: t.smoothColors,
        prelit: true,
        cull: false,
        cut: true,
      });
    const s0 = performance.now();
    const skirt = this.ground !== null && this.skirt.update(this.camera, this.ground);
    const skirtMs = performance.now() - s0;
    if (skirt)
      // The cut face does not write depth: what lies behind it inside the earth (a foot sunk
      // into a hill) is drawn over it, as a section drawing shows it.
      r.mesh(this.skirt.positions, this.skirt.indices, this.skirt.color, {
        prelit: true,
        cull: false,
        depthWrite: false,
      });
    // On the ground as drawn so far, before the walkers (nothing of them is darkened). With the
    // cut on, the ground under a foot lies behind the cut face, so the shadow darkens the face
    // right under the foot: in a side view, where the surface is seen edge-on, that is where
    // the eye looks for contact.
    const ground = this.ground;
    if (ground)
      for (const { walker, feet } of this.walkers)
        for (const j of feet) {
          const m = walker.matrices;
          contactShadow(r, ground, m[16 * j + 12]!, m[16 * j + 13]!, m[16 * j + 14]!);
        }
    for (const { walker, body } of this.walkers) {
      body.update(walker.matrices);
      r.mesh(body.positions, body.indices, 0, {
        faceColors: body.faceColors,
        vertexColors: body.vertexColors,
      });
      if (this.showAxes) this.drawAxes(walker);
      if (this.highlight >= 0)
        this.drawJointMark(walker, this.highlight, hexColor(colors.highlight));
    }
    // A curve is one call: its points transformed once, its segments indexed 0-1, 1-2, …
    for (const c of this.curves)
      if (c.count > 1)
        r.lines(c.points, this.strip(c.count), c.width, c.color, 2 * (c.count - 1), c.count);
    const e0 = performance.now();
    if (this.showDepth) this.depthToColour(hexColor(colors.background));
    else if (this.smoothEdges) this.edgePass.apply(r.target);
    const u0 = performance.now();
    this.times.edges = this.showDepth ? 0 : u0 - e0;
    if (!this.image || this.image.width !== width || this.image.height !== height)
      this.image = new ImageData(r.target.bytes, width, height);
    ctx.putImageData(this.image, 0, 0);
    // The cut face's heights are geometry made ready for the camera: counted with transform.
    this.times.transform = r.transformMs + skirtMs;
    this.times.raster = r.rasterMs;
    this.times.upload = performance.now() - u0;
    if (this.showNames) this.drawNames(ctx, dpr, colors);
    if (this.marks.length) this.drawMarks(ctx, dpr, colors.background);
    if (this.corner) {
      ctx.font = `${Math.round(11 * dpr)}px ui-monospace, monospace`;
      ctx.lineJoin = 'round';
      ctx.lineWidth = 4 * dpr;
      ctx.strokeStyle = colors.background;
      ctx.fillStyle = colors.text;
      // One line per \n: the frame time, then whatever the lesson keeps in view (feet gaps).
      this.corner.split('\n').forEach((line, i) => {
        const y = (16 + 14 * i) * dpr;
        ctx.strokeText(line, 8 * dpr, y);
        ctx.fillText(line, 8 * dpr, y);
      });
    }
  }

  private drawMarks(ctx: CanvasRenderingContext2D, dpr: number, halo: string): void {
    const a = this.projected;
    ctx.font = `600 ${Math.round(12 * dpr)}px system-ui, sans-serif`;
    ctx.lineJoin = 'round';
    for (const m of this.marks) {
      this.renderer.project(m.from[0]!, m.from[1]!, m.from[2]!, a);
      const x0 = a.x;
      const y0 = a.y;
      if (!a.visible) continue;
      this.renderer.project(m.to[0]!, m.to[1]!, m.to[2]!, a);
      if (!a.visible) continue;
      ctx.strokeStyle = ctx.fillStyle = m.color;
      ctx.lineWidth = 2.5 * dpr;
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(a.x, a.y);
      ctx.stroke();
      if (!m.text) continue;
      // A halo in the background colour keeps the label readable over ground and sky.
      ctx.lineWidth = 4 * dpr;
      ctx.strokeStyle = halo;
      const ly = y0 + (m.row ? 16 : -6) * dpr;
      // Kept inside the picture, so a foot near the right edge still shows its label.
      const width = ctx.measureText(m.text).width;
      const lx = Math.max(4 * dpr, Math.min(x0 + 6 * dpr, ctx.canvas.width - width - 4 * dpr));
      ctx.strokeText(m.text, lx, ly);
      ctx.fillText(m.text, lx, ly);
    }
  }

  /**
   * Paints each pixel's depth as grey: dark at the nearest depth drawn, light at the farthest;
   * pixels where nothing was drawn keep the background (in either theme).
   */
  private depthToColour(background: number): void {
    const t = this.renderer.target;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < t.depth.length; i++) {
      const d = t.depth[i]!;
      if (d === Infinity) continue;
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
    const span = hi > lo ? hi - lo : 1;
    for (let i = 0; i < t.depth.length; i++) {
      const d = t.depth[i]!;
      if (d === Infinity) {
        t.color[i] = background;
        continue;
      }
      const g = Math.round(30 + 200 * ((d - lo) / span));
      t.color[i] = rgba(g, g, g);
    }
  }

  /** Indices 0, 1, 1, 2, … joining `points` points in order, grown as curves get longer. */
  private strip(points: number): Uint32Array {
    if (this.stripPairs.length < 2 * (points - 1)) {
      const pairs = new Uint32Array(2 * Math.max(points - 1, 2 * (this.stripPairs.length / 2)));
      for (let i = 0; i < pairs.length / 2; i++) {
        pairs[2 * i] = i;
        pairs[2 * i + 1] = i + 1;
      }
      this.stripPairs = pairs;
    }
    return this.stripPairs;
  }

  /** Each joint's x, y, z axes as short coloured lines (its world matrix's columns). */
  private drawAxes(walker: Posed): void {
    const m = walker.matrices;
    const len = 0.8;
    const s = this.scratch;
    for (let i = 0; i < walker.skeleton.count; i++) {
      if (walker.skeleton.joints[i]!.end) continue;
      for (let axis = 0; axis < 3; axis++) {
        const cx = m[16 * i + 4 * axis]!;
        const cy = m[16 * i + 4 * axis + 1]!;
        const cz = m[16 * i + 4 * axis + 2]!;
        const l = Math.hypot(cx, cy, cz) || 1;
        s[0] = m[16 * i + 12]!;
        s[1] = m[16 * i + 13]!;
        s[2] = m[16 * i + 14]!;
        s[3] = s[0] + (cx / l) * len;
        s[4] = s[1] + (cy / l) * len;
        s[5] = s[2] + (cz / l) * len;
        this.renderer.lines(s, this.pair, 2, AXIS_COLORS[axis]!);
      }
    }
  }

  /** A picked joint: a small cross in the highlight colour. */
  private drawJointMark(walker: Posed, i: number, color: number): void {
    if (i >= walker.skeleton.count) return;
    const m = walker.matrices;
    const s = this.scratch;
    const x = m[16 * i + 12]!;
    const y = m[16 * i + 13]!;
    const z = m[16 * i + 14]!;
    const d = 0.45;
    for (let axis = 0; axis < 3; axis++) {
      const dx = axis === 0 ? d : 0;
      const dy = axis === 1 ? d : 0;
      const dz = axis === 2 ? d : 0;
      segment6(s, x - dx, y - dy, z - dz, x + dx, y + dy, z + dz);
      this.renderer.lines(s, this.pair, 4, color);
    }
  }

  /** A grid on the ground (z = 0) around the camera's target, a line every two world units. */
  private drawGrid(color: number): void {
    const t = this.camera.target;
    const step = 2;
    const n = GRID_LINES;
    // Snapped to the grid, so the lines stay put on the ground as the camera follows a walker.
    const cx = step * Math.round(t[0]! / step);
    const cy = step * Math.round(t[1]! / step);
    const r = n * step;
    const g = this.gridPoints;
    let o = 0;
    for (let k = -n; k <= n; k++) {
      segment6(g, cx + k * step, cy - r, 0, cx + k * step, cy + r, 0, o);
      segment6(g, cx - r, cy + k * step, 0, cx + r, cy + k * step, 0, o + 6);
      o += 12;
    }
    this.renderer.lines(g, this.gridPairs, 1, color);
  }

  private drawNames(ctx: CanvasRenderingContext2D, dpr: number, colors: CanvasColors): void {
    ctx.font = `${Math.round(11 * dpr)}px system-ui, sans-serif`;
    ctx.lineJoin = 'round';
    ctx.lineWidth = 3 * dpr;
    ctx.strokeStyle = colors.background;
    ctx.fillStyle = colors.text;
    const p = this.projected;
    for (const { walker } of this.walkers) {
      const m = walker.matrices;
      walker.skeleton.joints.forEach((j, i) => {
        if (j.end) return;
        this.renderer.project(m[16 * i + 12]!, m[16 * i + 13]!, m[16 * i + 14]!, p);
        if (!p.visible) return;
        // Right-side names to the left of their joint, the others to the right: in a side view
        // the two sides' joints overlap, their names should not.
        const right = jointSide(j.name) === 'right';
        ctx.textAlign = right ? 'right' : 'left';
        const x = p.x + (right ? -5 : 5) * dpr;
        ctx.strokeText(j.name, x, p.y - 3 * dpr);
        ctx.fillText(j.name, x, p.y - 3 * dpr);
      });
    }
    ctx.textAlign = 'left';
  }
}

/** Writes a segment's two ends into `s` (no array literal: this runs for every line, every frame). */
function segment6(
  s: Float64Array,
  x0: number,
  y0: number,
  z0: number,
  x1: number,
  y1: number,
  z1: number,
  at = 0,
): void {
  s[at] = x0;
  s[at + 1] = y0;
  s[at + 2] = z0;
  s[at + 3] = x1;
  s[at + 4] = y1;
  s[at + 5] = z1;
}
