import type { Contestant } from './contestant';

/**
 * Round-robin timing. Absolute times on a shared machine drift (other jobs, frequency scaling,
 * GC), so contestants are never timed apart: each round runs one batch of every contestant, the
 * starting contestant rotating from round to round, and a batch's time divided by its solves is
 * one sample of µs per solve. Medians and p95s are over these per-batch samples, i.e. over
 * rounds: they describe the noise of the average solve, not the spread between easy and hard
 * targets (the iteration columns show that, noise-free). Ratios pair two contestants' samples
 * from the same round. A batch is the whole target set run `reps` times, with `reps` chosen so a
 * batch lasts at least `minBatchMs` (timer resolution and call overhead then vanish).
 */
export interface TimerOptions {
  rounds: number;
  minBatchMs: number;
}

/** Where checksums go, so the JIT cannot drop a solve whose result nobody reads. */
let sink = 0;
export const checksum = (): number => sink;

/** Runs every contestant's set `passes` times, interleaved, so each is compiled by the JIT. */
export function warmUp(contestants: readonly Contestant[], passes: number): void {
  for (let p = 0; p < passes; p++) for (const c of contestants) sink += c.runSet(null);
}

function timeSet(c: Contestant, reps: number): number {
  const t0 = performance.now();
  for (let k = 0; k < reps; k++) sink += c.runSet(null);
  return performance.now() - t0;
}

/** µs per solve: samples[contestant][round]. */
export function timeInterleaved(contestants: readonly Contestant[], o: TimerOptions): number[][] {
  // Calibrate on the faster of two single-set timings (after warm-up).
  const reps = contestants.map((c) => {
    const ms = Math.min(timeSet(c, 1), timeSet(c, 1));
    return Math.max(1, Math.ceil(o.minBatchMs / Math.max(ms, 1e-6)));
  });
  const samples = contestants.map(() => new Array<number>(o.rounds).fill(NaN));
  for (let r = 0; r < o.rounds; r++) {
    for (let k = 0; k < contestants.length; k++) {
      const i = (r + k) % contestants.length;
      const c = contestants[i]!;
      const ms = timeSet(c, reps[i]!);
      samples[i]![r] = (1000 * ms) / (reps[i]! * c.targets.count);
    }
  }
  return samples;
}
