import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boneFromDrag } from '../../src/playground/canvas/bone-tool';
import { Bone2D } from '../../src/scene/bone2d';
import {
  type PoseSpec,
  type Pt,
  angleFromTo,
  anyPose,
  apply,
  applyDir,
  buildChain,
  chainMatrix,
  closeRel,
  m3Inverse,
  poseOf,
} from './playground-oracle';

const RUNS = { numRuns: 300, seed: 7331 };
const STEP = Math.PI / 12; // 15°

const point = fc.record({
  x: fc.double({ min: -800, max: 800, noNaN: true }),
  y: fc.double({ min: -800, max: 800, noNaN: true }),
});
/** Drags long enough that a direction means something (in any parent's space). */
const drag = fc.tuple(point, point).filter(([a, b]) => Math.hypot(a.x - b.x, a.y - b.y) > 1);

/**
 * Builds the tree (ancestors with these poses, the bone as the last one's child), sets the
 * bone from boneFromDrag, and returns the bone's global joint and tip by the oracle's own
 * matrices (product of the poses read back from the nodes), not the nodes' own read-outs.
 */
function placeBone(ancestors: readonly PoseSpec[], start: Pt, end: Pt, snap: boolean) {
  const nodes = buildChain(ancestors);
  const parent = nodes[nodes.length - 1]!;
  const r = boneFromDrag(parent.globalTransform, start, end, snap);
  const bone = parent.addChild(new Bone2D('Drawn'));
  bone.position = r.position;
  bone.rotation = r.rotation;
  bone.length = r.length;
  const poses = [...nodes, bone].map(poseOf);
  const global = chainMatrix(poses);
  return {
    result: r,
    joint: apply(global, { x: 0, y: 0 }),
    tip: apply(global, { x: bone.length, y: 0 }),
    parentMatrix: chainMatrix(poses.slice(0, -1)),
    bone,
  };
}

describe('boneFromDrag: the bone runs from the drag start to the drag end', () => {
  it('under any parent (rotated, mirrored on either axis, unevenly scaled)', () => {
    fc.assert(
      fc.property(fc.array(anyPose, { minLength: 1, maxLength: 3 }), drag, (ancestors, [s, e]) => {
        const { joint, tip, bone } = placeBone(ancestors, s, e, false);
        expect(closeRel(joint, s)).toBe(true);
        expect(closeRel(tip, e)).toBe(true);
        // The node's own read-out agrees with the oracle.
        expect(closeRel(bone.tipGlobalPosition, e)).toBe(true);
      }),
      RUNS,
    );
  });

  it('without a parent Node2D (the scene root is a plain Node)', () => {
    fc.assert(
      fc.property(drag, ([s, e]) => {
        const r = boneFromDrag(null, s, e, false);
        expect(r.position).toEqual(s);
        expect(r.length).toBeCloseTo(Math.hypot(e.x - s.x, e.y - s.y), 9);
        const tip = {
          x: s.x + r.length * Math.cos(r.rotation),
          y: s.y + r.length * Math.sin(r.rotation),
        };
        expect(closeRel(tip, e)).toBe(true);
      }),
      RUNS,
    );
  });

  it('a click without a drag makes a zero-length bone at the click', () => {
    const r = boneFromDrag(null, { x: 5, y: 6 }, { x: 5, y: 6 }, true);
    expect(r).toEqual({ position: { x: 5, y: 6 }, rotation: 0, length: 0 });
  });

  it('gives a rotation in (−π, π]', () => {
    fc.assert(
      fc.property(
        fc.array(anyPose, { minLength: 1, maxLength: 2 }),
        drag,
        fc.boolean(),
        (a, [s, e], snap) => {
          const { result } = placeBone(a, s, e, snap);
          expect(result.rotation).toBeGreaterThan(-Math.PI - 1e-12);
          expect(result.rotation).toBeLessThanOrEqual(Math.PI + 1e-12);
        },
      ),
      RUNS,
    );
  });
});

describe('boneFromDrag with snap (Shift)', () => {
  it('rounds the rotation to 15° and puts the tip on the snapped ray from the start', () => {
    fc.assert(
      fc.property(fc.array(anyPose, { minLength: 1, maxLength: 3 }), drag, (ancestors, [s, e]) => {
        const { result, joint, tip, parentMatrix } = placeBone(ancestors, s, e, true);
        const k = result.rotation / STEP;
        expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-9);
        expect(closeRel(joint, s)).toBe(true);

        // In the parent's space (the oracle's own inverse), the drag and the bone:
        const inv = m3Inverse(parentMatrix);
        const ls = apply(inv, s);
        const le = apply(inv, e);
        const lt = apply(inv, tip);
        const dragDir = { x: le.x - ls.x, y: le.y - ls.y };
        const boneDir = { x: lt.x - ls.x, y: lt.y - ls.y };
        const dragLength = Math.hypot(dragDir.x, dragDir.y);
        // The bone points along the snapped angle, which is the 15° step nearest the drag...
        const snapped = { x: Math.cos(result.rotation), y: Math.sin(result.rotation) };
        expect(Math.abs(angleFromTo(snapped, boneDir))).toBeLessThan(1e-9);
        expect(Math.abs(angleFromTo(dragDir, snapped))).toBeLessThanOrEqual(STEP / 2 + 1e-9);
        // ...and keeps the drag's length.
        expect(Math.abs(Math.hypot(boneDir.x, boneDir.y) - dragLength)).toBeLessThan(
          1e-9 * (1 + dragLength),
        );

        // Globally, the tip lies on the ray from the start along the snapped direction.
        const rayDir = applyDir(parentMatrix, snapped);
        const toTip = { x: tip.x - s.x, y: tip.y - s.y };
        const cross = rayDir.x * toTip.y - rayDir.y * toTip.x;
        const dot = rayDir.x * toTip.x + rayDir.y * toTip.y;
        const scale = Math.hypot(rayDir.x, rayDir.y) * Math.hypot(toTip.x, toTip.y);
        expect(Math.abs(cross)).toBeLessThanOrEqual(1e-9 * (1 + scale));
        expect(dot).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('on an untransformed parent: a drag at 40° snaps to 45°, one at 52° to 45°, one at 53° to 60°', () => {
    const deg = Math.PI / 180;
    for (const [drawn, want] of [
      [40, 45],
      [52, 45],
      [53, 60],
      [-172, -165],
      [178, 180],
    ] as const) {
      const e = { x: 100 * Math.cos(drawn * deg), y: 100 * Math.sin(drawn * deg) };
      const r = boneFromDrag(null, { x: 0, y: 0 }, e, true);
      expect(
        Math.abs(Math.atan2(Math.sin(r.rotation - want * deg), Math.cos(r.rotation - want * deg))),
      ).toBeLessThan(1e-12);
      expect(r.length).toBeCloseTo(100, 12);
    }
  });
});
