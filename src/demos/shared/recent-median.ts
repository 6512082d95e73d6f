/**
 * The median of the last `size` values: what a live timing readout shows. A running mean that
 * starts from a page's first frames (the JIT still cold, fonts and textures loading) overstates
 * for seconds, and a garbage collection lifts it for a second; the median of the last second of
 * frames ignores both once half the window is past them. No allocation after construction.
 */
export class RecentMedian {
  private readonly values: Float64Array;
  private readonly sorted: Float64Array;
  private count = 0;
  private next = 0;

  constructor(size = 60) {
    this.values = new Float64Array(Math.max(1, Math.floor(size)));
    this.sorted = new Float64Array(this.values.length);
  }

  /** Adds a value (non-finite values are skipped) and returns the median so far. */
  add(value: number): number {
    if (Number.isFinite(value)) {
      this.values[this.next] = value;
      this.next = (this.next + 1) % this.values.length;
      this.count = Math.min(this.values.length, this.count + 1);
    }
    return this.value;
  }

  get value(): number {
    const n = this.count;
    if (n === 0) return 0;
    const v = this.sorted.subarray(0, n);
    v.set(this.values.subarray(0, n));
    v.sort();
    return n % 2 ? v[n >> 1]! : (v[(n >> 1) - 1]! + v[n >> 1]!) / 2;
  }
}
