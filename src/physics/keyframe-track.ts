import { wrapAngle } from '../math/angles.ts';

/**
 * An animation as seed 004's physical keyframes γ_k = (θ̂_k, ω̂_k, t̂_k): poses (see
 * character-pose.ts) every `frameTime` seconds, looping, with each keyframe's velocity ω̂_k
 * taken by central differences (the seed does not say how; the spec §2.12 lists it missing).
 * Between keyframes the target follows a cubic Hermite curve through the poses with those
 * velocities, so θ̂(t) and ω̂(t) are smooth and agree with each other.
 */
export class KeyframeTrack {
  /** ω̂ at each keyframe: the same layout as `poses`. */
  readonly rates: Float64Array;
  readonly count: number;

  constructor(
    readonly name: string,
    readonly frameTime: number,
    /** count × poseLength numbers: keyframe k's pose at k·poseLength. */
    readonly poses: Float64Array,
    readonly poseLength: number,
    /** How fast the animated root travels forward (m/s): the walk's root motion; 0 in place. */
    readonly speed: number,
  ) {
    this.count = Math.floor(poses.length / poseLength);
    if (this.count < 1 || !(frameTime > 0)) throw new Error(`${name}: a track needs keyframes`);
    this.rates = new Float64Array(poses.length);
    const P = poseLength;
    for (let k = 0; k < this.count; k++) {
      const a = ((k - 1 + this.count) % this.count) * P;
      const b = ((k + 1) % this.count) * P;
      for (let c = 0; c < P; c++) {
        const d = poses[b + c]! - poses[a + c]!;
        this.rates[k * P + c] = (c < 2 ? d : wrapAngle(d)) / (2 * frameTime);
      }
    }
  }

  get duration(): number {
    return this.count * this.frameTime;
  }

  /** Time t wrapped into one loop. */
  wrap(t: number): number {
    const d = this.duration;
    if (!Number.isFinite(t)) return 0;
    const w = t % d;
    return w < 0 ? w + d : w;
  }

  /** θ̂(t) into `pose` and ω̂(t) into `rate` (either may be null). Allocates nothing. */
  sample(t: number, pose: Float64Array | null, rate: Float64Array | null): void {
    const h = this.frameTime;
    const u0 = this.wrap(t) / h;
    const k = Math.min(this.count - 1, Math.floor(u0));
    const u = u0 - k;
    const P = this.poseLength;
    const a = k * P;
    const b = ((k + 1) % this.count) * P;
    const u2 = u * u;
    const u3 = u2 * u;
    const h10 = u3 - 2 * u2 + u;
    const h01 = -2 * u3 + 3 * u2;
    const h11 = u3 - u2;
    const d00 = 6 * u2 - 6 * u;
    const d10 = 3 * u2 - 4 * u + 1;
    const d11 = 3 * u2 - 2 * u;
    for (let c = 0; c < P; c++) {
      const p0 = this.poses[a + c]!;
      const gap = this.poses[b + c]! - p0;
      const dp = c < 2 ? gap : wrapAngle(gap);
      const m0 = this.rates[a + c]! * h;
      const m1 = this.rates[b + c]! * h;
      // p(u) = p0 + h01·dp + h10·m0 + h11·m1 (h00·p0 + h01·p1 with p1 = p0 + dp).
      if (pose) pose[c] = p0 + h01 * dp + h10 * m0 + h11 * m1;
      if (rate) rate[c] = (-d00 * dp + d10 * m0 + d11 * m1) / h;
    }
    if (pose) for (let c = 2; c < P; c++) pose[c] = wrapAngle(pose[c]!);
  }

  /** Index of the keyframe at or after time t (the one the tracker is heading for). */
  nextKeyframe(t: number): number {
    return Math.ceil(this.wrap(t) / this.frameTime - 1e-9) % this.count;
  }
}
