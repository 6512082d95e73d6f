import type { Vec2 } from '../../math/vec2';
import { approachFactor } from '../../procedural/smoothing';
import type { WorldRect } from '../../render/viewport';

/** How fast the view catches up with its subject (1/s): a second or so, no jolts. */
const RATE = 3;
/** The subject is kept inside the middle of the view: this share of it on each side is margin. */
const MARGIN = 0.2;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/**
 * A view that keeps a walking subject in the picture. It stays on its home rectangle while the
 * subject is inside the home's middle part, and slides (same size) just far enough to keep it
 * there when it is not: up a wall, to the end of the ground. Never past the ground's ends.
 */
export class FollowView {
  readonly rect: WorldRect;

  constructor(
    private readonly home: WorldRect,
    private readonly ground: { left: number; right: number },
    private readonly subject: () => Vec2,
  ) {
    this.rect = { ...home };
  }

  /** Eases towards where the view should be now. */
  follow(dt: number): void {
    const k = approachFactor(RATE, dt);
    const x = this.targetX();
    const y = this.targetY();
    this.rect.x += (x - this.rect.x) * k;
    this.rect.y += (y - this.rect.y) * k;
  }

  /** Goes there at once (a new ground, a new start). */
  snap(): void {
    this.rect.x = this.targetX();
    this.rect.y = this.targetY();
  }

  private targetX(): number {
    const { x } = this.subject();
    const w = this.home.width;
    const inBand = clamp(this.home.x, x - (1 - MARGIN) * w, x - MARGIN * w);
    return clamp(
      inBand,
      Math.min(this.home.x, this.ground.left),
      Math.max(this.home.x, this.ground.right - w),
    );
  }

  private targetY(): number {
    const { y } = this.subject();
    const h = this.home.height;
    return clamp(this.home.y, y - (1 - MARGIN) * h, y - MARGIN * h);
  }
}
