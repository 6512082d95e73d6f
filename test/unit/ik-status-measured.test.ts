import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CCDIK2D, type ChainIK2D, FABRIK2D, JacobianIK2D, TwoBoneIK2D } from '../../src/ik';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { processTree } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';
import { m3Apply, m3Mul, m3TRS, type M3 } from './oracle';

/**
 * A chain IK node's status describes the tree as it is after the write-back (mix included): the
 * real tip, measured here with the test's own matrices from the bones' rotations, against the
 * real target. The kernel's own answer stays in `ik.result`.
 */

interface Spec {
  lengths: number[];
  rootScale: { x: number; y: number };
  rootRotation: number;
  middleScale: { x: number; y: number };
}

function build(spec: Spec) {
  const world = new Node2D('World');
  world.position = { x: -15, y: 40 };
  const root = world.addChild(new Node2D('Root'));
  root.position = { x: 10, y: 5 };
  root.rotation = spec.rootRotation;
  root.scale = spec.rootScale;
  const bones: Bone2D[] = [];
  let parent: Node2D = root;
  spec.lengths.forEach((l, i) => {
    const b = parent.addChild(new Bone2D(`Bone${i}`, l));
    b.position = { x: i === 0 ? 0 : spec.lengths[i - 1]!, y: 0 };
    b.rotation = 0.3 - 0.2 * i;
    if (i === 1) b.scale = spec.middleScale;
    bones.push(b);
    parent = b;
  });
  const holder = world.addChild(new Node2D('Holder'));
  const target = holder.addChild(new Marker2D('Target', 'target'));
  /** The tip by the oracle: the same transforms, composed by hand from the bones' rotations. */
  const oracleTip = () => {
    let m: M3 = m3TRS(-15, 40, 0, 1, 1);
    m = m3Mul(m, m3TRS(10, 5, spec.rootRotation, spec.rootScale.x, spec.rootScale.y));
    spec.lengths.forEach((_, i) => {
      const s = i === 1 ? spec.middleScale : { x: 1, y: 1 };
      const at = i === 0 ? 0 : spec.lengths[i - 1]!;
      m = m3Mul(m, m3TRS(at, 0, bones[i]!.rotation, s.x, s.y));
    });
    return m3Apply(m, spec.lengths.at(-1)!, 0);
  };
  const oracleError = () => {
    const tip = oracleTip();
    const t = target.globalPosition;
    return Math.hypot(tip.x - t.x, tip.y - t.y);
  };
  return { world, root, bones, holder, target, oracleTip, oracleError };
}

function attach<T extends ChainIK2D>(r: ReturnType<typeof build>, ik: T): T {
  r.world.addChild(ik);
  ik.rootBonePath = r.bones[0]!.getPathFrom(ik);
  ik.tipBonePath = r.bones.at(-1)!.getPathFrom(ik);
  ik.targetPath = r.target.getPathFrom(ik);
  return ik;
}

const MAKERS: Record<string, { make: () => ChainIK2D; two: boolean }> = {
  CCDIK2D: { make: () => new CCDIK2D(), two: false },
  FABRIK2D: { make: () => new FABRIK2D(), two: false },
  'JacobianIK2D (transpose)': {
    make: () => Object.assign(new JacobianIK2D(), { method: 'transpose' }),
    two: false,
  },
  'JacobianIK2D (DLS)': { make: () => new JacobianIK2D(), two: false },
  TwoBoneIK2D: { make: () => new TwoBoneIK2D(), two: true },
};

const sign = fc.constantFrom(1, -1);
const size = fc.double({ min: 0.5, max: 2, noNaN: true });

describe.each(Object.entries(MAKERS))('%s status, measured on the tree', (_name, { make, two }) => {
  it('error is the real tip’s distance to the real target, and reached is error ≤ tolerance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 5, max: 60, noNaN: true }), { minLength: 4, maxLength: 4 }),
        fc.record({ sx: sign, sy: sign, k: size, stretch: fc.constantFrom(1, 1, 1.6) }),
        fc.record({ sx: sign, sy: sign }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.record({
          d: fc.double({ min: 0, max: 300, noNaN: true }),
          a: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 40 }),
        (lengths, rs, ms, rootRotation, where, mix, cap) => {
          const r = build({
            lengths: two ? lengths.slice(0, 2) : lengths,
            // Sometimes non-uniform (stretch ≠ 1): lengths then change as bones turn.
            rootScale: { x: rs.sx * rs.k * rs.stretch, y: rs.sy * rs.k },
            rootRotation,
            middleScale: { x: ms.sx, y: ms.sy },
          });
          const ik = attach(r, make());
          ik.mix = mix < 0.2 ? 1 : mix;
          ik.maxIterations = cap;
          ik.tolerance = 0.5;
          const base = r.bones[0]!.globalPosition;
          r.target.globalPosition = {
            x: base.x + where.d * Math.cos(where.a),
            y: base.y + where.d * Math.sin(where.a),
          };
          for (let f = 0; f < 2; f++) processTree(r.world, 1 / 60);
          const error = r.oracleError();
          expect(Math.abs(ik.status.error - error)).toBeLessThanOrEqual(1e-9 * (1 + error));
          expect(ik.status.reached).toBe(error <= ik.tolerance);
        },
      ),
      { numRuns: 150, seed: 515 },
    );
  });

  it('with mix 0.5 the kernel reached the target but the tree does not show it: the status says so', () => {
    const r = build({
      lengths: two ? [60, 45] : [40, 35, 30, 20],
      rootScale: { x: -1, y: 1 },
      rootRotation: 0.3,
      middleScale: { x: 1, y: 1 },
    });
    const ik = attach(r, make());
    ik.mix = 0.5;
    ik.tolerance = 0.01;
    ik.maxIterations = 10_000;
    const base = r.bones[0]!.globalPosition;
    r.target.globalPosition = { x: base.x + 50, y: base.y + 60 };
    processTree(r.world, 1 / 60);
    expect(ik.result.reached).toBe(true);
    expect(ik.result.error).toBeLessThanOrEqual(0.01);
    expect(ik.status.reached).toBe(false);
    expect(ik.status.error).toBeGreaterThan(1);
    expect(ik.status.error).toBeCloseTo(r.oracleError(), 9);
  });

  it('a target that is not a point: error Infinity, not reached, never NaN', () => {
    const r = build({
      lengths: two ? [60, 45] : [40, 35, 30, 20],
      rootScale: { x: 1, y: 1 },
      rootRotation: 0,
      middleScale: { x: 1, y: 1 },
    });
    const ik = attach(r, make());
    for (const rotation of [0, 0.7]) {
      // 1e300 · 1e300 overflows: ±Infinity, or NaN where +∞ and −∞ meet.
      r.holder.scale = { x: 1e300, y: 1e300 };
      r.holder.rotation = rotation;
      r.target.position = { x: 1e300, y: 1e300 };
      processTree(r.world, 1 / 60);
      expect(ik.status.error).toBe(Infinity);
      expect(ik.status.reached).toBe(false);
    }
  });
});

describe('non-uniform scale: the kernel’s flat chain is not the tree', () => {
  it('the kernel says reached, the tree’s tip misses, and the status reports the miss', () => {
    // The middle bone stretched 2:1: the segments after it change length as it turns, which no
    // rigid solver honours. (A stretch above the chain is solved exactly, in the parent's space.)
    const r = build({
      lengths: [40, 35, 30, 20],
      rootScale: { x: 1, y: 1 },
      rootRotation: 0,
      middleScale: { x: 2, y: 1 },
    });
    const ik = attach(r, new FABRIK2D());
    ik.tolerance = 0.1;
    ik.maxIterations = 1000;
    const base = r.bones[0]!.globalPosition;
    r.target.globalPosition = { x: base.x + 20, y: base.y + 90 };
    processTree(r.world, 1 / 60);
    expect(ik.status.warning).toMatch(/non-uniform/);
    expect(ik.result.reached).toBe(true);
    const miss = r.oracleError();
    expect(miss).toBeGreaterThan(1);
    expect(ik.status.error).toBeCloseTo(miss, 9);
    expect(ik.status.reached).toBe(false);
  });
});
