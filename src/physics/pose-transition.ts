import { wrapAngle } from '../math/angles.ts';
import { blendPose } from './character-pose.ts';

/**
 * Carries a pose over when the controller changes (seed 004's "Cambiar Controlador": read the
 * current state, hand it to the next controller). For `duration` seconds the driven pose starts
 * where the bodies were, moving as they moved, and eases into the animation:
 *
 *     pose(τ) = blend(p0 + r0·(τ − τ²/2T),  animated(τ),  smoothstep(τ/T))
 *
 * At τ = 0 this is p0 with rate r0 (the smoothstep starts flat), so neither position nor
 * velocity jumps; by τ = T it is the animation.
 */
export class PoseTransition {
  private readonly from: Float64Array;
  private readonly rate: Float64Array;
  private elapsed = 0;
  active = false;

  constructor(
    length: number,
    readonly duration: number,
  ) {
    this.from = new Float64Array(length);
    this.rate = new Float64Array(length);
  }

  start(pose: Float64Array, rate: Float64Array): void {
    this.from.set(pose);
    this.rate.set(rate);
    this.elapsed = 0;
    this.active = true;
  }

  /** Advances by dt and writes the driven pose for the end of the step into `out`. */
  advance(dt: number, animated: Float64Array, out: Float64Array): void {
    if (!this.active) {
      out.set(animated);
      return;
    }
    this.elapsed += dt;
    const T = this.duration;
    const tau = Math.min(this.elapsed, T);
    const carried = tau - (tau * tau) / (2 * T);
    for (let i = 0; i < out.length; i++) {
      const v = this.from[i]! + this.rate[i]! * carried;
      out[i] = i < 2 ? v : wrapAngle(v);
    }
    const u = tau / T;
    blendPose(out, out, animated, u * u * (3 - 2 * u));
    if (this.elapsed >= T) this.active = false;
  }
}
