import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Camera,
  MAX_SCALE,
  MIN_SCALE,
  boundsOf,
  cameraFor,
  panBy,
  toScreen,
  toWorld,
  viewRect,
  zoomAt,
} from '../../src/playground/canvas/camera';
import { closeRel, type Pt } from './playground-oracle';

const RUNS = { numRuns: 300, seed: 20240611 };

/** The screen mapping written out from the camera's definition: centre + scale, y down. */
const oracleScreen = (c: Camera, p: Pt, w: number, h: number): Pt => ({
  x: w / 2 + (p.x - c.cx) * c.scale,
  y: h / 2 + (p.y - c.cy) * c.scale,
});

const camera = fc.record({
  cx: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
  cy: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
  scale: fc.double({ min: MIN_SCALE, max: MAX_SCALE, noNaN: true }),
});
const size = fc.record({
  w: fc.integer({ min: 1, max: 4000 }),
  h: fc.integer({ min: 1, max: 3000 }),
});
const screenPoint = fc.record({
  x: fc.double({ min: -200, max: 4200, noNaN: true }),
  y: fc.double({ min: -200, max: 3200, noNaN: true }),
});

describe('camera: toScreen and toWorld', () => {
  it('toScreen follows the definition and toWorld undoes it', () => {
    fc.assert(
      fc.property(camera, size, screenPoint, (c, { w, h }, s) => {
        const world = toWorld(c, s, w, h);
        expect(closeRel(oracleScreen(c, world, w, h), s)).toBe(true);
        expect(closeRel(toScreen(c, world, w, h), s)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('camera: zoomAt', () => {
  it('keeps the scene point under the cursor on the same screen point', () => {
    fc.assert(
      fc.property(
        camera,
        size,
        screenPoint,
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (c, { w, h }, cursor, factor) => {
          // The scene point under the cursor, found by the oracle's own inverse of the mapping.
          const anchor = {
            x: c.cx + (cursor.x - w / 2) / c.scale,
            y: c.cy + (cursor.y - h / 2) / c.scale,
          };
          const before = oracleScreen(c, anchor, w, h);
          const z = zoomAt(c, factor, cursor, w, h);
          const after = oracleScreen(z, anchor, w, h);
          expect(closeRel(before, cursor)).toBe(true);
          expect(closeRel(after, before)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('multiplies the scale by the factor, clamped to [MIN_SCALE, MAX_SCALE]', () => {
    fc.assert(
      fc.property(
        camera,
        size,
        screenPoint,
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        (c, { w, h }, cursor, factor) => {
          const z = zoomAt(c, factor, cursor, w, h);
          const wanted = Math.min(MAX_SCALE, Math.max(MIN_SCALE, c.scale * factor));
          expect(z.scale).toBeCloseTo(wanted, 12);
          expect(z.scale).toBeGreaterThanOrEqual(MIN_SCALE);
          expect(z.scale).toBeLessThanOrEqual(MAX_SCALE);
        },
      ),
      RUNS,
    );
  });

  it('repeated zooming in or out stops at the limits and still keeps the cursor point', () => {
    const w = 800;
    const h = 600;
    const cursor = { x: 123, y: 456 };
    let c: Camera = { cx: 10, cy: -20, scale: 1 };
    const anchor = toWorld(c, cursor, w, h);
    for (let i = 0; i < 200; i++) c = zoomAt(c, 1.5, cursor, w, h);
    expect(c.scale).toBe(MAX_SCALE);
    expect(closeRel(oracleScreen(c, anchor, w, h), cursor)).toBe(true);
    for (let i = 0; i < 400; i++) c = zoomAt(c, 1 / 1.5, cursor, w, h);
    expect(c.scale).toBe(MIN_SCALE);
    expect(closeRel(oracleScreen(c, anchor, w, h), cursor)).toBe(true);
  });

  it('ignores a factor that is 0, negative or not finite', () => {
    const c: Camera = { cx: 1, cy: 2, scale: 3 };
    for (const f of [0, -2, NaN, Infinity, -Infinity]) {
      expect(zoomAt(c, f, { x: 10, y: 10 }, 100, 100)).toEqual(c);
    }
  });
});

describe('camera: panBy', () => {
  it('moves every scene point on screen by exactly the drag', () => {
    fc.assert(
      fc.property(
        camera,
        size,
        fc.record({
          x: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          y: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        (c, { w, h }, p, dx, dy) => {
          const before = oracleScreen(c, p, w, h);
          const moved = panBy(c, dx, dy);
          expect(moved.scale).toBe(c.scale);
          const after = oracleScreen(moved, p, w, h);
          const tol =
            1e-9 * (1 + Math.abs(p.x * c.scale) + Math.abs(c.cx * c.scale) + Math.abs(dx));
          expect(Math.abs(after.x - (before.x + dx))).toBeLessThanOrEqual(tol);
          const tolY =
            1e-9 * (1 + Math.abs(p.y * c.scale) + Math.abs(c.cy * c.scale) + Math.abs(dy));
          expect(Math.abs(after.y - (before.y + dy))).toBeLessThanOrEqual(tolY);
        },
      ),
      RUNS,
    );
  });
});

describe('camera: viewRect and cameraFor', () => {
  it('viewRect is what the canvas shows: its corners land on the canvas corners', () => {
    fc.assert(
      fc.property(camera, size, (c, { w, h }) => {
        const r = viewRect(c, w, h);
        expect(closeRel(oracleScreen(c, { x: r.x, y: r.y }, w, h), { x: 0, y: 0 })).toBe(true);
        const far = oracleScreen(c, { x: r.x + r.width, y: r.y + r.height }, w, h);
        expect(closeRel(far, { x: w, y: h })).toBe(true);
      }),
      RUNS,
    );
  });

  it('cameraFor(viewRect(c)) gives c back', () => {
    fc.assert(
      fc.property(camera, size, (c, { w, h }) => {
        const back = cameraFor(viewRect(c, w, h), w, h);
        expect(closeRel({ x: back.cx, y: back.cy }, { x: c.cx, y: c.cy })).toBe(true);
        expect(Math.abs(back.scale - c.scale)).toBeLessThanOrEqual(1e-9 * c.scale);
      }),
      RUNS,
    );
  });

  it('cameraFor(rect) shows all of rect, centred, filling one side of the canvas', () => {
    fc.assert(
      fc.property(
        fc.record({
          x: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          y: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          // Sizes whose fitting scale stays inside the clamp, for canvases of 100–2000 px.
          width: fc.double({ min: 50, max: 4000, noNaN: true }),
          height: fc.double({ min: 50, max: 4000, noNaN: true }),
        }),
        fc.integer({ min: 100, max: 2000 }),
        fc.integer({ min: 100, max: 2000 }),
        (rect, w, h) => {
          const c = cameraFor(rect, w, h);
          const shown = viewRect(c, w, h);
          const eps = 1e-9 * (1 + Math.abs(rect.x) + Math.abs(rect.y) + rect.width + rect.height);
          expect(shown.x).toBeLessThanOrEqual(rect.x + eps);
          expect(shown.y).toBeLessThanOrEqual(rect.y + eps);
          expect(shown.x + shown.width).toBeGreaterThanOrEqual(rect.x + rect.width - eps);
          expect(shown.y + shown.height).toBeGreaterThanOrEqual(rect.y + rect.height - eps);
          // Centred, and tight on at least one axis (no needless margin).
          expect(Math.abs(shown.x + shown.width / 2 - (rect.x + rect.width / 2))).toBeLessThan(eps);
          expect(Math.abs(shown.y + shown.height / 2 - (rect.y + rect.height / 2))).toBeLessThan(
            eps,
          );
          const tight =
            Math.abs(shown.width - rect.width) <= eps ||
            Math.abs(shown.height - rect.height) <= eps;
          expect(tight).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('cameraFor clamps the scale for a tiny or huge rect, and for a canvas not laid out yet', () => {
    expect(cameraFor({ x: 0, y: 0, width: 1e-6, height: 1e-6 }, 800, 600).scale).toBe(MAX_SCALE);
    expect(cameraFor({ x: 0, y: 0, width: 1e9, height: 1e9 }, 800, 600).scale).toBe(MIN_SCALE);
    expect(cameraFor({ x: 0, y: 0, width: 100, height: 100 }, 0, 0).scale).toBe(MIN_SCALE);
    const c = cameraFor({ x: -10, y: 20, width: 40, height: 60 }, 800, 600);
    expect(c).toEqual({ cx: 10, cy: 50, scale: 10 });
  });
});

describe('camera: boundsOf', () => {
  const DEFAULT = { x: -400, y: -300, width: 800, height: 600 };

  it('frames a default view when there are no points, or none is finite', () => {
    expect(boundsOf([])).toEqual(DEFAULT);
    expect(
      boundsOf([
        { x: NaN, y: 0 },
        { x: 0, y: Infinity },
        { x: -Infinity, y: NaN },
      ]),
    ).toEqual(DEFAULT);
  });

  it('skips non-finite points and frames the finite ones', () => {
    const r = boundsOf(
      [
        { x: 0, y: 0 },
        { x: NaN, y: 1e9 },
        { x: 1000, y: 500 },
        { x: Infinity, y: -Infinity },
      ],
      10,
      0.2,
    );
    for (const v of Object.values(r)) expect(Number.isFinite(v)).toBe(true);
    expect(r.width).toBeCloseTo(1000 * 1.4, 9);
    expect(r.height).toBeCloseTo(500 * 1.4, 9);
    expect(r.x + r.width / 2).toBeCloseTo(500, 9);
    expect(r.y + r.height / 2).toBeCloseTo(250, 9);
  });

  it('contains every point with the margin, centred, at least minSize on each side', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            x: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
            y: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (pts, minSize, margin) => {
          const r = boundsOf(pts, minSize, margin);
          const xs = pts.map((p) => p.x);
          const ys = pts.map((p) => p.y);
          const [x0, x1, y0, y1] = [
            Math.min(...xs),
            Math.max(...xs),
            Math.min(...ys),
            Math.max(...ys),
          ];
          const eps = 1e-9 * (1 + Math.abs(x0) + Math.abs(x1) + Math.abs(y0) + Math.abs(y1));
          expect(r.width).toBeGreaterThanOrEqual(minSize - eps);
          expect(r.height).toBeGreaterThanOrEqual(minSize - eps);
          expect(r.width).toBeGreaterThanOrEqual((x1 - x0) * (1 + 2 * margin) - eps);
          expect(r.height).toBeGreaterThanOrEqual((y1 - y0) * (1 + 2 * margin) - eps);
          expect(r.x).toBeLessThanOrEqual(x0 - (x1 - x0) * margin + eps);
          expect(r.y).toBeLessThanOrEqual(y0 - (y1 - y0) * margin + eps);
          expect(Math.abs(r.x + r.width / 2 - (x0 + x1) / 2)).toBeLessThanOrEqual(eps);
          expect(Math.abs(r.y + r.height / 2 - (y0 + y1) / 2)).toBeLessThanOrEqual(eps);
        },
      ),
      RUNS,
    );
  });
});
