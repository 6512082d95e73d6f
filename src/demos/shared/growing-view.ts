import type { Vec2 } from '../../math/vec2.ts';
import type { WorldRect } from '../../render/viewport.ts';
import type { Bone2D } from '../../scene/bone2d.ts';

/**
 * The view of a figure whose drawing the student moves with sliders and toggles (an arm swung
 * round, a skeleton mirrored): it starts on the figure's tight content bounds, so the drawing
 * fills the canvas at the preset, and grows to take in whatever is moved outside them, so
 * nothing leaves the canvas. It never shrinks back (the view does not pump in and out as a
 * slider goes back and forth), and never grows past `limit` (a dragged handle is kept inside
 * the view, so the view bounds what a handle's link can say).
 */
export class GrowingView {
  private rect: WorldRect;

  constructor(
    home: WorldRect,
    /** Room kept round each point, in scene units (a bone's drawn width, a joint's arc). */
    private readonly pad: number,
    private readonly limit?: WorldRect,
  ) {
    this.rect = { ...home };
  }

  /** The view now: `home`, grown to take in every point shown to it so far. */
  get world(): WorldRect {
    return this.rect;
  }

  /** Grows the view to take in `points` (padded), within the limit, and returns it. */
  takeIn(points: Iterable<Vec2>): WorldRect {
    const r = this.rect;
    let [x0, y0, x1, y1] = [r.x, r.y, r.x + r.width, r.y + r.height];
    for (const p of points) {
      x0 = Math.min(x0, p.x - this.pad);
      y0 = Math.min(y0, p.y - this.pad);
      x1 = Math.max(x1, p.x + this.pad);
      y1 = Math.max(y1, p.y + this.pad);
    }
    const l = this.limit;
    if (l) {
      x0 = Math.min(r.x, Math.max(x0, l.x));
      y0 = Math.min(r.y, Math.max(y0, l.y));
      x1 = Math.max(r.x + r.width, Math.min(x1, l.x + l.width));
      y1 = Math.max(r.y + r.height, Math.min(y1, l.y + l.height));
    }
    if (x0 < r.x || y0 < r.y || x1 > r.x + r.width || y1 > r.y + r.height)
      this.rect = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    return this.rect;
  }
}

/** Each bone's joint and tip, where they are on screen now. */
export function* boneEnds(bones: Iterable<Bone2D>): Generator<Vec2> {
  for (const b of bones) {
    yield b.globalPosition;
    yield b.tipGlobalPosition;
  }
}
