import type { Skeleton } from '../../walk3d/skeleton.ts';

/** What the view draws of a character: its skeleton and its joints' world matrices. */
export interface Posed {
  readonly skeleton: Skeleton;
  readonly matrices: Float64Array;
}
import type { CanvasColors } from '../theme-colors.ts';
import { OrbitCamera } from './orbit-camera.ts';
import { rgba } from './raster-target.ts';
import { SectionSkirt } from './section-skirt.ts';
import { SoftwareRenderer } from './software-renderer.ts';
import { findFeet } from '../../walk3d/foot-gap.ts';
import { contactShadow, soleShadow } from './contact-shadow.ts';
import { EdgeSmoothing } from './edge-smoothing.ts';
import { FootSoles } from './foot-soles.ts';
import { GroundBackdrop } from './ground-backdrop.ts';
import { GroundGrid } from './ground-grid.ts';
import { SkeletonCapsules } from './skeleton-capsules.ts';
import { type LabelBox, ViewLabels } from './view-labels.ts';
import { Palette } from './view-palette.ts';
import { ViewText } from './view-text.ts';
import { meshHeightAt, type TerrainGeometry } from './walk3d-geometry.ts';

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

/** A sole's shadow's radius, as a share of the sole's length: a little past its heel and toe. */
const SOLE_SHADOW = 0.7;
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

/** A walker as the view draws it: capsules along its bones, its feet's soles, its bare ankles. */
export interface ViewWalker {
  walker: Posed;
  body: SkeletonCapsules;
  soles: FootSoles;
  /** The ankles (…Foot or …Ankle each side) of feet without a sole: their shadows' centres. */
  feet: number[];
}

/**
 * The walking system's side view, drawn by the course's software renderer: the ground (terrains,
 * or a level floor), a grid on it round the camera's target, the ground beyond and a sky behind,
 * walkers as capsules along their bones with feet that have soles, each foot's contact shadow,
 * and on request each joint's axes (x red, y green, z blue), its name, and polylines (foot
 * paths). `render` makes the frame in the renderer's buffer (no DOM: tests and the bench call
 * it); `draw` puts it on a 2D canvas with one putImageData and writes the text over it, every
 * label placed in one pass (ViewText) so none lands on another.
 */
export class Walk3DView {
  readonly camera = new OrbitCamera();
  readonly renderer = new SoftwareRenderer(2, 2);
  readonly terrains: TerrainGeometry[] = [];
  readonly walkers: ViewWalker[] = [];
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
  /** The floor's height where there is no terrain (the lessons that stand on level ground). */
  floorHeight = 0;
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
  /** Pixels the last frame's contact shadows darkened (for tests). */
  shadowPixels = 0;
  /** The labels of the last frame drawn, placed in one pass. */
  readonly labels = new ViewLabels();
  private readonly text = new ViewText();
  private dpr = 1;
  private readonly backdrop = new GroundBackdrop();
  private readonly grid = new GroundGrid();
  /** The terrains the grid last sampled (it samples again when they change). */
  private gridTerrain: TerrainGeometry | null = null;
  private readonly palette = new Palette();
  private image: ImageData | null = null;
  private readonly scratch = new Float64Array(6);
  private readonly pair = Uint32Array.of(0, 1);
  private stripPairs = new Uint32Array(0);

  /**
   * The ground as drawn: the highest terrain mesh at (x, y) (−∞ off every terrain), or the
   * floor when there is none. The grid follows it; shadows are cast on it.
   */
  readonly surface = (x: number, y: number): number => {
    const ts = this.terrains;
    if (!ts.length) return this.floorHeight;
    let z = -Infinity;
    for (let k = 0; k < ts.length; k++) z = Math.max(z, meshHeightAt(ts[k]!, x, y));
    return z;
  };

  addWalker(walker: Posed): void {
    // Its feet by name (…Foot or …Ankle on each side): soles where a toe joint follows.
    const feet = findFeet(walker.skeleton).map((f) => f.joints[0]!);
    const soles = new FootSoles(walker.skeleton, feet);
    const body = new SkeletonCapsules(walker.skeleton, (p, c) => soles.replaces(p, c));
    const bare = feet.filter((j) => !soles.feet.some((f) => f.ankle === j));
    this.walkers.push({ walker, body, soles, feet: bare });
  }

  /** The frame, into the renderer's target: `width` × `height` pixels. No DOM needed. */
  render(width: number, height: number, colors: CanvasColors): void {
    const r = this.renderer;
    const pal = this.palette.read(colors, this.terrains);
    r.target.resize(width, height);
    // Only the depth is cleared: the backdrop paints every pixel.
    r.begin(this.camera, null);
    const b0 = performance.now();
    const flat = this.terrains.length === 0;
    this.backdrop.paint(r, this.camera, flat ? this.floorHeight : pal.edgeHeight, pal, flat);
    r.rasterMs += performance.now() - b0;
    const lit = r.shading !== 'flat';
    for (const t of this.terrains)
      r.mesh(t.positions, t.indices, 0, {
        faceColors: lit ? t.litColors : t.flatColors,
        vertexColors: t.smoothColors,
        prelit: true,
        cull: false,
        cut: true,
      });
    // With a cut, before the cut face, which covers what of the grid lies behind it.
    const cut = this.camera.section !== null;
    if (cut) this.drawGrid(pal.grid);
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
    for (const { walker, body, soles } of this.walkers) {
      body.update(walker.matrices);
      soles.update(walker.matrices);
    }
    this.shadows();
    for (const { walker, body, soles } of this.walkers) {
      r.mesh(body.positions, body.indices, 0, {
        faceColors: body.faceColors,
        vertexColors: body.vertexColors,
      });
      if (soles.feet.length)
        r.mesh(soles.positions, soles.indices, 0, {
          faceColors: soles.faceColors,
          vertexColors: soles.vertexColors,
        });
      if (this.showAxes) this.drawAxes(walker);
      if (this.highlight >= 0) this.drawJointMark(walker, this.highlight, pal.highlight);
    }
    // A curve is one call: its points transformed once, its segments indexed 0-1, 1-2, …
    for (const c of this.curves)
      if (c.count > 1)
        r.lines(c.points, this.strip(c.count), c.width, c.color, 2 * (c.count - 1), c.count);
    const e0 = performance.now();
    if (this.showDepth) this.depthToColour(pal.background);
    else if (this.smoothEdges) this.edgePass.apply(r.target);
    this.times.edges = this.showDepth ? 0 : performance.now() - e0;
    // Without one, last: depth-tested against everything drawn, and left out of the edge pass
    // (its thin lines would be most of that pass's work; translucent, they need it least).
    if (!cut && !this.showDepth) this.drawGrid(pal.grid);
    // The cut face's heights are geometry made ready for the camera: counted with transform.
    this.times.transform = r.transformMs + skirtMs;
    this.times.raster = r.rasterMs;
  }

  draw(
    ctx: CanvasRenderingContext2D,
    width: number,
    height: number,
    dpr: number,
    colors: CanvasColors,
  ): void {
    this.render(width, height, colors);
    const r = this.renderer;
    const u0 = performance.now();
    if (!this.image || this.image.width !== width || this.image.height !== height)
      this.image = new ImageData(r.target.bytes, width, height);
    ctx.putImageData(this.image, 0, 0);
    this.times.upload = performance.now() - u0;
    this.writeLabels(ctx, dpr, colors);
  }

  /**
   * The text over the picture `render` made (the canvas's size is the frame's): the corner
   * lines, the marks and their labels, the joints' names, placed in one pass.
   */
  writeLabels(ctx: CanvasRenderingContext2D, dpr: number, colors: CanvasColors): void {
    this.dpr = dpr;
    this.text.write(this, ctx, dpr, colors);
  }

  /** The labels the last `draw` wrote (CSS pixels), for checks of the page. */
  labelBoxes(): LabelBox[] {
    return this.labels.cssBoxes(this.dpr);
  }

  private drawGrid(color: number): void {
    if (!this.showGrid) return;
    const first = this.terrains[0] ?? null;
    if (first !== this.gridTerrain) this.grid.invalidate();
    this.gridTerrain = first;
    this.grid.draw(this.renderer, this.camera, this.surface, color);
  }

  /**
   * Each foot's contact shadow, on the ground as drawn so far (before the walkers: nothing of
   * them is darkened). A foot with a sole casts it round the sole's middle, as dark as the
   * sole is near the ground at its lowest corner; one without, round its ankle. With the cut
   * on, the ground under a foot lies behind the cut face, so the shadow darkens the face right
   * under the foot: in a side view, where the surface is seen edge-on, that is where the eye
   * looks for contact.
   */
  private shadows(): void {
    const r = this.renderer;
    const ground = this.surface;
    this.shadowPixels = 0;
    for (const { walker, soles, feet } of this.walkers) {
      const m = walker.matrices;
      for (let f = 0; f < soles.feet.length; f++) {
        const s = soles.soles;
        const radius = SOLE_SHADOW * s[4 * f + 3]!;
        const lift = soles.lift(f, ground);
        this.shadowPixels += soleShadow(r, ground, s[4 * f]!, s[4 * f + 1]!, lift, radius);
      }
      for (const j of feet)
        this.shadowPixels += contactShadow(
          r,
          ground,
          m[16 * j + 12]!,
          m[16 * j + 13]!,
          m[16 * j + 14]!,
        );
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
