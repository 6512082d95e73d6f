import { describe, expect, it } from 'vitest';
import type { DemoInstance } from '../../src/demos/contract';
import {
  CCDIK2D,
  type ChainIK2D,
  FABRIK2D,
  JacobianIK2D,
  LookAt2D,
  TwoBoneIK2D,
} from '../../src/ik';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { processTree } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';
import { runDemo } from './fake-controls';
import { m3Apply, m3Mul, m3TRS, type M3 } from './oracle';

/**
 * `mix` (Spine's IK constraint mix) on every IK node: each bone's local rotation is
 * fk + mix·wrap(ik − fk), against the FK pose the node remembers, so it never creeps. The IK
 * rotations come from a twin rig solved with mix 1; the FK pose is what the test itself set; the
 * tip is measured with the test's own matrices (oracle.ts), not the tree's transforms.
 */

/** The test's own blend: wrap by atan2, not by the code's wrapAngle. */
const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));
const blend = (fk: number, ik: number, mix: number) => wrap(fk + mix * wrap(ik - fk));
const gap = (a: number, b: number) => Math.abs(wrap(a - b));

interface Spec {
  lengths: number[];
  rootScale: { x: number; y: number };
  /** Scale of bone 1 (a mirrored middle bone). */
  middleScale: { x: number; y: number };
  rotations: number[];
}

/** World → Root → Bone0 → …, plus a target; the oracle composes the same matrices by hand. */
function build(spec: Spec) {
  const world = new Node2D('World');
  world.position = { x: 30, y: -20 };
  const root = world.addChild(new Node2D('Root'));
  root.position = { x: 10, y: 5 };
  root.rotation = 0.3;
  root.scale = spec.rootScale;
  const bones: Bone2D[] = [];
  let parent: Node2D = root;
  spec.lengths.forEach((l, i) => {
    const b = parent.addChild(new Bone2D(`Bone${i}`, l));
    b.position = { x: i === 0 ? 0 : spec.lengths[i - 1]!, y: 0 };
    b.rotation = spec.rotations[i]!;
    if (i === 1) b.scale = spec.middleScale;
    b.setRestFromPose();
    bones.push(b);
    parent = b;
  });
  const target = world.addChild(new Marker2D('Target', 'target'));
  const oracleTip = (rotations: readonly number[]) => {
    let m: M3 = m3TRS(30, -20, 0, 1, 1);
    m = m3Mul(m, m3TRS(10, 5, 0.3, spec.rootScale.x, spec.rootScale.y));
    spec.lengths.forEach((l, i) => {
      const s = i === 1 ? spec.middleScale : { x: 1, y: 1 };
      m = m3Mul(m, m3TRS(i === 0 ? 0 : spec.lengths[i - 1]!, 0, rotations[i]!, s.x, s.y));
    });
    return m3Apply(m, spec.lengths.at(-1)!, 0);
  };
  return { world, bones, target, oracleTip };
}

function attach<T extends ChainIK2D>(r: ReturnType<typeof build>, ik: T): T {
  r.world.addChild(ik);
  ik.rootBonePath = r.bones[0]!.getPathFrom(ik);
  ik.tipBonePath = r.bones.at(-1)!.getPathFrom(ik);
  ik.targetPath = r.target.getPathFrom(ik);
  return ik;
}

const MAKERS: Record<string, { make: () => ChainIK2D; lengths: number[] }> = {
  CCDIK2D: { make: () => new CCDIK2D(), lengths: [40, 35, 30, 20] },
  FABRIK2D: { make: () => new FABRIK2D(), lengths: [40, 35, 30, 20] },
  'JacobianIK2D (transpose)': {
    make: () => Object.assign(new JacobianIK2D(), { method: 'transpose' }),
    lengths: [40, 35, 30, 20],
  },
  'JacobianIK2D (DLS)': { make: () => new JacobianIK2D(), lengths: [40, 35, 30, 20] },
  TwoBoneIK2D: { make: () => new TwoBoneIK2D(), lengths: [60, 45] },
};

const MIRRORS: Array<Pick<Spec, 'rootScale' | 'middleScale'>> = [
  { rootScale: { x: 1, y: 1 }, middleScale: { x: 1, y: 1 } },
  { rootScale: { x: -1, y: 1 }, middleScale: { x: 1, y: 1 } },
  { rootScale: { x: 1.5, y: -1.5 }, middleScale: { x: -1, y: 1 } },
];

/** A walk of targets around the base, some near, some out of reach. */
const targetAt = (frame: number) => ({
  x: 40 + 70 * Math.cos(0.37 * frame),
  y: -10 + 90 * Math.sin(0.23 * frame + 1),
});

const rotations = (bones: Bone2D[]) => bones.map((b) => b.rotation);

describe.each(Object.entries(MAKERS))('%s mix', (name, { make, lengths }) => {
  const specOf = (m: (typeof MIRRORS)[number]): Spec => ({
    lengths,
    ...m,
    rotations: lengths.map((_, i) => 0.4 - 0.3 * i),
  });

  it('mix 1: every frame exactly the rotations of a node that remembers nothing (today’s solve)', () => {
    for (const m of MIRRORS) {
      const a = build(specOf(m));
      const ikA = attach(a, make());
      ikA.mix = 1;
      const b = build(specOf(m));
      for (let f = 0; f < 40; f++) {
        a.target.globalPosition = targetAt(f);
        b.target.globalPosition = targetAt(f);
        // Now and then an animation poses a bone.
        if (f % 7 === 3) a.bones[f % lengths.length]!.rotation = 0.1 * f;
        b.bones.forEach((bone, i) => (bone.rotation = a.bones[i]!.rotation));
        processTree(a.world, 1 / 60);
        // A fresh node each frame: nothing remembered, the pose read from the tree.
        const fresh = attach(b, make());
        fresh.solve();
        b.world.removeChild(fresh);
        a.bones.forEach((bone, i) =>
          expect(bone.rotation, `${name} frame ${f}`).toBe(b.bones[i]!.rotation),
        );
      }
    }
  });

  it('mix 0: the bones stay exactly at their FK pose, frame after frame, wherever the target goes', () => {
    for (const m of MIRRORS) {
      for (const startFromRest of [false, true]) {
        const spec = specOf(m);
        const r = build(spec);
        const ik = attach(r, make());
        ik.mix = 0;
        ik.startFromRest = startFromRest;
        // An FK pose that is not the rest pose.
        const fk = lengths.map((_, i) => -0.5 + 0.45 * i);
        r.bones.forEach((b, i) => (b.rotation = fk[i]!));
        for (let f = 0; f < 100; f++) {
          r.target.globalPosition = targetAt(f);
          processTree(r.world, 1 / 60);
          r.bones.forEach((b, i) => expect(b.rotation).toBe(fk[i]));
        }
        // The status measures the pose shown: the FK pose's tip, by the oracle.
        const tip = r.oracleTip(fk);
        const t = r.target.globalPosition;
        expect(ik.status.error).toBeCloseTo(Math.hypot(tip.x - t.x, tip.y - t.y), 9);
      }
    }
  });

  it('mix 0.5: each bone halfway (the short way) between its FK pose and the IK result, and no creep', () => {
    for (const m of MIRRORS) {
      const spec = specOf(m);
      const half = build(spec);
      const ikHalf = attach(half, make());
      ikHalf.mix = 0.5;
      // The twin solves with mix 1 from the same FK pose: its rotations are the IK result.
      const full = build(spec);
      attach(full, make());
      const fk = rotations(half.bones);
      const goal = { x: 75, y: 40 };
      half.target.globalPosition = goal;
      full.target.globalPosition = goal;
      const tips: { x: number; y: number }[] = [];
      for (let f = 0; f < 100; f++) {
        processTree(half.world, 1 / 60);
        processTree(full.world, 1 / 60);
        half.bones.forEach((b, i) =>
          expect(gap(b.rotation, blend(fk[i]!, full.bones[i]!.rotation, 0.5))).toBeLessThan(1e-12),
        );
        tips.push(half.oracleTip(rotations(half.bones)));
      }
      // 100 frames show what 1 frame showed: the blend does not creep toward the IK pose.
      const first = tips[0]!;
      const last = tips.at(-1)!;
      const firstError = Math.hypot(first.x - goal.x, first.y - goal.y);
      expect(Math.hypot(last.x - first.x, last.y - first.y)).toBeLessThan(
        name === 'TwoBoneIK2D' ? 1e-12 : 1e-3 * firstError,
      );
      expect(firstError).toBeGreaterThan(1); // halfway is visibly not on the target
    }
  });

  it('a bone posed by someone else takes that pose as its new FK pose', () => {
    const r = build(specOf(MIRRORS[1]!));
    const ik = attach(r, make());
    ik.mix = 0;
    const fk = rotations(r.bones);
    r.target.globalPosition = { x: 70, y: 50 };
    processTree(r.world, 1 / 60);
    // An animation turns bone 1 only.
    r.bones[1]!.rotation = 1.1;
    processTree(r.world, 1 / 60);
    processTree(r.world, 1 / 60);
    const want = fk.slice();
    want[1] = 1.1;
    expect(rotations(r.bones)).toEqual(want);

    // With mix 0.5, a whole new pose blends exactly as a fresh node would blend it.
    ik.mix = 0.5;
    processTree(r.world, 1 / 60);
    const pose = lengths.map((_, i) => 0.25 * i - 0.6);
    r.bones.forEach((b, i) => (b.rotation = pose[i]!));
    processTree(r.world, 1 / 60);
    const twin = build({ ...specOf(MIRRORS[1]!), rotations: pose });
    twin.target.globalPosition = r.target.globalPosition;
    const fresh = attach(twin, make());
    fresh.mix = 0.5;
    processTree(twin.world, 1 / 60);
    expect(rotations(r.bones)).toEqual(rotations(twin.bones));
  });

  it('startFromRest: the FK pose is what the bones had before the rest reset', () => {
    const spec = specOf(MIRRORS[2]!);
    const half = build(spec);
    const ik = attach(half, make());
    ik.mix = 0.5;
    ik.startFromRest = true;
    const full = build(spec);
    const ikFull = attach(full, make());
    ikFull.startFromRest = true;
    const fk = lengths.map((_, i) => 0.9 - 0.5 * i);
    half.bones.forEach((b, i) => (b.rotation = fk[i]!));
    full.bones.forEach((b, i) => (b.rotation = fk[i]!));
    for (let f = 0; f < 5; f++) {
      half.target.globalPosition = targetAt(f);
      full.target.globalPosition = targetAt(f);
      processTree(half.world, 1 / 60);
      processTree(full.world, 1 / 60);
      half.bones.forEach((b, i) =>
        expect(gap(b.rotation, blend(fk[i]!, full.bones[i]!.rotation, 0.5))).toBeLessThan(1e-12),
      );
    }
  });

  it('mix outside [0, 1] clamps; NaN reads as the default 1', () => {
    const run = (mix: number) => {
      const r = build(specOf(MIRRORS[0]!));
      const ik = attach(r, make());
      ik.mix = mix;
      r.bones.forEach((b, i) => (b.rotation = 0.2 * i - 0.3));
      for (let f = 0; f < 3; f++) {
        r.target.globalPosition = targetAt(f);
        processTree(r.world, 1 / 60);
      }
      return rotations(r.bones);
    };
    const one = run(1);
    const zero = run(0);
    expect(one).not.toEqual(zero);
    for (const v of [1.5, Infinity, NaN]) expect(run(v)).toEqual(one);
    for (const v of [-0.5, -Infinity]) expect(run(v)).toEqual(zero);
  });
});

describe('LookAt2D mix', () => {
  /** Root (at 10, 20, maybe mirrored on x) → Neck → Head; the oracle aims in Neck's space. */
  function lookRig(flipX: boolean) {
    const root = new Node2D('Body');
    root.position = { x: 10, y: 20 };
    root.scale = { x: flipX ? -1 : 1, y: 1 };
    const neck = root.addChild(new Bone2D('Neck', 50));
    const head = neck.addChild(new Bone2D('Head', 30));
    head.position = { x: 50, y: 0 };
    head.rotation = 0.7;
    const target = root.addChild(new Marker2D('Target', 'target'));
    const ik = root.addChild(new LookAt2D('LookAt2D', '../Neck/Head', '../Target'));
    /** The local rotation that faces a global point: into Neck's space by hand (Neck is unturned). */
    const aim = (p: { x: number; y: number }) => {
      const lx = (p.x - 10) / (flipX ? -1 : 1);
      const ly = p.y - 20;
      return Math.atan2(ly - 0, lx - 50);
    };
    return { root, head, target, ik, aim };
  }

  it('mix 0 keeps the FK rotation exactly; mix 0.5 turns halfway, and 100 frames equal 1', () => {
    for (const flipX of [false, true]) {
      const zero = lookRig(flipX);
      zero.ik.mix = 0;
      const half = lookRig(flipX);
      half.ik.mix = 0.5;
      const goal = { x: -40, y: 130 };
      zero.target.globalPosition = goal;
      half.target.globalPosition = goal;
      const afterOne: number[] = [];
      for (let f = 0; f < 100; f++) {
        processTree(zero.root, 1 / 60);
        processTree(half.root, 1 / 60);
        expect(zero.head.rotation).toBe(0.7);
        expect(gap(half.head.rotation, blend(0.7, half.aim(goal), 0.5))).toBeLessThan(1e-12);
        if (f === 0) afterOne.push(half.head.rotation);
      }
      expect(half.head.rotation).toBe(afterOne[0]);
      // The status reports what the bone shows.
      expect(half.ik.status.rotation).toBe(half.head.rotation);
    }
  });

  it('a rotation set by someone else becomes the FK rotation; mix 1 faces the target as before', () => {
    const r = lookRig(false);
    r.ik.mix = 0.5;
    r.target.globalPosition = { x: 120, y: -30 };
    processTree(r.root, 1 / 60);
    r.head.rotation = -1.2; // an animation key
    processTree(r.root, 1 / 60);
    expect(gap(r.head.rotation, blend(-1.2, r.aim(r.target.globalPosition), 0.5))).toBeLessThan(
      1e-12,
    );
    r.ik.mix = 1;
    processTree(r.root, 1 / 60);
    expect(gap(r.head.rotation, r.aim(r.target.globalPosition))).toBeLessThan(1e-12);
  });
});

describe('the solver stepper with a mix below 1', () => {
  const tipError = (demo: DemoInstance) => {
    const bones = demo.root.findAll(Bone2D);
    const tip = bones.at(-1)!.tipGlobalPosition;
    const t = demo.root.findAll(Marker2D).find((m) => m.name === 'Target')!.globalPosition;
    return Math.hypot(tip.x - t.x, tip.y - t.y);
  };

  it('still records the solve from the rest pose, and live mode blends again afterwards', () => {
    const { demo, controls } = runDemo('ccd');
    const ik = demo.root.findAll(CCDIK2D)[0]!;
    ik.mix = 0; // the bones keep their (rest) pose while the node solves every frame
    demo.update(1 / 60);
    demo.update(1 / 60);
    const restError = tipError(demo);
    controls.act('step');
    demo.update(1 / 60);
    const [at, total] = controls.readouts.get('substep')!.split(' / ').map(Number);
    expect(at).toBe(0);
    expect(total).toBeGreaterThan(1);
    expect(tipError(demo)).toBeCloseTo(restError, 9);
    controls.act('solve');
    demo.update(1 / 60);
    expect(tipError(demo)).toBeLessThanOrEqual(0.5);
    controls.act('live');
    const shown = demo.root.findAll(Bone2D).map((b) => b.rotation);
    demo.update(1 / 60);
    demo.update(1 / 60);
    // Back live with mix 0: the pose on show is the FK pose, and it stays.
    expect(demo.root.findAll(Bone2D).map((b) => b.rotation)).toEqual(shown);
  });
});
