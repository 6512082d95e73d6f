/**
 * The largest value seen over the last `seconds` of demo time, whatever the frame rate: the
 * window is cut into slots of equal length, each keeping its own largest value, and slots
 * older than the window are emptied as time moves on. Fixed memory, nothing allocated.
 */
export class RecentMax {
  private readonly slots: Float64Array;
  private readonly slotLength: number;
  private current = 0;
  private inSlot = 0;

  constructor(seconds: number, slots = 50) {
    this.slots = new Float64Array(Math.max(1, Math.floor(slots)));
    this.slotLength = Math.max(1e-3, seconds) / this.slots.length;
  }

  /** Adds a value seen `dt` seconds after the last one. */
  add(value: number, dt: number): void {
    this.inSlot += Number.isFinite(dt) && dt > 0 ? dt : 0;
    // Move on one slot per slot length passed, emptying each (at most the whole window).
    let steps = 0;
    while (this.inSlot >= this.slotLength && steps < this.slots.length) {
      this.inSlot -= this.slotLength;
      this.current = (this.current + 1) % this.slots.length;
      this.slots[this.current] = 0;
      steps++;
    }
    if (steps === this.slots.length) this.inSlot = 0;
    if (Number.isFinite(value) && value > this.slots[this.current]!)
      this.slots[this.current] = value;
  }

  get value(): number {
    let m = 0;
    for (let i = 0; i < this.slots.length; i++) if (this.slots[i]! > m) m = this.slots[i]!;
    return m;
  }

  clear(): void {
    this.slots.fill(0);
    this.inSlot = 0;
  }
}
