import { describe, expect, it, vi } from 'vitest';
import { solveFrom } from '../../src/demos/shared/race-runner';
import {
  FIRST_TIMING,
  median,
  RACE_TIMING,
  SolveTimer,
  type TimingPlan,
} from '../../src/demos/shared/solve-timer';
import { CCDIK2D } from '../../src/ik';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { Node2D } from '../../src/scene/node2d';

/**
 * A fake clock and solvers whose cost (µs) depends on how often they have run: a cold JIT, a
 * GC pause. Each solver's run advances the shared clock by its cost.
 */
function fakeClock() {
  let t = 0;
  return {
    now: () => t,
    solver(cost: (call: number) => number) {
      const s = { calls: 0, run: () => void (t += cost(s.calls++) / 1000) };
      return s;
    },
  };
}

const PLAN: TimingPlan = {
  warmupRuns: 10,
  warmupSlices: 1,
  sliceMs: 0.05,
  samples: 5,
  sampleMs: 0.4,
  maxRunsPerBatch: 100_000,
};

/** Cold for the first `cold` runs (100 µs each), then 4 µs: the JIT has compiled it. */
const jit = (cold: number) => (call: number) => (call < cold ? 100 : 4);

describe('SolveTimer', () => {
  it('runs each solver the warm-up count before it measures, so cold runs never reach the figure', () => {
    const clock = fakeClock();
    const solver = clock.solver(jit(10));
    const [t] = new SolveTimer([solver.run], PLAN, clock.now).finish();
    expect(t!.warmupRuns).toBe(10);
    // Every sample saw only warm runs.
    expect(t!.samples).toHaveLength(5);
    for (const s of t!.samples) expect(s).toBeCloseTo(4, 9);
    expect(t!.micros).toBeCloseTo(4, 9);
    // The same solver timed with no warm-up reports its cold runs (what the race did before).
    const cold = fakeClock();
    const again = cold.solver(jit(10));
    const [u] = new SolveTimer([again.run], { ...PLAN, warmupRuns: 0 }, cold.now).finish();
    expect(u!.warmupRuns).toBe(1);
    expect(u!.samples[0]).toBeGreaterThan(50);
  });

  it('warms up for every slice of the plan: what warms a solver is time spent running it', () => {
    // Cold (100 µs a run) until it has run for 3 ms in all, then 4 µs.
    const timeCold = (slices: number) => {
      const clock = fakeClock();
      let spent = 0;
      const solver = clock.solver(() => {
        const cost = spent < 3000 ? 100 : 4;
        spent += cost;
        return cost;
      });
      const plan = { ...PLAN, warmupRuns: 1, warmupSlices: slices, sliceMs: 1 };
      return new SolveTimer([solver.run], plan, clock.now).finish()[0]!;
    };
    const short = timeCold(1);
    expect(short.warmup).toHaveLength(1);
    expect(short.micros).toBeGreaterThan(20);
    const long = timeCold(4);
    expect(long.warmup).toHaveLength(4);
    expect(long.warmup[0]).toBeCloseTo(100, 9);
    expect(long.micros).toBeCloseTo(4, 9);
  });

  it('reports the median sample: one GC pause does not move the figure', () => {
    const clock = fakeClock();
    // Warm from the start; one run in the middle of the samples takes 3 ms.
    const solver = clock.solver((c) => (c === 300 ? 3000 : 4));
    const [t] = new SolveTimer([solver.run], PLAN, clock.now).finish();
    expect(Math.max(...t!.samples)).toBeGreaterThan(20);
    expect(t!.micros).toBeCloseTo(4, 9);
  });

  it('does one warm-up slice or one round of samples per call, rotating which solver goes first', () => {
    const clock = fakeClock();
    const order: number[] = [];
    const solvers = [4, 8, 12, 16].map((cost, i) => clock.solver(() => (order.push(i), cost)));
    const timer = new SolveTimer(
      solvers.map((s) => s.run),
      { ...PLAN, warmupRuns: 3, sliceMs: 0.01 },
      clock.now,
    );
    let calls = 0;
    while (!timer.advance()) calls++;
    expect(calls + 1).toBe(4 + PLAN.samples);
    expect(timer.timings.map((t) => t.micros)).toEqual(
      [4, 8, 12, 16].map((c) => expect.closeTo(c, 9)),
    );
    // Warm-ups in order, then rounds: 0 1 2 3, 1 2 3 0, 2 3 0 1, …
    const firsts: number[] = [];
    for (let k = 12; k < order.length; k++) if (order[k] !== order[k - 1]) firsts.push(order[k]!);
    expect(firsts.slice(0, 8)).toEqual([0, 1, 2, 3, 1, 2, 3, 0]);
  });

  it('times a real IK node from the same pose every run, and leaves it solved', () => {
    const world = new Node2D('World');
    const a = world.addChild(new Bone2D('A', 40));
    const b = a.addChild(new Bone2D('B', 30));
    b.position = { x: 40, y: 0 };
    const target = world.addChild(new Marker2D('Target', 'target'));
    target.position = { x: 20, y: 45 };
    const ik = world.addChild(new CCDIK2D('CCD'));
    ik.rootBonePath = a.getPathFrom(ik);
    ik.tipBonePath = b.getPathFrom(ik);
    ik.targetPath = target.getPathFrom(ik);
    ik.tolerance = 1e-3;
    const solve = vi.spyOn(ik, 'solve');
    const pose = [0.3, 0.2];
    const [t] = new SolveTimer([solveFrom(ik, pose)], RACE_TIMING).finish();
    expect(t!.warmupRuns).toBeGreaterThanOrEqual(RACE_TIMING.warmupRuns);
    expect(solve.mock.calls.length).toBeGreaterThanOrEqual(
      RACE_TIMING.warmupRuns + RACE_TIMING.samples,
    );
    expect(t!.micros).toBeGreaterThan(0);
    expect(Number.isFinite(t!.micros)).toBe(true);
    // Every run started from the pose, so every run made the same number of iterations.
    const iterations = ik.status.iterations;
    expect(iterations).toBeGreaterThan(0);
    a.rotation = pose[0]!;
    b.rotation = pose[1]!;
    expect(ik.solve().iterations).toBe(iterations);
    const tip = b.tipGlobalPosition;
    expect(Math.hypot(tip.x - 20, tip.y - 45)).toBeLessThan(1e-3);
  });

  it('a page’s first timing warms up longer than later ones', () => {
    expect(FIRST_TIMING.warmupSlices * FIRST_TIMING.sliceMs).toBeGreaterThan(
      RACE_TIMING.warmupSlices * RACE_TIMING.sliceMs,
    );
    expect(RACE_TIMING.warmupRuns).toBeGreaterThan(0);
  });

  it('median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
