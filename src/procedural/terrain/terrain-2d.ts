import type { Vec2 } from '../../math/vec2.ts';
import { Line2D } from '../../scene/line2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import { Polygon2D } from '../../scene/polygon2d.ts';
import { TerrainPath } from './terrain-path.ts';

/**
 * Ground in the node tree: a polyline of points (in this node's space), drawn as a filled
 * Polygon2D with a Line2D on top, and a TerrainPath (`ground`) in global space for rays and feet.
 *
 * With `editable` on, each point gets a draggable Marker2D child ("P0", "P1", …): the student
 * reshapes the ground by dragging them, and the path follows on the next process.
 */
export class Terrain2D extends Node2D {
  override get typeName(): string {
    return 'Terrain2D';
  }

  /** The ground in global space, for rays and feet. */
  readonly ground = new TerrainPath();
  private pts: Vec2[] = [];
  private readonly fill = new Polygon2D('Ground', [], 'ground');
  private readonly surface = new Line2D('Surface', [], 'groundEdge');
  private handles: Node2D | null = null;
  private builtFor = -1;
  private _fillDepth = 600;

  constructor(name = 'Terrain', points: readonly Vec2[] = []) {
    super(name);
    this.surface.width = 3;
    this.addChild(this.fill);
    this.addChild(this.surface);
    this.points = points;
  }

  /** The control points, in this node's space. */
  get points(): readonly Vec2[] {
    return this.pts;
  }
  set points(points: readonly Vec2[]) {
    this.pts = points
      .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y))
      .map((p) => ({
        x: p.x,
        y: p.y,
      }));
    if (this.handles) this.makeHandles();
    this.rebuild();
  }

  /** How far below its lowest point the ground's fill reaches (scene units). */
  get fillDepth(): number {
    return this._fillDepth;
  }
  set fillDepth(depth: number) {
    this._fillDepth = Number.isFinite(depth) && depth >= 0 ? depth : 600;
    this.rebuild();
  }

  get editable(): boolean {
    return this.handles !== null;
  }
  set editable(on: boolean) {
    if (on === this.editable) return;
    if (on) {
      this.handles = this.addChild(new Node2D('Points'));
      this.makeHandles();
    } else {
      this.removeChild(this.handles!);
      this.handles = null;
    }
  }

  /** Picks up dragged points, and a moved node; rebuilds the path only when something changed. */
  override process(): void {
    if (this.handles) {
      let moved = false;
      const markers = this.handles.children;
      for (let i = 0; i < markers.length && i < this.pts.length; i++) {
        const p = (markers[i] as Marker2D).position;
        const q = this.pts[i]!;
        if (p.x !== q.x || p.y !== q.y) {
          q.x = p.x;
          q.y = p.y;
          moved = true;
        }
      }
      if (moved) this.rebuild();
    }
    // Reading the global transform brings `version` up to date (it counts recomputations).
    if (this.globalTransform && this.version !== this.builtFor) this.rebuild();
  }

  private makeHandles(): void {
    const h = this.handles!;
    for (const child of [...h.children]) h.removeChild(child);
    this.pts.forEach((p, i) => {
      const m = h.addChild(new Marker2D(`P${i}`, 'marker', true));
      m.position = p;
    });
  }

  private rebuild(): void {
    const g = this.globalTransform;
    this.builtFor = this.version;
    this.ground.setPoints(
      this.pts.map((p) => ({ x: g.a * p.x + g.c * p.y + g.tx, y: g.b * p.x + g.d * p.y + g.ty })),
    );
    this.surface.points = this.pts.map((p) => ({ ...p }));
    if (this.pts.length >= 2) {
      const bottom = Math.max(...this.pts.map((p) => p.y)) + this._fillDepth;
      const first = this.pts[0]!;
      const last = this.pts[this.pts.length - 1]!;
      this.fill.polygon = [
        ...this.pts.map((p) => ({ ...p })),
        { x: last.x, y: bottom },
        { x: first.x, y: bottom },
      ];
    } else this.fill.polygon = [];
  }
}
