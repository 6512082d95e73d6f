import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chainFrom,
  createResult,
  solveTwoBone,
  TwoBoneIK2D,
  type TraceEvent,
  type TwoBoneOptions,
} from '../../src/ik';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { processTree } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';
import { softenedDistance } from '../../src/ik/two-bone-kernel';
import { runDemo } from './fake-controls';
import { m3Apply, m3Mul, m3TRS, type M3 } from './oracle';

/**
 * Softness (Spine's IK constraint): in the band reach − s < d < reach + s the arm aims at
 * d − s·x², x = (d − reach + s) / 2s, so it never straightens and misses by s·x² ≤ s.
 * Every check here measures the pose with its own forward kinematics, from the lengths and the
 * angles the kernel left, not with the kernel's positions or error.
 */

/** The oracle's tip: bones laid out from the base, each turned by its relative angle. */
function oracleTip(lengths: readonly number[], base: Base, angles: ArrayLike<number>) {
  let x = base.x;
  let y = base.y;
  let heading = base.angle;
  lengths.forEach((l, i) => {
    heading += angles[i]!;
    x += l * Math.cos(heading);
    y += l * Math.sin(heading);
  });
  return { x, y };
}

/** The oracle's elbow interior angle (radians, 0…π) from the relative angle of bone 2. */
const elbowAngle = (angles: ArrayLike<number>) =>
  Math.PI - Math.abs(Math.atan2(Math.sin(angles[1]!), Math.cos(angles[1]!)));

interface Base {
  x: number;
  y: number;
  angle: number;
}

const solve = (
  lengths: readonly number[],
  base: Base,
  start: readonly number[],
  target: { x: number; y: number },
  options: TwoBoneOptions,
  trace?: (e: TraceEvent) => void,
) => {
  const chain = chainFrom(lengths, start, base);
  const result = solveTwoBone(chain, target.x, target.y, options, createResult(), trace);
  return { chain, result };
};

const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const arm = fc.record({
  l1: fc.double({ min: 1, max: 200, noNaN: true }),
  l2: fc.double({ min: 1, max: 200, noNaN: true }),
  base: fc.record({
    x: fc.double({ min: -500, max: 500, noNaN: true }),
    y: fc.double({ min: -500, max: 500, noNaN: true }),
    angle,
  }),
  start: fc.tuple(angle, angle),
  direction: angle,
  bend: fc.constantFrom(1 as const, -1 as const),
});

describe('two-bone softness (Spine’s IK constraint)', () => {
  it('inside the soft band the arm never straightens, and the tip misses by exactly s·x² ≤ s', () => {
    let worst = 0;
    let count = 0;
    fc.assert(
      fc.property(
        arm,
        // Softness up to twice the shorter bone, so the softened distance stays in the ring.
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        // Where in the band: x from just above 0 to just below 1.
        fc.double({ min: 1e-3, max: 1 - 1e-3, noNaN: true }),
        (a, k, x) => {
          const lengths = [a.l1, a.l2];
          const reach = a.l1 + a.l2;
          const s = Math.max(0.01, k * 2 * Math.min(a.l1, a.l2));
          const d = reach - s + 2 * s * x;
          const target = {
            x: a.base.x + d * Math.cos(a.direction),
            y: a.base.y + d * Math.sin(a.direction),
          };
          const tolerance = 1e-6;
          const { chain, result } = solve(lengths, a.base, a.start, target, {
            bend: a.bend,
            tolerance,
            softness: s,
          });
          const tip = oracleTip(lengths, a.base, chain.angles);
          const fromShoulder = Math.hypot(tip.x - a.base.x, tip.y - a.base.y);
          const error = Math.hypot(tip.x - target.x, tip.y - target.y);
          const slack = 1e-9 * (1 + reach + Math.abs(a.base.x) + Math.abs(a.base.y));
          // Never at full extension: short of the reach by s·(1 − x)².
          expect(fromShoulder).toBeLessThan(reach);
          expect(Math.abs(reach - fromShoulder - s * (1 - x) ** 2)).toBeLessThanOrEqual(slack);
          // The tip misses by s·x², at most s, along the line to the target.
          expect(Math.abs(error - s * x * x)).toBeLessThanOrEqual(slack);
          expect(error).toBeLessThanOrEqual(s + slack);
          const cross =
            (target.x - a.base.x) * (tip.y - a.base.y) - (target.y - a.base.y) * (tip.x - a.base.x);
          expect(Math.abs(cross) / d).toBeLessThanOrEqual(slack);
          // The kernel's own report is honest about the miss.
          expect(Math.abs(result.error - error)).toBeLessThanOrEqual(slack);
          expect(result.reached).toBe(result.error <= tolerance);
          worst = Math.max(worst, error / s);
          count++;
        },
      ),
      { numRuns: 2000, seed: 4242 },
    );
    expect(count).toBe(2000);
    expect(worst).toBeLessThan(1);
  });

  it('beyond the band (d ≥ reach + s) the arm is straight and points at the target', () => {
    fc.assert(
      fc.property(
        arm,
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (a, s, beyond) => {
          const lengths = [a.l1, a.l2];
          const reach = a.l1 + a.l2;
          const d = reach + s + beyond;
          const target = {
            x: a.base.x + d * Math.cos(a.direction),
            y: a.base.y + d * Math.sin(a.direction),
          };
          const { chain } = solve(lengths, a.base, a.start, target, {
            bend: a.bend,
            tolerance: 1e-6,
            softness: s,
          });
          const tip = oracleTip(lengths, a.base, chain.angles);
          expect(chain.angles[1]).toBe(0);
          const slack = 1e-9 * (1 + d + Math.abs(a.base.x) + Math.abs(a.base.y));
          expect(
            Math.abs(Math.hypot(tip.x - target.x, tip.y - target.y) - (d - reach)),
          ).toBeLessThanOrEqual(slack);
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  });

  it('below the band, and with softness 0, NaN, ±Infinity or negative, it is today’s solve bit for bit', () => {
    fc.assert(
      fc.property(
        arm,
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.constantFrom(0, NaN, Infinity, -Infinity, -3),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (a, u, odd, s) => {
          const lengths = [a.l1, a.l2];
          const reach = a.l1 + a.l2;
          const target = {
            x: a.base.x + u * reach * Math.cos(a.direction),
            y: a.base.y + u * reach * Math.sin(a.direction),
          };
          const events = (options: TwoBoneOptions) => {
            const got: TraceEvent[] = [];
            const r = solve(lengths, a.base, a.start, target, options, (e) => got.push(e));
            return { ...r, got };
          };
          const today = events({ bend: a.bend, tolerance: 1e-3 });
          const soft = events({ bend: a.bend, tolerance: 1e-3, softness: odd });
          expect([...soft.chain.angles]).toEqual([...today.chain.angles]);
          expect([...soft.chain.positions]).toEqual([...today.chain.positions]);
          expect(soft.result).toEqual(today.result);
          expect(soft.got).toEqual(today.got);
          // Below the band softness changes nothing either.
          if (u * reach <= reach - s) {
            const below = solve(lengths, a.base, a.start, target, {
              bend: a.bend,
              tolerance: 1e-3,
              softness: s,
            });
            expect([...below.chain.angles]).toEqual([...today.chain.angles]);
          }
        },
      ),
      { numRuns: 1000, seed: 99 },
    );
  });

  it('never gives NaN: zero-length bones, a target on the shoulder, huge or odd softness', () => {
    const length = fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 300, noNaN: true }));
    const softness = fc.oneof(
      fc.constantFrom(0, NaN, Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE, 1e-300),
      fc.double({ min: 0, max: 1e6, noNaN: true }),
    );
    const where = fc.oneof(
      fc.constant('shoulder' as const),
      fc.record({ d: fc.double({ min: 0, max: 1e6, noNaN: true }), direction: angle }),
    );
    fc.assert(
      fc.property(length, length, softness, where, angle, angle, (l1, l2, s, w, a0, a1) => {
        const base = { x: 3, y: -4, angle: 0.2 };
        const target =
          w === 'shoulder'
            ? { x: base.x, y: base.y }
            : { x: base.x + w.d * Math.cos(w.direction), y: base.y + w.d * Math.sin(w.direction) };
        const { chain, result } = solve([l1, l2], base, [a0, a1], target, {
          bend: 1,
          tolerance: 0.01,
          softness: s,
        });
        for (const v of [...chain.angles, ...chain.positions])
          expect(Number.isFinite(v)).toBe(true);
        expect(Number.isNaN(result.error)).toBe(false);
        const tip = oracleTip([l1, l2], base, chain.angles);
        expect(
          Math.abs(Math.hypot(tip.x - target.x, tip.y - target.y) - result.error),
        ).toBeLessThan(1e-6 * (1 + l1 + l2 + (w === 'shoulder' ? 0 : w.d)));
      }),
      { numRuns: 3000, seed: 3 },
    );
    // Overflowing distances and softness: the aimed distance is still a number.
    for (const [d, s] of [
      [Infinity, 40],
      [1e308, Number.MAX_VALUE],
      [Number.MAX_VALUE, Number.MAX_VALUE],
      [0, Number.MAX_VALUE],
    ] as const)
      expect(Number.isNaN(softenedDistance(d, 100, s))).toBe(false);
    expect(softenedDistance(Infinity, 100, 40)).toBe(100);
  });

  it('dragged slowly out past full reach, the elbow opens smoothly instead of snapping straight', () => {
    // The lesson's arm: 160 + 130. Step the target out by 0.5 and watch the elbow's interior angle.
    const lengths = [160, 130];
    const base = { x: 0, y: 0, angle: 0 };
    const sweep = (s: number) => {
      let largest = 0;
      let previous = NaN;
      let straightAt = NaN;
      for (let d = 200; d <= 400; d += 0.5) {
        const { chain } = solve(
          lengths,
          base,
          [0.3, 0.6],
          { x: d, y: 0 },
          {
            bend: 1,
            tolerance: 0.01,
            softness: s,
          },
        );
        const beta = elbowAngle(chain.angles);
        if (!Number.isNaN(previous)) largest = Math.max(largest, Math.abs(beta - previous));
        if (Number.isNaN(straightAt) && beta === Math.PI) straightAt = d;
        previous = beta;
      }
      return { largest, straightAt };
    };
    const hard = sweep(0);
    const soft = sweep(40);
    // Without softness the last half unit before full reach opens the elbow by over 6°.
    expect(hard.largest).toBeGreaterThan((6 * Math.PI) / 180);
    expect(hard.straightAt).toBe(290);
    // With softness 40 no step opens it by more than a degree, and it straightens only at 330.
    expect(soft.largest).toBeLessThan(Math.PI / 180);
    expect(soft.straightAt).toBe(330);
  });

  it('traces aim, then bend twice, for a target beyond reach inside the band', () => {
    const events: TraceEvent[] = [];
    const { chain } = solve(
      [160, 130],
      { x: 0, y: 0, angle: 0 },
      [0, 0],
      { x: 300, y: 0 },
      {
        bend: 1,
        tolerance: 0.01,
        softness: 40,
      },
      (e) => events.push(e),
    );
    expect(events.map((e) => e.pass)).toEqual(['aim', 'bend', 'bend']);
    expect([...events.at(-1)!.positions]).toEqual([...chain.positions]);
    // x = (300 − 290 + 40) / 80 = 0.625: the tip stops 40 · 0.625² = 15.625 short.
    expect(events.at(-1)!.error).toBeCloseTo(15.625, 9);
  });
});

describe('TwoBoneIK2D softness, in a mirrored tree', () => {
  /** World → Root (mirrored, scaled) → Upper → Fore; the oracle composes the same matrices. */
  function build(rootScale: { x: number; y: number }) {
    const world = new Node2D('World');
    world.position = { x: 30, y: -20 };
    const root = world.addChild(new Node2D('Root'));
    root.position = { x: 10, y: 5 };
    root.rotation = 0.3;
    root.scale = rootScale;
    const upper = root.addChild(new Bone2D('Upper', 60));
    upper.rotation = 0.2;
    const fore = upper.addChild(new Bone2D('Fore', 45));
    fore.position = { x: 60, y: 0 };
    fore.rotation = 0.4;
    const target = world.addChild(new Marker2D('Target', 'target'));
    const ik = world.addChild(new TwoBoneIK2D());
    ik.rootBonePath = upper.getPathFrom(ik);
    ik.tipBonePath = fore.getPathFrom(ik);
    ik.targetPath = target.getPathFrom(ik);
    const tipByOracle = () => {
      let m: M3 = m3TRS(30, -20, 0, 1, 1);
      m = m3Mul(m, m3TRS(10, 5, 0.3, rootScale.x, rootScale.y));
      m = m3Mul(m, m3TRS(0, 0, upper.rotation, 1, 1));
      m = m3Mul(m, m3TRS(60, 0, fore.rotation, 1, 1));
      return m3Apply(m, 45, 0);
    };
    const shoulderByOracle = () => m3Apply(m3TRS(30, -20, 0, 1, 1), 10, 5);
    return { world, target, ik, tipByOracle, shoulderByOracle };
  }

  it('the tree’s tip misses by s·x², the status measures that miss, and reached says no', () => {
    for (const sx of [1, -1])
      for (const sy of [1, -1]) {
        const k = 1.5;
        const r = build({ x: sx * k, y: sy * k });
        r.ik.softness = 20; // global units, like the tolerance
        r.ik.tolerance = 0.01;
        const reach = k * (60 + 45);
        const shoulder = r.shoulderByOracle();
        for (const d of [reach - 19, reach - 5, reach, reach + 7, reach + 19]) {
          r.target.globalPosition = { x: shoulder.x + d * 0.6, y: shoulder.y + d * 0.8 };
          processTree(r.world, 1 / 60);
          const tip = r.tipByOracle();
          const t = r.target.globalPosition;
          const miss = Math.hypot(tip.x - t.x, tip.y - t.y);
          const x = (d - reach + 20) / 40;
          expect(miss).toBeCloseTo(20 * x * x, 9);
          expect(Math.hypot(tip.x - shoulder.x, tip.y - shoulder.y)).toBeLessThan(reach);
          expect(r.ik.status.error).toBeCloseTo(miss, 9);
          expect(r.ik.status.reached).toBe(false);
          expect(r.ik.result.reached).toBe(false);
        }
      }
  });
});

describe('lesson 3 demo: the Softness slider', () => {
  /** Puts the target `d` to the right of the shoulder and runs two frames. */
  const reachOut = (softness: string, d: number) => {
    const { demo, controls } = runDemo('two-bone-ik', { softness });
    const bones = demo.root.findAll(Bone2D);
    const target = demo.root.findAll(Marker2D).find((m) => m.name === 'Target')!;
    const shoulder = bones[0]!.globalPosition;
    target.globalPosition = { x: shoulder.x + d, y: shoulder.y };
    demo.update(1 / 60);
    demo.update(1 / 60);
    const tip = bones.at(-1)!.tipGlobalPosition;
    return { demo, controls, miss: Math.hypot(tip.x - shoulder.x - d, tip.y - shoulder.y) };
  };

  it('the lesson’s numbers: softness 40 leaves the hand 10 short at full reach (290), straight at 330', () => {
    const soft = reachOut('40', 290);
    expect(soft.miss).toBeCloseTo(10, 9);
    expect(soft.controls.readouts.get('status')).toMatch(/^softened/);
    expect(soft.controls.readouts.get('error')).toBe('10.00');
    expect(soft.controls.readouts.get('distance')).toMatch(/d′ = 280/);
    expect(soft.demo.currentParams!().softness).toBe(40);
    expect(reachOut('40', 330).miss).toBeCloseTo(40, 9);
    const hard = reachOut('0', 290);
    expect(hard.miss).toBeLessThan(1e-9);
    expect(hard.controls.readouts.get('status')).toMatch(/^reached/);
  });

  it('the slider changes the softness live, and no readout shows NaN', () => {
    const { demo, controls } = reachOut('0', 300);
    controls.act('softness', 40);
    demo.update(1 / 60);
    expect(demo.currentParams!().softness).toBe(40);
    expect(controls.readouts.get('status')).toMatch(/^softened/);
    for (const v of [...controls.readouts.values(), ...controls.formulas.values()])
      expect(v).not.toMatch(/NaN/);
  });
});
