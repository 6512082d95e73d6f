import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampAngle, wrapAngle } from '../../src/math/angles';
import * as T from '../../src/math/transform2d';
import { SIGNS, angleGap, m3Apply, m3Fields, m3Mul, m3TRS } from './oracle';

const finite = (min = -1000, max = 1000) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const angle = finite(-10, 10);
const magnitude = fc.double({ min: 0.1, max: 10, noNaN: true });

function expectMatrixClose(m: T.Transform2D, want: ReturnType<typeof m3Fields>, eps = 1e-9) {
  for (const k of ['a', 'b', 'c', 'd', 'tx', 'ty'] as const) {
    expect(Math.abs(m[k] - want[k]), `${k}: ${m[k]} vs ${want[k]}`).toBeLessThan(
      eps * (1 + Math.abs(want[k])),
    );
  }
}

describe('Transform2D against a 3×3 matrix oracle', () => {
  for (const [sx, sy] of SIGNS) {
    it(`fromTRS, multiply and applyPoint match the oracle for scale signs (${sx}, ${sy})`, () => {
      fc.assert(
        fc.property(
          finite(),
          finite(),
          angle,
          magnitude,
          magnitude,
          finite(),
          finite(),
          angle,
          magnitude,
          magnitude,
          (px, py, r, ax, ay, qx, qy, r2, bx, by) => {
            const m = T.fromTRS({ x: px, y: py }, r, { x: sx * ax, y: sy * ay });
            const n = T.fromTRS({ x: qx, y: qy }, r2, { x: bx, y: -by });
            const om = m3TRS(px, py, r, sx * ax, sy * ay);
            const on = m3TRS(qx, qy, r2, bx, -by);
            expectMatrixClose(m, m3Fields(om));
            expectMatrixClose(T.multiply(m, n), m3Fields(m3Mul(om, on)), 1e-8);
            const p = T.applyPoint(m, { x: 3, y: -7 });
            const q = m3Apply(om, 3, -7);
            expect(p.x).toBeCloseTo(q.x, 6);
            expect(p.y).toBeCloseTo(q.y, 6);
            expect(T.isReflection(m)).toBe(sx * sy < 0);
          },
        ),
        { numRuns: 200 },
      );
    });

    it(`invert undoes the transform for scale signs (${sx}, ${sy})`, () => {
      fc.assert(
        fc.property(
          finite(),
          finite(),
          angle,
          magnitude,
          magnitude,
          finite(),
          finite(),
          (px, py, r, ax, ay, x, y) => {
            const m = T.fromTRS({ x: px, y: py }, r, { x: sx * ax, y: sy * ay });
            const back = T.applyPoint(T.invert(m), T.applyPoint(m, { x, y }));
            expect(back.x).toBeCloseTo(x, 6);
            expect(back.y).toBeCloseTo(y, 6);
            expectMatrixClose(T.multiply(m, T.invert(m)), m3Fields(m3TRS(0, 0, 0, 1, 1)), 1e-8);
          },
        ),
        { numRuns: 200 },
      );
    });

    it(`decompose recomposes to the same matrix for scale signs (${sx}, ${sy})`, () => {
      fc.assert(
        fc.property(finite(), finite(), angle, magnitude, magnitude, (px, py, r, ax, ay) => {
          const m = T.fromTRS({ x: px, y: py }, r, { x: sx * ax, y: sy * ay });
          const d = T.decompose(m);
          expect(d.scale.x).toBeGreaterThan(0); // Godot's rule: x scale always reads back positive
          expect(Math.sign(d.scale.y)).toBe(sx * sy);
          expectMatrixClose(
            T.fromTRS(d.position, d.rotation, d.scale),
            m3Fields(m3TRS(px, py, r, sx * ax, sy * ay)),
          );
        }),
        { numRuns: 200 },
      );
    });
  }

  it('reads a flip on x back as Godot does: rotation 180° and a negative y scale', () => {
    const d = T.decompose(T.fromTRS({ x: 0, y: 0 }, 0, { x: -1, y: 1 }));
    expect(angleGap(d.rotation, Math.PI)).toBeLessThan(1e-12);
    expect(d.scale.x).toBeCloseTo(1, 12);
    expect(d.scale.y).toBeCloseTo(-1, 12);
    const both = T.decompose(T.fromTRS({ x: 0, y: 0 }, 0.3, { x: -2, y: -3 }));
    expect(angleGap(both.rotation, 0.3 + Math.PI)).toBeLessThan(1e-12);
    expect(both.scale.x).toBeCloseTo(2, 12);
    expect(both.scale.y).toBeCloseTo(3, 12);
  });

  it('skew is zero for TRS matrices and non-zero under a rotated child of a non-uniform parent', () => {
    expect(Math.abs(T.getSkew(T.fromTRS({ x: 1, y: 2 }, 0.7, { x: -2, y: 3 })))).toBeLessThan(
      1e-12,
    );
    const skewed = T.multiply(
      T.fromTRS({ x: 0, y: 0 }, 0, { x: 3, y: 1 }),
      T.fromTRS({ x: 0, y: 0 }, 0.5, { x: 1, y: 1 }),
    );
    expect(Math.abs(T.getSkew(skewed))).toBeGreaterThan(0.1);
  });

  it('inverts a singular matrix without NaN or Infinity', () => {
    const inv = T.invert(T.fromTRS({ x: 5, y: -3 }, 1, { x: 0, y: 2 }));
    for (const v of Object.values(inv)) expect(Number.isFinite(v)).toBe(true);
  });

  it('multiply may write into one of its inputs', () => {
    const m = T.fromTRS({ x: 1, y: 2 }, 0.4, { x: -1, y: 2 });
    const n = T.fromTRS({ x: -3, y: 5 }, -1.1, { x: 2, y: 1 });
    const expected = T.multiply(m, n);
    expect(T.equalsApprox(T.multiply(m, n, m), expected)).toBe(true);
  });
});

describe('angles', () => {
  it('wrapAngle lands in (-π, π] and keeps the direction', () => {
    fc.assert(
      fc.property(finite(-1e6, 1e6), (a) => {
        const w = wrapAngle(a);
        expect(w).toBeGreaterThan(-Math.PI - 1e-12);
        expect(w).toBeLessThanOrEqual(Math.PI + 1e-12);
        expect(Math.cos(w)).toBeCloseTo(Math.cos(a), 6);
        expect(Math.sin(w)).toBeCloseTo(Math.sin(a), 6);
      }),
    );
    expect(wrapAngle(NaN)).toBe(0);
    expect(wrapAngle(Infinity)).toBe(0);
  });

  it('clampAngle keeps angles inside the arc and snaps outside ones to the nearer end, across ±π', () => {
    const d = Math.PI / 180;
    expect(clampAngle(10 * d, -45 * d, 45 * d)).toBeCloseTo(10 * d, 12);
    expect(clampAngle(60 * d, -45 * d, 45 * d)).toBeCloseTo(45 * d, 12);
    expect(clampAngle(-170 * d, -45 * d, 45 * d)).toBeCloseTo(-45 * d, 12);
    // The 60° arc from 150° through 180° to -150°.
    expect(clampAngle(175 * d, 150 * d, -150 * d)).toBeCloseTo(175 * d, 12);
    expect(clampAngle(-160 * d, 150 * d, -150 * d)).toBeCloseTo(-160 * d, 12);
    expect(clampAngle(10 * d, 150 * d, -150 * d)).toBeCloseTo(150 * d, 12); // 140° from min, 160° from max
    expect(clampAngle(-10 * d, 150 * d, -150 * d)).toBeCloseTo(-150 * d, 12);
    expect(clampAngle(-100 * d, 150 * d, -150 * d)).toBeCloseTo(-150 * d, 12);
  });
});
