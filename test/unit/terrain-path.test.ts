import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  newClosest,
  newFrame,
  newRayHit,
  TerrainPath,
} from '../../src/procedural/terrain/terrain-path';
import { TERRAIN_PRESETS, terrainPoints } from '../../src/procedural/terrain/terrain-presets';

/** A floor at y = 100 from x = −200 to 0, a wall up to y = −100, a plateau to x = 200. */
const ledge = () =>
  new TerrainPath([
    { x: -200, y: 100 },
    { x: 0, y: 100 },
    { x: 0, y: -100 },
    { x: 200, y: -100 },
  ]);

describe('TerrainPath', () => {
  it('measures arc length and finds points along it, corners included', () => {
    const t = ledge();
    expect(t.length).toBe(600);
    const p = { x: 0, y: 0 };
    t.pointAt(250, p);
    expect(p).toEqual({ x: 0, y: 50 });
    t.pointAt(-5, p);
    expect(p).toEqual({ x: -200, y: 100 });
    t.pointAt(1e9, p);
    expect(p).toEqual({ x: 200, y: -100 });
  });

  it('gives outward normals: up from a floor, left from a wall rising to the right', () => {
    const t = ledge();
    const f = newFrame();
    t.frameAt(100, 10, f);
    expect([f.nx, f.ny]).toEqual([0, -1]);
    t.frameAt(300, 10, f);
    expect(f.nx).toBeCloseTo(-1);
    expect(f.ny).toBeCloseTo(0);
    // At the inner corner the window straddles floor and wall: the frame leans 45°.
    t.frameAt(200, 50, f);
    expect(f.tx).toBeCloseTo(Math.SQRT1_2);
    expect(f.ty).toBeCloseTo(-Math.SQRT1_2);
  });

  it('a ray meets the first front face on its way, and nothing from inside the ground', () => {
    const t = ledge();
    const hit = newRayHit();
    expect(t.raycast(-50, 0, 0, 1, 500, hit)).toBe(true);
    expect([hit.x, hit.y, hit.distance]).toEqual([-50, 100, 100]);
    // Rightwards at y = 50: the wall's face, 60 away.
    expect(t.raycast(-60, 50, 1, 0, 500, hit)).toBe(true);
    expect([hit.x, hit.y]).toEqual([0, 50]);
    expect(hit.nx).toBe(-1);
    expect(Math.abs(hit.ny)).toBe(0);
    // Too short a ray misses.
    expect(t.raycast(-60, 50, 1, 0, 59, hit)).toBe(false);
    // From inside the rock below the plateau, going down: no face is entered.
    expect(t.raycast(100, 0, 0, 1, 1000, hit)).toBe(false);
    // From above the plateau, down: the plateau, not the floor far below.
    expect(t.raycast(100, -300, 0, 1, 1000, hit)).toBe(true);
    expect(hit.y).toBe(-100);
    // Non-finite input is a miss, not NaN.
    expect(t.raycast(NaN, 0, 0, 1, 10, hit)).toBe(false);
  });

  it('tells how far above (+) or below (−) the ground a point is', () => {
    const t = ledge();
    const c = newClosest();
    expect(t.closest(-100, 80, c).signedDistance).toBeCloseTo(20);
    expect(t.closest(-100, 130, c).signedDistance).toBeCloseTo(-30);
    expect(t.closest(-30, 0, c).signedDistance).toBeCloseTo(30); // in front of the wall
    expect(t.closest(30, 0, c).signedDistance).toBeLessThan(0); // inside the rock
    expect(c.s).toBeCloseTo(300);
  });

  it('finds the same hit as checking every segment, for random grounds and rays', () => {
    fc.assert(
      fc.property(
        // Coordinates on a 0.01 grid: denormal-sized segments only test round-off, not the cells.
        fc.array(fc.record({ x: coord(400), y: coord(300) }), { minLength: 2, maxLength: 30 }),
        coord(500),
        coord(400),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        (pts, ox, oy, a) => {
          const t = new TerrainPath(pts);
          const dx = Math.cos(a);
          const dy = Math.sin(a);
          const hit = newRayHit();
          const got = t.raycast(ox, oy, dx, dy, 900, hit) ? hit.distance : Infinity;
          expect(got).toBe(bruteForce(pts, ox, oy, dx, dy, 900));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('every preset is a path from left to right with finite points', () => {
    for (const preset of TERRAIN_PRESETS) {
      const pts = terrainPoints(preset, { left: -500, right: 500, base: 150 });
      expect(pts[0]!.x, preset).toBe(-500);
      expect(pts[pts.length - 1]!.x, preset).toBe(500);
      for (const p of pts) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
    }
    // Steps and the wall have vertical faces: a point repeats its x.
    const wall = terrainPoints('wall', { left: -500, right: 500, base: 150 });
    expect(wall.some((p, i) => i > 0 && p.x === wall[i - 1]!.x)).toBe(true);
  });
});

const coord = (max: number) => fc.integer({ min: -max * 100, max: max * 100 }).map((v) => v / 100);

/** Every segment, front faces only: the reference the bucketed ray cast must agree with. */
function bruteForce(
  pts: { x: number; y: number }[],
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  max: number,
): number {
  let best = Infinity;
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const len = Math.hypot(ex, ey);
    if (len === 0 || dx * (ey / len) + dy * (-ex / len) >= 0) continue;
    const denom = dx * ey - dy * ex;
    if (denom === 0) continue;
    const wx = a.x - ox;
    const wy = a.y - oy;
    const t = (wx * ey - wy * ex) / denom;
    const u = (wx * dy - wy * dx) / denom;
    if (t >= 0 && u >= 0 && u <= 1 && t < max && t < best) best = t;
  }
  return best;
}
