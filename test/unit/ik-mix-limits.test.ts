import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blendWithinArc, CCDIK2D, type ChainIK2D, FABRIK2D, LookAt2D } from '../../src/ik';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { processTree } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';

/**
 * mix < 1 with joint limits: the blend from the FK pose to the IK result must stay inside each
 * joint's arc. The short way round can cross the arc's forbidden gap (fk −2.4 and ik 2.4 in
 * ±2.5 meet at π); the blend travels along the arc instead. Checked with the test's own arc test.
 */
const TAU = 2 * Math.PI;
/** How far clockwise from `min` an angle is, in [0, 2π). */
const along = (a: number, min: number) => (((a - min) % TAU) + TAU) % TAU;
const inArc = (a: number, min: number, max: number) =>
  along(a, min) <= along(max, min) + 1e-9 || along(a, min) >= TAU - 1e-9;

describe('mix inside joint limits', () => {
  it('blends along the arc, not across its gap', () => {
    expect(blendWithinArc(-2.4, 2.4, 0.5, -2.5, 2.5)).toBeCloseTo(0, 12);
    expect(blendWithinArc(-2.4, 2.4, 0, -2.5, 2.5)).toBe(-2.4);
    expect(blendWithinArc(-2.4, 2.4, 1, -2.5, 2.5)).toBe(2.4);
    // An arc written across ±π (from 2.8 clockwise to −2.8): the blend goes through π.
    expect(Math.abs(blendWithinArc(2.9, -2.9, 0.5, 2.8, -2.8))).toBeCloseTo(Math.PI, 12);
  });

  it('stays in the arc, between its ends, for any ends in the arc and any mix', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: 0.05, max: TAU - 0.05, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (min, span, a, b, mix) => {
          const max = min + span;
          const fk = min + a * span;
          const ik = min + b * span;
          const r = blendWithinArc(fk, ik, mix, min, max);
          expect(inArc(r, min, max)).toBe(true);
          // Along the arc, r sits mix of the way from fk to ik.
          const want = a * span + mix * (b - a) * span;
          expect(Math.abs(along(r, min) - want)).toBeLessThan(1e-9 * (1 + span));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('an end an ulp below the arc counts as at its start, not a turn on (a counterexample the property found)', () => {
    const half = 2.031256918545769;
    // FABRIK left the bone at −half − 1e-15; blending 8% from 1.828 went the short way, through
    // the gap at π, and ended 1e-9 past +half.
    const shown = blendWithinArc(
      1.8281312266911882,
      -2.03125691854577,
      0.08380474077780514,
      -half,
      half,
    );
    expect(inArc(shown, -half, half)).toBe(true);
    expect(shown).toBeCloseTo(
      1.8281312266911882 + 0.08380474077780514 * (-half - 1.8281312266911882),
      9,
    );
  });

  it('every limited bone of a half-mixed chain stays in its arc, frame after frame', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom('ccd', 'fabrik'),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.double({ min: 1, max: 3, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }),
        fc.array(
          fc.record({
            x: fc.double({ min: -90, max: 90, noNaN: true }),
            y: fc.double({ min: -90, max: 90, noNaN: true }),
          }),
          { minLength: 4, maxLength: 4 },
        ),
        (n, kind, mix, half, u, targets) => {
          const world = new Node2D('World');
          let parent: Node2D = world;
          const bones: Bone2D[] = [];
          for (let i = 0; i < n; i++) {
            const b = parent.addChild(new Bone2D(`B${i}`, 30));
            b.position = { x: i === 0 ? 0 : 30, y: 0 };
            // Start inside the arc rest ± half (half up to 3 rad: the gap is narrow, near ±π).
            b.rotation = (u[i]! * 2 - 1) * half * 0.9;
            b.setRestFromPose();
            b.rest = { ...b.rest, rotation: 0 };
            bones.push(b);
            parent = b;
          }
          const target = world.addChild(new Marker2D('T', 'target'));
          const ik: ChainIK2D = world.addChild(
            kind === 'ccd' ? new CCDIK2D('IK') : new FABRIK2D('IK'),
          );
          ik.rootBonePath = '../B0';
          ik.tipBonePath = bones.at(-1)!.getPathFrom(ik);
          ik.targetPath = '../T';
          ik.joints = bones.map(() => ({ limited: true, min: -half, max: half }));
          ik.mix = mix;
          for (const t of targets) {
            target.position = t;
            processTree(world, 1 / 60);
            for (const b of bones)
              expect(inArc(b.rotation, -half, half), `${b.name} ${b.rotation}`).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('LookAt2D with limits and mix 0.5 stays in its arc', () => {
    const world = new Node2D('World');
    const bone = world.addChild(new Bone2D('Bone', 40));
    const target = world.addChild(new Marker2D('T', 'target'));
    const look = world.addChild(new LookAt2D('Look', '../Bone', '../T'));
    look.constrained = true;
    look.minAngle = -2.5;
    look.maxAngle = 2.5;
    look.mix = 0.5;
    bone.rotation = -2.4; // the FK pose, just inside one end
    target.position = { x: -40, y: 26 }; // facing it takes 2.56, clamped to the other end, 2.5
    processTree(world, 1 / 60);
    expect(inArc(bone.rotation, -2.5, 2.5)).toBe(true);
    expect(bone.rotation).toBeCloseTo((-2.4 + 2.5) / 2, 9);
  });
});
