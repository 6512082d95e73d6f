import { describe, expect, it } from 'vitest';
import { solveCCD } from '../../src/ik/ccd-kernel';
import { type Chain, chainFrom, totalLength } from '../../src/ik/chain';
import { solveFabrik } from '../../src/ik/fabrik-kernel';
import { solveJacobian } from '../../src/ik/jacobian-kernel';
import { createResult, type SolveResult } from '../../src/ik/solve-result';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { runDemo } from './fake-controls';

/**
 * The numbers lessons 4 and 5 quote, read where the student reads them: the figures' readouts
 * (*Sweeps from rest*, *Rounds from rest*, *Sweeps this frame*, *Tip to target*), by id.
 */
type Run = ReturnType<typeof runDemo>;
const read = ({ controls }: Run, id: string) => controls.readouts.get(id)!;
const frame = ({ demo }: Run, n = 1) => {
  for (let i = 0; i < n; i++) demo.update(1 / 60);
};
/** Every sub-step of the solve from rest: the iteration it belongs to, and the tip's error. */
function stepThrough(run: Run): { iteration: number; error: number }[] {
  run.controls.act('step');
  frame(run);
  const out = [{ iteration: 0, error: Number(read(run, 'error')) }];
  const total = Number(read(run, 'substep').split(' / ')[1]);
  for (let k = 1; k <= total; k++) {
    run.controls.act('step');
    frame(run);
    const iteration = Number(read(run, 'iterations').split(' of ')[0]);
    out.push({ iteration, error: Number(read(run, 'error')) });
  }
  return out;
}

describe('lesson 4 (CCD), as its figure reads it', () => {
  it('the preset takes 4 sweeps from rest; the first turn takes the tip from 100.88 to 60.79, the sweep to 38.53', () => {
    const run = runDemo('ccd');
    frame(run, 2);
    expect(read(run, 'iterations')).toBe('4');
    // Standing still, this frame's warm solve has nothing to do.
    expect(read(run, 'warm')).toBe('0');
    const steps = stepThrough(run);
    expect(steps[0]!.error).toBe(100.88);
    expect(steps[1]!.error).toBe(60.79);
    expect(steps[5]!.error).toBe(38.53);
    expect(steps.at(-1)!.iteration).toBe(4);
    expect(read(run, 'iterations')).toBe('4 of 4');
    expect(read(run, 'status')).toMatch(/reached in 4 sweeps$/);
  });

  it('a target far out of reach takes no sweep, from rest or from last frame', () => {
    const run = runDemo('ccd', { targetX: '400', targetY: '-300' });
    frame(run, 2);
    expect(read(run, 'iterations')).toBe('0');
    expect(read(run, 'warm')).toBe('0');
    expect(read(run, 'status')).toMatch(/^out of reach/);
  });

  it('with a cap of 1, a jump to (−100, 180) leaves the tip 93, then 15 away, then within tolerance', () => {
    const run = runDemo('ccd', { iterations: '1' });
    frame(run, 2);
    run.demo.root.findAll(Marker2D).find((m) => m.name === 'Target')!.position = {
      x: -100,
      y: 180,
    };
    const errors: number[] = [];
    for (let i = 0; i < 3; i++) {
      frame(run);
      errors.push(Number(read(run, 'error')));
      expect(read(run, 'warm')).toBe('1');
    }
    expect(Math.round(errors[0]!)).toBe(93);
    expect(Math.round(errors[1]!)).toBe(15);
    expect(errors[2]).toBeLessThanOrEqual(0.5);
  });

  it('4 units inside the reach, twelve directions take 73 to 274 sweeps from rest (the challenge’s 100 is there)', () => {
    const counts: number[] = [];
    for (let k = -5; k <= 6; k++) {
      const a = k / 2;
      const r = 294 - 4;
      const run = runDemo('ccd', {
        iterations: '500',
        targetX: (-60 + r * Math.cos(a)).toFixed(2),
        targetY: (40 + r * Math.sin(a)).toFixed(2),
      });
      counts.push(Number(read(run, 'iterations')));
    }
    expect(Math.min(...counts)).toBe(73);
    expect(Math.max(...counts)).toBe(274);
    expect(counts.some((c) => c > 100 && c <= 500)).toBe(true);
  });
});

describe('lesson 4 (CCD): what a warm start costs, as *Sweeps this frame* reads it', () => {
  /**
   * Drags the target at `speed` units a second (60 frames a second) along the circle of `radius`
   * round the base (−60, 40): back and forth between angles a0 and a1, or round and round. Keeps
   * the last two of three passes: each frame's warm sweeps, its sweeps from rest, Bone2's bend.
   */
  function drag(speed: number, radius: number, a0: number, a1: number, backAndForth: boolean) {
    const run = runDemo('ccd');
    const target = run.demo.root.findAll(Marker2D).find((m) => m.name === 'Target')!;
    const bone2 = run.demo.root.findAll(Bone2D)[1]!;
    const path: number[] = [];
    const step = speed / 60 / radius;
    for (let a = a0; a <= a1; a += step) path.push(a);
    if (backAndForth) for (let a = a1; a >= a0; a -= step) path.push(a);
    const warm: number[] = [];
    const rest: number[] = [];
    let bend = 0;
    for (let pass = 0; pass < 3; pass++)
      for (const a of path) {
        target.position = { x: -60 + radius * Math.cos(a), y: 40 + radius * Math.sin(a) };
        frame(run);
        if (pass === 0) continue;
        warm.push(Number(read(run, 'warm')));
        rest.push(Number(read(run, 'iterations')));
        bend =
          (Math.abs(Math.atan2(Math.sin(bone2.rotation), Math.cos(bone2.rotation))) * 180) /
          Math.PI;
      }
    const median = (a: number[]) => [...a].sort((p, q) => p - q)[a.length >> 1]!;
    return {
      warm: median(warm),
      rest: median(rest),
      capped: warm.filter((w) => w >= 30).length / warm.length,
      bend,
    };
  }
  const half = 294 / 2;

  it('back and forth in front of the chain, halfway out: 2 or 3 sweeps a frame at 200 to 600 units a second, 3 from rest', () => {
    const runs = [200, 400, 600].map((v) => drag(v, half, -1.5, 1.5, true));
    expect(runs.map((r) => r.warm)).toEqual([2, 2, 3]);
    expect(runs.map((r) => r.rest)).toEqual([3, 3, 3]);
  });

  it('near the edge of the reach (95% of it) the warm solve often hits the cap of 30', () => {
    expect(drag(400, 0.95 * 294, -1.5, 1.5, true).capped).toBeGreaterThan(0.5);
  });

  it('round and round the base, halfway out: the chain folds at Bone2 and needs 17 sweeps a frame, against 4 from rest', () => {
    const r = drag(200, half, -Math.PI, Math.PI, false);
    expect(r.warm).toBe(17);
    expect(r.rest).toBe(4);
    expect(Math.round(r.bend)).toBe(154);
  });
});

describe('lesson 5 (FABRIK), as its figure reads it', () => {
  it('the preset: 101.55 at rest, then 3.23, 0.61 and 0.12 after each round; 3 rounds from rest', () => {
    const run = runDemo('fabrik');
    frame(run, 2);
    expect(read(run, 'iterations')).toBe('3');
    const steps = stepThrough(run);
    expect(steps[0]!.error).toBe(101.55);
    const roundEnds = [1, 2, 3].map((k) => steps.filter((s) => s.iteration === k).at(-1)!.error);
    expect(roundEnds).toEqual([3.23, 0.61, 0.12]);
  });

  it('a target in the dead zone: 0 rounds from rest, the tip 22.15 away', () => {
    const run = runDemo('fabrik', { longFirst: 'true', targetX: '-10', targetY: '60' });
    frame(run, 2);
    expect(read(run, 'iterations')).toBe('0');
    expect(read(run, 'error')).toBe('22.15');
    expect(read(run, 'status')).toMatch(/dead zone/);
  });

  it('rounds from rest for tolerances 40, 4, 0.4, 0.04 and 0.01 (the lesson’s table)', () => {
    const table: [number, number, number[]][] = [
      [60, 120, [1, 1, 1, 2, 2]],
      [130, 90, [1, 1, 3, 4, 5]],
      [170, 110, [1, 5, 12, 21, 26]],
    ];
    for (const [x, y, rounds] of table) {
      const counted = ['40', '4', '0.4', '0.04', '0.01'].map((tolerance) =>
        Number(
          read(
            runDemo('fabrik', {
              targetX: String(x),
              targetY: String(y),
              tolerance,
              iterations: '500',
            }),
            'iterations',
          ),
        ),
      );
      expect(counted, `(${x}, ${y})`).toEqual(rounds);
    }
  });

  it('the cap of 20 stops the solve at (170, 110) first, 0.05 from the target', () => {
    const run = runDemo('fabrik', { targetX: '170', targetY: '110', tolerance: '0.01' });
    expect(read(run, 'iterations')).toBe('20');
    run.controls.act('solve');
    frame(run);
    expect(read(run, 'error')).toBe('0.05');
    expect(read(run, 'status')).toMatch(/stopped by the cap of 20 rounds/);
  });
});

describe('lesson 4: the straight arm with the target on its line', () => {
  // The CCD figure's five bones, straight, the target on their line `short` units inside the
  // reach, tolerance 0.5 (the figure's default), no cap in the way.
  const solve = (short: number, run: (c: Chain, x: number) => SolveResult) => {
    const run5 = runDemo('ccd');
    const lengths = run5.demo.root.findAll(Bone2D).map((b) => b.length);
    expect(lengths).toHaveLength(5);
    const chain = chainFrom(lengths, [0, 0, 0, 0, 0]);
    const r = run(chain, totalLength(chain) - short);
    expect(r.reached).toBe(true);
    return r.iterations;
  };
  const options = { tolerance: 0.5, maxIterations: 5000 };
  it('CCD needs 18, 49, 168 and 359 sweeps for 20, 10, 4 and 2 units short', () => {
    const ccd = (c: Chain, x: number) => solveCCD(c, x, 0, options, createResult());
    expect([20, 10, 4, 2].map((d) => solve(d, ccd))).toEqual([18, 49, 168, 359]);
  });
  it('4 units short: FABRIK gets out in 6 rounds, DLS in 6 steps, the transpose method creeps for 314', () => {
    expect(solve(4, (c, x) => solveFabrik(c, x, 0, options, createResult()))).toBe(6);
    const jac = (method: 'dls' | 'transpose') => (c: Chain, x: number) =>
      solveJacobian(c, x, 0, { ...options, method }, createResult());
    expect(solve(4, jac('dls'))).toBe(6);
    expect(solve(4, jac('transpose'))).toBe(314);
  });
});
