import { describe, expect, it } from 'vitest';
import { LabelPlacer } from '../../src/render/label-placement';
import { LABEL_FIELDS } from '../../src/render/overlay-painter';
import { Viewport } from '../../src/render/viewport';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { runDemo } from './fake-controls';

type Box = { l: number; t: number; r: number; b: number; text: string };
const overlap = (p: Box, q: Box) =>
  Math.min(p.r, q.r) - Math.max(p.l, q.l) > 0 && Math.min(p.b, q.b) - Math.max(p.t, q.t) > 0;

/**
 * The figure's labels placed as the page places them (pinned ones first, the others round their
 * anchors), sized as 13-px system-ui is (7 px a character, 16 px high).
 */
function placed(demo: ReturnType<typeof runDemo>['demo'], viewport: Viewport): Box[] {
  const texts: { text: string; width: number; height: number; at: { x: number; y: number } }[] = [];
  const asked: number[] = [];
  const painter = new Proxy(
    {},
    {
      get: (_t, name) =>
        name === 'text'
          ? (
              text: string,
              at: { x: number; y: number },
              s: { offsetPx?: { x: number; y: number }; pinned?: boolean } = {},
            ) => {
              const p = viewport.toScreen(at);
              const t = { text, width: 7 * text.length, height: 16, at: { x: NaN, y: NaN } };
              texts.push(t);
              asked.push(p.x, p.y, s.offsetPx?.x ?? 6, s.offsetPx?.y ?? -18, s.pinned ? 1 : 0);
            }
          : () => {},
    },
  );
  demo.drawOverlay!(painter as never);
  const withPosition = texts.map((t) => ({
    ...t,
    position: { set: (x: number, y: number) => void (t.at = { x, y }) },
  }));
  new LabelPlacer().placeAll(
    withPosition,
    Float64Array.from(asked),
    texts.length,
    LABEL_FIELDS,
    demo.root.findAll(Bone2D),
    viewport,
  );
  return texts.map((t) => ({
    l: t.at.x,
    t: t.at.y,
    r: t.at.x + t.width,
    b: t.at.y + t.height,
    text: t.text,
  }));
}

describe('lesson 6’s column labels', () => {
  it('J₁, J₂ and J₃ sit at their arrows’ heads, clear of each other and of the legend', () => {
    const { demo, controls } = runDemo('jacobian');
    const viewport = new Viewport(demo.world, 686, 416);
    const target = demo.root.findAll(Marker2D)[0]!;
    const w = demo.world;
    let checked = 0;
    for (const straight of [false, true]) {
      if (straight) controls.act('straighten');
      for (let i = 1; i < 8; i++)
        for (let j = 1; j < 6; j++) {
          target.globalPosition = { x: w.x + (w.width * i) / 8, y: w.y + (w.height * j) / 6 };
          demo.update(1 / 60);
          const boxes = placed(demo, viewport);
          const columns = boxes.filter((b) => /^J[₁₂₃]$/.test(b.text));
          expect(columns).toHaveLength(3);
          // The oracle: each column from the bones, ẑ × (tip − joint), drawn × 0.25 from the tip.
          const bones = demo.root.findAll(Bone2D);
          const e = bones.at(-1)!.tipGlobalPosition;
          columns.forEach((c, k) => {
            const p = bones[k]!.globalPosition;
            const head = viewport.toScreen({
              x: e.x - 0.25 * (e.y - p.y),
              y: e.y + 0.25 * (e.x - p.x),
            });
            const centre = { x: (c.l + c.r) / 2, y: (c.t + c.b) / 2 };
            expect(Math.hypot(centre.x - head.x, centre.y - head.y), c.text).toBeLessThan(60);
          });
          for (const c of columns)
            for (const o of boxes)
              if (o !== c) expect(overlap(c, o), `${c.text} on ${o.text}`).toBe(false);
          checked++;
        }
    }
    expect(checked).toBe(70);
  });
});
