import { type DescentOptions, type DescentProblem, GradientDescent } from './gradient-descent.ts';
import type { LIC } from './lic.ts';

/**
 * Seed 000's StrideCorrector (§6.7): reshapes a step's curve so it never dips below the ground
 * while keeping its shape. The variables are the inner points' coordinates; the cost matches
 * each point's left and right velocities to the base curve's (eq. 4.15), the gradient is the
 * seed's simplified one (eq. 4.16, each point's own velocities only), the descent uses momentum,
 * and after every step a point below its minimum height hMin_i is put back on it and its step
 * shrunk (×1e-5), so the momentum "believes" the clamped height. The ends stay where they are.
 */
export class StrideCorrector implements DescentProblem {
  size = 0;
  private base = new Float64Array(0);
  private times = new Float64Array(0);
  private hMin = new Float64Array(0);
  private x = new Float64Array(0);
  private count = 0;
  private readonly gd = new GradientDescent();
  iterations = 0;
  /** How many points had to be lifted onto their minimum height in the last correction. */
  clamped = 0;
  private readonly options: DescentOptions = {
    learningRate: 0,
    maxIterations: 0,
    targetArgDelta: 0,
  };

  /**
   * Corrects `curve` in place against minimum heights `minHeight(i)` for its points. Curves of
   * two points or fewer are left as they are (the seed skips them).
   */
  correct(curve: LIC, minHeight: (i: number) => number, o: DescentOptions): void {
    const n = curve.length;
    this.iterations = 0;
    this.clamped = 0;
    if (n <= 2) return;
    this.reserve(n);
    this.count = n;
    for (let i = 0; i < n; i++) {
      this.times[i] = curve.timeAt(i);
      for (let c = 0; c < 3; c++) this.base[3 * i + c] = curve.coord(i, c);
      // A floor that is not a finite number (off every terrain, or bad input) constrains nothing.
      const h = minHeight(i);
      this.hMin[i] = Number.isFinite(h) ? h : -Infinity;
    }
    this.size = 3 * (n - 2);
    for (let i = 1; i < n - 1; i++)
      for (let c = 0; c < 3; c++) this.x[3 * (i - 1) + c] = this.base[3 * i + c]!;
    // Start from the base, but with every point already on or above its floor. The seed starts
    // from the base as it is and only clamps after each step; starting clamped gives the same
    // curve in fewer iterations, since the first step's clamps come first either way.
    for (let i = 1; i < n - 1; i++) {
      const zi = 3 * (i - 1) + 2;
      if (this.x[zi]! < this.hMin[i]!) this.x[zi] = this.hMin[i]!;
    }
    Object.assign(this.options, o);
    this.options.momentum = true; // the seed's corrector always uses momentum
    const r = this.gd.run(this, this.x, this.options);
    this.iterations = r.iterations;
    for (let i = 1; i < n - 1; i++)
      curve.setCurvePoint(
        i,
        this.x[3 * (i - 1)]!,
        this.x[3 * (i - 1) + 1]!,
        this.x[3 * (i - 1) + 2]!,
      );
  }

  /** f = Σ ‖lVel_T − lVel_B‖² + ‖rVel_T − rVel_B‖² over the inner points (eq. 4.15). */
  evaluate(x: Float64Array, grad: Float64Array): number {
    const n = this.count;
    let f = 0;
    for (let i = 1; i < n - 1; i++) {
      const dl = this.times[i]! - this.times[i - 1]!;
      const dr = this.times[i + 1]! - this.times[i]!;
      for (let c = 0; c < 3; c++) {
        const p = x[3 * (i - 1) + c]!;
        const prev = i - 1 === 0 ? this.base[c]! : x[3 * (i - 2) + c]!;
        const next = i + 1 === n - 1 ? this.base[3 * (n - 1) + c]! : x[3 * i + c]!;
        const lT = (p - prev) / dl;
        const rT = (next - p) / dr;
        const lB = (this.base[3 * i + c]! - this.base[3 * (i - 1) + c]!) / dl;
        const rB = (this.base[3 * (i + 1) + c]! - this.base[3 * i + c]!) / dr;
        f += (lT - lB) ** 2 + (rT - rB) ** 2;
        // Eq. 4.16: 2[(lT − lB)/(t_i − t_{i−1}) + (rT − rB)/(t_i − t_{i+1})].
        grad[3 * (i - 1) + c] = 2 * ((lT - lB) / dl - (rT - rB) / dr);
      }
    }
    return f;
  }

  afterStep(x: Float64Array, delta: Float64Array): void {
    for (let i = 1; i < this.count - 1; i++) {
      const zi = 3 * (i - 1) + 2;
      if (x[zi]! < this.hMin[i]!) {
        x[zi] = this.hMin[i]!;
        delta[zi] = delta[zi]! * 1e-5;
        this.clamped++;
      }
    }
  }

  private reserve(n: number): void {
    if (this.times.length >= n) return;
    this.times = new Float64Array(n);
    this.base = new Float64Array(3 * n);
    this.hMin = new Float64Array(n);
    this.x = new Float64Array(3 * n);
  }
}
