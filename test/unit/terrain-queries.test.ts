import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Heightfield, SEED_TERRAINS, TerrainSet } from '../../src/walk3d/terrain3d';
import { turnHome } from '../../src/walk3d/stay-on-terrain';

/** Our own reading of a terrain set: each field's h at the point mapped into its space. */
function oracle(fields: Heightfield[], x: number, y: number) {
  let best = -Infinity;
  let inside = false;
  for (const f of fields) {
    const lx = (x - f.translate[0]) / f.scale[0];
    const ly = (y - f.translate[1]) / f.scale[1];
    if (lx < f.min[0] || lx > f.max[0] || ly < f.min[1] || ly > f.max[1]) continue;
    inside = true;
    best = Math.max(best, f.h(lx, ly) * f.scale[2] + f.translate[2]);
  }
  return { height: best, inside };
}

describe('terrain height and domain queries', () => {
  const sets = Object.entries(SEED_TERRAINS).map(([name, make]) => {
    const fields = make();
    const set = new TerrainSet();
    for (const f of fields) set.add(f);
    return { name, fields, set };
  });

  /** A property over random points around the terrains (and off them), for every seed set. */
  const everyPoint = (check: (s: (typeof sets)[number], x: number, y: number) => void) => {
    const coordinate = fc.double({ min: -160, max: 160, noNaN: true });
    for (const s of sets)
      fc.assert(
        fc.property(coordinate, coordinate, (x, y) => check(s, x, y)),
        { numRuns: 300 },
      );
  };

  it('heightAt is the highest terrain’s own height, and −Infinity off every terrain', () => {
    everyPoint(({ fields, set }, x, y) => {
      const o = oracle(fields, x, y);
      expect(set.heightAt(x, y)).toBe(o.height);
      // The field highestAt names gives that very height.
      const k = set.highestAt(x, y);
      expect(k < 0 ? -Infinity : set.fieldHeight(k, x, y)).toBe(o.height);
    });
  });

  it('covers says whether a point is inside some terrain’s domain, edges included', () => {
    everyPoint(({ fields, set }, x, y) => {
      expect(set.covers(x, y)).toBe(oracle(fields, x, y).inside);
      expect(set.covers(x, y)).toBe(set.highestAt(x, y) >= 0);
    });
    // One terrain, x from −100 to 100: its edge is on it, a hair beyond is not.
    const { set } = sets.find((s) => s.name === 'basic')!;
    expect(set.covers(100, 0)).toBe(true);
    expect(set.covers(100 + 1e-9, 0)).toBe(false);
    expect(new TerrainSet().covers(0, 0)).toBe(false);
  });

  it('turnHome: no turn with ground ahead, a turn towards the middle at the edge', () => {
    const { set } = sets.find((s) => s.name === 'basic')!;
    // Facing +Y (φ = 0) in the middle: ground 15 ahead, no turn.
    expect(turnHome(set, 0, 0, 0)).toBe(0);
    // Facing +Y 5 from the top edge (y = 100): the ground ends ahead; home is behind, turn.
    expect(turnHome(set, 0, 95, 0)).not.toBe(0);
    // Already heading home from there (facing −Y, φ = π): no turn.
    expect(turnHome(set, 0, 95, Math.PI)).toBe(0);
  });
});
