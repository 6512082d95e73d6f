import type { IKWalker } from '../../walk3d/ik-walker.ts';

/** Ticks each copy runs, and how many of each a frame (so the page keeps drawing meanwhile). */
const COST_TICKS = 300;
const PER_FRAME = 15;
const DT = 1 / 60;

/** What the meter says (spread into the description's strings). */
export const COST_STRINGS = {
  costIdle: '— (press “Measure IK on against off”)',
  costMeasuring: 'measuring… {percent}%',
  costResult:
    '{on} ms / {off} ms a tick{ratio}: two copies from the same start, {ticks} ticks each, taking turns',
  costRatio: ' (ratio {ratio})',
} as const;

type Say = (
  key: keyof typeof COST_STRINGS,
  values?: Readonly<Record<string, string | number>>,
) => string;

/**
 * The walking system's cost with IK on against off, by one definition: two copies of the
 * walker made where it stands, one with IK and one without, each stepped COST_TICKS fixed ticks
 * of 1/60 s, taking turns tick by tick so both meet the same ground and the same busy browser.
 * Runs a few ticks each frame (`step`) and says how far it is.
 */
export class IKCostMeter {
  private run: { on: IKWalker; off: IKWalker; tick: number; onMs: number; offMs: number } | null =
    null;
  /** The last result, or what is happening, for the readout. */
  text: string;

  constructor(private readonly say: Say) {
    this.text = say('costIdle');
  }

  /** Starts over with two fresh copies (`make` builds one where the walker stands). */
  start(make: () => IKWalker): void {
    const on = make();
    const off = make();
    on.options.ik = true;
    off.options.ik = false;
    this.run = { on, off, tick: 0, onMs: 0, offMs: 0 };
    this.text = this.say('costMeasuring', { percent: 0 });
  }

  /** Forgets a measurement of another clip. */
  clear(): void {
    this.run = null;
    this.text = this.say('costIdle');
  }

  get busy(): boolean {
    return this.run !== null;
  }

  /** A frame's share of the ticks; true once the result is in `text`. */
  step(): boolean {
    const r = this.run;
    if (!r) return false;
    for (let k = 0; k < PER_FRAME && r.tick < COST_TICKS; k++, r.tick++) {
      // Which goes first alternates, so neither always runs on a warmer cache.
      const [a, b] = r.tick % 2 ? [r.off, r.on] : [r.on, r.off];
      const t0 = performance.now();
      a.update(DT);
      const t1 = performance.now();
      b.update(DT);
      const t2 = performance.now();
      r.onMs += a === r.on ? t1 - t0 : t2 - t1;
      r.offMs += a === r.on ? t2 - t1 : t1 - t0;
    }
    if (r.tick < COST_TICKS) {
      this.text = this.say('costMeasuring', { percent: Math.round((100 * r.tick) / COST_TICKS) });
      return false;
    }
    const on = r.onMs / COST_TICKS;
    const off = r.offMs / COST_TICKS;
    const ratio = off > 0 ? this.say('costRatio', { ratio: (on / off).toFixed(2) }) : '';
    this.text = this.say('costResult', {
      on: on.toFixed(3),
      off: off.toFixed(3),
      ratio,
      ticks: COST_TICKS,
    });
    this.run = null;
    return true;
  }
}
