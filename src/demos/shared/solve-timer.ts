/**
 * How the race times its solvers. A page's first solves run before V8 has compiled the solvers'
 * loops: timed at once, the first load showed CCD at 35–100 µs a solve against DLS at 4–13,
 * where warm figures are about 4 for both. So each solver first runs untimed on the same inputs
 * (a warm-up), and is then timed over several samples whose median is reported: a GC pause or a
 * late compile lands in one sample, not in the figure.
 */
export interface TimingPlan {
  /** Untimed runs of each solver first: at least this many… */
  warmupRuns: number;
  /**
   * …and this many warm-up slices of `sliceMs` each, one per call to `advance`. What warms a
   * solver is time spent in its loops, more than a count of runs.
   */
  warmupSlices: number;
  sliceMs: number;
  /** Timed samples per solver; the figure is their median. */
  samples: number;
  /**
   * Each sample repeats the solve until this long has passed (ms): browsers round
   * performance.now() to 0.1 ms, and a single solve takes a few µs.
   */
  sampleMs: number;
  /** A cap on the runs in one warm-up slice or one sample (for a solve that costs nothing). */
  maxRunsPerBatch: number;
}

/**
 * The race's first timing in a page: the JIT is cold, so each solver warms up for 3 ms, in
 * 0.75 ms slices. Measured in Chromium on a (shared) 2-core machine: 31–42 ms inside the timer
 * for the four solvers, spread over 21 frames of at most about 5 ms each. First-load figures then
 * come within 1.2–1.5× of the settled ones (medians over six loads; 4–8× without a warm-up).
 */
export const FIRST_TIMING: TimingPlan = {
  warmupRuns: 5,
  warmupSlices: 4,
  sliceMs: 0.75,
  samples: 5,
  sampleMs: 0.3,
  maxRunsPerBatch: 100_000,
};

/**
 * Every later timing: the solvers are compiled, so a short warm-up on the new inputs does.
 * Measured as above: 10–21 ms for the four solvers, spread over 9 frames.
 */
export const RACE_TIMING: TimingPlan = { ...FIRST_TIMING, warmupSlices: 1, sliceMs: 0.5 };

export interface Timing {
  /** Median µs per run over the samples (NaN until done). */
  micros: number;
  /** µs per run in each sample, in the order taken. */
  samples: number[];
  /** Untimed runs before the first sample. */
  warmupRuns: number;
  /** µs per run in each warm-up slice. */
  warmup: number[];
}

/**
 * Times each of `runs` (each one solve from the same start every time), a little per call to
 * `advance` so no frame stalls: first every run's warm-up, one slice per call, then rounds of
 * samples, one sample of every run per round, the first run rotating from round to round so
 * drift on a shared machine lands on every solver alike.
 */
export class SolveTimer {
  readonly timings: Timing[];
  private warmed = 0;
  private rounds = 0;

  constructor(
    private readonly runs: readonly (() => void)[],
    private readonly plan: TimingPlan,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.timings = runs.map(() => ({ micros: NaN, samples: [], warmupRuns: 0, warmup: [] }));
  }

  get done(): boolean {
    return this.warmed >= this.runs.length && this.rounds >= this.plan.samples;
  }

  /** Does the next slice of work; returns `done`. */
  advance(): boolean {
    if (this.warmed < this.runs.length) {
      const t = this.timings[this.warmed]!;
      t.warmup.push(this.batch(this.runs[this.warmed]!, this.plan.sliceMs, t));
      if (t.warmup.length >= this.plan.warmupSlices && t.warmupRuns >= this.plan.warmupRuns)
        this.warmed++;
    } else if (this.rounds < this.plan.samples) {
      const n = this.runs.length;
      for (let k = 0; k < n; k++) {
        const i = (this.rounds + k) % n;
        this.timings[i]!.samples.push(this.batch(this.runs[i]!, this.plan.sampleMs));
      }
      this.rounds++;
      if (this.rounds === this.plan.samples)
        for (const t of this.timings) t.micros = median(t.samples);
    }
    return this.done;
  }

  /** Does all the work at once. */
  finish(): Timing[] {
    while (!this.advance());
    return this.timings;
  }

  /**
   * µs per run: repeats `run` until `ms` has passed (at least once). A warm-up slice (`warming`
   * given) also runs until the warm-up has made `warmupRuns` runs, and counts them there.
   */
  private batch(run: () => void, ms: number, warming?: Timing): number {
    const least = warming ? this.plan.warmupRuns - warming.warmupRuns : 1;
    const started = this.now();
    let count = 0;
    let elapsed: number;
    do {
      run();
      count++;
      elapsed = this.now() - started;
    } while ((elapsed < ms || count < least) && count < this.plan.maxRunsPerBatch);
    if (warming) warming.warmupRuns += count;
    return (elapsed * 1000) / count;
  }
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
