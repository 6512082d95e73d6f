/**
 * The three Jacobian steps of lesson 6, written out for teaching (the solver's own kernel is
 * jacobian-kernel.ts): for a planar chain with joints at (x_i, y_i) and tip e, column i of J is
 * the tip's velocity when joint i turns at 1 rad/s, ẑ × (e − p_i) = (−(e_y − y_i), e_x − x_i).
 */
export interface JacobianSteps {
  /** J's columns, 2 per joint: [jx0, jy0, jx1, jy1, …]. */
  columns: Float64Array;
  /** Singular values of J, largest first (the tip's easiest and hardest directions). */
  sigma: [number, number];
  /**
   * The easiest direction u₁ as an angle (radians): the tip moves σ₁ per radian of turning
   * along it, and σ₂ along u₂, u₁ turned by +90°. (J Jᵀ's eigenvectors.)
   */
  direction: number;
  /** Jᵀe per joint: how fast each joint's turn shrinks ½|e|² (the transpose step's direction). */
  gradient: Float64Array;
  /** Δθ per joint (radians) for each method. */
  transpose: Float64Array;
  pseudoInverse: Float64Array;
  dls: Float64Array;
}

export function newJacobianSteps(n: number): JacobianSteps {
  return {
    columns: new Float64Array(2 * n),
    sigma: [0, 0],
    direction: 0,
    gradient: new Float64Array(n),
    transpose: new Float64Array(n),
    pseudoInverse: new Float64Array(n),
    dls: new Float64Array(n),
  };
}

/**
 * Fills `out` for joints `positions` (x0, y0, …, x_{n−1}, y_{n−1}, tip x, tip y), error
 * e_t = target − tip, and damping λ (same units as the positions). Allocation-free.
 */
export function jacobianSteps(
  positions: ArrayLike<number>,
  ex: number,
  ey: number,
  lambda: number,
  out: JacobianSteps,
): JacobianSteps {
  const n = out.transpose.length;
  const tx = positions[2 * n]!;
  const ty = positions[2 * n + 1]!;
  // J Jᵀ, a symmetric 2 × 2: [a b; b c].
  let a = 0;
  let b = 0;
  let c = 0;
  for (let i = 0; i < n; i++) {
    const jx = -(ty - positions[2 * i + 1]!);
    const jy = tx - positions[2 * i]!;
    out.columns[2 * i] = jx;
    out.columns[2 * i + 1] = jy;
    a += jx * jx;
    b += jx * jy;
    c += jy * jy;
  }
  // Eigenvalues of J Jᵀ are the squared singular values of J.
  const mean = (a + c) / 2;
  const spread = Math.sqrt(((a - c) / 2) ** 2 + b * b);
  out.sigma[0] = Math.sqrt(Math.max(0, mean + spread));
  out.sigma[1] = Math.sqrt(Math.max(0, mean - spread));
  // The eigenvector of [a b; b c] for the larger eigenvalue is at ½·atan2(2b, a − c).
  out.direction = 0.5 * Math.atan2(2 * b, a - c);
  // Transpose: Δθ = η Jᵀe with η = ⟨e, JJᵀe⟩ / ⟨JJᵀe, JJᵀe⟩ (the best length along Jᵀe).
  const gx = a * ex + b * ey;
  const gy = b * ex + c * ey;
  const gg = gx * gx + gy * gy;
  // The transpose method's step size η (seed 002's α).
  const eta = gg > 0 ? (ex * gx + ey * gy) / gg : 0;
  // Pseudo-inverse: Δθ = Jᵀ (JJᵀ)⁻¹ e; DLS: Δθ = Jᵀ (JJᵀ + λ²I)⁻¹ e.
  const solve = (d: number, into: Float64Array) => {
    const det = (a + d) * (c + d) - b * b;
    let ux = 0;
    let uy = 0;
    if (Math.abs(det) > 1e-12 * Math.max(1, (a + c) * (a + c))) {
      ux = ((c + d) * ex - b * ey) / det;
      uy = (-b * ex + (a + d) * ey) / det;
    }
    for (let i = 0; i < n; i++) into[i] = out.columns[2 * i]! * ux + out.columns[2 * i + 1]! * uy;
  };
  solve(0, out.pseudoInverse);
  solve(lambda * lambda, out.dls);
  for (let i = 0; i < n; i++) {
    out.gradient[i] = out.columns[2 * i]! * ex + out.columns[2 * i + 1]! * ey;
    out.transpose[i] = eta * out.gradient[i]!;
  }
  return out;
}

/** Where the tip would go to first order, J·Δθ (the arrow the figure draws). */
export function tipMotion(
  columns: Float64Array,
  dTheta: Float64Array,
  out: { x: number; y: number },
) {
  out.x = 0;
  out.y = 0;
  for (let i = 0; i < dTheta.length; i++) {
    out.x += columns[2 * i]! * dTheta[i]!;
    out.y += columns[2 * i + 1]! * dTheta[i]!;
  }
  return out;
}
