import { toDegrees, wrapAngle } from '../../math/angles.ts';
import type { Vec2 } from '../../math/vec2.ts';

/** Degrees with one decimal and a degree sign; "-0.0°" shown as "0.0°". */
export function deg(radians: number, digits = 1): string {
  const d = toDegrees(wrapAngle(radians));
  const s = d.toFixed(digits);
  return `${/^-0\.?0*$/.test(s) ? s.slice(1) : s}°`;
}

export function num(n: number, digits = 1): string {
  const s = n.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

export const vec = (v: Vec2, digits = 1): string => `(${num(v.x, digits)}, ${num(v.y, digits)})`;

/** Number for TeX, with a proper minus sign spacing. */
export const tex = (n: number, digits = 1): string => num(n, digits);
export const texDeg = (radians: number, digits = 1): string =>
  `${deg(radians, digits).replace('°', '')}^\\circ`;
