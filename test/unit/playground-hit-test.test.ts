import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PICK_PX,
  insidePolygon,
  pickNode,
  segmentDistance,
} from '../../src/playground/canvas/hit-test';
import { Bone2D } from '../../src/scene/bone2d';
import { Line2D } from '../../src/scene/line2d';
import { Marker2D } from '../../src/scene/marker2d';
import { Node } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';
import { Polygon2D } from '../../src/scene/polygon2d';
import type { Pt } from './playground-oracle';

const RUNS = { numRuns: 300, seed: 99 };

/** A Node2D-rooted scene, as the playground's canvas holds one. */
function scene() {
  const root = new Node2D('Root');
  return root;
}
function bone(parent: Node, name: string, at: Pt, rotation: number, length: number): Bone2D {
  const b = parent.addChild(new Bone2D(name, length));
  b.position = at;
  b.rotation = rotation;
  return b;
}
function marker(parent: Node, name: string, at: Pt): Marker2D {
  const m = parent.addChild(new Marker2D(name, 'target'));
  m.position = at;
  return m;
}

describe('pickNode', () => {
  it('picks a marker before a bone under the same point, wherever each sits in the tree', () => {
    for (const markerFirst of [true, false]) {
      const root = scene();
      const m = markerFirst ? marker(root, 'Target', { x: 50, y: 2 }) : null;
      const b = bone(root, 'Arm', { x: 0, y: 0 }, 0, 100);
      const m2 = m ?? marker(root, 'Target', { x: 50, y: 2 });
      expect(pickNode(root, { x: 50, y: 0 }, 1)).toBe(m2);
      // Away from the marker, on the bone: the bone.
      expect(pickNode(root, { x: 80, y: 3 }, 1)).toBe(b);
    }
  });

  it('picks the later of two overlapping siblings (drawn last, on top)', () => {
    const root = scene();
    const first = bone(root, 'First', { x: 0, y: 0 }, 0, 100);
    const second = bone(root, 'Second', { x: 0, y: 4 }, 0, 100);
    expect(pickNode(root, { x: 50, y: 2 }, 1)).toBe(second);
    // Reordered in the tree, the other one is on top.
    root.removeChild(first);
    root.addChild(first);
    expect(pickNode(root, { x: 50, y: 2 }, 1)).toBe(first);
    // Markers too: the later of two.
    const a = marker(root, 'A', { x: 200, y: 0 });
    const b = marker(root, 'B', { x: 203, y: 0 });
    expect(pickNode(root, { x: 201, y: 0 }, 1)).toBe(b);
    root.removeChild(a);
    root.addChild(a);
    expect(pickNode(root, { x: 201, y: 0 }, 1)).toBe(a);
  });

  it('picks a child bone over its parent bone where they meet', () => {
    const root = scene();
    const upper = bone(root, 'Upper', { x: 0, y: 0 }, 0, 60);
    const lower = bone(upper, 'Lower', { x: 60, y: 0 }, Math.PI / 2, 40);
    expect(pickNode(root, { x: 60, y: 1 }, 1)).toBe(lower);
    expect(pickNode(root, { x: 30, y: 1 }, 1)).toBe(upper);
    expect(pickNode(root, { x: 61, y: 30 }, 1)).toBe(lower);
  });

  it('returns nothing far from every node, and never the root', () => {
    const root = scene();
    bone(root, 'Arm', { x: 0, y: 0 }, 0, 100);
    marker(root, 'Target', { x: 300, y: 0 });
    root.addChild(new Node2D('Plain')).position = { x: -200, y: 0 };
    expect(pickNode(root, { x: 50, y: 40 }, 1)).toBeNull();
    expect(pickNode(root, { x: 1000, y: 1000 }, 1)).toBeNull();
    expect(pickNode(root, { x: 50, y: PICK_PX + 0.5 }, 1)).toBeNull();
    expect(pickNode(root, { x: 50, y: PICK_PX - 0.5 }, 1)).not.toBeNull();
    const empty = scene();
    expect(pickNode(empty, { x: 0, y: 0 }, 1)).toBeNull();
  });

  it('measures the pick radius in screen pixels: zoomed out, farther points still pick', () => {
    const root = scene();
    const b = bone(root, 'Arm', { x: 0, y: 0 }, 0, 100);
    const at = { x: 50, y: 30 }; // 30 scene units below the bone
    expect(pickNode(root, at, 1)).toBeNull();
    expect(pickNode(root, at, 30 / PICK_PX + 0.01)).toBe(b);
  });

  it('follows the bone through mirrored, scaled ancestors', () => {
    const root = scene();
    const holder = root.addChild(new Node2D('Holder'));
    holder.scale = { x: -2, y: 0.5 };
    holder.position = { x: 100, y: 100 };
    const b = bone(holder, 'Arm', { x: 0, y: 0 }, 0, 50);
    // Tip at local (50, 0) → global (100 − 100, 100): the bone runs leftwards, 100 long.
    expect(pickNode(root, { x: 20, y: 101 }, 1)).toBe(b);
    expect(pickNode(root, { x: 180, y: 101 }, 1)).toBeNull();
  });

  it('picks a polygon inside its outline and a line near its segments', () => {
    const root = scene();
    const poly = root.addChild(
      new Polygon2D('Body', [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 100 },
        { x: 0, y: 100 },
      ]),
    );
    poly.position = { x: 500, y: 0 };
    const line = root.addChild(
      new Line2D('Ground', [
        { x: 0, y: 0 },
        { x: 100, y: 50 },
      ]),
    );
    line.position = { x: -500, y: 0 };
    expect(pickNode(root, { x: 550, y: 50 }, 1)).toBe(poly);
    expect(pickNode(root, { x: 650, y: 50 }, 1)).toBeNull();
    expect(pickNode(root, { x: -450, y: 26 }, 1)).toBe(line);
    expect(pickNode(root, { x: -450, y: 60 }, 1)).toBeNull();
  });

  it('picks a plain Node2D by its origin, but only after bones and markers', () => {
    const root = scene();
    const plain = root.addChild(new Node2D('Pivot'));
    plain.position = { x: 10, y: 0 };
    expect(pickNode(root, { x: 12, y: 0 }, 1)).toBe(plain);
    const b = bone(root, 'Arm', { x: -50, y: 0 }, 0, 100);
    expect(pickNode(root, { x: 12, y: 0 }, 1)).toBe(b);
    // Even a plain node drawn later loses to a bone.
    root.removeChild(plain);
    root.addChild(plain);
    expect(pickNode(root, { x: 12, y: 0 }, 1)).toBe(b);
  });
});

/** Parity of the winding number, by summing the turning angle: an oracle unlike ray casting. */
function oracleInside(p: Pt, corners: readonly Pt[]): boolean {
  let total = 0;
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % corners.length]!;
    const u = { x: a.x - p.x, y: a.y - p.y };
    const v = { x: b.x - p.x, y: b.y - p.y };
    total += Math.atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y);
  }
  const winding = Math.round(total / (2 * Math.PI));
  return Math.abs(winding) % 2 === 1;
}

/** Distance to a segment by dense sampling: no projection formula at all. */
function sampledDistance(p: Pt, a: Pt, b: Pt, samples: number): number {
  let best = Infinity;
  for (let i = 0; i <= samples; i++) {
    const t = i / samples;
    best = Math.min(best, Math.hypot(p.x - (a.x + (b.x - a.x) * t), p.y - (a.y + (b.y - a.y) * t)));
  }
  return best;
}

const pt = (range: number) =>
  fc.record({
    x: fc.double({ min: -range, max: range, noNaN: true }),
    y: fc.double({ min: -range, max: range, noNaN: true }),
  });

describe('insidePolygon (even–odd)', () => {
  it('agrees with the winding-number parity for random polygons, self-crossing ones too', () => {
    fc.assert(
      fc.property(fc.array(pt(100), { minLength: 3, maxLength: 9 }), pt(120), (corners, p) => {
        // Points on (or within round-off of) an edge have no agreed answer: skip them. Sampled
        // 200 times, an edge (≤ 283 long) is within 0.71 of its nearest sample.
        for (let i = 0; i < corners.length; i++)
          fc.pre(sampledDistance(p, corners[i]!, corners[(i + 1) % corners.length]!, 200) > 1.5);
        expect(insidePolygon(p, corners)).toBe(oracleInside(p, corners));
      }),
      { numRuns: 500, seed: 5 },
    );
  });

  it('a bow tie’s two lobes are inside, the gaps beside its crossing outside; a pentagram’s centre is outside', () => {
    // Bow tie: two triangles meeting at (50, 50); both lobes are inside.
    const bowTie = [
      { x: 0, y: 0 },
      { x: 100, y: 100 },
      { x: 100, y: 0 },
      { x: 0, y: 100 },
    ];
    expect(insidePolygon({ x: 10, y: 50 }, bowTie)).toBe(true);
    expect(insidePolygon({ x: 90, y: 50 }, bowTie)).toBe(true);
    expect(insidePolygon({ x: 50, y: 10 }, bowTie)).toBe(false);
    // A pentagram drawn in one stroke: the centre pentagon winds twice, so even–odd leaves it out.
    const star = [0, 2, 4, 1, 3].map((k) => ({
      x: Math.cos(-Math.PI / 2 + (k * 2 * Math.PI) / 5) * 100,
      y: Math.sin(-Math.PI / 2 + (k * 2 * Math.PI) / 5) * 100,
    }));
    expect(insidePolygon({ x: 0, y: 0 }, star)).toBe(false);
    expect(insidePolygon({ x: 0, y: -70 }, star)).toBe(true);
  });
});

describe('segmentDistance', () => {
  it('matches dense sampling of the segment', () => {
    const N = 20000;
    fc.assert(
      fc.property(pt(1000), pt(1000), pt(1500), (a, b, p) => {
        const d = segmentDistance(p, a, b);
        const sampled = sampledDistance(p, a, b, N);
        const len = Math.hypot(b.x - a.x, b.y - a.y);
        // The exact distance is at most the sampled one, and at most half a step below it.
        expect(d).toBeLessThanOrEqual(sampled + 1e-9 * (1 + sampled));
        expect(d).toBeGreaterThanOrEqual(sampled - len / N / 2 - 1e-9 * (1 + sampled));
      }),
      RUNS,
    );
  });

  it('a zero-length segment is its point', () => {
    fc.assert(
      fc.property(pt(1000), pt(1000), (a, p) => {
        expect(segmentDistance(p, a, { ...a })).toBeCloseTo(Math.hypot(p.x - a.x, p.y - a.y), 9);
      }),
      RUNS,
    );
  });
});
