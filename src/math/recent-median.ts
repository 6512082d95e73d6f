/**
 * The median of the last `size` values: what a live readout shows (a frame time, a foot's
 * sliding). A running mean that starts from a page's first frames (the JIT still cold) overstates
 * for seconds, and one garbage collection or one shuffling step lifts it for a second; the median
 * of the last window ignores both once half the window is past them. No allocation after
 * construction.
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

  /** Forgets every value: what was measured no longer describes what is shown. */
  clear(): void {
    this.count = 0;
    this.next = 0;
  }

  get value(): number {
    const n = this.count;
    if (n === 0) return 0;
    // The window's values, the unused slots past them as +Infinity so a whole-array sort (no
    // subarray view to allocate) leaves the n values first.
    const v = this.sorted;
    for (let i = 0; i < v.length; i++) v[i] = i < n ? this.values[i]! : Infinity;
    v.sort();
    return n % 2 ? v[n >> 1]! : (v[(n >> 1) - 1]! + v[n >> 1]!) / 2;
  }
}
