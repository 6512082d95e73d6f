import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GIZMO,
  type GizmoPart,
  TOOLS,
  dragResult,
  dragStart,
  partAt,
} from '../../src/playground/canvas/gizmo';
import type { Node2D } from '../../src/scene/node2d';
import {
  type PoseSpec,
  type Pt,
  angleFromTo,
  anyPose,
  buildChain,
  chainMatrix,
  closeRel,
  conformalPose,
  det2,
  origin,
  poseOf,
  wrap,
  xColumn,
  yColumn,
} from './playground-oracle';

const RUNS = { numRuns: 300, seed: 4242 };
const STEP = Math.PI / 12; // 15°
const MIN_ABS_SCALE = 0.01;

/** A tree of ancestors with these poses and the node under them; returns the node. */
function nodeUnder(ancestors: readonly PoseSpec[], own: PoseSpec): Node2D {
  const nodes = buildChain([...ancestors, own]);
  return nodes[nodes.length - 1]!;
}

/** The node's global matrix by the oracle: the product of its and its ancestors' poses. */
function oracleGlobal(node: Node2D) {
  const poses: PoseSpec[] = [];
  for (let n: Node2D | null = node; n; n = n.parent2D) poses.unshift(poseOf(n));
  return chainMatrix(poses);
}

const unit = (v: Pt): Pt => {
  const l = Math.hypot(v.x, v.y);
  return { x: v.x / l, y: v.y / l };
};
const dot = (a: Pt, b: Pt) => a.x * b.x + a.y * b.y;
const sub = (a: Pt, b: Pt): Pt => ({ x: a.x - b.x, y: a.y - b.y });
const add = (a: Pt, b: Pt): Pt => ({ x: a.x + b.x, y: a.y + b.y });
const times = (v: Pt, k: number): Pt => ({ x: v.x * k, y: v.y * k });

const point = fc.record({
  x: fc.double({ min: -1000, max: 1000, noNaN: true }),
  y: fc.double({ min: -1000, max: 1000, noNaN: true }),
});
const ancestorsAny = fc.array(anyPose, { minLength: 0, maxLength: 3 });
const ancestorsConformal = fc.array(conformalPose, { minLength: 0, maxLength: 3 });

describe('gizmo move: free, x and y', () => {
  const PARTS: GizmoPart[] = ['free', 'x', 'y'];

  it('puts the node’s global origin at its start plus the pointer’s displacement (projected)', () => {
    fc.assert(
      fc.property(
        ancestorsAny,
        anyPose,
        fc.constantFrom(...PARTS),
        point,
        point,
        (ancestors, own, part, p0, p1) => {
          const node = nodeUnder(ancestors, own);
          const before = origin(oracleGlobal(node));
          const s = dragStart(node, part, p0);
          expect(closeRel(s.origin, before)).toBe(true);
          const r = dragResult(s, p1, false, 10);
          node.globalPosition = r.globalPosition!;
          const d = sub(p1, p0);
          const moved = part === 'x' ? { x: d.x, y: 0 } : part === 'y' ? { x: 0, y: d.y } : d;
          expect(closeRel(origin(oracleGlobal(node)), add(before, moved), 1e-8)).toBe(true);
          // Moving changes neither the node's rotation nor its scale.
          expect(node.rotation).toBe(own.r);
          expect(node.scale).toEqual({ x: own.sx, y: own.sy });
        },
      ),
      RUNS,
    );
  });

  it('with snap, lands the moved coordinates on the grid, nearest the free result', () => {
    fc.assert(
      fc.property(
        ancestorsAny,
        anyPose,
        fc.constantFrom(...PARTS),
        point,
        point,
        fc.constantFrom(0.5, 1, 5, 8, 10, 25),
        (ancestors, own, part, p0, p1, grid) => {
          const node = nodeUnder(ancestors, own);
          const before = origin(oracleGlobal(node));
          const r = dragResult(dragStart(node, part, p0), p1, true, grid);
          const g = r.globalPosition!;
          const free = add(before, sub(p1, p0));
          const onGrid = (v: number) => Math.abs(v / grid - Math.round(v / grid)) < 1e-9;
          if (part !== 'y') {
            expect(onGrid(g.x)).toBe(true);
            expect(Math.abs(g.x - free.x)).toBeLessThanOrEqual(grid / 2 + 1e-9);
          } else expect(g.x).toBeCloseTo(before.x, 9);
          if (part !== 'x') {
            expect(onGrid(g.y)).toBe(true);
            expect(Math.abs(g.y - free.y)).toBeLessThanOrEqual(grid / 2 + 1e-9);
          } else expect(g.y).toBeCloseTo(before.y, 9);
          // Applied to the tree, the node's global origin is that grid point.
          node.globalPosition = g;
          expect(closeRel(origin(oracleGlobal(node)), g, 1e-8)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('with snap but no grid (step 0) moves freely', () => {
    const node = nodeUnder([], { px: 1.25, py: 2.5, r: 0, sx: 1, sy: 1 });
    const r = dragResult(dragStart(node, 'free', { x: 0, y: 0 }), { x: 0.3, y: 0.4 }, true, 0);
    expect(r.globalPosition).toEqual({ x: 1.55, y: 2.9 });
  });
});

describe('gizmo rotate (ring)', () => {
  const sweep = fc.record({
    a0: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    a1: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    r0: fc.double({ min: 5, max: 300, noNaN: true }),
    r1: fc.double({ min: 5, max: 300, noNaN: true }),
  });

  /** Pointer positions `r` from the node's origin at angle `a` (screen convention: y down). */
  const around = (o: Pt, a: number, r: number): Pt => ({
    x: o.x + r * Math.cos(a),
    y: o.y + r * Math.sin(a),
  });

  it('turns the node’s global x axis by exactly the angle swept, also under mirrored parents', () => {
    fc.assert(
      fc.property(ancestorsConformal, anyPose, sweep, (ancestors, own, { a0, a1, r0, r1 }) => {
        const node = nodeUnder(ancestors, own);
        const g0 = oracleGlobal(node);
        const o = origin(g0);
        const s = dragStart(node, 'ring', around(o, a0, r0));
        node.rotation = dragResult(s, around(o, a1, r1), false, 10).rotation!;
        const g1 = oracleGlobal(node);
        const turned = angleFromTo(xColumn(g0), xColumn(g1));
        expect(Math.abs(wrap(turned - (a1 - a0)))).toBeLessThan(1e-9);
        // Only the rotation changed: the origin stays where it was.
        expect(closeRel(origin(g1), o)).toBe(true);
      }),
      RUNS,
    );
  });

  it('a mirrored parent: a 30° clockwise sweep turns the node 30° clockwise on screen', () => {
    const node = nodeUnder([{ px: 0, py: 0, r: 0, sx: -1, sy: 1 }], {
      px: 10,
      py: 0,
      r: 0,
      sx: 1,
      sy: 1,
    });
    const g0 = oracleGlobal(node);
    const o = origin(g0); // (−10, 0)
    const deg = Math.PI / 180;
    const s = dragStart(node, 'ring', around(o, 0, 50));
    expect(s.sigma).toBe(-1);
    const r = dragResult(s, around(o, 30 * deg, 50), false, 10).rotation!;
    expect(r).toBeCloseTo(-30 * deg, 12); // locally the other way round
    node.rotation = r;
    const turned = angleFromTo(xColumn(g0), xColumn(oracleGlobal(node)));
    expect(turned).toBeCloseTo(30 * deg, 12);
  });

  it('with snap, the rotation is a multiple of 15° within 7.5° of the swept turn', () => {
    fc.assert(
      fc.property(ancestorsConformal, anyPose, sweep, (ancestors, own, { a0, a1, r0, r1 }) => {
        const node = nodeUnder(ancestors, own);
        const g0 = oracleGlobal(node);
        const o = origin(g0);
        const rotation = dragResult(
          dragStart(node, 'ring', around(o, a0, r0)),
          around(o, a1, r1),
          true,
          10,
        ).rotation!;
        const k = rotation / STEP;
        expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-9);
        expect(rotation).toBeGreaterThan(-Math.PI - 1e-12);
        expect(rotation).toBeLessThanOrEqual(Math.PI + 1e-12);
        node.rotation = rotation;
        const turned = angleFromTo(xColumn(g0), xColumn(oracleGlobal(node)));
        expect(Math.abs(wrap(turned - (a1 - a0)))).toBeLessThanOrEqual(STEP / 2 + 1e-9);
      }),
      RUNS,
    );
  });

  it('under unevenly scaled parents, still turns the same way as the pointer', () => {
    // The turn is exact only for parents that keep angles; any parent keeps its direction.
    fc.assert(
      fc.property(
        fc.array(anyPose, { minLength: 1, maxLength: 3 }),
        anyPose,
        sweep.filter(({ a0, a1 }) => {
          const t = Math.abs(wrap(a1 - a0));
          return t > 1e-3 && t < Math.PI - 1e-3;
        }),
        (ancestors, own, { a0, a1, r0, r1 }) => {
          const node = nodeUnder(ancestors, own);
          const g0 = oracleGlobal(node);
          const o = origin(g0);
          node.rotation = dragResult(
            dragStart(node, 'ring', around(o, a0, r0)),
            around(o, a1, r1),
            false,
            10,
          ).rotation!;
          const turned = angleFromTo(xColumn(g0), xColumn(oracleGlobal(node)));
          expect(Math.sign(turned)).toBe(Math.sign(wrap(a1 - a0)));
        },
      ),
      RUNS,
    );
  });

  it('sigma is −1 exactly when the parent’s global transform mirrors', () => {
    fc.assert(
      fc.property(fc.array(anyPose, { minLength: 1, maxLength: 3 }), anyPose, (ancestors, own) => {
        const node = nodeUnder(ancestors, own);
        const parentDet = det2(chainMatrix(ancestors));
        expect(dragStart(node, 'ring', { x: 0, y: 0 }).sigma).toBe(parentDet < 0 ? -1 : 1);
      }),
      RUNS,
    );
  });
});

describe('gizmo scale', () => {
  /** A pointer start whose projection on `axis` (from the origin) is at least 2 units. */
  const startOn = (o: Pt, axis: Pt, along: number, across: number): Pt =>
    add(o, add(times(axis, along), times({ x: -axis.y, y: axis.x }, across)));
  const along = fc
    .tuple(fc.double({ min: 2, max: 300, noNaN: true }), fc.boolean())
    .map(([m, neg]) => (neg ? -m : m));
  const across = fc.double({ min: -300, max: 300, noNaN: true });

  for (const part of ['scale-x', 'scale-y'] as const) {
    const column = part === 'scale-x' ? xColumn : yColumn;
    const other = part === 'scale-x' ? yColumn : xColumn;

    it(`${part} scales the node’s own ${part.slice(-1)} axis by the ratio of projections`, () => {
      fc.assert(
        fc.property(
          ancestorsAny,
          anyPose,
          along,
          across,
          point,
          (ancestors, own, a, c, p1Offset) => {
            const node = nodeUnder(ancestors, own);
            const g0 = oracleGlobal(node);
            const o = origin(g0);
            const axis = unit(column(g0));
            const p0 = startOn(o, axis, a, c);
            const p1 = add(o, p1Offset);
            const k = dot(sub(p1, o), axis) / dot(sub(p0, o), axis);
            const r = dragResult(dragStart(node, part, p0), p1, false, 10).scale!;
            const key = part === 'scale-x' ? 'x' : 'y';
            const wanted = own[key === 'x' ? 'sx' : 'sy'] * k;
            const untouched = key === 'x' ? own.sy : own.sx;
            expect(r[key === 'x' ? 'y' : 'x']).toBe(untouched);
            if (Math.abs(wanted) < MIN_ABS_SCALE) {
              // Never 0: it stops a hundredth away, on the side the drag was heading.
              expect(Math.abs(r[key])).toBe(MIN_ABS_SCALE);
              if (wanted !== 0) expect(Math.sign(r[key])).toBe(Math.sign(wanted));
              return;
            }
            expect(Math.abs(r[key] - wanted)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(wanted)));
            node.scale = r;
            const g1 = oracleGlobal(node);
            expect(closeRel(column(g1), times(column(g0), k), 1e-8)).toBe(true);
            expect(closeRel(other(g1), other(g0))).toBe(true);
            expect(closeRel(origin(g1), o)).toBe(true);
          },
        ),
        RUNS,
      );
    });

    it(`${part}: dragging past the origin flips the axis (a negative scale)`, () => {
      fc.assert(
        fc.property(
          ancestorsAny,
          anyPose,
          along,
          across,
          fc.double({ min: 0.2, max: 5, noNaN: true }),
          (ancestors, own, a, c, t) => {
            const node = nodeUnder(ancestors, own);
            const g0 = oracleGlobal(node);
            const o = origin(g0);
            const axis = unit(column(g0));
            const p0 = startOn(o, axis, a, c);
            // Straight through the origin to the other side, `t` times as far.
            const p1 = sub(o, times(sub(p0, o), t));
            const r = dragResult(dragStart(node, part, p0), p1, false, 10).scale!;
            const key = part === 'scale-x' ? 'x' : 'y';
            const ownValue = own[key === 'x' ? 'sx' : 'sy'];
            expect(Math.sign(r[key])).toBe(-Math.sign(ownValue));
            node.scale = r;
            // The global axis now points the other way.
            expect(dot(column(oracleGlobal(node)), column(g0))).toBeLessThan(0);
          },
        ),
        RUNS,
      );
    });
  }

  it('scale-both scales both axes by the ratio of distances from the origin', () => {
    fc.assert(
      fc.property(ancestorsAny, anyPose, point, point, (ancestors, own, d0, d1) => {
        fc.pre(Math.hypot(d0.x, d0.y) > 2);
        const node = nodeUnder(ancestors, own);
        const g0 = oracleGlobal(node);
        const o = origin(g0);
        const k = Math.hypot(d1.x, d1.y) / Math.hypot(d0.x, d0.y);
        fc.pre(Math.abs(k * own.sx) >= MIN_ABS_SCALE && Math.abs(k * own.sy) >= MIN_ABS_SCALE);
        const r = dragResult(dragStart(node, 'scale-both', add(o, d0)), add(o, d1), false, 10);
        node.scale = r.scale!;
        const g1 = oracleGlobal(node);
        expect(closeRel(xColumn(g1), times(xColumn(g0), k), 1e-8)).toBe(true);
        expect(closeRel(yColumn(g1), times(yColumn(g0), k), 1e-8)).toBe(true);
      }),
      RUNS,
    );
  });

  it('with a cushion, grabbing the square a pixel from the origin does not make the scale jump', () => {
    const node = nodeUnder([], { px: 0, py: 0, r: 0, sx: 1, sy: 1 });
    // Grabbed 2 units from the origin, moved 1 unit out: the plain ratio would be 1.5.
    const plain = dragResult(
      dragStart(node, 'scale-both', { x: 2, y: 0 }),
      { x: 3, y: 0 },
      false,
      10,
    );
    expect(plain.scale!.x).toBeCloseTo(1.5, 12);
    const cushioned = dragResult(
      dragStart(node, 'scale-both', { x: 2, y: 0 }, 35),
      { x: 3, y: 0 },
      false,
      10,
    );
    expect(cushioned.scale!.x).toBeCloseTo(38 / 37, 12);
    expect(cushioned.scale!.y).toBeCloseTo(38 / 37, 12);
  });

  it('never gives a scale of exactly 0, with or without snap, wherever the pointer goes', () => {
    fc.assert(
      fc.property(
        ancestorsAny,
        anyPose,
        fc.constantFrom('scale-x', 'scale-y', 'scale-both') as fc.Arbitrary<GizmoPart>,
        point,
        fc.oneof(point, fc.constant(null)),
        fc.boolean(),
        (ancestors, own, part, p0Offset, p1Offset, snap) => {
          const node = nodeUnder(ancestors, own);
          const o = origin(oracleGlobal(node));
          const s = dragStart(node, part, add(o, p0Offset));
          // null: the pointer exactly on the origin, where every projection is 0.
          const r = dragResult(s, p1Offset ? add(o, p1Offset) : o, snap, 10).scale!;
          for (const v of [r.x, r.y]) {
            expect(Number.isFinite(v)).toBe(true);
            expect(Math.abs(v)).toBeGreaterThanOrEqual(MIN_ABS_SCALE);
          }
        },
      ),
      RUNS,
    );
  });

  it('with snap, the scaled axis is a multiple of 0.1 (or ±0.01 near 0)', () => {
    fc.assert(
      fc.property(ancestorsAny, anyPose, point, point, (ancestors, own, d0, d1) => {
        const node = nodeUnder(ancestors, own);
        const o = origin(oracleGlobal(node));
        const r = dragResult(dragStart(node, 'scale-x', add(o, d0)), add(o, d1), true, 10).scale!;
        const k = r.x / 0.1;
        const onStep = Math.abs(k - Math.round(k)) < 1e-9;
        expect(onStep || Math.abs(r.x) === MIN_ABS_SCALE).toBe(true);
        expect(r.y).toBe(own.sy);
      }),
      RUNS,
    );
  });

  it('with snap, a one-axis drag leaves the other axis exactly as it was', () => {
    const node = nodeUnder([], { px: 0, py: 0, r: 0, sx: 1.25, sy: 0.37 });
    const x = dragResult(dragStart(node, 'scale-x', { x: 10, y: 0 }), { x: 20, y: 3 }, true, 10);
    expect(x.scale).toEqual({ x: 2.5, y: 0.37 });
    const y = dragResult(dragStart(node, 'scale-y', { x: 0, y: 10 }), { x: 4, y: 30 }, true, 10);
    expect(y.scale!.x).toBe(1.25);
    expect(y.scale!.y).toBeCloseTo(1.1, 12);
  });

  it('a drag that starts on the origin leaves the scale as it was', () => {
    const node = nodeUnder([], { px: 3, py: 4, r: 0.3, sx: -2, sy: 0.5 });
    for (const part of ['scale-x', 'scale-y', 'scale-both'] as const) {
      const r = dragResult(dragStart(node, part, { x: 3, y: 4 }), { x: 50, y: -20 }, false, 10);
      expect(r.scale).toEqual({ x: -2, y: 0.5 });
    }
  });
});

describe('gizmo partAt', () => {
  /** A camera-like mapping: zoom and offset, y down (as the editor's canvas). */
  const view = (zoom: number, ox: number, oy: number) => (p: Pt) => ({
    x: p.x * zoom + ox,
    y: p.y * zoom + oy,
  });
  const polar = (o: Pt, a: number, r: number): Pt => ({
    x: o.x + r * Math.cos(a),
    y: o.y + r * Math.sin(a),
  });

  it('finds each handle where it is drawn, at any zoom, and nothing elsewhere', () => {
    fc.assert(
      fc.property(
        ancestorsAny,
        anyPose,
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        fc.double({ min: 0, max: Math.PI * 2, noNaN: true }),
        fc.double({ min: 0.02, max: 0.98, noNaN: true }),
        (ancestors, own, zoom, a, f) => {
          const node = nodeUnder(ancestors, own);
          const g = oracleGlobal(node);
          const toScreen = view(zoom, 400, 300);
          const o = toScreen(origin(g));
          const at = (p: Pt) => (tool: (typeof TOOLS)[number]) => partAt(tool, node, p, toScreen);

          // Move: the centre square, and the arrow ends along the screen's x and y axes.
          expect(at(polar(o, a, f * GIZMO.grab))('move')).toBe('free');
          const xEnd = { x: o.x + GIZMO.axis, y: o.y };
          const yEnd = { x: o.x, y: o.y + GIZMO.axis };
          expect(at(polar(xEnd, a, f * (GIZMO.grab + 2)))('move')).toBe('x');
          expect(at(polar(yEnd, a, f * (GIZMO.grab + 2)))('move')).toBe('y');
          expect(at(polar(o, Math.PI * 1.25, GIZMO.axis))('move')).toBeNull();

          // Rotate: a ring, grabbed within `grab` pixels of its radius.
          expect(at(polar(o, a, GIZMO.ring + (2 * f - 1) * GIZMO.grab))('rotate')).toBe('ring');
          expect(at(polar(o, a, GIZMO.ring - GIZMO.grab - 1))('rotate')).toBeNull();
          expect(at(polar(o, a, GIZMO.ring + GIZMO.grab + 1))('rotate')).toBeNull();

          // Scale: the centre, and handles along the node's own global axes (oracle's columns).
          expect(at(polar(o, a, f * GIZMO.grab))('scale')).toBe('scale-both');
          const xDir = unit(xColumn(g));
          const yDir = unit(yColumn(g));
          const sx = add(o, times(xDir, GIZMO.axis));
          const sy = add(o, times(yDir, GIZMO.axis));
          // Skip poses whose axes are drawn so close together that the handles overlap.
          if (Math.hypot(sx.x - sy.x, sy.y - sx.y) > 2 * (GIZMO.grab + 2) + 1) {
            expect(at(polar(sx, a, f * (GIZMO.grab + 2)))('scale')).toBe('scale-x');
            expect(at(polar(sy, a, f * (GIZMO.grab + 2)))('scale')).toBe('scale-y');
          }
          const behind = add(o, times(xDir, -GIZMO.axis));
          if (Math.hypot(behind.x - sy.x, behind.y - sy.y) > GIZMO.grab + 3)
            expect(at(behind)('scale')).toBeNull();

          // Tools without a gizmo never pick one.
          for (const p of [o, xEnd, sx])
            for (const tool of ['select', 'bone'] as const) expect(at(p)(tool)).toBeNull();
        },
      ),
      RUNS,
    );
  });
});
