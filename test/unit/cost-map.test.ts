import { describe, expect, it } from 'vitest';
import { contourLevels, costContours, pathPairs } from '../../src/demos/shared/cost-map';
import { runDemo } from './fake-controls';

const DEG = Math.PI / 180;

describe("lesson 14's map of F", () => {
  it('every contour segment joins two points of the same F, and the map frames the paths', () => {
    // A long valley, as F is around the minimum: the oracle is the formula itself.
    const F = (x: number, y: number) => (x - 0.1) ** 2 + 12 * (y - 1.2 + 0.5 * x) ** 2;
    const path = [
      { theta: [0.4, 1.4] as [number, number], af1: 0, bf2: 0, cf3: 0, F: 0 },
      { theta: [0.1, 1.15] as [number, number], af1: 0, bf2: 0, cf3: 0, F: 0 },
    ];
    const c = costContours(F, [path]);
    expect(c.length).toBeGreaterThan(60);
    // The oracle's own extremes over the same box the map uses (it frames the path with 10°).
    let lo = Infinity;
    let hi = -Infinity;
    for (let x = 0.1 - 10 * DEG; x <= 0.4 + 10 * DEG + 1e-9; x += 0.1 * DEG)
      for (let y = 1.15 - 10 * DEG; y <= 1.4 + 10 * DEG + 1e-9; y += 0.1 * DEG) {
        lo = Math.min(lo, F(x, y));
        hi = Math.max(hi, F(x, y));
      }
    const levels = contourLevels(lo, hi);
    const nearest = (v: number) =>
      levels.reduce(
        (best, l, k) =>
          Math.abs(Math.log(v / l)) < Math.abs(Math.log(v / levels[best]!)) ? k : best,
        0,
      );
    let segments = 0;
    for (let i = 0; i + 5 < c.length; i += 6) {
      const a = F(c[i]! * DEG, c[i + 1]! * DEG);
      const b = F(c[i + 2]! * DEG, c[i + 3]! * DEG);
      // Both ends of a segment lie on the same contour: nearer its level than any other.
      expect(nearest(a)).toBe(nearest(b));
      expect(Number.isNaN(c[i + 4]!)).toBe(true);
      segments++;
    }
    expect(segments).toBeGreaterThan(20);
    const pairs = pathPairs(path);
    [0.4, 1.4, 0.1, 1.15].forEach((r, k) => expect(pairs[k]).toBeCloseTo(r / DEG, 9));
  });

  it('the figure plots contours, both paths and the iterate shown', () => {
    const { controls } = runDemo('leg-descent');
    const map = controls.plots.get('cost-map')!;
    expect(map.series.map((s) => s.label)).toEqual([
      'F = const',
      'gradient descent',
      'Levenberg–Marquardt',
      'the iterate shown',
    ]);
    expect(map.series[0]!.values.length).toBeGreaterThan(100);
    expect(map.series[1]!.values.length).toBeGreaterThanOrEqual(4);
  });
});
