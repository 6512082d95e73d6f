import { describe, expect, it } from 'vitest';
import type { DemoDefinition } from '../../src/demos/contract';
import { defaultValues, parseParams, roundParams, type ParamSchema } from '../../src/demos/params';
import { DEMOS } from '../../src/demos/registry';
import { loadedDemo } from './loaded-demos';
import { clampHandle, handleBounds } from '../../src/render/handle-layer';
import { Viewport, type WorldRect } from '../../src/render/viewport';
import { Marker2D } from '../../src/scene/marker2d';
import { FakeControls } from './fake-controls';

/** The defaults, and every boolean flipped (a pole switched on, the ground made editable…). */
function variants(def: DemoDefinition): Record<string, unknown>[] {
  const base = defaultValues(def.params) as Record<string, unknown>;
  const flipped = { ...base };
  for (const [k, spec] of Object.entries(def.params))
    if (spec.type === 'boolean') flipped[k] = !spec.default;
  return [base, flipped];
}

/** Canvases a demo meets: fitted to its world, wide and short (letterboxed), tall and narrow. */
function canvases(world: WorldRect): [number, number][] {
  return [
    [800, (800 * world.height) / world.width],
    [2400, 300],
    [300, 2400],
  ];
}

/** The world rect's corners, and points far past each corner and each side. */
function destinations(w: WorldRect): { x: number; y: number }[] {
  const xs = [w.x, w.x + w.width];
  const ys = [w.y, w.y + w.height];
  const cx = w.x + w.width / 2;
  const cy = w.y + w.height / 2;
  const far = 10 * Math.max(w.width, w.height);
  const corners = xs.flatMap((x) => ys.map((y) => ({ x, y })));
  const beyond = corners.map((c) => ({
    x: c.x + Math.sign(c.x - cx) * far,
    y: c.y + Math.sign(c.y - cy) * far,
  }));
  const sides = [
    { x: cx - far, y: cy },
    { x: cx + far, y: cy },
    { x: cx, y: cy - far },
    { x: cx, y: cy + far },
  ];
  return [...corners, ...beyond, ...sides];
}

const asUrl = (values: Record<string, number | boolean | string>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));

describe('a demo’s handles never leave what its parameters can say', () => {
  it.each(DEMOS.map((d) => d.id))(
    '%s: after a drag to any corner of its view, or far past it, its link is accepted',
    (id) => {
      const def = loadedDemo(id)!;
      let dragged = 0;
      for (const values of variants(def)) {
        const demo = def.create({ controls: new FakeControls() }, values as never);
        demo.update(1 / 60);
        const markers = demo.root.findAll(Marker2D).filter((m) => m.draggable);
        for (const marker of markers) {
          for (const [width, height] of canvases(demo.world)) {
            const view = new Viewport(demo.world, width, height);
            for (const p of destinations(demo.world)) {
              // As HandleLayer moves a marker: clamped to the view and to the handle bounds.
              const at = clampHandle(view, p);
              const bounds = handleBounds(demo.world);
              expect(at.x).toBeGreaterThanOrEqual(bounds.x);
              expect(at.x).toBeLessThanOrEqual(bounds.x + bounds.width);
              marker.globalPosition = at;
              demo.update(1 / 60);
              demo.update(1 / 60);
              const state = demo.currentParams?.() ?? {};
              const parsed = parseParams(def.params, asUrl(state));
              const where = `${marker.name} dragged to (${p.x}, ${p.y}) on ${width}×${height}, now at (${at.x.toFixed(1)}, ${at.y.toFixed(1)})`;
              expect(parsed.ok ? [] : parsed.errors.map((e) => e.message), where).toEqual([]);
              dragged++;
            }
          }
        }
        demo.destroy?.();
      }
      // Demos with a target or pole really were dragged (the list says which have handles).
      if (
        [
          'atan2-quadrants',
          'look-at',
          'two-bone-ik',
          'ccd',
          'fabrik',
          'solver-race',
          'creature-follow',
        ].includes(id)
      )
        expect(dragged).toBeGreaterThan(0);
    },
  );
});

describe('links a demo writes', () => {
  const schema = {
    x: { type: 'number', label: 'x', default: 0, min: -300, max: 300 },
    n: { type: 'number', label: 'n', default: 2, min: 2, max: 8, step: 1 },
    t: { type: 'number', label: 't', default: 0.5, min: 0.01, max: 40 },
    flag: { type: 'boolean', label: 'flag', default: false },
  } satisfies ParamSchema;

  it('round numbers to their step, or to 3 decimals, and never out of range', () => {
    expect(
      roundParams(schema, { x: 120.00000000000001, n: 4.4, t: 0.30000000000000004, flag: true }),
    ).toEqual({
      x: 120,
      n: 4,
      t: 0.3,
      flag: true,
    });
    expect(roundParams(schema, { x: 299.9999, n: 7.9, t: 0.0100001 })).toEqual({
      x: 300,
      n: 8,
      t: 0.01,
    });
    // A value already outside is left for the schema to report, not hidden by rounding.
    expect(roundParams(schema, { x: 456.2 })).toEqual({ x: 456.2 });
  });

  it('every demo’s currentParams comes rounded, even values its own code leaves long', () => {
    const def = loadedDemo('ccd')!;
    const controls = new FakeControls();
    const demo = def.create({ controls }, defaultValues(def.params));
    controls.act('tolerance', 0.1 + 0.2);
    demo.root.findAll(Marker2D)[0]!.globalPosition = { x: 10.123456, y: -20.98765 };
    demo.update(1 / 60);
    expect(demo.currentParams!()).toMatchObject({ tolerance: 0.3, targetX: 10, targetY: -21 });
  });
});
