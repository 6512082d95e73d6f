import type { Vec2 } from '../math/vec2.ts';

/** The part of the scene a demo shows, in scene units (+y down). */
export interface WorldRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Maps scene units to canvas pixels (CSS pixels): the world rect is fitted inside the canvas,
 * centred, keeping its aspect ratio, so a demo looks the same on a phone and a laptop. A figure
 * gives its content's bounds as the world and a margin in pixels: the drawing then fills the
 * canvas, whatever its shape, with that much room around it.
 */
export class Viewport {
  scale = 1;
  offsetX = 0;
  offsetY = 0;

  constructor(
    public world: WorldRect,
    public widthPx = 1,
    public heightPx = 1,
    /** Room left round the world on each side, in pixels (never more than a fifth of a side). */
    public marginPx = 0,
  ) {
    this.fit();
  }

  resize(widthPx: number, heightPx: number): void {
    this.widthPx = Math.max(1, widthPx);
    this.heightPx = Math.max(1, heightPx);
    this.fit();
  }

  setWorld(world: WorldRect): void {
    this.world = world;
    this.fit();
  }

  toScreen(p: Vec2): Vec2 {
    return { x: p.x * this.scale + this.offsetX, y: p.y * this.scale + this.offsetY };
  }

  toWorld(p: Vec2): Vec2 {
    return { x: (p.x - this.offsetX) / this.scale, y: (p.y - this.offsetY) / this.scale };
  }

  /**
   * Clamps a world point to the visible area, `insetPx` screen pixels in from its edges, so a
   * handle can never be dragged out of reach.
   */
  clampToView(p: Vec2, insetPx = 0): Vec2 {
    // Never more than a third of the view in from each side: a tiny view still has a middle.
    const ix = Math.min(insetPx, this.widthPx / 3);
    const iy = Math.min(insetPx, this.heightPx / 3);
    const tl = this.toWorld({ x: ix, y: iy });
    const br = this.toWorld({ x: this.widthPx - ix, y: this.heightPx - iy });
    return { x: Math.min(br.x, Math.max(tl.x, p.x)), y: Math.min(br.y, Math.max(tl.y, p.y)) };
  }

  private fit(): void {
    const w = Math.max(1e-9, this.world.width);
    const h = Math.max(1e-9, this.world.height);
    const m = Math.min(this.marginPx, this.widthPx / 5, this.heightPx / 5);
    this.scale = Math.min((this.widthPx - 2 * m) / w, (this.heightPx - 2 * m) / h);
    this.offsetX = (this.widthPx - w * this.scale) / 2 - this.world.x * this.scale;
    this.offsetY = (this.heightPx - h * this.scale) / 2 - this.world.y * this.scale;
  }
}
