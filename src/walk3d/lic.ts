/**
 * LIC, the "linearly interpolated curve" of seed 000 (§6.1): points in 3D at strictly increasing
 * parameter values (times), evaluated by linear interpolation between neighbours. Every
 * trajectory of the walking system (the feet's and the hips' paths, original and generated) is
 * one. Operations follow the seed's list; all of them keep the times strictly increasing.
 *
 * Storage is flat (x, y, z per point) and grows by doubling, so building a curve point by point
 * allocates only when it outgrows its buffer.
 */
export class LIC {
  /** Times below this apart count as the same time (the seed's epsilon, 1e-4). */
  static readonly EPSILON = 1e-4;
  private t: Float64Array;
  private p: Float64Array;
  private n = 0;

  constructor(capacity = 8) {
    this.t = new Float64Array(Math.max(2, capacity));
    this.p = new Float64Array(3 * Math.max(2, capacity));
  }

  /** A curve through these points (x, y, z each) at these times (strictly increasing). */
  static from(times: ArrayLike<number>, points: ArrayLike<number>): LIC {
    const c = new LIC(times.length);
    for (let i = 0; i < times.length; i++)
      c.push(times[i]!, points[3 * i]!, points[3 * i + 1]!, points[3 * i + 2]!);
    return c;
  }

  get length(): number {
    return this.n;
  }
  get startTime(): number {
    return this.n ? this.t[0]! : NaN;
  }
  get endTime(): number {
    return this.n ? this.t[this.n - 1]! : NaN;
  }
  timeAt(i: number): number {
    return this.t[i]!;
  }
  /** Coordinate c (0 x, 1 y, 2 z) of point i. */
  coord(i: number, c: number): number {
    return this.p[3 * i + c]!;
  }
  pointAt(i: number, out: Float64Array): Float64Array {
    out[0] = this.p[3 * i]!;
    out[1] = this.p[3 * i + 1]!;
    out[2] = this.p[3 * i + 2]!;
    return out;
  }

  clear(): this {
    this.n = 0;
    return this;
  }

  copyFrom(other: LIC): this {
    this.reserve(other.n);
    this.t.set(other.t.subarray(0, other.n));
    this.p.set(other.p.subarray(0, 3 * other.n));
    this.n = other.n;
    return this;
  }

  clone(): LIC {
    return new LIC(this.n).copyFrom(this);
  }

  /** Appends a point after the last one; a time not past the last (by epsilon) is refused. */
  push(time: number, x: number, y: number, z: number): boolean {
    if (!Number.isFinite(time) || !Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z))
      return false;
    if (this.n && time <= this.t[this.n - 1]! + LIC.EPSILON) return false;
    this.reserve(this.n + 1);
    this.t[this.n] = time;
    this.p[3 * this.n] = x;
    this.p[3 * this.n + 1] = y;
    this.p[3 * this.n + 2] = z;
    this.n++;
    return true;
  }

  /**
   * The seed's insertPoint: adds (time, point) in time order, only if no existing time is within
   * epsilon of it. Returns whether it was added.
   */
  insertPoint(time: number, x: number, y: number, z: number): boolean {
    if (!Number.isFinite(time)) return false;
    let i = 0;
    while (i < this.n && this.t[i]! < time) i++;
    if (i < this.n && Math.abs(this.t[i]! - time) <= LIC.EPSILON) return false;
    if (i > 0 && Math.abs(this.t[i - 1]! - time) <= LIC.EPSILON) return false;
    this.reserve(this.n + 1);
    this.t.copyWithin(i + 1, i, this.n);
    this.p.copyWithin(3 * (i + 1), 3 * i, 3 * this.n);
    this.t[i] = time;
    this.p[3 * i] = x;
    this.p[3 * i + 1] = y;
    this.p[3 * i + 2] = z;
    this.n++;
    return true;
  }

  setCurvePoint(i: number, x: number, y: number, z: number): void {
    this.p[3 * i] = x;
    this.p[3 * i + 1] = y;
    this.p[3 * i + 2] = z;
  }

  /** Whether t lies on the curve's time span (within epsilon). */
  inRange(t: number): boolean {
    return this.n > 0 && t >= this.t[0]! - LIC.EPSILON && t <= this.t[this.n - 1]! + LIC.EPSILON;
  }

  /**
   * l(t): p_i at t_i, linear between neighbours; held at the ends outside the span (so a target
   * read a hair past the end of its curve does not jump). An empty curve gives NaN.
   */
  evalCurve(t: number, out: Float64Array): Float64Array {
    const n = this.n;
    if (n === 0 || !Number.isFinite(t)) {
      out[0] = out[1] = out[2] = NaN;
      return out;
    }
    const i = this.segment(t);
    if (i < 0) return this.pointAt(t < this.t[0]! ? 0 : n - 1, out);
    const t0 = this.t[i]!;
    const t1 = this.t[i + 1]!;
    const u = t1 > t0 ? (t - t0) / (t1 - t0) : 0;
    for (let c = 0; c < 3; c++) {
      const a = this.p[3 * i + c]!;
      out[c] = a + (this.p[3 * (i + 1) + c]! - a) * u;
    }
    return out;
  }

  /** Left velocity of point k: (p_k − p_{k−1}) / (t_k − t_{k−1}); zero at the first point. */
  leftVelocity(k: number, out: Float64Array): Float64Array {
    if (k <= 0 || k >= this.n) return zero(out);
    const dt = this.t[k]! - this.t[k - 1]!;
    for (let c = 0; c < 3; c++) out[c] = (this.p[3 * k + c]! - this.p[3 * (k - 1) + c]!) / dt;
    return out;
  }

  /** Right velocity of point k: (p_{k+1} − p_k) / (t_{k+1} − t_k); zero at the last point. */
  rightVelocity(k: number, out: Float64Array): Float64Array {
    if (k < 0 || k >= this.n - 1) return zero(out);
    const dt = this.t[k + 1]! - this.t[k]!;
    for (let c = 0; c < 3; c++) out[c] = (this.p[3 * (k + 1) + c]! - this.p[3 * k + c]!) / dt;
    return out;
  }

  translate(dx: number, dy: number, dz: number): this {
    for (let i = 0; i < this.n; i++) {
      this.p[3 * i] = this.p[3 * i]! + dx;
      this.p[3 * i + 1] = this.p[3 * i + 1]! + dy;
      this.p[3 * i + 2] = this.p[3 * i + 2]! + dz;
    }
    return this;
  }

  scale(k: number): this {
    for (let i = 0; i < 3 * this.n; i++) this.p[i] = this.p[i]! * k;
    return this;
  }

  /** Rotates every point about the origin by a row-major 3×3 matrix. */
  rotate(m: ArrayLike<number>): this {
    for (let i = 0; i < this.n; i++) {
      const x = this.p[3 * i]!;
      const y = this.p[3 * i + 1]!;
      const z = this.p[3 * i + 2]!;
      this.p[3 * i] = m[0]! * x + m[1]! * y + m[2]! * z;
      this.p[3 * i + 1] = m[3]! * x + m[4]! * y + m[5]! * z;
      this.p[3 * i + 2] = m[6]! * x + m[7]! * y + m[8]! * z;
    }
    return this;
  }

  /** Rotates every point about the vertical through (cx, cy) by `angle` (radians). */
  rotateAboutZ(angle: number, cx = 0, cy = 0): this {
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    for (let i = 0; i < this.n; i++) {
      const x = this.p[3 * i]! - cx;
      const y = this.p[3 * i + 1]! - cy;
      this.p[3 * i] = cx + c * x - s * y;
      this.p[3 * i + 1] = cy + s * x + c * y;
    }
    return this;
  }

  offsetTValues(dt: number): this {
    for (let i = 0; i < this.n; i++) this.t[i] = this.t[i]! + dt;
    return this;
  }

  /**
   * The sub-curve over [t0, t1], into `out`: the points inside, plus the curve's values at t0 and
   * t1 as its ends (clamped to the span).
   */
  sample(t0: number, t1: number, out: LIC): LIC {
    out.clear();
    if (this.n === 0 || !(t1 >= t0)) return out;
    const a = Math.max(t0, this.t[0]!);
    const b = Math.min(t1, this.t[this.n - 1]!);
    if (b < a) return out;
    const q = SCRATCH;
    this.evalCurve(a, q);
    out.push(a, q[0]!, q[1]!, q[2]!);
    for (let i = 0; i < this.n; i++) {
      const ti = this.t[i]!;
      if (ti > a + LIC.EPSILON && ti < b - LIC.EPSILON)
        out.push(ti, this.p[3 * i]!, this.p[3 * i + 1]!, this.p[3 * i + 2]!);
    }
    this.evalCurve(b, q);
    out.push(b, q[0]!, q[1]!, q[2]!);
    return out;
  }

  /**
   * The seed's connect: moves `other` so that it starts where this curve ends (in space), shifts
   * its times to start at this curve's end, and appends it (its first point is the shared one).
   */
  connect(other: LIC): this {
    if (other.n === 0) return this;
    if (this.n === 0) return this.copyFrom(other);
    const last = this.n - 1;
    const dx = this.p[3 * last]! - other.p[0]!;
    const dy = this.p[3 * last + 1]! - other.p[1]!;
    const dz = this.p[3 * last + 2]! - other.p[2]!;
    const dt = this.t[last]! - other.t[0]!;
    for (let i = 1; i < other.n; i++)
      this.push(
        other.t[i]! + dt,
        other.p[3 * i]! + dx,
        other.p[3 * i + 1]! + dy,
        other.p[3 * i + 2]! + dz,
      );
    return this;
  }

  /**
   * The seed's join: appends the points of `other` whose times lie past this curve's end, as they
   * are (no moving).
   */
  join(other: LIC): this {
    for (let i = 0; i < other.n; i++)
      if (this.n === 0 || other.t[i]! > this.t[this.n - 1]! + LIC.EPSILON)
        this.push(other.t[i]!, other.p[3 * i]!, other.p[3 * i + 1]!, other.p[3 * i + 2]!);
    return this;
  }

  /**
   * The seed's fitEnds: moves the curve to the origin, turns it so its chord (last − first point)
   * lies along `end − start`, scales it so the chord has that length, and puts its first point
   * on `start`. So the curve keeps its shape and runs from start to end. A curve with a zero
   * chord (a planted foot) is only moved to start.
   */
  fitEnds(start: ArrayLike<number>, end: ArrayLike<number>): this {
    const n = this.n;
    if (n === 0) return this;
    const x0 = this.p[0]!;
    const y0 = this.p[1]!;
    const z0 = this.p[2]!;
    this.translate(-x0, -y0, -z0);
    const ox = this.p[3 * (n - 1)]!;
    const oy = this.p[3 * (n - 1) + 1]!;
    const oz = this.p[3 * (n - 1) + 2]!;
    const tx = end[0]! - start[0]!;
    const ty = end[1]! - start[1]!;
    const tz = end[2]! - start[2]!;
    const lo = Math.hypot(ox, oy, oz);
    const lt = Math.hypot(tx, ty, tz);
    if (lo > 1e-9 && lt > 1e-9) {
      rotationBetween(ox / lo, oy / lo, oz / lo, tx / lt, ty / lt, tz / lt, ROT);
      this.rotate(ROT);
      this.scale(lt / lo);
    } else if (n > 1 && lt > 1e-9) {
      // No chord to turn (the curve returns to its start): spread it along the target instead.
      for (let i = 1; i < n; i++) {
        const u = (this.t[i]! - this.t[0]!) / (this.t[n - 1]! - this.t[0]!);
        this.p[3 * i] = this.p[3 * i]! + tx * u;
        this.p[3 * i + 1] = this.p[3 * i + 1]! + ty * u;
        this.p[3 * i + 2] = this.p[3 * i + 2]! + tz * u;
      }
    }
    this.translate(start[0]!, start[1]!, start[2]!);
    if (lt > 1e-9 || lo <= 1e-9) this.setCurvePoint(n - 1, end[0]!, end[1]!, end[2]!);
    return this;
  }

  /**
   * The seed's transition(c1, c2, t̂): c1 up to t̂, c2 after it, with the point at t̂ the average
   * of the two curves there. Both must contain t̂; otherwise `out` becomes a copy of c2.
   */
  static transition(c1: LIC, c2: LIC, th: number, out: LIC): LIC {
    if (!c1.inRange(th) || !c2.inRange(th)) return out.copyFrom(c2);
    const a = SCRATCH;
    const b = SCRATCH2;
    c1.evalCurve(th, a);
    c2.evalCurve(th, b);
    out.clear();
    for (let i = 0; i < c1.n && c1.t[i]! < th - LIC.EPSILON; i++)
      out.push(c1.t[i]!, c1.p[3 * i]!, c1.p[3 * i + 1]!, c1.p[3 * i + 2]!);
    out.push(th, (a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2, (a[2]! + b[2]!) / 2);
    for (let i = 0; i < c2.n; i++)
      if (c2.t[i]! > th + LIC.EPSILON)
        out.push(c2.t[i]!, c2.p[3 * i]!, c2.p[3 * i + 1]!, c2.p[3 * i + 2]!);
    return out;
  }

  /**
   * The seed's transitionSoft: c1 before t0, c2 after t1, and between them a blend that goes
   * from c1 to c2 linearly in time, at every point either curve has in [t0, t1]. Where c1 ends
   * before t0 (or c2 starts after t1) the window shrinks to what both cover; with no overlap the
   * result is c2.
   */
  static transitionSoft(c1: LIC, c2: LIC, t0: number, t1: number, out: LIC): LIC {
    const lo = Math.max(t0, c2.startTime);
    const hi = Math.min(t1, c1.endTime);
    if (!(hi > lo + LIC.EPSILON) || !c1.inRange(lo) || !c2.inRange(hi)) return out.copyFrom(c2);
    const a = SCRATCH;
    const b = SCRATCH2;
    out.clear();
    for (let i = 0; i < c1.n && c1.t[i]! < lo - LIC.EPSILON; i++)
      out.push(c1.t[i]!, c1.p[3 * i]!, c1.p[3 * i + 1]!, c1.p[3 * i + 2]!);
    // Blend at both curves' points inside the window, in time order.
    let i = 0;
    let j = 0;
    let last = -Infinity;
    for (;;) {
      while (i < c1.n && c1.t[i]! < lo - LIC.EPSILON) i++;
      while (j < c2.n && c2.t[j]! < lo - LIC.EPSILON) j++;
      const ti = i < c1.n ? c1.t[i]! : Infinity;
      const tj = j < c2.n ? c2.t[j]! : Infinity;
      let t = Math.min(ti, tj);
      if (last === -Infinity) t = lo;
      if (t > hi) t = hi;
      if (t <= last + LIC.EPSILON) {
        if (t >= hi) break;
        if (ti <= tj) i++;
        else j++;
        continue;
      }
      const u = (t - lo) / (hi - lo);
      c1.evalCurve(t, a);
      c2.evalCurve(t, b);
      out.push(
        t,
        a[0]! + (b[0]! - a[0]!) * u,
        a[1]! + (b[1]! - a[1]!) * u,
        a[2]! + (b[2]! - a[2]!) * u,
      );
      last = t;
      if (t >= hi) break;
    }
    for (let k = 0; k < c2.n; k++)
      if (c2.t[k]! > hi + LIC.EPSILON)
        out.push(c2.t[k]!, c2.p[3 * k]!, c2.p[3 * k + 1]!, c2.p[3 * k + 2]!);
    return out;
  }

  /** Drops the points before time t, keeping the one just before it (so t stays in range). */
  trimBefore(t: number): this {
    let k = 0;
    while (k + 1 < this.n && this.t[k + 1]! <= t) k++;
    if (k === 0) return this;
    this.t.copyWithin(0, k, this.n);
    this.p.copyWithin(0, 3 * k, 3 * this.n);
    this.n -= k;
    return this;
  }

  /**
   * Starts the curve at time t: its point there (interpolated) first, nothing before it. A
   * point within epsilon after t is kept as the first instead. Outside the span: unchanged.
   */
  cutBefore(t: number): this {
    if (this.n < 2 || !(t > this.t[0]!) || !(t < this.t[this.n - 1]!)) return this;
    const at = this.evalCurve(t, SCRATCH);
    this.trimBefore(t);
    if (this.t[0]! >= t) return this;
    if (this.t[1]! - t <= LIC.EPSILON) return this.trimBefore(this.t[1]!);
    this.t[0] = t;
    this.p[0] = at[0]!;
    this.p[1] = at[1]!;
    this.p[2] = at[2]!;
    return this;
  }

  /** Index i with t_i ≤ t < t_{i+1}, or −1 outside [t_0, t_m]. */
  private segment(t: number): number {
    const n = this.n;
    if (n < 2 || t < this.t[0]! || t > this.t[n - 1]!) return -1;
    let lo = 0;
    let hi = n - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.t[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private reserve(size: number): void {
    if (size <= this.t.length) return;
    const cap = Math.max(size, 2 * this.t.length);
    const t = new Float64Array(cap);
    const p = new Float64Array(3 * cap);
    t.set(this.t.subarray(0, this.n));
    p.set(this.p.subarray(0, 3 * this.n));
    this.t = t;
    this.p = p;
  }
}

const SCRATCH = new Float64Array(3);
const SCRATCH2 = new Float64Array(3);
const ROT = new Float64Array(9);

function zero(out: Float64Array): Float64Array {
  out[0] = out[1] = out[2] = 0;
  return out;
}

/**
 * The rotation (row-major 3×3) taking unit vector a onto unit vector b, by Rodrigues' formula
 * about a × b; opposite vectors turn half a circle about an axis perpendicular to a.
 */
export function rotationBetween(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  out: Float64Array,
): Float64Array {
  let kx = ay * bz - az * by;
  let ky = az * bx - ax * bz;
  let kz = ax * by - ay * bx;
  const s = Math.hypot(kx, ky, kz);
  const c = ax * bx + ay * by + az * bz;
  if (s < 1e-12) {
    if (c > 0) return axisAngleMatrix(1, 0, 0, 0, 1, out); // the identity
    // Opposite: any axis perpendicular to a.
    kx = Math.abs(ax) < 0.9 ? 0 : -ay;
    ky = Math.abs(ax) < 0.9 ? -az : ax;
    kz = Math.abs(ax) < 0.9 ? ay : 0;
    const l = Math.hypot(kx, ky, kz);
    return axisAngleMatrix(kx / l, ky / l, kz / l, 0, -1, out);
  }
  return axisAngleMatrix(kx / s, ky / s, kz / s, s, c, out);
}

/** R(axis, θ) from sin θ and cos θ (seed 000 Annex B's matrix), row-major. */
function axisAngleMatrix(
  x: number,
  y: number,
  z: number,
  s: number,
  c: number,
  out: Float64Array,
): Float64Array {
  const k = 1 - c;
  out[0] = c + x * x * k;
  out[1] = x * y * k - z * s;
  out[2] = x * z * k + y * s;
  out[3] = x * y * k + z * s;
  out[4] = c + y * y * k;
  out[5] = y * z * k - x * s;
  out[6] = x * z * k - y * s;
  out[7] = y * z * k + x * s;
  out[8] = c + z * z * k;
  return out;
}
