import { TARGET_RADIUS_MAX, TARGET_RADIUS_MIN } from './bench-setup';
import { mulberry32 } from './prng';

/** Target coordinates in two flat arrays: the timed loops index them without allocating. */
export interface TargetSet {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly count: number;
}

/**
 * Cold-start targets: radius uniform in [5 %, 95 %] of the reach (uniform in radius, not area,
 * so near and far targets are equally common) and any angle, around a base at the origin.
 */
export function coldTargets(seed: number, count: number, reach: number): TargetSet {
  const random = mulberry32(seed);
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const r = reach * (TARGET_RADIUS_MIN + (TARGET_RADIUS_MAX - TARGET_RADIUS_MIN) * random());
    const a = 2 * Math.PI * random();
    x[i] = r * Math.cos(a);
    y[i] = r * Math.sin(a);
  }
  return { x, y, count };
}

/**
 * Warm-start targets: one lap of a smooth closed path, sampled once per frame, as a game moves
 * a hand target. The angle makes one full turn plus a wobble; the radius breathes between 10 %
 * and 90 % of the reach. Integer frequencies close the loop, so a set can be replayed from the
 * pose its last frame left (no jump at the seam). Frequencies and phases come from the seed.
 */
export function warmPath(seed: number, frames: number, reach: number): TargetSet {
  const random = mulberry32(seed);
  const turn = random() < 0.5 ? -1 : 1;
  const start = 2 * Math.PI * random();
  const f1 = 1 + Math.floor(2 * random());
  const f2 = 1 + Math.floor(2 * random());
  const f3 = 1 + Math.floor(2 * random());
  const p1 = 2 * Math.PI * random();
  const p2 = 2 * Math.PI * random();
  const p3 = 2 * Math.PI * random();
  const x = new Float64Array(frames);
  const y = new Float64Array(frames);
  for (let i = 0; i < frames; i++) {
    const t = (2 * Math.PI * i) / frames;
    const r = reach * (0.5 + 0.25 * Math.sin(f1 * t + p1) + 0.15 * Math.sin(f2 * t + p2));
    const a = start + turn * t + 0.3 * Math.sin(f3 * t + p3);
    x[i] = r * Math.cos(a);
    y[i] = r * Math.sin(a);
  }
  return { x, y, count: frames };
}

/** Mean distance the target moves per frame, as a fraction of the reach (for the notes). */
export function meanStep(path: TargetSet, reach: number): number {
  let sum = 0;
  for (let i = 0; i < path.count; i++) {
    const j = (i + 1) % path.count;
    sum += Math.hypot(path.x[j]! - path.x[i]!, path.y[j]! - path.y[i]!);
  }
  return sum / path.count / reach;
}
