/**
 * The FABRIK yardstick: the least code that does the kernel's job on an unconstrained chain, to
 * measure the kernel against. Joint positions in one Float64Array (x0, y0, …, xn, yn), forward
 * and backward passes with λ = L / d, stop when the tip is within tolerance or at the cap.
 * No limits, poles, traces, stall escape, closed-form answers, and no rotations derived from the
 * positions at the end (the kernel does all of that; the last one costs it an atan2 per bone).
 */
export interface FabrikYardstick {
  readonly count: number;
  readonly lengths: Float64Array;
  /** Joint positions; the pose the next solve starts from. */
  readonly positions: Float64Array;
  readonly baseX: number;
  readonly baseY: number;
}

export function createFabrikYardstick(
  lengths: Float64Array,
  positions: Float64Array,
): FabrikYardstick {
  return {
    count: lengths.length,
    lengths: Float64Array.from(lengths),
    positions: Float64Array.from(positions),
    baseX: positions[0]!,
    baseY: positions[1]!,
  };
}

/** Solves in place; returns the iterations run (the caller checks the tip for success). */
export function solveFabrikYardstick(
  s: FabrikYardstick,
  tx: number,
  ty: number,
  tolerance: number,
  cap: number,
): number {
  const n = s.count;
  const P = s.positions;
  const L = s.lengths;
  const tolerance2 = tolerance * tolerance;
  let ex = P[2 * n]! - tx;
  let ey = P[2 * n + 1]! - ty;
  let it = 0;
  while (ex * ex + ey * ey > tolerance2 && it < cap) {
    it++;
    // Forward: tip onto the target, each joint L back along the line to where it was.
    P[2 * n] = tx;
    P[2 * n + 1] = ty;
    for (let i = n - 1; i >= 0; i--) {
      const nx = P[2 * i + 2]!;
      const ny = P[2 * i + 3]!;
      const dx = P[2 * i]! - nx;
      const dy = P[2 * i + 1]! - ny;
      const d = Math.sqrt(dx * dx + dy * dy);
      const lambda = d > 0 ? L[i]! / d : 0;
      P[2 * i] = nx + dx * lambda;
      P[2 * i + 1] = ny + dy * lambda;
    }
    // Backward: base home, each joint L along the line to where it is.
    P[0] = s.baseX;
    P[1] = s.baseY;
    for (let i = 0; i < n; i++) {
      const px = P[2 * i]!;
      const py = P[2 * i + 1]!;
      const dx = P[2 * i + 2]! - px;
      const dy = P[2 * i + 3]! - py;
      const d = Math.sqrt(dx * dx + dy * dy);
      const lambda = d > 0 ? L[i]! / d : 0;
      P[2 * i + 2] = px + dx * lambda;
      P[2 * i + 3] = py + dy * lambda;
    }
    ex = P[2 * n]! - tx;
    ey = P[2 * n + 1]! - ty;
  }
  return it;
}
