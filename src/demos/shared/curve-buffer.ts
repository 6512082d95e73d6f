import type { LIC } from '../../walk3d/lic.ts';

/** A polyline the 3D view draws (its `curves` entries), refilled from a curve each frame. */
export class CurveBuffer {
  points: Float64Array;
  count = 0;

  constructor(
    public color: number,
    public width: number,
    capacity = 64,
  ) {
    this.points = new Float64Array(3 * capacity);
  }

  /** Copies the curve's points (growing the buffer only when it is too small); null empties it. */
  fromLIC(c: LIC | null, lift = 0): this {
    if (!c) {
      this.count = 0;
      return this;
    }
    if (this.points.length < 3 * c.length) this.points = new Float64Array(3 * c.length * 2);
    for (let i = 0; i < c.length; i++) {
      this.points[3 * i] = c.coord(i, 0);
      this.points[3 * i + 1] = c.coord(i, 1);
      this.points[3 * i + 2] = c.coord(i, 2) + lift;
    }
    this.count = c.length;
    return this;
  }
}
