import { type Contestant, newRecord, type SetRecord, type StartMode } from './contestant';
import { timeInterleaved, type TimerOptions } from './interleaved-timer';
import { mean, median, pairedRatios, percentile } from './stats';

/** A row's results: µs per solve per round (timed) and per-target outcomes (untimed pass). */
export interface Measured {
  readonly contestant: Contestant;
  samples: number[];
  record: SetRecord;
}

/** Contestants timed together (interleaved): one chain size, one start mode. */
export class MeasuredGroup<K extends string> {
  readonly rows = new Map<K, Measured>();

  constructor(
    readonly bones: number,
    readonly mode: StartMode,
    contestants: Partial<Record<K, Contestant>>,
  ) {
    for (const [key, c] of Object.entries(contestants) as [K, Contestant | undefined][])
      if (c) this.rows.set(key, { contestant: c, samples: [], record: newRecord(c.targets.count) });
  }

  get contestants(): Contestant[] {
    return [...this.rows.values()].map((m) => m.contestant);
  }

  /** The untimed pass that fills iterations and success per target. */
  record(): void {
    for (const m of this.rows.values()) m.contestant.runSet(m.record);
  }

  time(o: TimerOptions): void {
    const rows = [...this.rows.values()];
    const samples = timeInterleaved(
      rows.map((m) => m.contestant),
      o,
    );
    rows.forEach((m, i) => (m.samples = samples[i]!));
  }

  get(key: K): Measured | undefined {
    return this.rows.get(key);
  }

  /**
   * µs per solve: median, mean and p95 over rounds. The mean shows what the median hides: a
   * few slow rounds (a garbage collection, often) pull it up.
   */
  micros(key: K): { median: number; mean: number; p95: number } {
    const s = this.rows.get(key)?.samples ?? [];
    return { median: median(s), mean: mean(s), p95: percentile(s, 95) };
  }

  iterations(key: K): { mean: number; p95: number } {
    const r = this.rows.get(key)?.record.iterations ?? [];
    return { mean: mean(r), p95: percentile(r, 95) };
  }

  reached(key: K): number {
    const r = this.rows.get(key)?.record.reached ?? [];
    let n = 0;
    for (let i = 0; i < r.length; i++) n += r[i]!;
    return n;
  }

  /** a ÷ b: median and 5th–95th percentiles of the per-round ratios. */
  ratio(a: K, b: K): { median: number; low: number; high: number } {
    const r = pairedRatios(this.rows.get(a)?.samples ?? [], this.rows.get(b)?.samples ?? []);
    return { median: median(r), low: percentile(r, 5), high: percentile(r, 95) };
  }

  /** How many targets two rows solved with the same iteration count. */
  sameIterations(a: K, b: K): number {
    const x = this.rows.get(a)?.record.iterations;
    const y = this.rows.get(b)?.record.iterations;
    if (!x || !y) return 0;
    let n = 0;
    for (let i = 0; i < x.length; i++) if (x[i] === y[i]) n++;
    return n;
  }
}
