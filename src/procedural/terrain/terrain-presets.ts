import type { Vec2 } from '../../math/vec2.ts';

/** The ground shapes a student can pick; each is then theirs to reshape point by point. */
export { TERRAIN_PRESETS, type TerrainPreset } from './terrain-names.ts';
import type { TerrainPreset } from './terrain-names.ts';

export interface TerrainSpan {
  /** Leftmost and rightmost x. */
  left: number;
  right: number;
  /** The ground's height where it is level (y; +y is down). */
  base: number;
}

/**
 * An elevation function y = h(x) sampled into control points, or (steps, wall) a profile with
 * vertical faces, which no function of x can describe: there a point repeats its x.
 */
export function terrainPoints(preset: TerrainPreset, span: TerrainSpan): Vec2[] {
  const { left, right, base } = span;
  const width = right - left;
  const sample = (h: (x: number) => number, spacing: number): Vec2[] => {
    const n = Math.max(2, Math.round(width / spacing));
    return Array.from({ length: n + 1 }, (_, i) => {
      const x = left + (width * i) / n;
      return { x, y: h(x) };
    });
  };
  switch (preset) {
    case 'flat':
      return sample(() => base, 90);
    case 'slope': {
      // Level, a 24° ramp up, level again.
      const x0 = left + width * 0.3;
      const x1 = left + width * 0.7;
      const rise = (x1 - x0) * Math.tan((24 * Math.PI) / 180);
      return sample((x) => base - rise * Math.min(1, Math.max(0, (x - x0) / (x1 - x0))), 60);
    }
    case 'hills':
      return sample(
        (x) => base - 38 - 42 * Math.sin((x - left) / 115) - 20 * Math.sin((x - left) / 47 + 1.3),
        36,
      );
    case 'steps': {
      // Stairs up, then down: treads 120 wide, risers 40 high.
      const pts: Vec2[] = [{ x: left, y: base }];
      const tread = 120;
      const riser = 40;
      let x = left + width * 0.18;
      let y = base;
      pts.push({ x, y });
      for (let k = 0; k < 3; k++) {
        y -= riser;
        pts.push({ x, y });
        x += tread;
        pts.push({ x, y });
      }
      for (let k = 0; k < 3; k++) {
        y += riser;
        pts.push({ x, y });
        x += tread;
        pts.push({ x, y });
      }
      pts.push({ x: right, y });
      return pts;
    }
    case 'wall': {
      // A floor, a vertical wall 200 high, a plateau on top.
      const x = left + width * 0.55;
      return [
        { x: left, y: base },
        { x: left + width * 0.25, y: base },
        { x, y: base },
        { x, y: base - 200 },
        { x: x + width * 0.2, y: base - 200 },
        { x: right, y: base - 200 },
      ];
    }
  }
}
