import type { TerrainSet } from './terrain3d.ts';

/** How far inside a terrain's edge a walker starts turning home (world units; a cycle is ~7). */
const HOME_MARGIN = 15;

/** Where a walker is against the terrains: on which, how far from its edge, where home is. */
export interface TerrainPlace {
  /** The terrain under the walker (index in the set), or −1 off every terrain. */
  on: number;
  /** Distance to the nearest edge of the terrain it is on or heading for (negative: outside). */
  inside: number;
  /** The middle of that terrain: where "home" is. */
  home: [number, number];
}

/**
 * Where (x, y) is: on the highest terrain there, or (off every terrain) near the terrain whose
 * middle is nearest. Terrains are axis-aligned rectangles in the world (moved and scaled, never
 * rotated), so the distance to an edge is a min over four sides.
 */
export function terrainPlace(t: TerrainSet, x: number, y: number): TerrainPlace | null {
  if (!t.fields.length) return null;
  const on = t.highestAt(x, y);
  let best = on;
  if (best < 0) {
    let d = Infinity;
    t.fields.forEach((_, k) => {
      const [cx, cy] = middle(t, k);
      const dk = Math.hypot(cx - x, cy - y);
      if (dk < d) [d, best] = [dk, k];
    });
  }
  const f = t.fields[best]!;
  const x0 = f.translate[0] + f.min[0] * f.scale[0];
  const x1 = f.translate[0] + f.max[0] * f.scale[0];
  const y0 = f.translate[1] + f.min[1] * f.scale[1];
  const y1 = f.translate[1] + f.max[1] * f.scale[1];
  const inside = Math.min(
    x - Math.min(x0, x1),
    Math.max(x0, x1) - x,
    y - Math.min(y0, y1),
    Math.max(y0, y1) - y,
  );
  return { on, inside, home: middle(t, best) };
}

function middle(t: TerrainSet, k: number): [number, number] {
  const f = t.fields[k]!;
  return [
    f.translate[0] + ((f.min[0] + f.max[0]) / 2) * f.scale[0],
    f.translate[1] + ((f.min[1] + f.max[1]) / 2) * f.scale[1],
  ];
}

/**
 * Which way a walker at (x, y) facing `facing` (radians about Z from +Y; it walks along
 * (−sin φ, cos φ)) should turn to stay on the terrains: none while it stands on a terrain and the
 * ground HOME_MARGIN ahead is on some terrain too (so the seams between overlapping terrains are
 * not edges), or while it is already heading within 20° of home; else +1 (left,
 * counter-clockwise) or −1 towards the middle of the terrain it is on (or nearest). The common
 * case, ground ahead, costs two domain tests (no heights) and allocates nothing: it runs for every
 * walker of a crowd every tick.
 */
export function turnHome(t: TerrainSet, x: number, y: number, facing: number): number {
  const aheadX = x - Math.sin(facing) * HOME_MARGIN;
  const aheadY = y + Math.cos(facing) * HOME_MARGIN;
  if (t.covers(x, y) && t.covers(aheadX, aheadY)) return 0;
  const place = terrainPlace(t, x, y);
  if (!place) return 0;
  const want = Math.atan2(-(place.home[0] - x), place.home[1] - y);
  let diff = (want - facing) % (2 * Math.PI);
  if (diff > Math.PI) diff -= 2 * Math.PI;
  if (diff < -Math.PI) diff += 2 * Math.PI;
  if (Math.abs(diff) < (20 * Math.PI) / 180) return 0;
  return diff > 0 ? 1 : -1;
}
