import { wrapAngle } from '../math/angles.ts';
import { analyticGains, type Gains } from './gains.ts';

export interface PDSettings {
  /** 'analytic': seed 004's gains from the composite inertia; 'manual': `manualKs`/`manualKd`. */
  gainMode: 'analytic' | 'manual';
  /** t̂: the time the joints get to remove most of an error (s). */
  tHat: number;
  /** n: how many time constants fit in t̂ (λ = t̂/n). */
  n: number;
  /** Manual gains, one per joint (N·m/rad and N·m·s/rad); index 0 (the root) is unused. */
  manualKs: Float64Array;
  manualKd: Float64Array;
  /** Torque limit per joint (N·m); Infinity for none. */
  tauMax: number;
  /** Seed 004 §1.4.5: each joint adds what its ancestors' torques will do to it. */
  parentCompensation: boolean;
}

/**
 * Seed 004's ControlTorque (spec §3), second pass, on relative joint angles: for each joint,
 * root to leaves,
 *
 *     τ_i = k_s (θ̂_i − θ_i) + k_d (ω̂_i − ω_i) + u_i,   clamped to ±τ_max
 *
 * with the angle error wrapped to (−π, π]. Parent-torque compensation u_i = m_i·a_i, where a_i
 * sums τ_j/m_j over the joint's ancestors: an ancestor's torque turns the whole subtree below it,
 * and without u_i the subtree hanging from joint i would lag behind its parent by that
 * acceleration. The seed writes a_i itself (an acceleration) as the torque term; the factor m_i
 * makes it a torque (the spec's correction). The clamped τ is what is accumulated, as in the
 * seed's pseudo-code. Allocates nothing.
 */
export class PDTracker {
  readonly torque: Float64Array;
  readonly ks: Float64Array;
  readonly kd: Float64Array;
  /** What each joint asked for before the clamp. */
  readonly wanted: Float64Array;
  /** Accumulated ancestor acceleration a_i per joint (rad/s²). */
  readonly induced: Float64Array;
  private readonly gains: Gains = { ks: 0, kd: 0 };

  constructor(private readonly parents: readonly number[]) {
    const n = parents.length;
    this.torque = new Float64Array(n);
    this.ks = new Float64Array(n);
    this.kd = new Float64Array(n);
    this.wanted = new Float64Array(n);
    this.induced = new Float64Array(n);
  }

  /**
   * `angle`/`rate`: each joint's θ and ω (child minus parent); `goal`/`goalRate`: θ̂ and ω̂;
   * `inertia`: m_i about each joint (CompositeInertia.aboutJoint). Index 0 is the root and
   * gets no torque here (the root policy handles it).
   */
  update(
    angle: ArrayLike<number>,
    rate: ArrayLike<number>,
    goal: ArrayLike<number>,
    goalRate: ArrayLike<number>,
    inertia: ArrayLike<number>,
    s: PDSettings,
  ): void {
    const n = this.parents.length;
    this.torque[0] = this.wanted[0] = this.ks[0] = this.kd[0] = this.induced[0] = 0;
    const limit = s.tauMax > 0 ? s.tauMax : 0;
    for (let i = 1; i < n; i++) {
      const m = inertia[i]!;
      if (s.gainMode === 'analytic') {
        analyticGains(m, s.tHat, s.n, this.gains);
        this.ks[i] = this.gains.ks;
        this.kd[i] = this.gains.kd;
      } else {
        this.ks[i] = s.manualKs[i]!;
        this.kd[i] = s.manualKd[i]!;
      }
      const p = this.parents[i]!;
      // a_i: the ancestors' accelerations reach this joint through its parent joint.
      const a = p > 0 ? this.induced[p]! + this.torque[p]! / Math.max(inertia[p]!, 1e-9) : 0;
      this.induced[i] = s.parentCompensation ? a : 0;
      let tau =
        this.ks[i]! * wrapAngle(goal[i]! - angle[i]!) +
        this.kd[i]! * (goalRate[i]! - rate[i]!) +
        m * this.induced[i]!;
      if (!Number.isFinite(tau)) tau = 0;
      this.wanted[i] = tau;
      // An infinite limit clamps nothing.
      this.torque[i] = Math.max(-limit, Math.min(limit, tau));
    }
  }

  /** Whether joint i's torque was cut by the limit this update. */
  saturated(i: number): boolean {
    return Math.abs(this.wanted[i]! - this.torque[i]!) > 1e-9;
  }
}
