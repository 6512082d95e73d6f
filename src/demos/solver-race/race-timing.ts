import { solveFrom } from '../shared/race-runner.ts';
import { FIRST_TIMING, RACE_TIMING, SolveTimer } from '../shared/solve-timer.ts';
import type { Lane } from './lanes.ts';

/** Whether a race in this page has been timed: the JIT has compiled the solvers by then. */
let pageWarm = false;
/** Seconds the target must rest before the solvers are timed. */
const SETTLE = 0.3;

/**
 * Times every lane's solver from the start its record used, once the target rests: warmed up
 * first, a slice per frame so no frame stalls. Each lane's `micros` is set when done.
 */
export class RaceTiming {
  private timer: SolveTimer | null = null;
  private settle = 0;
  private timed = false;

  /** A new record: time it again once the target rests. */
  reset(): void {
    this.timed = false;
    this.timer = null;
    this.settle = 0;
  }

  /** Returns true if it ran solves this frame (they moved the bones: put back what is shown). */
  tick(dt: number, lanes: readonly Lane[]): boolean {
    this.settle += dt;
    if (this.timed || this.settle <= SETTLE) return false;
    if (!this.timer) {
      const runs = lanes.map((l) => {
        l.ik.applyPositions(l.record!.poses[0]!);
        return solveFrom(
          l.ik,
          l.bones.map((b) => b.rotation),
        );
      });
      this.timer = new SolveTimer(runs, pageWarm ? RACE_TIMING : FIRST_TIMING);
    }
    if (this.timer.advance()) {
      this.timer.timings.forEach((t, i) => (lanes[i]!.micros = t.micros));
      this.timed = true;
      this.timer = null;
      pageWarm = true;
    }
    return true;
  }
}
