/**
 * Seed 004 §1.4.3–1.4.4 in the plane: the moment of inertia about joint i of everything it
 * moves (its link and all the links below it),
 *
 *     m_i = Σ_{k in subtree(i)} [ I_k + M_k · |r_k − d_i|² ]
 *
 * with I_k a link's inertia about its own centre of mass r_k, M_k its mass and d_i the joint.
 * In 2D every joint turns about the same axis (out of the screen), so the seed's 3×3 tensor
 * transform collapses to this scalar sum. One leaf→root pass accumulates each subtree's mass,
 * first moment Σ M r and second moment Σ (I + M|r|²); then
 *
 *     m_i = Q_i − 2 d_i·S_i + M_i |d_i|²
 *
 * which is the sum above expanded, so the pass is O(n), as the seed's recursion is.
 */
export class CompositeInertia {
  /** Subtree mass, first moment (x, y) and second moment, per link. */
  readonly mass: Float64Array;
  private readonly sx: Float64Array;
  private readonly sy: Float64Array;
  private readonly q: Float64Array;
  /** m_i: moment of inertia about link i's joint (the root: about its origin), kg·m². */
  readonly aboutJoint: Float64Array;

  constructor(private readonly parents: readonly number[]) {
    const n = parents.length;
    this.mass = new Float64Array(n);
    this.sx = new Float64Array(n);
    this.sy = new Float64Array(n);
    this.q = new Float64Array(n);
    this.aboutJoint = new Float64Array(n);
  }

  /**
   * `masses`, `inertias`: per link. `centres`: each link's centre of mass (x, y pairs);
   * `joints`: each link's joint (x, y pairs; the root's origin for the root). Positions are
   * taken relative to the root's joint so that the sums do not lose digits far from the origin.
   * Allocates nothing.
   */
  update(
    masses: ArrayLike<number>,
    inertias: ArrayLike<number>,
    centres: ArrayLike<number>,
    joints: ArrayLike<number>,
  ): void {
    const n = this.parents.length;
    const ox = joints[0]!;
    const oy = joints[1]!;
    for (let i = 0; i < n; i++) {
      const m = masses[i]!;
      const x = centres[2 * i]! - ox;
      const y = centres[2 * i + 1]! - oy;
      this.mass[i] = m;
      this.sx[i] = m * x;
      this.sy[i] = m * y;
      this.q[i] = inertias[i]! + m * (x * x + y * y);
    }
    // Leaf → root: children come after their parents, so walking backwards adds each finished
    // subtree into its parent.
    for (let i = n - 1; i >= 0; i--) {
      const dx = joints[2 * i]! - ox;
      const dy = joints[2 * i + 1]! - oy;
      const m = this.mass[i]!;
      this.aboutJoint[i] = Math.max(
        0,
        this.q[i]! - 2 * (dx * this.sx[i]! + dy * this.sy[i]!) + m * (dx * dx + dy * dy),
      );
      const p = this.parents[i]!;
      if (p >= 0) {
        this.mass[p]! += m;
        this.sx[p]! += this.sx[i]!;
        this.sy[p]! += this.sy[i]!;
        this.q[p]! += this.q[i]!;
      }
    }
  }
}
