import { approachFactor } from '../../procedural/smoothing.ts';
import type { WorldRect } from '../../render/viewport.ts';

/** How fast the view catches up with its subject (1/s): a quarter of a second or so, no jolts. */
const RATE = 4;
/** An edge the content is crossing catches up faster: what moves is never cut off for long. */
const GROW_RATE = 14;

/**
 * A view that follows moving content: each frame each of its edges eases towards the content's
 * bounds as they are now (quickly where the content is leaving the view, gently where the view
 * can close in), so a walking subject stays framed tight, filling the canvas, while the ground
 * slides past under it.
 */
export class FollowView {
  readonly rect: WorldRect;

  constructor(private readonly bounds: () => WorldRect) {
    this.rect = { ...bounds() };
  }

  /** Eases towards where the view should be now. */
  follow(dt: number): void {
    const slow = approachFactor(RATE, dt);
    const fast = approachFactor(GROW_RATE, dt);
    const b = this.bounds();
    const r = this.rect;
    const left = ease(r.x, b.x, b.x < r.x ? fast : slow);
    const top = ease(r.y, b.y, b.y < r.y ? fast : slow);
    const right = r.x + r.width;
    const bottom = r.y + r.height;
    const toRight = b.x + b.width;
    const toBottom = b.y + b.height;
    r.width = ease(right, toRight, toRight > right ? fast : slow) - left;
    r.height = ease(bottom, toBottom, toBottom > bottom ? fast : slow) - top;
    r.x = left;
    r.y = top;
  }

  /** Goes there at once (a new ground, a new start). */
  snap(): void {
    Object.assign(this.rect, this.bounds());
  }
}

const ease = (from: number, to: number, k: number): number => from + (to - from) * k;
