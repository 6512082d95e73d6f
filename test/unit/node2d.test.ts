import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bone2D } from '../../src/scene/bone2d';
import { Node2D } from '../../src/scene/node2d';
import { SIGNS, angleGap, m3Apply, m3Mul, m3TRS, type M3 } from './oracle';

/** A three-level chain Root → Mid → Bone with the given scale signs on Root and Mid and Bone. */
function chain(
  rootSign: [number, number],
  midSign: [number, number],
  ownSign: [number, number] = [1, 1],
) {
  const root = new Node2D('Root');
  root.position = { x: 30, y: -20 };
  root.rotation = 0.4;
  root.scale = { x: 1.5 * rootSign[0], y: 1.5 * rootSign[1] };
  const mid = root.addChild(new Bone2D('Mid', 40));
  mid.rotation = -0.9;
  mid.scale = { x: midSign[0], y: midSign[1] };
  const bone = mid.addChild(new Bone2D('Bone', 25));
  bone.position = { x: 40, y: 0 };
  bone.rotation = 1.3;
  bone.scale = { x: ownSign[0], y: ownSign[1] };
  return { root, mid, bone };
}

const oracleOf = (n: Node2D): M3 => {
  const local = m3TRS(n.position.x, n.position.y, n.rotation, n.scale.x, n.scale.y);
  const parent = n.parent2D;
  return parent ? m3Mul(oracleOf(parent), local) : local;
};

const point = fc.record({
  x: fc.double({ min: -500, max: 500, noNaN: true }),
  y: fc.double({ min: -500, max: 500, noNaN: true }),
});

describe('Node2D transforms', () => {
  for (const rs of SIGNS) {
    for (const ms of SIGNS) {
      it(`global transform = product of the locals, root ${rs}, mid ${ms}`, () => {
        const { bone } = chain(rs, ms);
        const g = bone.globalTransform;
        const o = oracleOf(bone);
        const p = m3Apply(o, 25, 0);
        expect(bone.tipGlobalPosition.x).toBeCloseTo(p.x, 9);
        expect(bone.tipGlobalPosition.y).toBeCloseTo(p.y, 9);
        expect(g.tx).toBeCloseTo(o[0]![2]!, 9);
        expect(g.a).toBeCloseTo(o[0]![0]!, 9);
        expect(g.d).toBeCloseTo(o[1]![1]!, 9);
      });
    }
  }

  it('a change above invalidates the cached global transform below', () => {
    const { root, mid, bone } = chain([1, 1], [1, 1]);
    const before = bone.globalPosition;
    const version = bone.version;
    root.position = { x: 100, y: 100 };
    expect(bone.globalPosition.x - before.x).toBeCloseTo(70, 9);
    expect(bone.version).toBeGreaterThan(version);
    mid.rotation += 0.5;
    expect(bone.globalPosition).not.toEqual(before);
    // Reparenting: the bone now hangs from the root directly.
    root.addChild(bone);
    const o = m3Apply(oracleOf(bone), 0, 0);
    expect(bone.globalPosition.x).toBeCloseTo(o.x, 9);
    expect(bone.globalPosition.y).toBeCloseTo(o.y, 9);
  });

  it('refuses NaN and Infinity written to position, rotation, scale or transform: keeps its values and says so', () => {
    const n = new Node2D();
    n.position = { x: 3, y: -4 };
    n.rotation = 0.5;
    n.scale = { x: -2, y: 0.5 };
    const before = { ...n.transform };
    const said: string[] = [];
    n.rejected.connect((r) => said.push(`${r.property} ${JSON.stringify(r.value)}`));
    n.position = { x: NaN, y: 1 };
    n.setPosition(1, Infinity);
    n.rotation = NaN;
    n.scale = { x: Infinity, y: 1 };
    n.setScale(1, -Infinity);
    n.transform = { a: 1, b: 0, c: 0, d: 1, tx: NaN, ty: 0 };
    expect(n.position).toEqual({ x: 3, y: -4 });
    expect(n.rotation).toBe(0.5);
    expect(n.scale).toEqual({ x: -2, y: 0.5 });
    expect({ ...n.transform }).toEqual(before);
    expect(said.map((s) => s.split(' ')[0])).toEqual([
      'position',
      'position',
      'rotation',
      'scale',
      'scale',
      'transform',
    ]);
  });

  for (const rs of SIGNS) {
    for (const ms of SIGNS) {
      it(`global setters round-trip under root ${rs}, mid ${ms}`, () => {
        fc.assert(
          fc.property(point, fc.double({ min: -3, max: 3, noNaN: true }), (p, r) => {
            for (const own of SIGNS) {
              const { bone } = chain(rs, ms, own);
              bone.globalPosition = p;
              expect(bone.globalPosition.x).toBeCloseTo(p.x, 6);
              expect(bone.globalPosition.y).toBeCloseTo(p.y, 6);
              bone.globalRotation = r;
              expect(angleGap(bone.globalRotation, r)).toBeLessThan(1e-9);
              expect(bone.globalPosition.x).toBeCloseTo(p.x, 6);
              const local = bone.toLocal(p);
              expect(Math.hypot(local.x, local.y)).toBeLessThan(1e-6);
              const back = bone.toGlobal(bone.toLocal({ x: p.y, y: p.x }));
              expect(back.x).toBeCloseTo(p.y, 6);
              expect(back.y).toBeCloseTo(p.x, 6);
            }
          }),
          { numRuns: 40 },
        );
      });
    }
  }

  it('globalScale set then read gives the same value when the parent is uniform', () => {
    for (const [sx, sy] of SIGNS) {
      const root = new Node2D('Root');
      root.scale = { x: 2 * sx, y: 2 * sy };
      root.rotation = 0.3;
      const child = root.addChild(new Node2D('Child'));
      child.rotation = -0.2;
      child.globalScale = { x: 3, y: sx * sy < 0 ? -5 : 5 };
      expect(child.globalScale.x).toBeCloseTo(3, 9);
      expect(child.globalScale.y).toBeCloseTo(sx * sy < 0 ? -5 : 5, 9);
    }
  });

  it('setting a transform keeps an x flip an x flip', () => {
    const n = new Node2D();
    n.scale = { x: -1, y: 1 };
    n.rotation = 0.25;
    n.transform = { ...n.transform };
    expect(n.scale.x).toBeCloseTo(-1, 12);
    expect(n.scale.y).toBeCloseTo(1, 12);
    expect(n.rotation).toBeCloseTo(0.25, 12);
  });
});

describe('lookAt', () => {
  for (const rs of SIGNS) {
    for (const ms of SIGNS) {
      it(`points the bone's tip at the target: root ${rs}, mid ${ms}, and every own flip`, () => {
        fc.assert(
          fc.property(point, (target) => {
            for (const own of SIGNS) {
              const { bone } = chain(rs, ms, own);
              const joint = bone.globalPosition;
              fc.pre(Math.hypot(target.x - joint.x, target.y - joint.y) > 1e-3);
              bone.lookAt(target);
              const tip = bone.tipGlobalPosition;
              const want = Math.atan2(target.y - joint.y, target.x - joint.x);
              const got = Math.atan2(tip.y - joint.y, tip.x - joint.x);
              expect(angleGap(got, want)).toBeLessThan(1e-9);
              expect(angleGap(bone.getAngleTo(target), 0)).toBeLessThan(1e-9);
            }
          }),
          { numRuns: 60 },
        );
      });
    }
  }

  it('looking at its own position or at NaN keeps the rotation', () => {
    const { bone } = chain([-1, 1], [1, -1]);
    const r = bone.rotation;
    bone.lookAt(bone.globalPosition);
    expect(bone.rotation).toBe(r);
    bone.lookAt({ x: NaN, y: 3 });
    bone.lookAt({ x: Infinity, y: 3 });
    expect(bone.rotation).toBe(r);
  });
});

describe('Bone2D', () => {
  it('refuses a NaN, infinite or negative length, as the other setters do, and restores its rest pose', () => {
    expect(() => new Bone2D('B', -5)).toThrow(
      /Bone2D "B": length -5 is not allowed; a length is a finite number, 0 or more/,
    );
    const b = new Bone2D('B', 7);
    const refused: unknown[] = [];
    b.rejected.connect(({ property, value }) => refused.push([property, value]));
    for (const bad of [NaN, -1, Infinity, -Infinity]) b.length = bad;
    expect(b.length).toBe(7);
    expect(refused).toEqual([
      ['length', NaN],
      ['length', -1],
      ['length', Infinity],
      ['length', -Infinity],
    ]);
    b.length = 0;
    expect(b.length).toBe(0);
    b.length = 12;
    b.rotation = 0.5;
    b.setRestFromPose();
    b.rotation = 2;
    b.position = { x: 9, y: 9 };
    b.applyRest();
    expect(b.rotation).toBe(0.5);
    expect(b.position).toEqual({ x: 0, y: 0 });
  });
});
