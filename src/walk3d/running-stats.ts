/** Mean, standard deviation, least and greatest of a stream of numbers (Welford's update). */
export class RunningStats {
  count = 0;
  mean = 0;
  min = Infinity;
  max = -Infinity;
  private m2 = 0;

  add(v: number): void {
    if (!Number.isFinite(v)) return;
    this.count++;
    const d = v - this.mean;
    this.mean += d / this.count;
    this.m2 += d * (v - this.mean);
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
  }

  get std(): number {
    return this.count > 1 ? Math.sqrt(this.m2 / (this.count - 1)) : 0;
  }

  clear(): void {
    this.count = 0;
    this.mean = 0;
    this.m2 = 0;
    this.min = Infinity;
    this.max = -Infinity;
  }
}
