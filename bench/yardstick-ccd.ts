/**
 * The CCD yardstick: the least code that does the kernel's job (tip-to-root, no limits). One
 * iteration sweeps from the bone nearest the tip to the root; each joint turns by
 * angle(target) − angle(tip), seen from the joint, and the sweep stops early once the tip is
 * within tolerance. As in the kernel, only the tip moves during a tip-to-root sweep (the joints
 * before the turning one stay put), and the pose is recomputed from the angles once per sweep.
 * Two shortcuts the kernel does not take: the turned tip is placed straight onto the
 * joint–target ray at its old distance (no cos/sin), and angles are not wrapped.
 */
export interface CcdYardstick {
  readonly count: number;
  readonly lengths: Float64Array;
  /** Relative angles (the solver's output), and the joint positions they give. */
  readonly angles: Float64Array;
  readonly positions: Float64Array;
  readonly baseX: number;
  readonly baseY: number;
  readonly baseAngle: number;
  /** Below this a joint sits on the tip or the target: no direction to turn to (as the kernel). */
  readonly eps: number;
}

export function createCcdYardstick(
  lengths: Float64Array,
  angles: Float64Array,
  baseX: number,
  baseY: number,
  baseAngle: number,
): CcdYardstick {
  let total = 0;
  for (const l of lengths) total += l;
  const s: CcdYardstick = {
    count: lengths.length,
    lengths: Float64Array.from(lengths),
    angles: Float64Array.from(angles),
    positions: new Float64Array(2 * (lengths.length + 1)),
    baseX,
    baseY,
    baseAngle,
    eps: 1e-12 * (1 + total),
  };
  ccdYardstickPose(s);
  return s;
}

/** Joint positions from the angles (forward kinematics). */
export function ccdYardstickPose(s: CcdYardstick): void {
  const { count: n, lengths: L, angles: A, positions: P } = s;
  let x = s.baseX;
  let y = s.baseY;
  let dir = s.baseAngle;
  P[0] = x;
  P[1] = y;
  for (let i = 0; i < n; i++) {
    dir += A[i]!;
    x += L[i]! * Math.cos(dir);
    y += L[i]! * Math.sin(dir);
    P[2 * i + 2] = x;
    P[2 * i + 3] = y;
  }
}

/** Solves in place; returns the iterations (sweeps) run (the caller checks the tip). */
export function solveCcdYardstick(
  s: CcdYardstick,
  tx: number,
  ty: number,
  tolerance: number,
  cap: number,
): number {
  const n = s.count;
  const P = s.positions;
  const A = s.angles;
  const eps = s.eps;
  const tolerance2 = tolerance * tolerance;
  let ex = P[2 * n]!;
  let ey = P[2 * n + 1]!;
  let it = 0;
  while ((ex - tx) * (ex - tx) + (ey - ty) * (ey - ty) > tolerance2 && it < cap) {
    it++;
    for (let i = n - 1; i >= 0; i--) {
      const jx = P[2 * i]!;
      const jy = P[2 * i + 1]!;
      const ax = ex - jx;
      const ay = ey - jy;
      const bx = tx - jx;
      const by = ty - jy;
      const la = Math.sqrt(ax * ax + ay * ay);
      const lb = Math.sqrt(bx * bx + by * by);
      if (la > eps && lb > eps) {
        // The turn from the tip's direction to the target's: atan2(cross, dot) is already wrapped.
        A[i] = A[i]! + Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
        ex = jx + bx * (la / lb);
        ey = jy + by * (la / lb);
        if ((ex - tx) * (ex - tx) + (ey - ty) * (ey - ty) <= tolerance2) break;
      }
    }
    // Re-derive the pose once per sweep, as the kernel does, so the moved tip never drifts.
    ccdYardstickPose(s);
    ex = P[2 * n]!;
    ey = P[2 * n + 1]!;
  }
  return it;
}
