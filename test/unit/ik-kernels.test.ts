import { describe, expect, it } from 'vitest';
import {
  chainFrom,
  createResult,
  reachRing,
  solveCCD,
  solveFabrik,
  solveJacobian,
  solveTwoBone,
  tipError,
  type Chain,
  type TraceEvent,
} from '../../src/ik';
import fc from 'fast-check';
import { mulberry32 } from '../../src/math/random';
import { bendToPoles, countPoleMisses } from '../../src/ik/pole-bend';

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
const joint = (c: Chain, i: number) => ({ x: c.positions[2 * i]!, y: c.positions[2 * i + 1]! });
const segmentLength = (c: Chain, i: number) =>
  Math.hypot(
    c.positions[2 * i + 2]! - c.positions[2 * i]!,
    c.positions[2 * i + 3]! - c.positions[2 * i + 1]!,
  );
/** Which side of the line a→b point p is on (sign of cross(b − a, p − a)); 0 within 1e-7 of it. */
const side = (
  a: { x: number; y: number },
  b: { x: number; y: number },
  p: { x: number; y: number },
) => {
  const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
  return Math.abs(cross) <= 1e-7 * Math.hypot(b.x - a.x, b.y - a.y) ? 0 : Math.sign(cross);
};

describe('two-bone kernel (law of cosines, seed 001 §2)', () => {
  it('reaches the target with the interior angles the law of cosines gives', () => {
    const c = chainFrom([50, 40]);
    const r = solveTwoBone(c, 60, 20, { bend: 1, tolerance: 1e-9 }, createResult());
    expect(r.reached).toBe(true);
    expect(r.error).toBeLessThan(1e-9);
    const d = Math.hypot(60, 20);
    const beta = Math.acos((50 ** 2 + 40 ** 2 - d ** 2) / (2 * 50 * 40));
    // Bone 2 turns by π − β relative to bone 1 (seed 001's θ2 = 180° − β).
    expect(Math.abs(c.angles[1]!)).toBeCloseTo(Math.PI - beta, 12);
  });

  it('bend +1 puts the elbow counter-clockwise of the shoulder–target line on screen, −1 the other side', () => {
    for (const bend of [1, -1] as const) {
      const c = chainFrom([50, 40]);
      solveTwoBone(c, 70, 0, { bend, tolerance: 1e-9 }, createResult());
      // Target straight right; counter-clockwise on screen (+y down) is up: y < 0.
      expect(Math.sign(joint(c, 1).y)).toBe(bend === 1 ? -1 : 1);
    }
  });

  it('a pole picks the elbow side whatever the bend says', () => {
    for (const poleY of [-100, 100]) {
      const c = chainFrom([50, 40]);
      solveTwoBone(c, 70, 0, { bend: 1, poleX: 35, poleY, tolerance: 1e-9 }, createResult());
      expect(Math.sign(joint(c, 1).y)).toBe(Math.sign(poleY));
    }
  });

  it('out of reach: both bones point at the target (no iterations)', () => {
    const c = chainFrom([50, 40], [1, 1]);
    const r = solveTwoBone(c, 0, 300, { bend: 1, tolerance: 0.01 }, createResult());
    expect(r.reachability).toBe('beyond');
    expect(r.reached).toBe(false);
    expect(c.angles[1]).toBe(0);
    expect(c.directions[0]).toBeCloseTo(Math.PI / 2, 12);
    expect(r.error).toBeCloseTo(300 - 90, 9);
  });

  it('nearer than |l1 − l2|: folds as near as it can, no NaN, for either longer bone', () => {
    for (const lengths of [
      [50, 20],
      [20, 50],
    ]) {
      const c = chainFrom(lengths);
      const r = solveTwoBone(c, 10, 5, { bend: 1, tolerance: 0.01 }, createResult());
      expect(Number.isFinite(r.error)).toBe(true);
      // The nearest the tip gets is the inner circle, radius |l1 − l2| = 30.
      expect(r.error).toBeCloseTo(30 - Math.hypot(10, 5), 9);
      for (const v of c.positions) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it('target on the shoulder, zero-length bones, NaN target: finite results', () => {
    const cases: [number[], number, number][] = [
      [[50, 40], 0, 0],
      [[0, 40], 20, 10],
      [[50, 0], 20, 10],
      [[0, 0], 5, 5],
      [[50, 40], NaN, 3],
      [[50, 40], Infinity, 3],
    ];
    for (const [lengths, x, y] of cases) {
      const c = chainFrom(lengths, [0.3, 0.2]);
      const r = solveTwoBone(c, x, y, { bend: 1, tolerance: 0.01 }, createResult());
      for (const v of [...c.positions, ...c.angles]) expect(Number.isFinite(v)).toBe(true);
      expect(Number.isNaN(r.error)).toBe(false);
    }
  });

  it('traces its three steps: aim, open the shoulder, close the elbow', () => {
    const events: TraceEvent[] = [];
    solveTwoBone(chainFrom([50, 40]), 60, 20, { bend: 1, tolerance: 1e-9 }, createResult(), (e) =>
      events.push(e),
    );
    expect(events.map((e) => `${e.pass}:${e.index}`)).toEqual(['aim:-1', 'bend:0', 'bend:1']);
    expect(events.at(-1)!.error).toBeLessThan(1e-9);
    expect(events[0]!.error).toBeGreaterThan(1);
  });
});

describe('reach ring (seed 002 Figs. 2.1 and 2.2)', () => {
  it('outer radius is the total length; inner is the longest bone minus the others', () => {
    expect(reachRing(chainFrom([3, 1, 1]))).toMatchObject({ outer: 5, inner: 1, longest: 0 });
    expect(reachRing(chainFrom([1, 4, 1]))).toMatchObject({ outer: 6, inner: 2, longest: 1 });
    expect(reachRing(chainFrom([1, 1, 1])).inner).toBe(0);
  });
});

describe('CCD kernel (seed 001 §3)', () => {
  it('reaches a reachable target in either sweep order', () => {
    for (const order of ['tip-to-root', 'root-to-tip'] as const) {
      const c = chainFrom([30, 25, 20, 15, 10]);
      const r = solveCCD(c, 40, 50, { tolerance: 1e-3, maxIterations: 200, order }, createResult());
      expect(r.reached, order).toBe(true);
      expect(tipError(c, 40, 50)).toBeLessThan(1e-3);
    }
  });

  it('turns the bone nearest the tip first, each turn putting the tip on the joint–target line', () => {
    const c = chainFrom([30, 25, 20]);
    const events: TraceEvent[] = [];
    solveCCD(c, 20, 40, { tolerance: 1e-6, maxIterations: 1 }, createResult(), (e) =>
      events.push(e),
    );
    const turns = events.filter((e) => e.pass === 'turn');
    expect(turns.map((e) => e.index)).toEqual([2, 1, 0]);
    for (const e of turns) {
      const j = { x: e.positions[2 * e.index]!, y: e.positions[2 * e.index + 1]! };
      const tip = { x: e.positions[6]!, y: e.positions[7]! };
      // After the turn, joint → tip points the same way as joint → target.
      const a = Math.atan2(tip.y - j.y, tip.x - j.x);
      const b = Math.atan2(40 - j.y, 20 - j.x);
      expect(Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)))).toBeLessThan(1e-9);
    }
  });

  it('keeps every limited bone inside its arc, and still gets as near as the limits allow', () => {
    const c = chainFrom([30, 30, 30]);
    for (let i = 0; i < 3; i++) {
      c.limited[i] = 1;
      c.limitMin[i] = rad(-30);
      c.limitMax[i] = rad(30);
    }
    const r = solveCCD(c, 10, 60, { tolerance: 1e-3, maxIterations: 200 }, createResult());
    for (let i = 0; i < 3; i++) expect(Math.abs(deg(c.angles[i]!))).toBeLessThanOrEqual(30 + 1e-9);
    expect(r.reached).toBe(false); // (10, 60) needs more than 30° per joint
    // Every joint ends pinned at a limit, so no sweep can turn anything: it says so and stops
    // long before its cap, instead of spinning through 200 sweeps that change nothing.
    expect(r.stalled).toBe(true);
    expect(r.capped).toBe(false);
    expect(r.iterations).toBeLessThan(50);
  });

  it('stops at its cap and says so', () => {
    const c = chainFrom([30, 25, 20, 15, 10]);
    const r = solveCCD(c, 40, 50, { tolerance: 1e-12, maxIterations: 2 }, createResult());
    expect(r.iterations).toBe(2);
    expect(r.capped).toBe(true);
  });
});

describe('FABRIK kernel (seed 001 §4, seed 002 §2)', () => {
  it('reaches a reachable target in a few iterations, as the seed reports', () => {
    const c = chainFrom([1, 1, 1], [-Math.PI / 2]);
    const iterations = [0.1, 0.01, 0.001, 1e-4].map(
      (tol) =>
        solveFabrik(
          chainFrom([1, 1, 1], [-Math.PI / 2]),
          1.5,
          -1,
          { tolerance: tol, maxIterations: 100 },
          createResult(),
        ).iterations,
    );
    // Fewer iterations for a looser tolerance, and a handful at most (seed 002 §2.3).
    for (let i = 1; i < iterations.length; i++)
      expect(iterations[i]).toBeGreaterThanOrEqual(iterations[i - 1]!);
    expect(iterations.at(-1)).toBeLessThanOrEqual(10);
    expect(c.count).toBe(3);
  });

  it('forward pass puts the tip on the target; backward pass puts the base home', () => {
    const events: TraceEvent[] = [];
    solveFabrik(
      chainFrom([30, 25, 20], [0.2, 0.2, 0.2], { x: 5, y: 7 }),
      20,
      40,
      { tolerance: 1e-6, maxIterations: 1 },
      createResult(),
      (e) => events.push(e),
    );
    const forward = events.filter((e) => e.pass === 'forward');
    const backward = events.filter((e) => e.pass === 'backward');
    expect(forward.map((e) => e.index)).toEqual([3, 2, 1, 0]);
    expect(backward.map((e) => e.index)).toEqual([0, 1, 2, 3]);
    expect([forward[0]!.positions[6], forward[0]!.positions[7]]).toEqual([20, 40]);
    expect([backward[0]!.positions[0], backward[0]!.positions[1]]).toEqual([5, 7]);
    // Ghosts mid-pass are not a pose; the end of the backward pass is.
    expect(forward.every((e) => !e.valid)).toBe(true);
    expect(backward.at(-1)!.valid).toBe(true);
  });

  it('in the dead zone the seed loops forever; ours stops at its cap, or answers in closed form', () => {
    // Seed 002's own check: bones [3, 1, 1], target 0.3 from the root.
    const iterative = chainFrom([3, 1, 1]);
    const r = solveFabrik(
      iterative,
      0.3,
      0,
      { tolerance: 1e-3, maxIterations: 500, closedFormWhenUnreachable: false },
      createResult(),
    );
    expect(r.reachability).toBe('dead-zone');
    expect(r.iterations).toBe(500);
    expect(r.capped).toBe(true);
    const closed = chainFrom([3, 1, 1]);
    const q = solveFabrik(closed, 0.3, 0, { tolerance: 1e-3, maxIterations: 500 }, createResult());
    expect(q.iterations).toBe(0);
    expect(q.error).toBeCloseTo(1 - 0.3, 12); // on the inner circle, as near as it gets
    expect(joint(closed, 3).x).toBeCloseTo(1, 12);
  });

  it('angle limits hold inside the passes', () => {
    const c = chainFrom([30, 30, 30, 30]);
    for (let i = 1; i < 4; i++) {
      c.limited[i] = 1;
      c.limitMin[i] = rad(0);
      c.limitMax[i] = rad(40);
    }
    solveFabrik(c, 30, 60, { tolerance: 1e-3, maxIterations: 100 }, createResult());
    for (let i = 1; i < 4; i++) {
      expect(deg(c.angles[i]!)).toBeGreaterThanOrEqual(-1e-7);
      expect(deg(c.angles[i]!)).toBeLessThanOrEqual(40 + 1e-7);
    }
    for (let i = 0; i < 4; i++) expect(segmentLength(c, i)).toBeCloseTo(30, 9);
  });

  it('a pole puts every interior joint on its side of its neighbours’ line; lengths and tip stay', () => {
    for (const poleY of [-200, 200]) {
      for (const mode of ['after', 'every-iteration'] as const) {
        const c = chainFrom([30, 25, 20, 15, 10], [0.3, -0.5, 0.6, -0.4, 0.2]);
        const r = solveFabrik(
          c,
          60,
          10,
          { tolerance: 1e-4, maxIterations: 100, poleX: 40, poleY, poleMode: mode },
          createResult(),
        );
        expect(r.reached).toBe(true);
        for (let i = 1; i < 5; i++) {
          const s = side(joint(c, i - 1), joint(c, i + 1), joint(c, i));
          expect(
            s === 0 || s === side(joint(c, i - 1), joint(c, i + 1), { x: 40, y: poleY }),
            `joint ${i}`,
          ).toBe(true);
        }
        [30, 25, 20, 15, 10].forEach((l, i) => expect(segmentLength(c, i)).toBeCloseTo(l, 9));
      }
    }
  });

  it('bending to the pole repeats its pass until no joint moves (a single pass can undo an earlier joint)', () => {
    // A zig-zag whose joints all start on the far side of their lines.
    const c = chainFrom([10, 10, 10, 10, 10, 10], [0.6, -1.2, 1.2, -1.2, 1.2, -1.2]);
    c.work.set(c.positions);
    for (let i = 0; i < c.count; i++) {
      c.scratch[2 * i] = Math.cos(c.directions[i]!);
      c.scratch[2 * i + 1] = Math.sin(c.directions[i]!);
    }
    const passes = bendToPoles(c, { poleX: 30, poleY: -100 }, 1, 0, 0);
    expect(passes).toBeGreaterThan(1);
    expect(passes).toBeLessThanOrEqual(2 * 6 + 2);
    const w = (i: number) => ({ x: c.work[2 * i]!, y: c.work[2 * i + 1]! });
    for (let i = 1; i < 6; i++) {
      const s = side(w(i - 1), w(i + 1), w(i));
      expect(s === 0 || s === side(w(i - 1), w(i + 1), { x: 30, y: -100 })).toBe(true);
    }
  });
});

describe('FABRIK traced and untraced', () => {
  it('end in the same pose, bit for bit (an untraced chain without limits takes the short passes)', () => {
    const angle = fc.integer({ min: -314, max: 314 }).map((v) => v / 100);
    fc.assert(
      fc.property(
        fc.array(fc.record({ length: fc.integer({ min: 0, max: 40 }), angle }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: -200, max: 200 }),
        fc.integer({ min: -200, max: 200 }),
        fc.boolean(),
        (bones, x, y, pole) => {
          const make = () =>
            chainFrom(
              bones.map((b) => b.length),
              bones.map((b) => b.angle),
            );
          const plain = make();
          const traced = make();
          const o = { tolerance: 0.01, maxIterations: 60, poleX: pole ? 0 : NaN, poleY: -90 };
          const a = solveFabrik(plain, x, y, o, createResult());
          const b = solveFabrik(traced, x, y, o, createResult(), () => {});
          expect(Array.from(traced.positions)).toEqual(Array.from(plain.positions));
          expect(Array.from(traced.angles)).toEqual(Array.from(plain.angles));
          expect(b.iterations).toBe(a.iterations);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('two-bone traced and untraced', () => {
  it('end in the same pose, bit for bit, and it is the forward kinematics of its angles', () => {
    // Untraced, the kernel works out the joints once, for the answer; traced, after each step.
    const length = fc.oneof(fc.constant(0), fc.double({ min: 0.5, max: 40, noNaN: true }));
    const coord = fc.oneof(fc.constant(0), fc.double({ min: -90, max: 90, noNaN: true }));
    fc.assert(
      fc.property(
        fc.tuple(length, length),
        fc.tuple(
          fc.double({ min: -4, max: 4, noNaN: true }),
          fc.double({ min: -4, max: 4, noNaN: true }),
        ),
        fc.tuple(coord, coord),
        fc.constantFrom<1 | -1>(1, -1),
        fc.option(fc.tuple(coord, coord), { nil: undefined }),
        fc.constantFrom(0, 0, 3),
        ([l1, l2], angles, [x, y], bend, pole, softness) => {
          const o = {
            bend,
            tolerance: 0.01,
            softness,
            poleX: pole ? pole[0] : NaN,
            poleY: pole ? pole[1] : NaN,
          };
          const plain = chainFrom([l1, l2], angles);
          const traced = chainFrom([l1, l2], angles);
          const a = solveTwoBone(plain, x, y, { ...o }, createResult());
          const b = solveTwoBone(traced, x, y, { ...o }, createResult(), () => {});
          expect(Array.from(traced.positions)).toEqual(Array.from(plain.positions));
          expect(Array.from(traced.angles)).toEqual(Array.from(plain.angles));
          expect(Array.from(traced.directions)).toEqual(Array.from(plain.directions));
          expect(b).toEqual(a);
          // Our own forward kinematics of the answer's angles, from the base.
          let dir = plain.baseAngle;
          let px = plain.baseX;
          let py = plain.baseY;
          [l1, l2].forEach((len, i) => {
            dir += plain.angles[i]!;
            px += len * Math.cos(dir);
            py += len * Math.sin(dir);
            expect(plain.positions[2 * i + 2]).toBeCloseTo(px, 9);
            expect(plain.positions[2 * i + 3]).toBeCloseTo(py, 9);
          });
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('FABRIK asked for positions only', () => {
  it('leaves the joints a full solve leaves, and an iterative answer’s angles as they were', () => {
    const rnd = mulberry32(16);
    for (let k = 0; k < 200; k++) {
      const lengths = [10 + 30 * rnd(), 5 + 20 * rnd(), 5 + 20 * rnd()];
      const angles = [rnd() * 6 - 3, rnd() * 6 - 3, rnd() * 6 - 3];
      const full = chainFrom(lengths, angles);
      const lean = chainFrom(lengths, angles);
      const start = Float64Array.from(lean.angles);
      const x = 80 * rnd() - 40;
      const y = 80 * rnd() - 40;
      const o = { tolerance: 0.01, maxIterations: 40, poleX: 0, poleY: -60 };
      const a = solveFabrik(full, x, y, o, createResult());
      const b = solveFabrik(lean, x, y, { ...o, positionsOnly: true }, createResult());
      expect(Array.from(lean.positions)).toEqual(Array.from(full.positions));
      // An iterative answer skips its angles; a closed-form one (out of reach) sets them.
      if (b.iterations > 0) expect(Array.from(lean.angles)).toEqual(Array.from(start));
      else expect(Array.from(lean.angles)).toEqual(Array.from(full.angles));
      expect(b.error).toBe(a.error);
      expect(b.poleMisses).toBe(a.poleMisses);
    }
  });
});

describe('pole misses counted by the bend itself', () => {
  it('equal a fresh count of joints left off their side, limits and the pass cap included', () => {
    // On a grid: plain doubles lean to extremes (bones 1e-181 long) and rarely refuse a mirror.
    const angle = fc.integer({ min: -300, max: 300 }).map((v) => v / 100);
    const coordinate = fc.integer({ min: -150, max: 150 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ length: fc.integer({ min: 0, max: 40 }), angle }), {
          minLength: 2,
          maxLength: 7,
        }),
        fc.array(fc.option(fc.record({ lo: angle, width: angle.map(Math.abs) })), {
          maxLength: 7,
        }),
        fc.record({ x: coordinate, y: coordinate }),
        (bones, limits, pole) => {
          const c = chainFrom(
            bones.map((b) => b.length),
            bones.map((b) => b.angle),
          );
          // Limits around each joint's current angle or away from it: some mirrors are refused.
          limits.slice(0, c.count).forEach((l, i) => {
            if (!l) return;
            c.limited[i] = 1;
            c.limitMin[i] = l.lo;
            c.limitMax[i] = l.lo + l.width;
          });
          c.work.set(c.positions);
          const o = { poleX: pole.x, poleY: pole.y };
          const left = { poleMisses: -1 };
          bendToPoles(c, o, 1, 0, 0, undefined, left);
          expect(left.poleMisses).toBe(countPoleMisses(c, o));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('Jacobian kernels (seed 002 §1.4)', () => {
  it('transpose (eq. 14) and DLS both reach a reachable target; DLS in fewer iterations', () => {
    const t = chainFrom([30, 25, 20, 15, 10]);
    const d = chainFrom([30, 25, 20, 15, 10]);
    const rt = solveJacobian(
      t,
      40,
      50,
      { method: 'transpose', tolerance: 1e-3, maxIterations: 5000 },
      createResult(),
    );
    const rd = solveJacobian(
      d,
      40,
      50,
      { method: 'dls', tolerance: 1e-3, maxIterations: 5000 },
      createResult(),
    );
    expect(rt.reached).toBe(true);
    expect(rd.reached).toBe(true);
    expect(rd.iterations).toBeLessThan(rt.iterations);
  });

  it('DLS stays finite at the straight, singular pose with the target behind the base', () => {
    const c = chainFrom([30, 30, 30]);
    const r = solveJacobian(
      c,
      -20,
      0,
      { method: 'dls', damping: 0.05, tolerance: 1e-3, maxIterations: 1000 },
      createResult(),
    );
    for (const v of c.positions) expect(Number.isFinite(v)).toBe(true);
    expect(Number.isNaN(r.error)).toBe(false);
  });

  it('a straight chain with the target on its own line: no stall, the chain bends and reaches', () => {
    // Every joint sees the tip and the target on one ray, so Jᵀe = 0 and no CCD turn helps.
    for (const solve of [
      (c: Chain) => solveCCD(c, 70, 0, { tolerance: 1e-3, maxIterations: 500 }, createResult()),
      (c: Chain) =>
        solveJacobian(
          c,
          70,
          0,
          { method: 'transpose', tolerance: 1e-3, maxIterations: 5000 },
          createResult(),
        ),
      (c: Chain) =>
        solveJacobian(
          c,
          70,
          0,
          { method: 'dls', tolerance: 1e-3, maxIterations: 5000 },
          createResult(),
        ),
    ]) {
      const c = chainFrom([30, 30, 30]);
      const r = solve(c);
      expect(r.reached).toBe(true);
      expect(r.stalled).toBe(false);
    }
  });

  it('a single bone with its target on its own line cannot bend: it says stalled and stops', () => {
    const c = chainFrom([30]);
    const r = solveCCD(
      c,
      10,
      0,
      { tolerance: 1e-3, maxIterations: 1000, closedFormWhenUnreachable: false },
      createResult(),
    );
    expect(r.stalled).toBe(true);
    expect(r.iterations).toBe(1);
    expect(r.capped).toBe(false);
  });
});

describe('scale does not matter', () => {
  it('every iterative solver reaches the same target on the same chain, from 1e-200 to 1e300 units', () => {
    for (const scale of [1e-200, 1e-150, 1e-6, 1, 1e6, 1e150, 1e200, 1e300]) {
      for (const [name, solve] of [
        [
          'CCD',
          (c: Chain) =>
            solveCCD(
              c,
              2 * scale,
              3 * scale,
              { tolerance: 1e-3 * scale, maxIterations: 200 },
              createResult(),
            ),
        ],
        [
          'FABRIK',
          (c: Chain) =>
            solveFabrik(
              c,
              2 * scale,
              3 * scale,
              { tolerance: 1e-3 * scale, maxIterations: 200 },
              createResult(),
            ),
        ],
        [
          'transpose',
          (c: Chain) =>
            solveJacobian(
              c,
              2 * scale,
              3 * scale,
              { method: 'transpose', tolerance: 1e-3 * scale, maxIterations: 2000 },
              createResult(),
            ),
        ],
        [
          'DLS',
          (c: Chain) =>
            solveJacobian(
              c,
              2 * scale,
              3 * scale,
              { method: 'dls', tolerance: 1e-3 * scale, maxIterations: 200 },
              createResult(),
            ),
        ],
      ] as const) {
        const c = chainFrom([3 * scale, 2 * scale, 1 * scale], [0.3, 0.3, 0.3]);
        const r = solve(c);
        for (const v of [...c.positions, ...c.angles]) expect(Number.isFinite(v)).toBe(true);
        expect(r.reached, `${name} at scale ${scale}: error ${r.error / scale} of the scale`).toBe(
          true,
        );
      }
    }
  });
});
