import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CCDIK2D, type ChainIK2D, FABRIK2D, JacobianIK2D, TwoBoneIK2D } from '../../src/ik';
import { NODE_TYPES } from '../../src/ik/node-types';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { Node2D } from '../../src/scene/node2d';

/**
 * A solve may be skipped when nothing it reads changed since a solve that changed nothing
 * (ChainIK2D.skipUnchanged). The oracle is the same rig solved in full every frame: after any
 * sequence of moves, both must show the same pose, bit for bit, and the same status.
 */

interface Rig {
  world: Node2D;
  root: Node2D;
  bones: Bone2D[];
  target: Marker2D;
  pole: Marker2D;
  ik: ChainIK2D;
}

const KINDS = {
  FABRIK2D: () => Object.assign(new FABRIK2D(), { polePath: '../Pole' }),
  CCDIK2D: () => new CCDIK2D(),
  'JacobianIK2D (DLS)': () => new JacobianIK2D(),
  TwoBoneIK2D: () => Object.assign(new TwoBoneIK2D(), { polePath: '../Pole' }),
};
type Kind = keyof typeof KINDS;

function buildRig(kind: Kind, mirrored: boolean): Rig {
  const world = new Node2D('World');
  const root = world.addChild(new Node2D('Root'));
  root.position = { x: 10, y: 5 };
  root.scale = { x: mirrored ? -1 : 1, y: 1 };
  const lengths = kind === 'TwoBoneIK2D' ? [50, 40] : [40, 30, 25];
  const bones: Bone2D[] = [];
  let parent: Node2D = root;
  lengths.forEach((l, i) => {
    const b = parent.addChild(new Bone2D(`Bone${i}`, l));
    b.position = { x: i === 0 ? 0 : lengths[i - 1]!, y: 0 };
    b.rotation = 0.2 * (i + 1);
    b.setRestFromPose();
    bones.push(b);
    parent = b;
  });
  const target = world.addChild(new Marker2D('Target', 'target'));
  target.position = { x: 60, y: 40 };
  const pole = world.addChild(new Marker2D('Pole', 'pole'));
  pole.position = { x: 30, y: -60 };
  const ik = world.addChild(KINDS[kind]());
  ik.rootBonePath = bones[0]!.getPathFrom(ik);
  ik.tipBonePath = bones.at(-1)!.getPathFrom(ik);
  ik.targetPath = target.getPathFrom(ik);
  return { world, root, bones, target, pole, ik };
}

/** One frame's change, made the same way to both rigs. Most frames change nothing. */
type Move =
  | { kind: 'none' }
  | { kind: 'target'; x: number; y: number }
  | { kind: 'target-same' }
  | { kind: 'pole'; x: number; y: number }
  | { kind: 'root'; rotation: number }
  | { kind: 'bone'; index: number; rotation: number }
  | { kind: 'tolerance'; value: number }
  | { kind: 'mix'; value: number }
  | { kind: 'cold'; value: boolean }
  | { kind: 'limits'; on: boolean }
  | { kind: 'length'; index: number; value: number }
  | { kind: 'rest'; index: number; rotation: number };

const coord = fc.double({ min: -150, max: 150, noNaN: true });
const turn = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const move: fc.Arbitrary<Move> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('target' as const), x: coord, y: coord }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'target-same' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pole' as const), x: coord, y: coord }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('root' as const), rotation: turn }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bone' as const),
      index: fc.nat(2),
      rotation: turn,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('tolerance' as const),
      value: fc.constantFrom(0.01, 0.5, 5),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('mix' as const), value: fc.constantFrom(0, 0.4, 1) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cold' as const), value: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('limits' as const), on: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('length' as const),
      index: fc.nat(2),
      value: fc.constantFrom(10, 30, 45),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('rest' as const), index: fc.nat(2), rotation: turn }),
  },
);

function apply(r: Rig, m: Move): void {
  const bone = (i: number) => r.bones[i % r.bones.length]!;
  switch (m.kind) {
    case 'none':
      return;
    case 'target':
      return r.target.setPosition(m.x, m.y);
    case 'target-same':
      // Written, but to the value it had: the version moves, the answer must not.
      return r.target.setPosition(r.target.position.x, r.target.position.y);
    case 'pole':
      return r.pole.setPosition(m.x, m.y);
    case 'root':
      r.root.rotation = m.rotation;
      return;
    case 'bone':
      bone(m.index).rotation = m.rotation;
      return;
    case 'tolerance':
      r.ik.tolerance = m.value;
      return;
    case 'mix':
      r.ik.mix = m.value;
      return;
    case 'cold':
      r.ik.startFromRest = m.value;
      return;
    case 'limits':
      r.ik.joints = r.bones.map(() => ({ limited: m.on, min: -1.2, max: 1.2 }));
      return;
    case 'length':
      bone(m.index).length = m.value;
      return;
    case 'rest':
      // Changed in place, as a script might: no setter sees it.
      bone(m.index).rest.rotation = m.rotation;
      return;
  }
}

describe('a solve skipped because nothing changed', () => {
  for (const kind of Object.keys(KINDS) as Kind[]) {
    it(`${kind}: gives bit-identical poses and statuses to a full solve, over 10 000 random frames`, () => {
      let frames = 0;
      let skipped = 0;
      fc.assert(
        fc.property(
          fc.boolean(),
          fc.array(move, { minLength: 200, maxLength: 200 }),
          (m, moves) => {
            const fast = buildRig(kind, m);
            const full = buildRig(kind, m);
            full.ik.skipUnchanged = false;
            for (const mv of moves) {
              apply(fast, mv);
              apply(full, mv);
              const a = fast.ik.solve();
              const b = full.ik.solve();
              frames++;
              if (a.unchanged) skipped++;
              expect(b.unchanged).toBe(false);
              for (let i = 0; i < fast.bones.length; i++)
                expect(Object.is(fast.bones[i]!.rotation, full.bones[i]!.rotation)).toBe(true);
              expect(a.error).toBe(b.error);
              expect(a.reached).toBe(b.reached);
              expect(a.warning).toBe(b.warning);
            }
          },
        ),
        { numRuns: 50 },
      );
      expect(frames).toBe(10_000);
      // The skip path really ran: most frames change nothing, and most of those skip.
      expect(skipped).toBeGreaterThan(frames / 4);
    });
  }

  it('a bone set by hand and solved back onto the IK rotation it had is not settled: the next frame is solved', () => {
    // fast-check's find (seed 1728313185): FABRIK shown at mix 0 (the FK pose), a target it
    // cannot reach within tolerance, limits on. Bone 0 set to 4e-323 and then to −1e-323 (other
    // bits, the same pose): each solve restarts the IK from the hand-set bone and lands on the
    // same IK rotation, which looked like a solve that changed nothing. But the next solve
    // starts from that IK rotation and goes on: it must run, not be skipped.
    const fast = buildRig('FABRIK2D', false);
    const full = buildRig('FABRIK2D', false);
    full.ik.skipUnchanged = false;
    for (const r of [fast, full]) {
      r.ik.mix = 0;
      r.ik.tolerance = 5;
      r.ik.joints = r.bones.map(() => ({ limited: true, min: -1.2, max: 1.2 }));
      r.target.setPosition(0, 0);
      r.bones.forEach((b) => (b.rotation = 0));
    }
    const frame = (change: (r: Rig) => void) => {
      change(fast);
      change(full);
      const a = fast.ik.solve();
      const b = full.ik.solve();
      fast.bones.forEach((bone, i) =>
        expect(Object.is(bone.rotation, full.bones[i]!.rotation)).toBe(true),
      );
      expect(a.warning).toBe(b.warning);
      return a.unchanged;
    };
    frame(() => {});
    frame((r) => (r.bones[0]!.rotation = 4e-323));
    frame((r) => (r.bones[0]!.rotation = -1e-323));
    expect(frame(() => {})).toBe(false);
    frame(() => {});
    // Shown at last: the two must agree on the IK they kept.
    frame((r) => (r.ik.mix = 1));
  });

  it('a standing chain costs no solve: after the first two frames, every frame is skipped', () => {
    const r = buildRig('FABRIK2D', false);
    const statuses = Array.from({ length: 10 }, () => r.ik.solve().unchanged);
    expect(statuses).toEqual([false, false, true, true, true, true, true, true, true, true]);
    // Moving the chain's parent is seen through the tip bone's version: solved again.
    r.world.setPosition(3, 0);
    expect(r.ik.solve().unchanged).toBe(false);
  });

  it('every setting of every chain IK node type is one the skip notices', () => {
    // A new property must be stamped (ChainIK2D.stampSettings) and listed here, or a chain that
    // looks unchanged would keep the answer to the old setting.
    const changes: Record<string, (ik: ChainIK2D, r: Rig) => void> = {
      rootBonePath: (ik, r) => (ik.rootBonePath = r.bones[1]!.getPathFrom(ik)),
      tipBonePath: (ik, r) => (ik.tipBonePath = r.bones.at(-2)!.getPathFrom(ik)),
      targetPath: (ik, r) => (ik.targetPath = r.pole.getPathFrom(ik)),
      mix: (ik) => (ik.mix = 0.5),
      tolerance: (ik) => (ik.tolerance = 7),
      maxIterations: (ik) => (ik.maxIterations = 3),
      startFromRest: (ik) => (ik.startFromRest = !ik.startFromRest),
      joints: (ik, r) => (ik.joints = r.bones.map(() => ({ limited: true, min: -0.1, max: 0.1 }))),
      polePath: (ik) => {
        const n = ik as FABRIK2D;
        n.polePath = n.polePath ? '' : '../Pole';
      },
      poleMode: (ik) => ((ik as FABRIK2D).poleMode = 'every-iteration'),
      jointPolePaths: (ik) => ((ik as FABRIK2D).jointPolePaths = ['', '../Pole']),
      order: (ik) => ((ik as CCDIK2D).order = 'root-to-tip'),
      method: (ik) => ((ik as JacobianIK2D).method = 'transpose'),
      damping: (ik) => ((ik as JacobianIK2D).damping = 0.3),
      maxStep: (ik) => ((ik as JacobianIK2D).maxStep = 0.1),
      safeguard: (ik) => ((ik as JacobianIK2D).safeguard = false),
      flipBend: (ik) => ((ik as TwoBoneIK2D).flipBend = !(ik as TwoBoneIK2D).flipBend),
      softness: (ik) => ((ik as TwoBoneIK2D).softness = 5),
    };
    // `enabled` is read by process(), not by a solve; the rest are read-only.
    const notSolveInputs = new Set(['name', 'processPriority', 'enabled']);
    const byType: Record<string, Kind> = {
      FABRIK2D: 'FABRIK2D',
      CCDIK2D: 'CCDIK2D',
      JacobianIK2D: 'JacobianIK2D (DLS)',
      TwoBoneIK2D: 'TwoBoneIK2D',
    };
    for (const [typeName, kind] of Object.entries(byType)) {
      const type = NODE_TYPES.named(typeName)!;
      for (const p of NODE_TYPES.properties(type)) {
        if (!p.set || notSolveInputs.has(p.name)) continue;
        const change = changes[p.name];
        expect(change, `${typeName}.${p.name} has no change listed`).toBeDefined();
        const r = buildRig(kind, false);
        r.ik.solve();
        r.ik.solve();
        expect(r.ik.solve().unchanged, `${typeName} settles`).toBe(true);
        change!(r.ik, r);
        expect(r.ik.solve().unchanged, `${typeName}.${p.name}`).toBe(false);
      }
    }
  });
});
