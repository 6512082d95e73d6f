import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Chain,
  chainFrom,
  createResult,
  forwardKinematics,
  reachRing,
  type SolveResult,
  solveCCD,
  solveFabrik,
  solveJacobian,
  solveTwoBone,
  totalLength,
  type TraceEvent,
} from '../../src/ik';
import { workCap } from '../../src/ik/solve-result';
import { clampAngle } from '../../src/math/angles';

/**
 * Property tests over random chains: 1–50 bones, lengths from 0.1 to 100 with zeros mixed in,
 * random start poses and bases, random limits, and targets that are reachable, far away, on the
 * base, or not finite.
 */

type Solve = (
  c: Chain,
  x: number,
  y: number,
  cap: number,
  tol: number,
  trace?: (e: TraceEvent) => void,
) => SolveResult;

const SOLVERS: Record<string, Solve> = {
  'CCD tip-to-root': (c, x, y, cap, tol, t) =>
    solveCCD(c, x, y, { tolerance: tol, maxIterations: cap }, createResult(), t),
  'CCD root-to-tip': (c, x, y, cap, tol, t) =>
    solveCCD(
      c,
      x,
      y,
      { tolerance: tol, maxIterations: cap, order: 'root-to-tip' },
      createResult(),
      t,
    ),
  FABRIK: (c, x, y, cap, tol, t) =>
    solveFabrik(c, x, y, { tolerance: tol, maxIterations: cap }, createResult(), t),
  'FABRIK with a pole': (c, x, y, cap, tol, t) =>
    solveFabrik(
      c,
      x,
      y,
      { tolerance: tol, maxIterations: cap, poleX: x + 10, poleY: y - 30 },
      createResult(),
      t,
    ),
  'Jacobian transpose': (c, x, y, cap, tol, t) =>
    solveJacobian(
      c,
      x,
      y,
      { method: 'transpose', tolerance: tol, maxIterations: cap },
      createResult(),
      t,
    ),
  DLS: (c, x, y, cap, tol, t) =>
    solveJacobian(
      c,
      x,
      y,
      { method: 'dls', tolerance: tol, maxIterations: cap },
      createResult(),
      t,
    ),
};

const length = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 4, arbitrary: fc.double({ min: 0.1, max: 100, noNaN: true }) },
);
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const chainSpec = fc.record({
  lengths: fc.array(length, { minLength: 1, maxLength: 50 }),
  angles: fc.array(angle, { minLength: 50, maxLength: 50 }),
  base: fc.record({
    x: fc.double({ min: -100, max: 100, noNaN: true }),
    y: fc.double({ min: -100, max: 100, noNaN: true }),
    angle,
  }),
});
type ChainSpec = typeof chainSpec extends fc.Arbitrary<infer T> ? T : never;
const build = (s: ChainSpec) => chainFrom(s.lengths, s.angles, s.base);

/** Any target at all: near, far, on the base, or not a finite point. */
const anyTarget = fc.oneof(
  fc.record({
    kind: fc.constant('point' as const),
    x: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
    y: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('base' as const), x: fc.constant(0), y: fc.constant(0) }),
  fc.record({
    kind: fc.constant('non-finite' as const),
    x: fc.constantFrom(NaN, Infinity, -Infinity, 3),
    y: fc.constantFrom(NaN, Infinity, -Infinity),
  }),
);
const targetFor = (c: Chain, t: { kind: string; x: number; y: number }) =>
  t.kind === 'base' ? { x: c.baseX, y: c.baseY } : { x: t.x, y: t.y };

function expectFinitePose(c: Chain) {
  for (const a of [c.angles, c.positions, c.directions])
    for (const v of a) expect(Number.isFinite(v)).toBe(true);
}

/**
 * Every segment as long as its bone: relative error below 1e-9. A bone shorter than the float
 * spacing of the coordinates it sits at (say 1e-300 beside a 10-unit bone) cannot be told from
 * zero, so the check never asks for more than a few units of that spacing.
 */
function expectLengthsKept(c: Chain) {
  const scale = 1 + totalLength(c) + Math.abs(c.baseX) + Math.abs(c.baseY);
  const spacing = 8 * Number.EPSILON * scale;
  for (let i = 0; i < c.count; i++) {
    const len = Math.hypot(
      c.positions[2 * i + 2]! - c.positions[2 * i]!,
      c.positions[2 * i + 3]! - c.positions[2 * i + 1]!,
    );
    const l = c.lengths[i]!;
    expect(Math.abs(len - l), `bone ${i} of length ${l}`).toBeLessThanOrEqual(
      Math.max(1e-9 * l, spacing),
    );
  }
}

/**
 * The error a solver reports is the distance from the tip of the pose it leaves to the target,
 * by our own arithmetic: the tip by forward kinematics of the chain's angles, summed here, and
 * the distance by Math.hypot. A solver that reports an error it measured earlier in the solve
 * (before a last move of the tip) fails this.
 */
function expectErrorIsTheTips(c: Chain, x: number, y: number, error: number) {
  let dir = c.baseAngle;
  let tx = c.baseX;
  let ty = c.baseY;
  for (let i = 0; i < c.count; i++) {
    dir += c.angles[i]!;
    tx += c.lengths[i]! * Math.cos(dir);
    ty += c.lengths[i]! * Math.sin(dir);
  }
  const scale = 1 + totalLength(c) + Math.abs(c.baseX) + Math.abs(c.baseY);
  expect(Math.abs(tx - c.positions[2 * c.count]!)).toBeLessThanOrEqual(1e-9 * scale);
  expect(Math.abs(ty - c.positions[2 * c.count + 1]!)).toBeLessThanOrEqual(1e-9 * scale);
  // Against the tip as the chain's positions show it: only rounding apart.
  const shown = Math.hypot(c.positions[2 * c.count]! - x, c.positions[2 * c.count + 1]! - y);
  expect(Math.abs(error - shown)).toBeLessThanOrEqual(4 * Number.EPSILON * Math.max(1, shown));
}

describe('every solver, any chain, any target: no NaN, lengths kept, limits kept, bounded work', () => {
  for (const [name, solve] of Object.entries(SOLVERS)) {
    it(name, () => {
      fc.assert(
        fc.property(
          chainSpec,
          anyTarget,
          fc.array(fc.option(fc.tuple(angle, fc.double({ min: 0, max: Math.PI, noNaN: true }))), {
            minLength: 50,
            maxLength: 50,
          }),
          fc.integer({ min: 0, max: 60 }),
          (spec, target, limits, cap) => {
            const c = build(spec);
            // Random limits on some bones; the start pose is put inside them.
            limits.slice(0, c.count).forEach((l, i) => {
              if (!l) return;
              c.limited[i] = 1;
              c.limitMin[i] = l[0];
              c.limitMax[i] = l[0] + l[1];
              c.angles[i] = clampAngle(c.angles[i]!, c.limitMin[i]!, c.limitMax[i]!);
            });
            forwardKinematics(c);
            const before = c.angles.slice();
            const { x, y } = targetFor(c, target);
            let iterationEvents = 0;
            const r = solve(c, x, y, cap, 1e-3 * (1 + totalLength(c)), (e) => {
              if (e.pass === 'iteration') iterationEvents++;
            });
            expectFinitePose(c);
            expectLengthsKept(c);
            expect(Number.isNaN(r.error)).toBe(false);
            expect(r.iterations).toBeLessThanOrEqual(cap);
            expect(iterationEvents).toBeLessThanOrEqual(cap);
            for (let i = 0; i < c.count; i++) {
              if (!c.limited[i]) continue;
              const a = c.angles[i]!;
              const kept = clampAngle(a, c.limitMin[i]!, c.limitMax[i]!);
              expect(Math.abs(Math.atan2(Math.sin(kept - a), Math.cos(kept - a)))).toBeLessThan(
                1e-9,
              );
            }
            if (target.kind === 'non-finite') {
              expect(r.reachability).toBe('invalid');
              expect(Array.from(c.angles)).toEqual(Array.from(before));
            } else expectErrorIsTheTips(c, x, y, r.error);
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});

describe('reachable targets are reached within tolerance, within each solver’s cap', () => {
  // Targets anywhere in the ring, 5% of the reach away from both edges. At the very edges the
  // gradient methods and CCD only creep (the Jacobian loses rank at full stretch): the lessons
  // show that. The tolerance is 0.1% of the reach. Caps are what the worst chains measured need
  // (CCD up to ~50 000 sweeps and the transpose method up to ~90 000 iterations when one bone
  // dwarfs the others; FABRIK and DLS a few thousand). The seed is fixed so CI is reproducible;
  // set FC_SEED to explore others.
  const seed = Number(process.env.FC_SEED ?? 20261122);
  const CAPS: Record<string, number> = {
    'CCD tip-to-root': 100_000,
    'CCD root-to-tip': 100_000,
    FABRIK: 100_000,
    'FABRIK with a pole': 100_000,
    'Jacobian transpose': 100_000,
    DLS: 100_000,
  };
  for (const [name, solve] of Object.entries(SOLVERS)) {
    it(name, () => {
      fc.assert(
        fc.property(
          chainSpec,
          fc.double({ min: 0, max: 1, noNaN: true }),
          angle,
          (spec, u, theta) => {
            const c = build(spec);
            const ring = reachRing(c);
            const margin = 0.05 * ring.outer;
            fc.pre(ring.inner + margin < ring.outer - margin);
            const d = ring.inner + margin + u * (ring.outer - ring.inner - 2 * margin);
            const x = c.baseX + d * Math.cos(theta);
            const y = c.baseY + d * Math.sin(theta);
            const tol = 1e-3 * ring.outer;
            // One call does at most WORK_BUDGET bone-iterations (a few ms); a chain that needs
            // more goes on from its pose in the next call, as a node does on the next frame.
            let r = solve(c, x, y, CAPS[name]!, tol);
            let iterations = r.iterations;
            while (!r.reached && r.workBound && iterations < CAPS[name]!) {
              expect(r.iterations).toBe(workCap(CAPS[name]!, c.count));
              r = solve(c, x, y, CAPS[name]!, tol);
              iterations += r.iterations;
            }
            expect(r.reachability).toBe('reachable');
            expect(r.reached, `error ${r.error} after ${iterations} iterations`).toBe(true);
            expect(
              Math.hypot(c.positions[2 * c.count]! - x, c.positions[2 * c.count + 1]! - y),
            ).toBeLessThanOrEqual(tol);
            expectLengthsKept(c);
          },
        ),
        // No shrinking: each try may run 100 000 iterations, so report the first failure as is.
        { numRuns: 150, seed, endOnFailure: true },
      );
    });
  }
});

describe('a chain folded flat on the target’s line: a saddle, and the way out', () => {
  // Found by the node-level property (ik-nodes.test.ts): a long bone, a short one, and a long
  // one folded back, all on the line to the target. Jᵀe = 0 there, the uniform nudge barely
  // pointed down, and the transpose method crept back after every nudge and stalled.
  const lengths = [0, 0, 97.95647688835868, 5.893185394636333, 72.24897559063527];
  for (const [name, solve] of Object.entries(SOLVERS)) {
    it(name, () => {
      for (const fold of [Math.PI, -Math.PI, Math.PI - 1e-7])
        for (const x of [22, 28.66, 35, 60, 100]) {
          const c = chainFrom(lengths, [0, 0, 0, 0, fold]);
          const r = solve(c, x, 0, 100_000, 0.177);
          expect(
            r.reached,
            `fold ${fold}, x ${x}: ${r.iterations} iterations, error ${r.error}`,
          ).toBe(true);
          expectLengthsKept(c);
        }
    });
  }
});

describe('unreachable targets: the best pose there is', () => {
  const all: Record<string, Solve> = {
    ...SOLVERS,
    'two-bone': (c, x, y, _cap, tol) =>
      solveTwoBone(c, x, y, { bend: 1, tolerance: tol }, createResult()),
  };
  for (const [name, solve] of Object.entries(all)) {
    const bones =
      name === 'two-bone' ? { minLength: 2, maxLength: 2 } : { minLength: 1, maxLength: 50 };
    it(`${name}: beyond reach, the straight chain pointing at the target`, () => {
      fc.assert(
        fc.property(
          fc.array(length, bones),
          fc.array(angle, { minLength: 50, maxLength: 50 }),
          angle,
          fc.double({ min: 1.001, max: 1000, noNaN: true }),
          (lengths, angles, theta, k) => {
            const c = chainFrom(lengths, angles);
            const d = Math.max(1e-6, totalLength(c)) * k;
            const r = solve(c, d * Math.cos(theta), d * Math.sin(theta), 50, 1e-6);
            expect(r.reachability).toBe('beyond');
            for (let i = 0; i < c.count; i++) {
              const dir = c.directions[i]!;
              expect(
                Math.abs(Math.atan2(Math.sin(dir - theta), Math.cos(dir - theta))),
              ).toBeLessThan(1e-9);
            }
            expect(r.error).toBeCloseTo(d - totalLength(c), 6);
          },
        ),
        { numRuns: 60 },
      );
    });
  }
  for (const [name, solve] of Object.entries(SOLVERS)) {
    it(`${name}: in the dead zone, the tip on the inner circle nearest the target`, () => {
      fc.assert(
        fc.property(
          fc.double({ min: 10, max: 100, noNaN: true }),
          fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
          fc.integer({ min: 0, max: 20 }),
          fc.double({ min: 0, max: 0.999, noNaN: true }),
          angle,
          (long, shares, at, u, theta) => {
            // One bone longer than all the others together, wherever it sits in the chain.
            const rest = shares.map((s) => (s * long * 0.8) / shares.length);
            rest.splice(Math.min(at, rest.length), 0, long);
            const c = chainFrom(rest);
            const { inner } = reachRing(c);
            const d = u * inner;
            const r = solve(c, d * Math.cos(theta), d * Math.sin(theta), 50, 1e-6);
            expect(r.reachability).toBe('dead-zone');
            expect(r.error).toBeCloseTo(inner - d, 6);
            expectLengthsKept(c);
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});

describe('two-bone kernel', () => {
  it('nearer than |l1 − l2|, the target on the shoulder too, folds the elbow shut', () => {
    // Found by the node-level property (ik-nodes.test.ts): on the shoulder (d = 0) the arm was
    // left straight, its tip l1 + l2 from the target instead of |l1 − l2|.
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.999, noNaN: true })),
        angle,
        fc.array(angle, { minLength: 2, maxLength: 2 }),
        (l1, l2, u, theta, start) => {
          const c = chainFrom([l1, l2], start, { x: 3, y: -2, angle: 0.2 });
          const d = u * Math.abs(l1 - l2);
          const r = solveTwoBone(
            c,
            3 + d * Math.cos(theta),
            -2 + d * Math.sin(theta),
            { bend: 1, tolerance: 1e-6 },
            createResult(),
          );
          // (Reachable only on the inner edge, where rounding may put d when l1 ≈ l2.)
          expect(['dead-zone', 'reachable']).toContain(r.reachability);
          expect(Math.abs(r.error - (Math.abs(l1 - l2) - d))).toBeLessThanOrEqual(1e-9 * (l1 + l2));
          expectLengthsKept(c);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reaches any reachable target exactly, with the elbow on the chosen side', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        angle,
        fc.constantFrom(1 as const, -1 as const),
        (l1, l2, u, theta, bend) => {
          const c = chainFrom([l1, l2], [0.4, 0.4]);
          const d = Math.abs(l1 - l2) + u * (l1 + l2 - Math.abs(l1 - l2));
          const x = d * Math.cos(theta);
          const y = d * Math.sin(theta);
          const r = solveTwoBone(c, x, y, { bend, tolerance: 1e-6 }, createResult());
          expect(r.error).toBeLessThan(1e-9 * (l1 + l2));
          const cross = x * c.positions[3]! - y * c.positions[2]!;
          // +1 puts the elbow where cross(target, elbow) < 0 (counter-clockwise on screen).
          if (Math.abs(cross) > 1e-9 * (l1 + l2) ** 2) expect(Math.sign(cross)).toBe(-bend);
          expectLengthsKept(c);
        },
      ),
      { numRuns: 300 },
    );
  });
});
