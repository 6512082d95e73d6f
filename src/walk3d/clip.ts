import { slerp } from '../math/quat.ts';
import type { Pose } from './pose.ts';

/** One joint's keys: timestamps, and a rotation (4 numbers) and/or translation (3) per key. */
export interface Track {
  joint: number;
  times: Float64Array;
  rotations: Float64Array | null;
  translations: Float64Array | null;
}

/**
 * A keyframed animation (seed 000 §3): tracks for a subset of the joints, each with its own
 * timestamps inside [0, duration). A "frame" is a timestamp's index. Sampling finds the keys on
 * either side of t and interpolates: slerp for rotations, lerp for translations. Clips loop:
 * after the last key comes the first again, one duration later.
 */
export class Clip {
  constructor(
    readonly name: string,
    readonly duration: number,
    readonly tracks: Track[],
    /** Seconds per frame when the keys are uniform (a BVH file's Frame Time). */
    readonly frameTime: number,
  ) {}

  get frameCount(): number {
    return this.tracks[0]?.times.length ?? 0;
  }

  /** t wrapped into [0, duration) (negative times too: seed 000's extendedAnimationTime). */
  wrap(t: number): number {
    const d = this.duration;
    if (!(d > 0) || !Number.isFinite(t)) return 0;
    const w = t % d;
    return w < 0 ? w + d : w;
  }

  /**
   * The frames around t and how far between them: `frame` ≤ t < `next` (next wraps to 0 after
   * the last frame), `u` in [0, 1). For uniform clips (every track the same keys).
   */
  frameAt(t: number): { frame: number; next: number; u: number } {
    const times = this.tracks[0]?.times;
    if (!times || times.length === 0) return { frame: 0, next: 0, u: 0 };
    const { i, j, u } = locate(times, this.wrap(t), this.duration);
    return { frame: i, next: j, u };
  }

  /** Writes the clip's pose at time t into `pose` (joints without tracks are left alone). */
  sample(t: number, pose: Pose): Pose {
    const tt = this.wrap(t);
    for (const track of this.tracks) {
      const { i, j, u } = locate(track.times, tt, this.duration);
      const k = track.joint;
      if (track.rotations) slerp(pose.r, track.rotations, track.rotations, u, 4 * k, 4 * i, 4 * j);
      const tr = track.translations;
      if (tr)
        for (let c = 0; c < 3; c++)
          pose.t[3 * k + c] = tr[3 * i + c]! + (tr[3 * j + c]! - tr[3 * i + c]!) * u;
    }
    return pose;
  }
}

/** The key before t (i), the key after (j, wrapping), and the fraction between them. */
const LOCATED = { i: 0, j: 0, u: 0 };
function located(i: number, j: number, u: number): typeof LOCATED {
  LOCATED.i = i;
  LOCATED.j = j;
  LOCATED.u = u;
  return LOCATED;
}

/** Returns one shared object (sampling runs for every track every frame: no allocation). */
function locate(times: Float64Array, t: number, duration: number): typeof LOCATED {
  const n = times.length;
  if (n <= 1) return located(0, 0, 0);
  if (t < times[0]!) {
    // Before the first key: between the last key (one loop earlier) and the first.
    const span = times[0]! + duration - times[n - 1]!;
    return located(n - 1, 0, span > 0 ? (t + duration - times[n - 1]!) / span : 0);
  }
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (times[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  const i = lo;
  const j = i + 1 < n ? i + 1 : 0;
  const next = j === 0 ? times[0]! + duration : times[j]!;
  const span = next - times[i]!;
  return located(i, j, span > 0 ? Math.min(1, (t - times[i]!) / span) : 0);
}
