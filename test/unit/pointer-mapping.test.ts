import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clientToScreen,
  clientToWorld,
  PointerGrab,
  worldToClient,
} from '../../src/render/pointer-mapping';
import { Viewport, type WorldRect } from '../../src/render/viewport';
import { clampHandle, HANDLE_RADIUS_PX } from '../../src/render/handle-layer';

/**
 * The oracle, from the viewport's contract and not its code: the world rect is fitted inside
 * the canvas by the smaller of the two ratios and centred; the box is then drawn at `left, top`
 * (the page's scroll already taken off, as getBoundingClientRect does) and scaled by `css`
 * (a CSS transform or a zoomed page).
 */
function oracleClient(
  world: WorldRect,
  canvas: { w: number; h: number },
  box: { left: number; top: number; css: number },
  p: { x: number; y: number },
) {
  const k = Math.min(canvas.w / world.width, canvas.h / world.height);
  const lx = canvas.w / 2 + (p.x - (world.x + world.width / 2)) * k;
  const ly = canvas.h / 2 + (p.y - (world.y + world.height / 2)) * k;
  return { x: box.left + lx * box.css, y: box.top + ly * box.css };
}

const world = fc.record({
  x: fc.double({ min: -2000, max: 2000, noNaN: true }),
  y: fc.double({ min: -2000, max: 2000, noNaN: true }),
  // A figure zoomed in to 20 units across or out to 5 000.
  width: fc.double({ min: 20, max: 5000, noNaN: true }),
  height: fc.double({ min: 20, max: 5000, noNaN: true }),
});
const canvas = fc.record({
  w: fc.integer({ min: 120, max: 1600 }),
  h: fc.integer({ min: 90, max: 1200 }),
});
const box = fc.record({
  // Scrolled anywhere: the box's top may be far above the window.
  left: fc.double({ min: -3000, max: 3000, noNaN: true }),
  top: fc.double({ min: -20000, max: 3000, noNaN: true }),
  css: fc.constantFrom(0.5, 0.8, 1, 1.25, 2),
});

const rectOf = (c: { w: number; h: number }, b: { left: number; top: number; css: number }) => ({
  left: b.left,
  top: b.top,
  width: c.w * b.css,
  height: c.h * b.css,
});

describe('pointer → scene mapping', () => {
  it('puts the scene point a pointer is over where the oracle draws it, within 0.001 px', () => {
    fc.assert(
      fc.property(
        world,
        canvas,
        box,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (w, c, b, u, v) => {
          // The device-pixel ratio does not enter (the browser test drags at a ratio of 2).
          const vp = new Viewport(w, c.w, c.h);
          const rect = rectOf(c, b);
          const client = { x: rect.left + u * rect.width, y: rect.top + v * rect.height };
          const p = clientToWorld(vp, rect, client);
          const drawn = oracleClient(w, c, b, p);
          expect(Math.abs(drawn.x - client.x)).toBeLessThan(1e-3);
          expect(Math.abs(drawn.y - client.y)).toBeLessThan(1e-3);
          const back = worldToClient(vp, rect, p);
          expect(Math.abs(back.x - client.x)).toBeLessThan(1e-3);
          expect(Math.abs(back.y - client.y)).toBeLessThan(1e-3);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the canvas point under a pointer is the same fraction of the canvas as of the box on the page, and maps to the same scene point', () => {
    fc.assert(
      fc.property(
        world,
        canvas,
        box,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (w, c, b, u, v) => {
          const vp = new Viewport(w, c.w, c.h);
          const rect = rectOf(c, b);
          const client = { x: rect.left + u * rect.width, y: rect.top + v * rect.height };
          const screen = clientToScreen(vp, rect, client);
          // What the editor pans by and zooms about: canvas pixels, whatever the CSS scale.
          expect(Math.abs(screen.x - u * c.w)).toBeLessThan(1e-6 * c.w);
          expect(Math.abs(screen.y - v * c.h)).toBeLessThan(1e-6 * c.h);
          const a = vp.toWorld(screen);
          const b2 = clientToWorld(vp, rect, client);
          expect(a).toEqual(b2);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a dragged point stays under the pointer (by its grab offset) within half a pixel, with the page scrolled between moves', () => {
    fc.assert(
      fc.property(
        world,
        canvas,
        box,
        // Where in the handle's 44-px circle the press landed (0, 0: its centre).
        fc.record({
          x: fc.double({ min: -22, max: 22, noNaN: true }),
          y: fc.double({ min: -22, max: 22, noNaN: true }),
        }),
        fc.boolean(),
        fc.array(
          fc.record({
            u: fc.double({ min: 0, max: 1, noNaN: true }),
            v: fc.double({ min: 0, max: 1, noNaN: true }),
            scroll: fc.double({ min: -400, max: 400, noNaN: true }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (w, c, b0, offset, centre, moves) => {
          const vp = new Viewport(w, c.w, c.h);
          const b = { ...b0 };
          const g = centre ? { x: 0, y: 0 } : offset;
          // A marker somewhere in the view, pressed g pixels from its drawn centre.
          const marker = { x: w.x + w.width * 0.3, y: w.y + w.height * 0.6 };
          const at = oracleClient(w, c, b, marker);
          const press = { x: at.x + g.x, y: at.y + g.y };
          const grab = new PointerGrab(clientToWorld(vp, rectOf(c, b), press), marker);
          for (const m of moves) {
            b.top += m.scroll; // the page scrolls under the held pointer
            const rect = rectOf(c, b);
            const pointer = { x: rect.left + m.u * rect.width, y: rect.top + m.v * rect.height };
            const moved = grab.follow(clientToWorld(vp, rect, pointer));
            const drawn = oracleClient(w, c, b, moved);
            // The grab offset, in screen pixels, is what it was at the press.
            expect(Math.abs(drawn.x + g.x - pointer.x)).toBeLessThan(0.5);
            expect(Math.abs(drawn.y + g.y - pointer.y)).toBeLessThan(0.5);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('a dragged handle stays whole inside its canvas', () => {
  it('is clamped a handle’s radius in from every edge, for any point and any canvas', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 80, max: 1600 }),
        fc.integer({ min: 80, max: 1200 }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        (w, h, x, y) => {
          const view = new Viewport({ x: -50, y: -30, width: 200, height: 120 }, w, h);
          // No bounds of its own: only the view's edge limits it.
          const s = view.toScreen(clampHandle(view, { x, y }, null));
          const r = Math.min(HANDLE_RADIUS_PX, w / 3, h / 3);
          expect(s.x).toBeGreaterThanOrEqual(r - 1e-6);
          expect(s.x).toBeLessThanOrEqual(w - r + 1e-6);
          expect(s.y).toBeGreaterThanOrEqual(r - 1e-6);
          expect(s.y).toBeLessThanOrEqual(h - r + 1e-6);
        },
      ),
    );
  });
});
