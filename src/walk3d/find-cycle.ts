import type { Clip } from './clip.ts';
import { forwardKinematics, Pose } from './pose.ts';
import type { Skeleton } from './skeleton.ts';

/**
 * Where the walk cycle is inside a clip that is not one (issue 19): a capture that stands,
 * starts, walks a few steps and stops. The clip is read at its own frames (after resampling,
 * 30 a second), already Z up with its hips' travel in it.
 */
export interface CycleChoice {
  /** The cycle is frames [from, to): frame `to` is where `from`'s pose comes round again. */
  from: number;
  to: number;
  /** How unlike the two ends are: mean squared joint distance (in standing heights) plus velocities. */
  score: number;
  /** Frames where the hips go at least STEADY of their top speed: where the cycle may lie. */
  steady: [number, number];
  /** The longest standing run (hips still), frames [from, to), or null: the stand-in idle. */
  standing: [number, number] | null;
  /** Hips' speed per frame, smoothed (model units a second), for the strips. */
  speed: Float64Array;
  /** Whether the whole clip is already one clean cycle (no search was needed). */
  whole: boolean;
  /** No cycle could be found (no steady walk long enough): the whole clip is played, and `why` says so. */
  failed?: boolean;
  /** Why these frames, in words (without the frame numbers: the caller has them). */
  why: string;
}

/** The steady part: at least this share of the hips' top (smoothed) speed. */
const STEADY = 0.9;
/** Standing: below this share of the top speed, for at least MIN_STANDING seconds. */
export const STANDING = 0.08;
const MIN_STANDING = 0.4;
/** A walk cycle (two steps) lasts between these (s). */
const MIN_CYCLE = 0.6;
const MAX_CYCLE = 2.4;
/** Velocities count as positions this many seconds apart. */
const VELOCITY_WEIGHT = 0.1;
/** Speed smoothing: a moving average over this many seconds. */
const SMOOTH = 0.5;

/**
 * Reads the clip once: each joint's position relative to the hips' ground point, the hips'
 * speed, the steady and standing parts; then, unless the clip already is one cycle, the pair of
 * frames one cycle apart inside the steady part whose poses and velocities are most alike.
 * Returns null when the hips never move (nothing to find: the analysis says why it cannot walk).
 */
export function findCycle(skeleton: Skeleton, clip: Clip, root: number): CycleChoice | null {
  const n = clip.frameCount;
  const dt = clip.frameTime;
  if (n < 4 || !(dt > 0)) return null;
  const joints = skeleton.joints.flatMap((j, i) => (j.end ? [] : [i]));
  const J = joints.length;
  const pos = new Float64Array(3 * J * n);
  const hips = new Float64Array(3 * n);
  const pose = new Pose(skeleton);
  const m = new Float64Array(16 * skeleton.count);
  let lo = Infinity;
  let hi = -Infinity;
  for (let f = 0; f < n; f++) {
    clip.sample(f * dt, pose.toBind());
    forwardKinematics(pose, m);
    const hx = m[16 * root + 12]!;
    const hy = m[16 * root + 13]!;
    hips.set([hx, hy, m[16 * root + 14]!], 3 * f);
    joints.forEach((j, k) => {
      const o = 3 * (f * J + k);
      pos[o] = m[16 * j + 12]! - hx;
      pos[o + 1] = m[16 * j + 13]! - hy;
      pos[o + 2] = m[16 * j + 14]!;
      lo = Math.min(lo, m[16 * j + 14]!);
      hi = Math.max(hi, m[16 * j + 14]!);
    });
  }
  const height = Math.max(1e-6, hi - lo);
  const { raw, speed } = hipSpeeds(hips, n, dt);
  // "Top speed" is the 90th percentile of the (median-smoothed) speed, not its maximum: a glitch
  // in a capture, or the seam where two takes were joined, must not set it.
  const sorted = Float64Array.from(speed).sort();
  const top = sorted[Math.min(n - 1, Math.floor(0.9 * n))]!;
  if (!(top > 1e-3 * height)) return null;

  const steady = longestRun(n, (f) => speed[f]! >= STEADY * top) ?? [0, n];
  // Standing is judged frame by frame: the median would stretch it into the first steps.
  const still = longestRun(n, (f) => raw[f]! < STANDING * top);
  const standing = still && (still[1] - still[0]) * dt >= MIN_STANDING ? still : null;
  let slowest = Infinity;
  for (const s of speed) slowest = Math.min(slowest, s);
  const whole = slowest >= 0.5 * top && loops(pos, J, n, 0, n - 1);
  if (whole)
    return {
      from: 0,
      to: n,
      score: 0,
      // (The smoothed speed dips at a looping clip's two ends: its walk is steady throughout.)
      steady: [0, n],
      standing,
      speed,
      whole,
      why: 'the clip is one cycle already: it never slows down, and its last frame leads into its first',
    };

  // Velocities by central differences, times 0.1 s so they count as distances.
  const vel = new Float64Array(3 * J * n);
  for (let f = 0; f < n; f++) {
    const a = Math.max(0, f - 1);
    const b = Math.min(n - 1, f + 1);
    for (let k = 0; k < 3 * J; k++)
      vel[3 * f * J + k] =
        ((pos[3 * b * J + k]! - pos[3 * a * J + k]!) / ((b - a) * dt)) * VELOCITY_WEIGHT;
  }
  // D(i, j): mean squared distance of the joints and of their velocities, in heights².
  const unlike = (i: number, j: number) => {
    let s = 0;
    for (let k = 0; k < 3 * J; k++) {
      const d = pos[3 * i * J + k]! - pos[3 * j * J + k]!;
      const v = vel[3 * i * J + k]! - vel[3 * j * J + k]!;
      s += d * d + v * v;
    }
    return s / (J * height * height);
  };
  const minLag = Math.max(2, Math.round(MIN_CYCLE / dt));
  const maxLag = Math.min(steady[1] - steady[0] - 1, Math.round(MAX_CYCLE / dt));
  const byLag: { lag: number; i: number; d: number }[] = [];
  for (let lag = minLag; lag <= maxLag; lag++) {
    let best = { lag, i: -1, d: Infinity };
    for (let i = steady[0]; i + lag < steady[1]; i++) {
      const d = unlike(i, i + lag);
      if (d < best.d) best = { lag, i, d };
    }
    if (best.i >= 0) byLag.push(best);
  }
  if (!byLag.length) {
    const secs = ((steady[1] - steady[0]) * dt).toFixed(2);
    return {
      from: 0,
      to: n,
      score: Infinity,
      steady,
      standing,
      speed,
      whole: false,
      failed: true,
      why: `no walk cycle found: the hips keep ${Math.round(STEADY * 100)}% of their top speed for ${secs} s at most, and a cycle needs ${MIN_CYCLE} s or more of steady walking, so the whole clip is played as its loop`,
    };
  }
  const least = Math.min(...byLag.map((b) => b.d));
  // The shortest lag that comes close to the best match: one cycle, not two.
  const pick =
    byLag.find(
      (b, k) =>
        b.d <= 2 * least + 1e-5 &&
        (k === 0 || byLag[k - 1]!.d >= b.d) &&
        (k + 1 === byLag.length || byLag[k + 1]!.d >= b.d),
    ) ?? byLag.find((b) => b.d === least)!;
  // Of the starts that match about as well, the one whose cycle sits nearest the middle of the
  // steady walk: away from the speeding up and slowing down, and the same cycle at any rate.
  const middle = (steady[0] + steady[1] - pick.lag) / 2;
  let from = pick.i;
  for (let i = steady[0]; i + pick.lag < steady[1]; i++)
    if (
      Math.abs(i - middle) < Math.abs(from - middle) &&
      unlike(i, i + pick.lag) <= 1.5 * pick.d + 1e-6
    )
      from = i;
  const score = unlike(from, from + pick.lag);
  const secs = (f: number) => (f * dt).toFixed(2);
  return {
    from,
    to: from + pick.lag,
    score,
    steady,
    standing,
    speed,
    whole,
    why:
      `a ${secs(pick.lag)} s cycle (${secs(from)}–${secs(from + pick.lag)} s), ` +
      `inside the steady walk (hips at ${Math.round(STEADY * 100)}% of top speed or more), two poses one cycle apart that are as alike as any ` +
      `(joints ${(Math.sqrt(score) * 100).toFixed(1)}% of the height apart, velocities included), nearest the middle`,
  };
}

/**
 * Hips' horizontal speed per frame, the median over SMOOTH seconds around it: a median, not a
 * mean, so a one- or two-frame jump of the hips (a glitch, a seam between takes) vanishes.
 */
function hipSpeeds(
  hips: Float64Array,
  n: number,
  dt: number,
): { raw: Float64Array; speed: Float64Array } {
  const raw = new Float64Array(n);
  for (let f = 0; f < n; f++) {
    const a = Math.max(0, f - 1);
    const b = Math.min(n - 1, f + 1);
    raw[f] =
      b > a
        ? Math.hypot(hips[3 * b]! - hips[3 * a]!, hips[3 * b + 1]! - hips[3 * a + 1]!) /
          ((b - a) * dt)
        : 0;
  }
  const w = Math.max(0, Math.round(SMOOTH / dt / 2));
  const out = new Float64Array(n);
  const span = new Float64Array(2 * w + 1);
  for (let f = 0; f < n; f++) {
    const a = Math.max(0, f - w);
    const b = Math.min(n - 1, f + w);
    const win = span.subarray(0, b - a + 1);
    win.set(raw.subarray(a, b + 1));
    win.sort();
    out[f] = win[win.length >> 1]!;
  }
  return { raw, speed: out };
}

/** The longest run of consecutive frames where `test` holds, as [from, to), or null. */
function longestRun(n: number, test: (f: number) => boolean): [number, number] | null {
  let best: [number, number] | null = null;
  let start = -1;
  for (let f = 0; f <= n; f++) {
    if (f < n && test(f)) {
      if (start < 0) start = f;
    } else if (start >= 0) {
      if (!best || f - start > best[1] - best[0]) best = [start, f];
      start = -1;
    }
  }
  return best;
}

/**
 * Whether frame `last` leads into frame `first` as any frame leads into the next: the pose
 * change across the seam no more than three times the clip's typical frame-to-frame change.
 */
function loops(pos: Float64Array, J: number, n: number, first: number, last: number): boolean {
  const gap = (i: number, j: number) => {
    let s = 0;
    for (let k = 0; k < 3 * J; k++) s += (pos[3 * i * J + k]! - pos[3 * j * J + k]!) ** 2;
    return Math.sqrt(s / J);
  };
  let typical = 0;
  for (let f = 1; f < n; f++) typical += gap(f, f - 1);
  typical /= n - 1;
  return gap(last, first) <= 3 * typical + 1e-9;
}
