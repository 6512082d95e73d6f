import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LookAt2D } from '../../src/ik/look-at-2d';
import { solveLookAt } from '../../src/ik/look-at-kernel';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { processTree } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';
import { SIGNS, angleGap } from './oracle';

const DEG = Math.PI / 180;

describe('solveLookAt kernel', () => {
  it("gives the seed's worked numbers", () => {
    expect(solveLookAt(25, 10, 35, 10, false, 1).rotation).toBe(0);
    expect(solveLookAt(25, 10, 50, 30, false, 0).rotation / DEG).toBeCloseTo(38.66, 2);
  });

  it('keeps the quadrant in all four quadrants, and turns π more for a bone flipped on x', () => {
    for (const [x, y, want] of [
      [1, 1, 45],
      [-1, 1, 135],
      [-1, -1, -135],
      [1, -1, -45],
    ] as const) {
      expect(solveLookAt(0, 0, x, y, false, 0).rotation / DEG).toBeCloseTo(want, 9);
      expect(angleGap(solveLookAt(0, 0, x, y, true, 0).rotation, (want + 180) * DEG)).toBeLessThan(
        1e-12,
      );
    }
  });

  it('adds the offset, then clamps to the limits and says so', () => {
    const free = solveLookAt(0, 0, 0, 1, false, 0, 10 * DEG);
    expect(free.rotation / DEG).toBeCloseTo(100, 9);
    expect(free.limited).toBe(false);
    const held = solveLookAt(0, 0, 0, 1, false, 0, 0, { min: -30 * DEG, max: 30 * DEG });
    expect(held.rotation / DEG).toBeCloseTo(30, 9);
    expect(held.aim / DEG).toBeCloseTo(90, 9);
    expect(held.limited).toBe(true);
  });

  it('never returns NaN, and keeps the current rotation when there is no direction', () => {
    const bad = fc.constantFrom(NaN, Infinity, -Infinity, 0, 1e308, -1e-320);
    fc.assert(
      fc.property(bad, bad, bad, bad, fc.boolean(), (jx, jy, tx, ty, flip) => {
        const s = solveLookAt(jx, jy, tx, ty, flip, 0.3, 0, { min: -1, max: 1 });
        expect(Number.isFinite(s.rotation)).toBe(true);
        expect(Number.isFinite(s.aim)).toBe(true);
      }),
    );
    expect(solveLookAt(5, 5, 5, 5, false, 0.3).rotation).toBeCloseTo(0.3, 12);
    expect(solveLookAt(5, 5, NaN, 5, false, 0.3).rotation).toBeCloseTo(0.3, 12);
  });
});

/** Root → Neck → Head with a LookAt2D on Head; signs on Root and Neck. */
function rig(rootSign: readonly [number, number], neckSign: readonly [number, number]) {
  const root = new Node2D('Body');
  root.position = { x: 10, y: 20 };
  root.rotation = 0.3;
  root.scale = { x: rootSign[0], y: rootSign[1] };
  const neck = root.addChild(new Bone2D('Neck', 50));
  neck.rotation = -0.8;
  neck.scale = { x: neckSign[0] * 1.2, y: neckSign[1] * 0.8 };
  const head = neck.addChild(new Bone2D('Head', 30));
  head.position = { x: 50, y: 0 };
  const target = root.addChild(new Marker2D('Target', 'target'));
  const ik = root.addChild(new LookAt2D('LookAt2D'));
  ik.bonePath = '../Neck/Head';
  ik.targetPath = '../Target';
  return { root, neck, head, target, ik };
}

const aimError = (head: Bone2D, t: { x: number; y: number }) => {
  const j = head.globalPosition;
  const tip = head.tipGlobalPosition;
  return angleGap(Math.atan2(t.y - j.y, t.x - j.x), Math.atan2(tip.y - j.y, tip.x - j.x));
};

const coord = fc.double({ min: -300, max: 300, noNaN: true });

describe('LookAt2D', () => {
  for (const rs of SIGNS) {
    for (const ns of SIGNS) {
      it(`points Head at the target with root scale signs ${rs} and neck ${ns}`, () => {
        fc.assert(
          fc.property(coord, coord, (x, y) => {
            const { root, head, target, ik } = rig(rs, ns);
            target.globalPosition = { x, y };
            const j = head.globalPosition;
            fc.pre(Math.hypot(x - j.x, y - j.y) > 1e-3);
            processTree(root, 1 / 60);
            expect(ik.status.ok).toBe(true);
            expect(aimError(head, { x, y })).toBeLessThan(1e-9);
          }),
          { numRuns: 50 },
        );
      });
    }
  }

  it('with limits, a flipped root gives the mirror image of the unflipped solution', () => {
    fc.assert(
      fc.property(
        coord,
        coord,
        fc.double({ min: -1.5, max: 0, noNaN: true }),
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        (x, y, min, max) => {
          const solve = (flip: boolean, tx: number) => {
            const root = new Node2D('Body');
            root.scale = { x: flip ? -1 : 1, y: 1 };
            const neck = root.addChild(new Bone2D('Neck', 50));
            neck.rotation = -0.6;
            const head = neck.addChild(new Bone2D('Head', 30));
            head.position = { x: 50, y: 0 };
            const target = root.addChild(new Marker2D('Target', 'target'));
            target.globalPosition = { x: tx, y };
            const ik = root.addChild(new LookAt2D('LookAt2D', '../Neck/Head', '../Target'));
            Object.assign(ik, { constrained: true, minAngle: min, maxAngle: max });
            ik.solve();
            return {
              rotation: head.rotation,
              tip: head.tipGlobalPosition,
              limited: ik.status.limited,
            };
          };
          const plain = solve(false, x);
          const mirrored = solve(true, -x);
          expect(mirrored.rotation).toBeCloseTo(plain.rotation, 9);
          expect(mirrored.limited).toBe(plain.limited);
          expect(mirrored.tip.x).toBeCloseTo(-plain.tip.x, 6);
          expect(mirrored.tip.y).toBeCloseTo(plain.tip.y, 6);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('adds the rotation offset to the local rotation', () => {
    const { head, target, ik } = rig([1, 1], [1, 1]);
    target.globalPosition = { x: 200, y: -40 };
    const aimed = ik.solve().rotation;
    ik.rotationOffset = 90 * DEG;
    expect(angleGap(ik.solve().rotation, aimed + 90 * DEG)).toBeLessThan(1e-12);
    expect(angleGap(head.rotation, aimed + 90 * DEG)).toBeLessThan(1e-12);
  });

  it('reports a bad path by name and leaves the bone alone', () => {
    const { head, ik } = rig([1, 1], [1, 1]);
    const before = head.rotation;
    ik.bonePath = '../Neck/Skull';
    const status = ik.solve();
    expect(status.ok).toBe(false);
    expect(status.message).toContain('"../Neck/Skull"');
    ik.bonePath = '../Neck/Head';
    ik.targetPath = 'Nowhere';
    expect(ik.solve().message).toContain('targetPath "Nowhere"');
    expect(head.rotation).toBe(before);
  });

  it('a target on the joint leaves the rotation as it was, with no NaN', () => {
    const { head, target, ik } = rig([-1, 1], [1, -1]);
    head.rotation = 0.42;
    target.globalPosition = head.globalPosition;
    ik.solve();
    expect(head.rotation).toBeCloseTo(0.42, 9);
  });
});

describe('lesson 2: the target set exactly', () => {
  it('typed coordinates put the target there and the head aims at it; a drag updates them', async () => {
    const { runDemo } = await import('./fake-controls');
    const { demo, controls } = runDemo('look-at');
    controls.act('targetX', 200);
    controls.act('targetY', -100);
    demo.update(1 / 60);
    const target = demo.root.getNode('Target') as Marker2D;
    expect(target.globalPosition).toEqual({ x: 200, y: -100 });
    expect(Math.abs(Number(controls.readouts.get('aim-error')!.replace('°', '')))).toBeLessThan(
      0.1,
    );
    // Dragged (the handle layer sets the global position): the boxes follow.
    target.globalPosition = { x: -37, y: 81 };
    demo.update(1 / 60);
    expect(controls.values.get('targetX')).toBe(-37);
    expect(controls.values.get('targetY')).toBe(81);
    expect(demo.currentParams!()).toMatchObject({ targetX: -37, targetY: 81 });
  });
});
