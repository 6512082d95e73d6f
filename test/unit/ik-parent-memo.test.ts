import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CCDIK2D, type ChainIK2D, FABRIK2D, TwoBoneIK2D } from '../../src/ik';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { Node2D } from '../../src/scene/node2d';

/**
 * A chain node works out what its parent gives (solve space, base angle, mirror sign) again
 * only when the parent moved, by its transform's version. Here the parent is turned, scaled
 * (mirrored, stretched), moved, its own parent turned, and the parent moved under another
 * node (the chain, its target and the IK node go with it, so every path still holds), at random
 * between solves: the node that remembers must pose the bones bit for bit as a fresh node that
 * reads everything, on a twin tree given the same moves.
 */
const KINDS: Record<string, { make: () => ChainIK2D; lengths: number[] }> = {
  FABRIK2D: { make: () => new FABRIK2D(), lengths: [30, 25, 20] },
  CCDIK2D: { make: () => new CCDIK2D(), lengths: [30, 25, 20] },
  TwoBoneIK2D: { make: () => new TwoBoneIK2D(), lengths: [40, 30] },
};

function build(lengths: number[]) {
  const world = new Node2D('World');
  const root = world.addChild(new Node2D('Root'));
  root.position = { x: 10, y: 5 };
  const other = world.addChild(new Node2D('Other'));
  other.position = { x: -20, y: 15 };
  other.rotation = 1.1;
  other.scale = { x: -1.5, y: 1.5 };
  const bones = [root.addChild(new Bone2D('Bone0', lengths[0]!))];
  bones[0]!.rotation = 0.2;
  for (let i = 1; i < lengths.length; i++)
    bones.push(bones[i - 1]!.addBone(`Bone${i}`, lengths[i]!, 0.2));
  const target = root.addChild(new Marker2D('Target', 'target'));
  return { world, root, other, bones, target };
}
type Rig = ReturnType<typeof build>;

function attach(r: Rig, ik: ChainIK2D): ChainIK2D {
  r.root.addChild(ik);
  ik.rootBonePath = r.bones[0]!.getPathFrom(ik);
  ik.tipBonePath = r.bones.at(-1)!.getPathFrom(ik);
  ik.targetPath = r.target.getPathFrom(ik);
  return ik;
}

const coord = fc.double({ min: -80, max: 80, noNaN: true });
const turn = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const scale = fc.constantFrom(1, -1, 2, -0.5, 0.7);
const move = fc.oneof(
  fc.record({ kind: fc.constant('target' as const), x: coord, y: coord }),
  fc.record({ kind: fc.constant('turn' as const), r: turn }),
  fc.record({ kind: fc.constant('scale' as const), x: scale, y: scale }),
  fc.record({ kind: fc.constant('shift' as const), x: coord, y: coord }),
  fc.record({ kind: fc.constant('world' as const), r: turn }),
  fc.record({ kind: fc.constant('reparent' as const) }),
  fc.record({ kind: fc.constant('none' as const) }),
);
type Move = typeof move extends fc.Arbitrary<infer M> ? M : never;

function apply(r: Rig, m: Move): void {
  switch (m.kind) {
    case 'target':
      return r.target.setPosition(m.x, m.y);
    case 'turn':
      r.root.rotation = m.r;
      return;
    case 'scale':
      return r.root.setScale(m.x, m.y);
    case 'shift':
      return r.root.setPosition(m.x, m.y);
    case 'world':
      r.world.rotation = m.r;
      return;
    case 'reparent':
      // The chain's parent goes under the other node (or back), keeping its local pose.
      (r.root.parent === r.world ? r.other : r.world).addChild(r.root);
      return;
    case 'none':
      return;
  }
}

describe('a chain node remembers what its parent gives only while the parent stands', () => {
  for (const [name, { make, lengths }] of Object.entries(KINDS)) {
    it(`${name}: poses bit for bit as a fresh node after random moves of the parent`, () => {
      let parentMoves = 0;
      fc.assert(
        fc.property(fc.array(move, { minLength: 60, maxLength: 60 }), (moves) => {
          const a = build(lengths);
          const ik = attach(a, make());
          const b = build(lengths);
          for (const m of moves) {
            apply(a, m);
            apply(b, m);
            if (m.kind !== 'target' && m.kind !== 'none') parentMoves++;
            const kept = ik.solve();
            const fresh = attach(b, make());
            const once = fresh.solve();
            b.root.removeChild(fresh);
            for (let i = 0; i < lengths.length; i++)
              expect(Object.is(a.bones[i]!.rotation, b.bones[i]!.rotation)).toBe(true);
            expect(kept.error).toBe(once.error);
            expect(kept.warning).toBe(once.warning);
          }
        }),
        { numRuns: 40 },
      );
      // The parent really moved, often: each kind of move comes up about 1 frame in 7.
      expect(parentMoves).toBeGreaterThan(40 * 60 * 0.5);
    });
  }
});
