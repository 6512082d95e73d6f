import { DEG } from '../../math/angles.ts';
import type { Iterate } from './leg-poser.ts';

const N = 36;
const LEVELS = 9;

/**
 * Lesson 14's map of F over the two angles (hip, knee): F sampled on an N × N grid around both
 * descents' paths, and its contour lines (marching squares) as x, y pairs in degrees with a NaN
 * pair after each segment, ready for an xy plot. Levels are spaced geometrically, since F falls
 * by decades near its minimum.
 */
export function costContours(
  F: (hip: number, knee: number) => number,
  paths: readonly (readonly Iterate[])[],
): Float64Array {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const p of paths)
    for (const it of p) {
      x0 = Math.min(x0, it.theta[0]);
      x1 = Math.max(x1, it.theta[0]);
      y0 = Math.min(y0, it.theta[1]);
      y1 = Math.max(y1, it.theta[1]);
    }
  if (!Number.isFinite(x0 + x1 + y0 + y1)) return new Float64Array(0);
  // Room around the paths: a third of their span, and at least 10° each way.
  const mx = Math.max((x1 - x0) / 3, 10 / DEG);
  const my = Math.max((y1 - y0) / 3, 10 / DEG);
  x0 -= mx;
  x1 += mx;
  y0 -= my;
  y1 += my;
  const grid = new Float64Array((N + 1) * (N + 1));
  let lo = Infinity;
  let hi = -Infinity;
  for (let j = 0; j <= N; j++)
    for (let i = 0; i <= N; i++) {
      const v = F(x0 + ((x1 - x0) * i) / N, y0 + ((y1 - y0) * j) / N);
      grid[j * (N + 1) + i] = v;
      if (Number.isFinite(v)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
  const out: number[] = [];
  if (!(hi > lo)) return new Float64Array(0);
  const levels = contourLevels(lo, hi);
  const W = N + 1;
  const cx = (i: number) => (x0 + ((x1 - x0) * i) / N) * DEG;
  const cy = (j: number) => (y0 + ((y1 - y0) * j) / N) * DEG;
  // Each cell's corners once, then every level through it. Corners counter-clockwise from (i, j);
  // an edge is crossed where its ends straddle the level.
  const ci = [0, 1, 1, 0];
  const cj = [0, 0, 1, 1];
  const cross = new Float64Array(8);
  for (let j = 0; j < N; j++)
    for (let i = 0; i < N; i++) {
      for (const level of levels) {
        let n = 0;
        for (let e = 0; e < 4; e++) {
          const a = e;
          const b = (e + 1) % 4;
          const va = grid[(j + cj[a]!) * W + i + ci[a]!]!;
          const vb = grid[(j + cj[b]!) * W + i + ci[b]!]!;
          if (va < level === vb < level || !Number.isFinite(va + vb)) continue;
          const t = (level - va) / (vb - va);
          cross[n++] = cx(i + ci[a]! + t * (ci[b]! - ci[a]!));
          cross[n++] = cy(j + cj[a]! + t * (cj[b]! - cj[a]!));
        }
        // Two crossings: one segment; four (a saddle): two, pairing neighbours.
        for (let k = 0; k + 3 < n; k += 4)
          out.push(cross[k]!, cross[k + 1]!, cross[k + 2]!, cross[k + 3]!, NaN, NaN);
      }
    }
  return Float64Array.from(out);
}

/** The contour levels for F between lo and hi: geometric, since F falls by decades. */
export function contourLevels(lo: number, hi: number): number[] {
  const floor = Math.max(lo, hi * 1e-4);
  return Array.from({ length: LEVELS }, (_, k) => floor * (hi / floor) ** ((k + 1) / (LEVELS + 1)));
}

/** A descent's path as x, y pairs in degrees. */
export const pathPairs = (run: readonly Iterate[]): Float64Array =>
  Float64Array.from(run.flatMap((it) => [it.theta[0] * DEG, it.theta[1] * DEG]));
