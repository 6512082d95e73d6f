import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chainFrom, type Chain } from '../../src/ik/chain';
import { solveFabrik, type FabrikOptions } from '../../src/ik/fabrik-kernel';
import { createResult, type TracePass } from '../../src/ik/solve-result';

/**
 * FABRIK at the edges of its reach ring and with a pole: every outcome is checked here, from the
 * answer's angles and our own forward kinematics, not from what the solver says of itself.
 */

type Point = { x: number; y: number };
type Base = { x: number; y: number; angle: number };

/** The joints, composed here from the answer's relative angles, the lengths and the base. */
function ourJoints(c: Chain, lengths: readonly number[], base: Base): Point[] {
  const out: Point[] = [{ x: base.x, y: base.y }];
  let dir = base.angle;
  let x = base.x;
  let y = base.y;
  lengths.forEach((l, i) => {
    dir += c.angles[i]!;
    x += l * Math.cos(dir);
    y += l * Math.sin(dir);
    out.push({ x, y });
  });
  return out;
}

/**
 * Checks an answer from outside: its joints are the forward kinematics of its angles, every
 * bone keeps its length within 1e-9 of it, and returns the tip's distance to the target.
 */
function checkedMiss(c: Chain, lengths: readonly number[], base: Base, target: Point): number {
  const ours = ourJoints(c, lengths, base);
  const scale = 1 + lengths.reduce((a, b) => a + b, 0);
  ours.forEach((p, i) => {
    expect(Math.abs(c.positions[2 * i]! - p.x)).toBeLessThan(1e-9 * scale);
    expect(Math.abs(c.positions[2 * i + 1]! - p.y)).toBeLessThan(1e-9 * scale);
  });
  lengths.forEach((l, i) => {
    const got = Math.hypot(
      c.positions[2 * i + 2]! - c.positions[2 * i]!,
      c.positions[2 * i + 3]! - c.positions[2 * i + 1]!,
    );
    expect(Math.abs(got - l)).toBeLessThanOrEqual(1e-9 * l);
  });
  const tip = ours.at(-1)!;
  return Math.hypot(tip.x - target.x, tip.y - target.y);
}

/**
 * Interior joints on the other side of the line through their neighbours from the pole, by our
 * own cross products, counting only clear cases (more than 1e-6 of the line's length squared).
 */
function offPoleSide(joints: readonly Point[], pole: Point): number {
  let wrong = 0;
  for (let i = 1; i < joints.length - 1; i++) {
    const a = joints[i - 1]!;
    const b = joints[i + 1]!;
    const lx = b.x - a.x;
    const ly = b.y - a.y;
    const joint = lx * (joints[i]!.y - a.y) - ly * (joints[i]!.x - a.x);
    const toPole = lx * (pole.y - a.y) - ly * (pole.x - a.x);
    if (joint * toPole < 0 && Math.abs(joint) > 1e-6 * (lx * lx + ly * ly)) wrong++;
  }
  return wrong;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Three start poses: straight, gently curled, zig-zag. */
const starts: Record<string, (n: number) => number[]> = {
  straight: (n) => Array<number>(n).fill(0),
  curled: (n) => Array.from({ length: n }, (_, i) => (i === 0 ? 0.3 : 0.5)),
  zigzag: (n) => Array.from({ length: n }, (_, i) => (i % 2 ? -1.2 : 0.6)),
};

/** Targets `d` from the root in 16 directions, from every start pose: the worst outcome. */
function sweep(lengths: number[], distances: number[]) {
  const base = { x: 0, y: 0, angle: 0 };
  const tolerance = 1e-3 * sum(lengths);
  let worstMiss = 0;
  let mostIterations = 0;
  let unreached = 0;
  for (const start of Object.values(starts))
    for (const d of distances)
      for (let k = 0; k < 16; k++) {
        const a = (k / 16) * 2 * Math.PI + 0.1;
        const target = { x: d * Math.cos(a), y: d * Math.sin(a) };
        const c = chainFrom(lengths, start(lengths.length), base);
        const r = solveFabrik(
          c,
          target.x,
          target.y,
          { tolerance, maxIterations: 100 },
          createResult(),
        );
        const miss = checkedMiss(c, lengths, base, target);
        expect(r.error).toBeCloseTo(miss, 9);
        if (!(miss <= tolerance)) unreached++;
        worstMiss = Math.max(worstMiss, miss);
        mostIterations = Math.max(mostIterations, r.iterations);
      }
  return { worstMiss, mostIterations, unreached, tolerance };
}

describe('FABRIK with the target near an edge of its reach ring', () => {
  // Before: the (1, 1) chain hit the cap of 100 in 214 of these 240 cases, 0.003 to 0.097 away,
  // where CCD reaches in 1 to 3 sweeps.
  it('a (1, 1) chain reaches targets 0.01 to 0.2 from its root within 5 iterations', () => {
    const s = sweep([1, 1], [0.01, 0.02, 0.05, 0.1, 0.2]);
    expect(s.unreached).toBe(0);
    expect(s.worstMiss).toBeLessThanOrEqual(s.tolerance);
    expect(s.mostIterations).toBeLessThanOrEqual(5);
  });

  // Before: (1, 1, 1, 1) missed 25 of 240 near its root; (3, 1, 1) and (1, 2, 0.5) missed 170
  // and 74 just outside their dead zones (inner radius 1 and 0.5), at the cap of 100.
  it('longer chains reach targets near the root or just outside the dead zone, well within the cap', () => {
    for (const [lengths, inner, most] of [
      [[1, 1, 1], 0, 4],
      [[1, 1, 1, 1], 0, 30],
      [[3, 1, 1], 1, 30],
      [[1, 2, 0.5], 0.5, 40],
    ] as const) {
      const s = sweep(
        [...lengths],
        [0.01, 0.02, 0.05, 0.1, 0.2].map((d) => inner + d),
      );
      expect(s.unreached, `(${lengths.join(', ')})`).toBe(0);
      expect(s.mostIterations, `(${lengths.join(', ')})`).toBeLessThanOrEqual(most);
    }
  });

  it('a target exactly on the inner edge (reached only folded flat): reached, not stalled', () => {
    // Found by the property below: the passes and the nudges went round until the stall check.
    const lengths = [3.8193084182703303, 3.823286903282744];
    const base = { x: 3, y: -2, angle: 0.4 };
    const target = { x: 3 + 2 * lengths[1]! - sum(lengths), y: -2 };
    const c = chainFrom(lengths, [0, 0], base);
    const tolerance = 1e-3 * sum(lengths);
    const r = solveFabrik(c, target.x, target.y, { tolerance, maxIterations: 100 }, createResult());
    expect(checkedMiss(c, lengths, base, target)).toBeLessThanOrEqual(tolerance);
    expect(r.reached && !r.stalled).toBe(true);
  });

  it('inside the dead zone nothing changes: the closed form, 0 iterations, on the inner circle', () => {
    for (const [lengths, inner] of [
      [[3, 1, 1], 1],
      [[1, 2, 0.5], 0.5],
    ] as const) {
      const base = { x: 0, y: 0, angle: 0 };
      const c = chainFrom([...lengths], [0.2, 0.2, 0.2], base);
      const r = solveFabrik(c, 0.1, 0.05, { tolerance: 5e-3, maxIterations: 100 }, createResult());
      expect(r.reachability).toBe('dead-zone');
      expect(r.iterations).toBe(0);
      expect(checkedMiss(c, lengths, base, { x: 0.1, y: 0.05 })).toBeCloseTo(
        inner - Math.hypot(0.1, 0.05),
        9,
      );
    }
  });

  it('traced: the same answer, and the finishing pass is reported as an ordinary backward pass', () => {
    const lengths = [1, 1];
    const o = { tolerance: 2e-3, maxIterations: 100 };
    const plain = chainFrom(lengths, [0, 0]);
    const traced = chainFrom(lengths, [0, 0]);
    const a = solveFabrik(plain, 0.05 * Math.cos(1.3), 0.05 * Math.sin(1.3), o, createResult());
    const passes: { pass: TracePass; iteration: number; index: number; valid: boolean }[] = [];
    let last: ArrayLike<number> = [];
    const b = solveFabrik(
      traced,
      0.05 * Math.cos(1.3),
      0.05 * Math.sin(1.3),
      o,
      createResult(),
      (e) => {
        passes.push({ pass: e.pass, iteration: e.iteration, index: e.index, valid: e.valid });
        last = e.positions;
      },
    );
    expect(a.reached).toBe(true);
    expect(b).toEqual(a);
    expect(Array.from(traced.positions)).toEqual(Array.from(plain.positions));
    // Each iteration: the forward pass (joints 2, 1, 0 after the tip onto the target), the
    // backward pass (joints 0, 1, 2), the iteration's end; the last one's pose is the answer.
    expect(new Set(passes.map((p) => p.pass))).toEqual(
      new Set(['forward', 'backward', 'iteration']),
    );
    for (let it = 1; it <= b.iterations; it++) {
      const these = passes.filter((p) => p.iteration === it);
      expect(these.map((p) => `${p.pass} ${p.index}`)).toEqual([
        'forward 2',
        'forward 1',
        'forward 0',
        'backward 0',
        'backward 1',
        'backward 2',
        'iteration -1',
      ]);
      expect(these.at(-2)!.valid).toBe(true);
    }
    expect(Array.from(last)).toEqual(Array.from(plain.positions));
  });

  it('any reachable target of a free 2-to-4-bone chain, edges included: reached within 100, lengths kept', () => {
    const length = fc.oneof(fc.constant(1), fc.double({ min: 0.1, max: 5, noNaN: true }));
    fc.assert(
      fc.property(
        fc.array(length, { minLength: 2, maxLength: 4 }),
        fc.array(fc.double({ min: -3.1, max: 3.1, noNaN: true }), { minLength: 4, maxLength: 4 }),
        // Where in the ring, from its inner edge (0) to its outer edge (1), and which way.
        fc.oneof(
          fc.double({ min: 0, max: 0.02, noNaN: true }),
          fc.double({ min: 0.98, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
        ),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        (lengths, angles, where, toward) => {
          const outer = sum(lengths);
          const inner = Math.max(0, 2 * Math.max(...lengths) - outer);
          const d = inner + where * (outer - inner);
          const target = { x: 3 + d * Math.cos(toward), y: -2 + d * Math.sin(toward) };
          const base = { x: 3, y: -2, angle: 0.4 };
          const c = chainFrom(lengths, angles.slice(0, lengths.length), base);
          const tolerance = 1e-3 * outer;
          const r = solveFabrik(
            c,
            target.x,
            target.y,
            { tolerance, maxIterations: 100 },
            createResult(),
          );
          expect(c.positions.every(Number.isFinite)).toBe(true);
          const miss = checkedMiss(c, lengths, base, target);
          expect(miss).toBeLessThanOrEqual(tolerance);
          expect(r.reached).toBe(true);
        },
      ),
      { numRuns: 600 },
    );
  });
});

describe('FABRIK with a pole: every joint bends to its side', () => {
  /** The outside check's 6-bone case (issue 17) and a 7-bone one found the same way. */
  const cases = {
    'the outside check’s 6-bone case': {
      lengths: [
        26.38673116994856, 39.75558051733068, 43.57104598346184, 3.401494627400085,
        7.897030282123635, 10.402657938476727,
      ],
      angles: [
        0.3108639358849939, -1.7964799601098111, 0.7166406625715528, -2.1900470686396227,
        2.2061686965129916, -2.5768805861511974,
      ],
      base: { x: 3.526943572796881, y: 3.306072996929288, angle: -2.2122987138642483 },
      target: { x: 64.52404907391858, y: 61.092860196440995 },
      pole: { x: 114.27452166287578, y: 110.05505698348149 },
    },
    'a 7-bone case': {
      lengths: [
        28.279614881426095, 30.234979060292243, 1.3179390363395214, 5.680401907116175,
        15.133038102462887, 1.4416157405823469, 35.920938444137576,
      ],
      angles: [
        -1.1877385642729583, 2.979564430452505, 0.8892315214335877, 0.5105353701674084,
        -1.3196599348018465, 1.003469016798094, 2.6127610673229738,
      ],
      base: { x: 57.30170370079577, y: 79.29541328921914, angle: -1.0172567423433065 },
      target: { x: 53.04364070951362, y: 74.39143380859961 },
      pole: { x: 171.57495580995862, y: 5.521502748451141 },
    },
  };

  // Before: the 6-bone case left joint 2 off its side applied after the passes (the mirror
  // passes stopped at their cap of 2n + 2 = 14; 18 settle it), and the 7-bone case left 2
  // joints off applied every iteration.
  for (const [name, k] of Object.entries(cases))
    for (const poleMode of ['after', 'every-iteration'] as const)
      it(`${name}, pole applied ${poleMode}: reached, no joint on the far side`, () => {
        const c = chainFrom(k.lengths, k.angles, k.base);
        const tolerance = 1e-3 * sum(k.lengths);
        const o: FabrikOptions = {
          tolerance,
          maxIterations: 100,
          poleX: k.pole.x,
          poleY: k.pole.y,
          poleMode,
        };
        const r = solveFabrik(c, k.target.x, k.target.y, o, createResult());
        const miss = checkedMiss(c, k.lengths, k.base, k.target);
        expect(miss).toBeLessThanOrEqual(tolerance);
        expect(r.reached).toBe(true);
        expect(offPoleSide(ourJoints(c, k.lengths, k.base), k.pole)).toBe(0);
        expect(r.poleMisses).toBe(0);
      });

  it('a joint a limit keeps off its side is still counted', () => {
    // Bone 1 may only bend by 0.2 to 1.2; the pole wants the other bend, which the limit forbids.
    const base = { x: 0, y: 0, angle: 0 };
    const c = chainFrom([10, 10], [-0.5, 1], base);
    c.limited[1] = 1;
    c.limitMin[1] = 0.2;
    c.limitMax[1] = 1.2;
    const target = { x: 20 * Math.cos(0.55), y: 0 };
    const pole = { x: 5, y: 50 };
    const r = solveFabrik(
      c,
      target.x,
      target.y,
      { tolerance: 0.02, maxIterations: 100, poleX: pole.x, poleY: pole.y },
      createResult(),
    );
    expect(checkedMiss(c, [10, 10], base, target)).toBeLessThanOrEqual(0.02);
    expect(offPoleSide(ourJoints(c, [10, 10], base), pole)).toBe(1);
    expect(r.poleMisses).toBe(1);
  });
});
