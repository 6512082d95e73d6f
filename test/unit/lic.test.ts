import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIC } from '../../src/walk3d/lic';

const v = () => new Float64Array(3);
const pts = (c: LIC) =>
  Array.from({ length: c.length }, (_, i) => [c.timeAt(i), ...c.pointAt(i, v())]);

describe('LIC: linearly interpolated curves (seed 000 §6.1)', () => {
  const c = LIC.from([0, 1, 3], [0, 0, 0, 2, 4, 0, 2, 4, 6]);

  it('evaluates exactly at its times, linearly between them, and holds its ends outside', () => {
    expect([...c.evalCurve(1, v())]).toEqual([2, 4, 0]);
    expect([...c.evalCurve(0.25, v())]).toEqual([0.5, 1, 0]);
    expect([...c.evalCurve(2, v())]).toEqual([2, 4, 3]);
    expect([...c.evalCurve(-5, v())]).toEqual([0, 0, 0]);
    expect([...c.evalCurve(9, v())]).toEqual([2, 4, 6]);
    expect([...new LIC().evalCurve(0, v())].every(Number.isNaN)).toBe(true);
  });

  it('gives left and right velocities per point', () => {
    expect([...c.leftVelocity(1, v())]).toEqual([2, 4, 0]);
    expect([...c.rightVelocity(1, v())]).toEqual([0, 0, 3]);
    expect([...c.leftVelocity(0, v())]).toEqual([0, 0, 0]);
    expect([...c.rightVelocity(2, v())]).toEqual([0, 0, 0]);
  });

  it('keeps times strictly increasing: pushes and inserts within epsilon are refused', () => {
    const d = c.clone();
    expect(d.push(3 + LIC.EPSILON / 2, 9, 9, 9)).toBe(false);
    expect(d.insertPoint(1 + LIC.EPSILON / 2, 9, 9, 9)).toBe(false);
    expect(d.insertPoint(2, 7, 7, 7)).toBe(true);
    expect(pts(d).map((p) => p[0])).toEqual([0, 1, 2, 3]);
    expect(d.push(NaN, 0, 0, 0)).toBe(false);
  });

  it('samples a sub-curve with its ends interpolated, and shifts its times', () => {
    const s = c.sample(0.5, 2, new LIC());
    expect(pts(s)).toEqual([
      [0.5, 1, 2, 0],
      [1, 2, 4, 0],
      [2, 2, 4, 3],
    ]);
    s.offsetTValues(10);
    expect(s.startTime).toBe(10.5);
  });

  it('fitEnds keeps the shape and lands on both new ends', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 12, maxLength: 12 }),
        fc.array(fc.double({ min: -20, max: 20, noNaN: true }), { minLength: 6, maxLength: 6 }),
        (p, ends) => {
          const curve = LIC.from([0, 1, 2, 3], p);
          const chord = Math.hypot(p[9]! - p[0]!, p[10]! - p[1]!, p[11]! - p[2]!);
          const start = ends.slice(0, 3);
          const end = ends.slice(3);
          const target = Math.hypot(end[0]! - start[0]!, end[1]! - start[1]!, end[2]! - start[2]!);
          if (chord < 0.1 || target < 0.1) return;
          const fitted = curve.clone().fitEnds(start, end);
          const a = fitted.pointAt(0, v());
          const b = fitted.pointAt(3, v());
          start.forEach((x, k) => expect(a[k]).toBeCloseTo(x, 9));
          end.forEach((x, k) => expect(b[k]).toBeCloseTo(x, 9));
          // A similarity: every distance between points scales by the same factor.
          const k = target / chord;
          const d = (c2: LIC, i: number, j: number) => {
            const u = c2.pointAt(i, v());
            const w = c2.pointAt(j, v());
            return Math.hypot(u[0]! - w[0]!, u[1]! - w[1]!, u[2]! - w[2]!);
          };
          expect(d(fitted, 1, 2)).toBeCloseTo(d(curve, 1, 2) * k, 6);
          expect(d(fitted, 0, 2)).toBeCloseTo(d(curve, 0, 2) * k, 6);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('fitEnds on a curve with no chord (a planted foot) moves it to the start', () => {
    const still = LIC.from([0, 1], [1, 1, 1, 1, 1, 1]);
    still.fitEnds([5, 6, 7], [5, 6, 7]);
    expect(pts(still)).toEqual([
      [0, 5, 6, 7],
      [1, 5, 6, 7],
    ]);
  });

  it('transition: the first curve before t̂, the second after, their average at t̂', () => {
    const a = LIC.from([0, 1, 2], [0, 0, 0, 1, 0, 0, 2, 0, 0]);
    const b = LIC.from([0.5, 1.5, 2.5], [0, 10, 0, 1, 10, 0, 2, 10, 0]);
    const t = LIC.transition(a, b, 1, new LIC());
    expect(pts(t)).toEqual([
      [0, 0, 0, 0],
      [1, 0.75, 5, 0],
      [1.5, 1, 10, 0],
      [2.5, 2, 10, 0],
    ]);
    // t̂ outside either curve: the second curve as it is.
    expect(pts(LIC.transition(a, b, 3, new LIC()))).toEqual(pts(b));
  });

  it('transitionSoft blends linearly across the window and matches each curve outside it', () => {
    const a = LIC.from([0, 1, 2, 3], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const b = LIC.from([0, 1, 2, 3, 4], [0, 8, 0, 0, 8, 0, 0, 8, 0, 0, 8, 0, 0, 8, 0]);
    const s = LIC.transitionSoft(a, b, 1, 3, new LIC());
    const at = (t: number) => s.evalCurve(t, v())[1];
    expect(at(0.5)).toBe(0);
    expect(at(1)).toBe(0);
    expect(at(2)).toBeCloseTo(4);
    expect(at(3)).toBeCloseTo(8);
    expect(at(4)).toBe(8);
    for (let i = 1; i < s.length; i++) expect(s.timeAt(i)).toBeGreaterThan(s.timeAt(i - 1));
  });

  it('connect moves the second curve to continue the first; join appends only later points', () => {
    const a = LIC.from([0, 1], [0, 0, 0, 1, 0, 0]);
    const b = LIC.from([5, 6], [10, 10, 10, 11, 12, 10]);
    expect(pts(a.clone().connect(b))).toEqual([
      [0, 0, 0, 0],
      [1, 1, 0, 0],
      [2, 2, 2, 0],
    ]);
    const c2 = LIC.from([0.5, 1.5], [7, 7, 7, 8, 8, 8]);
    expect(pts(a.clone().join(c2))).toEqual([
      [0, 0, 0, 0],
      [1, 1, 0, 0],
      [1.5, 8, 8, 8],
    ]);
  });

  it('trims points before a time but keeps one so the time is still on the curve', () => {
    const d = LIC.from([0, 1, 2, 3], [0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0]).trimBefore(1.5);
    expect(d.startTime).toBe(1);
    expect(d.evalCurve(1.5, v())[0]).toBe(1.5);
  });

  it('cuts a curve to start at a time: its point there first, the rest as it was', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 4, maxLength: 12 }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        (ys, u) => {
          const n = ys.length;
          const whole = LIC.from(
            ys.map((_, i) => 0.1 * i),
            ys.flatMap((y, i) => [i, y, -y]),
          );
          const t = u * whole.endTime;
          const cut = whole.clone().cutBefore(t);
          // Nothing before t; the same curve from t on (our own reading: the whole one there).
          expect(cut.startTime).toBeGreaterThanOrEqual(t);
          expect(cut.startTime - t).toBeLessThanOrEqual(LIC.EPSILON + 1e-12);
          for (let k = 0; k <= 20; k++) {
            const s = cut.startTime + ((cut.endTime - cut.startTime) * k) / 20;
            const a = cut.evalCurve(s, v());
            const b = whole.evalCurve(s, v());
            for (let c = 0; c < 3; c++) expect(a[c]).toBeCloseTo(b[c]!, 9);
          }
          expect(cut.endTime).toBe(whole.endTime);
          expect(cut.length).toBeLessThanOrEqual(n);
        },
      ),
    );
    // Outside the span, or at its start: unchanged.
    const c = LIC.from([0, 1], [0, 0, 0, 1, 0, 0]);
    expect(pts(c.clone().cutBefore(-1))).toEqual(pts(c));
    expect(pts(c.clone().cutBefore(0))).toEqual(pts(c));
    expect(pts(c.clone().cutBefore(2))).toEqual(pts(c));
  });
});
