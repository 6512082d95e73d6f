import { describe, expect, it } from 'vitest';
import type { DescentOptions } from '../../src/walk3d/gradient-descent';
import { LIC } from '../../src/walk3d/lic';
import { StrideCorrector } from '../../src/walk3d/stride-corrector';

/**
 * The stride corrector as the IK walker runs it (ik-walker.ts, STRIDE_DESCENT): a step of the
 * course's humanoid (rigHeight 172 file units at scale 0.05, so targetArgDelta 8.6e-5) sampled at
 * the clip's 30 fps, its points' floors the ground under them plus a support height.
 */
const OPTIONS: DescentOptions = {
  learningRate: 1e-3,
  maxIterations: 600,
  targetArgDelta: 172 * 0.05 * 1e-5,
  momentum: true,
  softenSteps: true,
};
const SUPPORT = 0.05;
const STRIDE = 1.5;
const LIFT = 0.4;
const POINTS = 19;
const FRAME = 1 / 30;

/** A swing along +y from (0, 0) to (0, STRIDE), an arc LIFT high over the support height. */
function step(lift = LIFT, t0 = 0.4): LIC {
  const c = new LIC(POINTS);
  for (let i = 0; i < POINTS; i++) {
    const u = i / (POINTS - 1);
    c.push(t0 + i * FRAME, 0.1 * u, STRIDE * u, SUPPORT + lift * Math.sin(Math.PI * u));
  }
  return c;
}

/** A smooth bump across the step's middle: zero outside |y − 0.75| < 0.4, `height` on top. */
const bump =
  (height: number) =>
  (_x: number, y: number): number => {
    const d = Math.abs(y - STRIDE / 2);
    return d < 0.4 ? (height * (1 + Math.cos((Math.PI * d) / 0.4))) / 2 : 0;
  };

/** The walker's floors: the ground under each point of the curve (as it is before the run). */
const floors = (c: LIC, ground: (x: number, y: number) => number) => {
  const h = Array.from({ length: c.length }, (_, i) => ground(c.coord(i, 0), c.coord(i, 1)));
  return (i: number) => h[i]! + SUPPORT;
};

const points = (c: LIC) =>
  Array.from({ length: c.length }, (_, i) => [c.coord(i, 0), c.coord(i, 1), c.coord(i, 2)]);

/** Σ over segments of ‖velocity − the base's velocity‖²: how far the shape has been bent. */
function bend(c: LIC, base: LIC): number {
  let s = 0;
  for (let i = 1; i < c.length; i++) {
    const dt = c.timeAt(i) - c.timeAt(i - 1);
    for (let k = 0; k < 3; k++) {
      const v = (c.coord(i, k) - c.coord(i - 1, k)) / dt;
      const vb = (base.coord(i, k) - base.coord(i - 1, k)) / dt;
      s += (v - vb) ** 2;
    }
  }
  return s;
}

describe('StrideCorrector (seed 000 §6.7)', () => {
  it('lifts a step that dips into a bump above the ground everywhere along it, ends kept', () => {
    const ground = bump(0.8);
    const curve = step();
    const base = curve.clone();
    // The uncorrected arc really is in the ground: 0.4 high over a bump 0.8 high.
    const depth = Math.max(...points(base).map(([x, y, z]) => ground(x!, y!) + SUPPORT - z!));
    expect(depth).toBeGreaterThan(0.3);

    const sc = new StrideCorrector();
    sc.correct(curve, floors(curve, ground), OPTIONS);

    expect(sc.clamped).toBeGreaterThan(0);
    expect(sc.iterations).toBeGreaterThan(1);
    expect(sc.iterations).toBeLessThanOrEqual(OPTIONS.maxIterations);
    expect(curve.length).toBe(POINTS);
    // Every point on or above its floor; the ends exactly where they were.
    for (let i = 0; i < POINTS; i++)
      expect(curve.coord(i, 2)).toBeGreaterThanOrEqual(
        ground(curve.coord(i, 0), curve.coord(i, 1)) + SUPPORT - 1e-9,
      );
    expect(points(curve)[0]).toEqual(points(base)[0]);
    expect(points(curve)[POINTS - 1]).toEqual(points(base)[POINTS - 1]);
    // The curve evaluated between its points too (linear pieces over a curved bump may cut a
    // little under its top: a centimetre at this sampling).
    const p = new Float64Array(3);
    for (let k = 0; k <= 400; k++) {
      curve.evalCurve(curve.startTime + (k / 400) * (curve.endTime - curve.startTime), p);
      expect(p[2]! - (ground(p[0]!, p[1]!) + SUPPORT)).toBeGreaterThan(-0.02);
    }
    // Only heights change: the horizontal path and the times are the base's.
    for (let i = 0; i < POINTS; i++) {
      expect(curve.coord(i, 0)).toBeCloseTo(base.coord(i, 0), 9);
      expect(curve.coord(i, 1)).toBeCloseTo(base.coord(i, 1), 9);
      expect(curve.timeAt(i)).toBe(base.timeAt(i));
    }
  });

  it('keeps the shape: neighbours of the bump rise with it, bending less than a plain clamp', () => {
    const ground = bump(0.8);
    const curve = step();
    const base = curve.clone();
    const floor = floors(curve, ground);
    const clampOnly = base.clone();
    for (let i = 1; i < POINTS - 1; i++)
      clampOnly.setCurvePoint(
        i,
        base.coord(i, 0),
        base.coord(i, 1),
        Math.max(base.coord(i, 2), floor(i)),
      );
    new StrideCorrector().correct(curve, floor, OPTIONS);
    expect(bend(curve, base)).toBeLessThan(0.5 * bend(clampOnly, base));
    // Some point that was already clear of the bump is raised too (the arc is reshaped, not
    // just flattened onto the ground where it cut in).
    const raised = [...Array(POINTS - 2).keys()]
      .map((k) => k + 1)
      .filter((i) => base.coord(i, 2) > floor(i) && curve.coord(i, 2) > base.coord(i, 2) + 0.05);
    expect(raised.length).toBeGreaterThan(0);
  });

  it('leaves a step that is already clear of the ground as it was', () => {
    const curve = step();
    const base = curve.clone();
    const sc = new StrideCorrector();
    sc.correct(curve, floors(curve, bump(0.1)), OPTIONS);
    expect(sc.clamped).toBe(0);
    expect(sc.iterations).toBeLessThanOrEqual(2);
    for (let i = 0; i < POINTS; i++)
      for (let k = 0; k < 3; k++) expect(curve.coord(i, k)).toBeCloseTo(base.coord(i, k), 9);
  });

  it('leaves curves of two points or fewer alone', () => {
    const two = LIC.from([0, 0.1], [0, 0, -1, 0, 1, -1]);
    const sc = new StrideCorrector();
    sc.correct(two, () => 5, OPTIONS);
    expect(points(two)).toEqual([
      [0, 0, -1],
      [0, 1, -1],
    ]);
    expect(sc.iterations).toBe(0);
    expect(sc.clamped).toBe(0);
  });

  it('against a wall-like terrain it finishes within the cap, finite, on top of the wall', () => {
    // A cliff 100 units high (eleven characters) from the step's middle on: the far end stays
    // at its given height, the inner points beyond the edge go on top of the wall.
    const wall = (_x: number, y: number) => (y > STRIDE / 2 ? 100 : 0);
    const curve = step();
    const base = curve.clone();
    const sc = new StrideCorrector();
    sc.correct(curve, floors(curve, wall), OPTIONS);
    expect(sc.iterations).toBeLessThanOrEqual(OPTIONS.maxIterations);
    for (const q of points(curve)) for (const v of q) expect(Number.isFinite(v)).toBe(true);
    for (let i = 1; i < POINTS - 1; i++)
      expect(curve.coord(i, 2)).toBeGreaterThanOrEqual(wall(0, curve.coord(i, 1)) + SUPPORT - 1e-9);
    expect(points(curve)[0]).toEqual(points(base)[0]);
    expect(points(curve)[POINTS - 1]).toEqual(points(base)[POINTS - 1]);
    // And an absurd floor far above, with a cap of a few iterations: it still stops and stays
    // finite.
    const high = step();
    sc.correct(high, () => 1e6, { ...OPTIONS, maxIterations: 5 });
    expect(sc.iterations).toBeLessThanOrEqual(5);
    for (let i = 1; i < POINTS - 1; i++) expect(high.coord(i, 2)).toBeGreaterThanOrEqual(1e6);
    for (const q of points(high)) for (const v of q) expect(Number.isFinite(v)).toBe(true);
  });

  it('one corrector reused for curves of other lengths gives what a fresh one gives', () => {
    const ground = bump(0.8);
    const fresh = step();
    new StrideCorrector().correct(fresh, floors(fresh, ground), OPTIONS);

    const sc = new StrideCorrector();
    const long = new LIC(60);
    for (let i = 0; i < 60; i++) long.push(i * FRAME, 0, i * 0.05, 2 + Math.sin(i));
    sc.correct(long, () => 2.5, OPTIONS);
    const short = LIC.from([0, 0.05, 0.1], [0, 0, 0, 0, 1, -3, 0, 2, 0]);
    sc.correct(short, () => 0, OPTIONS);
    expect(short.coord(1, 2)).toBeGreaterThanOrEqual(0);
    const reused = step();
    sc.correct(reused, floors(reused, ground), OPTIONS);
    expect(points(reused)).toEqual(points(fresh));
  });
});
