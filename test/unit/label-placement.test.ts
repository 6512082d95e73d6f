import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LabelPlacer, segmentHitsBox } from '../../src/render/label-placement';
import { LABEL_FIELDS } from '../../src/render/overlay-painter';
import { Viewport } from '../../src/render/viewport';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { runDemo } from './fake-controls';

/** Oracle: a segment meets a box if a fine sampling of it lands inside (or it ends inside). */
function sampledHit(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  l: number,
  t: number,
  r: number,
  b: number,
) {
  for (let i = 0; i <= 4000; i++) {
    const x = x0 + ((x1 - x0) * i) / 4000;
    const y = y0 + ((y1 - y0) * i) / 4000;
    if (x >= l && x <= r && y >= t && y <= b) return true;
  }
  return false;
}

/** Distance from a point to a segment, for the near-misses sampling cannot see. */
function pointSegment(px: number, py: number, x0: number, y0: number, x1: number, y1: number) {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const u = Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (x0 + u * dx), py - (y0 + u * dy));
}

describe('segment against box', () => {
  it('agrees with a sampled segment (a near-miss at a corner aside)', () => {
    const c = fc.double({ min: -50, max: 150, noNaN: true });
    fc.assert(
      fc.property(c, c, c, c, (x0, y0, x1, y1) => {
        const [l, t, r, b] = [20, 30, 80, 60];
        const hit = segmentHitsBox(x0, y0, x1, y1, l, t, r, b);
        const sampled = sampledHit(x0, y0, x1, y1, l, t, r, b);
        if (sampled) expect(hit).toBe(true);
        else if (hit) {
          // Sampling stepped over a corner: the segment passes within a sample's length of it.
          const near = Math.min(
            ...[
              [l, t],
              [r, t],
              [l, b],
              [r, b],
            ].map(([px, py]) => pointSegment(px!, py!, x0, y0, x1, y1)),
          );
          expect(near).toBeLessThan(Math.hypot(x1 - x0, y1 - y0) / 4000 + 1e-9);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

type Box = { l: number; t: number; r: number; b: number; text: string };
const overlap = (p: Box, q: Box) =>
  Math.min(p.r, q.r) - Math.max(p.l, q.l) > 0 && Math.min(p.b, q.b) - Math.max(p.t, q.t) > 0;

/**
 * Lays out a demo's labels as the Pixi painter does, with label sizes estimated from their text
 * (7 px a character, 16 px high, as 13-px system-ui is), and returns the boxes and bone segments.
 */
function layOut(demo: ReturnType<typeof runDemo>['demo'], viewport: Viewport) {
  const asked: { text: string; x: number; y: number; ox: number; oy: number }[] = [];
  const painter = new Proxy(
    {},
    {
      get: (_t, name) =>
        name === 'text'
          ? (
              text: string,
              at: { x: number; y: number },
              style: { offsetPx?: { x: number; y: number } } = {},
            ) => {
              const p = viewport.toScreen(at);
              asked.push({
                text,
                x: p.x,
                y: p.y,
                ox: style.offsetPx?.x ?? 6,
                oy: style.offsetPx?.y ?? -18,
              });
            }
          : () => {},
    },
  );
  demo.drawOverlay!(painter as never);
  const bones = demo.root.findAll(Bone2D);
  const coords = new Float64Array(bones.length * 4);
  bones.forEach((bone, i) => {
    const a = viewport.toScreen(bone.globalPosition);
    const b = viewport.toScreen(bone.tipGlobalPosition);
    coords.set([a.x, a.y, b.x, b.y], i * 4);
  });
  const segments = { coords, count: bones.length };
  const placer = new LabelPlacer();
  const out = { x: 0, y: 0 };
  const bounds = { width: viewport.widthPx, height: viewport.heightPx };
  const boxes: Box[] = asked.map((a) => {
    const w = a.text.length * 7;
    placer.place(a.x, a.y, a.ox, a.oy, w, 16, segments, bounds, out);
    return { l: out.x, t: out.y, r: out.x + w, b: out.y + 16, text: a.text };
  });
  return { boxes, segments };
}

/** The figures whose labels the issue saw collide, and the marker a student drags in each. */
const FIGURES = [
  { id: 'two-bone-ik', marker: 'Target' },
  { id: 'atan2-quadrants', marker: 'Point' },
  { id: 'look-at', marker: 'Target' },
  { id: 'fabrik', marker: 'Target' },
];

describe('labels keep clear of each other and of the chain', () => {
  for (const f of FIGURES)
    it(`${f.id}: wherever the ${f.marker} is dragged`, () => {
      const { demo } = runDemo(f.id);
      const viewport = new Viewport(demo.world, 686, 416);
      const marker = demo.root.findAll(Marker2D).find((m) => m.name === f.marker)!;
      const w = demo.world;
      let checked = 0;
      for (let i = 1; i < 16; i++)
        for (let j = 1; j < 12; j++) {
          const at = { x: w.x + (w.width * i) / 16, y: w.y + (w.height * j) / 12 };
          marker.globalPosition = at;
          demo.update(1 / 60);
          const { boxes, segments } = layOut(demo, viewport);
          const where = `${at.x.toFixed(0)}, ${at.y.toFixed(0)}`;
          for (let a = 0; a < boxes.length; a++) {
            for (let b = 0; b < a; b++)
              expect(
                overlap(boxes[a]!, boxes[b]!),
                `${boxes[a]!.text} on ${boxes[b]!.text} at ${where}`,
              ).toBe(false);
            for (let s = 0; s < segments.count; s++) {
              const c = segments.coords;
              const { l, t, r, b } = boxes[a]!;
              expect(
                segmentHitsBox(c[s * 4]!, c[s * 4 + 1]!, c[s * 4 + 2]!, c[s * 4 + 3]!, l, t, r, b),
                `${boxes[a]!.text} on bone ${s} at ${where}`,
              ).toBe(false);
            }
            checked++;
          }
        }
      // The sweep drew labels to check.
      expect(checked).toBeGreaterThan(100);
    });
});

describe('pinned labels', () => {
  it('stay where asked (inside the canvas) and the others keep clear of them', () => {
    const viewport = new Viewport({ x: 0, y: 0, width: 400, height: 300 }, 400, 300);
    const text = (width: number) => {
      const t = {
        width,
        height: 16,
        at: { x: NaN, y: NaN },
        position: { set: (x: number, y: number) => void (t.at = { x, y }) },
      };
      return t;
    };
    const texts = [text(120), text(80), text(200)];
    // A legend pinned at (10, 10); a label asked onto the legend; a pinned one past the edge.
    const asked = new Float64Array([0, 0, 10, 10, 1, 20, 20, 0, 0, 0, 390, 100, 0, 0, 1]);
    new LabelPlacer().placeAll(texts, asked, 3, LABEL_FIELDS, [], viewport);
    expect(texts[0]!.at).toEqual({ x: 10, y: 10 });
    expect(texts[2]!.at).toEqual({ x: 200, y: 100 });
    const box = (t: (typeof texts)[number]): Box => ({
      l: t.at.x,
      t: t.at.y,
      r: t.at.x + t.width,
      b: t.at.y + t.height,
      text: '',
    });
    expect(overlap(box(texts[1]!), box(texts[0]!))).toBe(false);
    expect(overlap(box(texts[1]!), box(texts[2]!))).toBe(false);
  });
});
