/**
 * True once per `period` seconds of the frames it is told about: for work a person reads, such
 * as typesetting a live formula with KaTeX, which costs far more than the frame it describes
 * and changes faster than anyone can read.
 */
export class Every {
  private since = Infinity;

  constructor(private readonly period: number) {}

  tick(dt: number): boolean {
    this.since += dt;
    if (this.since < this.period) return false;
    this.since = 0;
    return true;
  }
}

/** How often live formulas are typeset again (readouts, which are cheap, follow every frame). */
export const FORMULA_PERIOD = 0.15;
