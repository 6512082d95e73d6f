import { wrapAngle } from '../math/angles.ts';

/**
 * One hinged bar driven by a PD torque, τ = k_s(θ̂ − θ) + k_d(ω̂ − ω), with nothing else acting
 * on it (no gravity, no contact): the smallest system lesson 16 builds the whole body from. It is
 * stepped like the physics engine steps the character (semi-implicit Euler: speed first, then
 * angle with the new speed, at a fixed step), so its curves show what the step itself does to
 * the ideal spring-damper's, which `springResidual` gives in closed form.
 */
export class OneJoint {
  /** Angle and turning speed of the bar (rad, rad/s). */
  theta = 0;
  omega = 0;
  /** What the controller asks for. */
  goal = 0;
  goalRate = 0;
  /** Moment of inertia about the hinge (kg·m²). */
  inertia = 1;
  ks = 0;
  kd = 0;
  /** Torque limit (N·m); Infinity for none. */
  tauMax = Number.POSITIVE_INFINITY;
  /** The torque applied in the last step, after the limit. */
  torque = 0;

  step(dt: number): void {
    const wanted =
      this.ks * wrapAngle(this.goal - this.theta) + this.kd * (this.goalRate - this.omega);
    const tau = Math.max(-this.tauMax, Math.min(this.tauMax, wanted));
    // A blown-up state (a student's k_s far beyond what the step can hold) restarts at rest
    // rather than turning into NaN.
    const omega = this.omega + (tau / this.inertia) * dt;
    if (!Number.isFinite(omega) || Math.abs(omega) > 1e6) {
      this.omega = 0;
      this.torque = 0;
      return;
    }
    this.torque = tau;
    this.omega = omega;
    this.theta = wrapAngle(this.theta + omega * dt);
  }

  /** Signed error θ̂ − θ, wrapped. */
  get error(): number {
    return wrapAngle(this.goal - this.theta);
  }
}

/**
 * The step response of a joint at rest with a unit error: the error left after each of
 * `out.length` steps of dt (out[0] is the start, 1). Allocation-free; for the figure and tests.
 */
export function stepResponse(
  inertia: number,
  ks: number,
  kd: number,
  dt: number,
  out: Float64Array,
): Float64Array {
  const j = stepResponseJoint;
  j.inertia = inertia;
  j.ks = ks;
  j.kd = kd;
  j.tauMax = Number.POSITIVE_INFINITY;
  j.theta = 0;
  j.omega = 0;
  j.goal = 1;
  j.goalRate = 0;
  if (out.length > 0) out[0] = 1;
  for (let i = 1; i < out.length; i++) {
    j.step(dt);
    out[i] = j.error;
  }
  return out;
}
const stepResponseJoint = new OneJoint();
