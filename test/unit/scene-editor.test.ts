import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FABRIK2D } from '../../src/ik/fabrik-2d';
import { NODE_TYPES } from '../../src/ik/node-types';
import type { Vec2 } from '../../src/math/vec2';
import { SceneEditor } from '../../src/playground/editor/scene-editor';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import type { Node } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';
import { isEditable } from '../../src/scene/property';
import { readScene } from '../../src/scene/scene-json';

const text = (e: SceneEditor) => JSON.stringify(e.toJSON());

function chainScene(): SceneEditor {
  const e = new SceneEditor(NODE_TYPES);
  const skeleton = e.addNode(e.root, 'Node2D') as Node2D;
  e.rename(skeleton, 'Skeleton');
  let parent: Node = skeleton;
  for (let i = 0; i < 3; i++) {
    const b = e.addNode(parent, 'Bone2D') as Bone2D;
    e.setProperty(b, 'length', 60 - i * 10);
    parent = b;
  }
  const target = e.addNode(e.root, 'Marker2D', { x: 90, y: 40 }) as Marker2D;
  e.rename(target, 'Target');
  const ik = e.addNode(e.root, 'FABRIK2D') as FABRIK2D;
  e.setProperty(ik, 'rootBonePath', '../Skeleton/Bone2D');
  e.setProperty(ik, 'tipBonePath', '../Skeleton/Bone2D/Bone2D/Bone2D');
  e.setProperty(ik, 'targetPath', '../Target');
  return e;
}

/** Every node of the scene, root first. */
function nodesOf(e: SceneEditor): Node[] {
  const out: Node[] = [];
  e.root.walk((n) => void out.push(n));
  return out;
}

const TYPES = ['Node', 'Node2D', 'Bone2D', 'Marker2D', 'Polygon2D', 'FABRIK2D', 'TwoBoneIK2D'];

/** One random edit, of any kind the editor offers, from `r` (0..1 numbers). */
function randomEdit(e: SceneEditor, r: () => number): void {
  const nodes = nodesOf(e);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const node = pick(nodes);
  switch (Math.floor(r() * 9)) {
    case 0:
      e.addNode(node, pick(TYPES), { x: r() * 200 - 100, y: r() * 200 - 100 });
      break;
    case 1:
      if (node !== e.root) e.remove(node);
      break;
    case 2:
      e.rename(node, pick(['A', 'B', 'Bone2D', 'Target', 'Arm']));
      break;
    case 3:
      if (node !== e.root) e.duplicate(node);
      break;
    case 4:
      e.reparent(node, pick(nodes), Math.floor(r() * 3));
      break;
    case 5:
      e.shift(node, r() < 0.5 ? -1 : 1);
      break;
    case 6: {
      const props = NODE_TYPES.properties(NODE_TYPES.of(node)).filter(isEditable);
      const p = pick(props);
      const v = p.get(node);
      const k = p.kind;
      const value =
        k.type === 'number'
          ? Math.min(k.max ?? 1e3, Math.max(k.min ?? -1e3, r() * 100 - (k.min === 0 ? 0 : 50)))
          : k.type === 'angle'
            ? r() * 6 - 3
            : k.type === 'vector'
              ? { x: r() * 4 - 2, y: r() * 4 - 2 }
              : k.type === 'boolean'
                ? !v
                : k.type === 'choice'
                  ? pick(k.options)
                  : k.type === 'nodePath'
                    ? pick(['', '..', '../Target', '../Skeleton/Bone2D'])
                    : v;
      e.setProperty(
        node,
        p,
        k.type === 'number' && k.integer ? Math.round(value as number) : value,
        r() < 0.3,
      );
      break;
    }
    case 7:
      if (node instanceof Node2D) {
        e.beginGesture('Move', node, ['position', 'rotation']);
        node.position = { x: r() * 50, y: r() * 50 };
        node.rotation = r();
        e.endGesture();
      }
      break;
    case 8:
      if (r() < 0.5) e.indent(node);
      else e.outdent(node);
      break;
  }
}

describe('the playground’s scene editor', () => {
  it('undoes 200 random edits back to the exact start, and redoes them to the exact end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 2 }), (seed) => {
        let s = seed;
        const r = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
        const e = chainScene();
        e.history.clear();
        const start = text(e);
        for (let i = 0; i < 200; i++) randomEdit(e, r);
        const end = text(e);
        let steps = 0;
        while (e.undo()) steps++;
        expect(text(e)).toBe(start);
        for (let i = 0; i < steps; i++) e.redo();
        expect(text(e)).toBe(end);
      }),
      { numRuns: 12 },
    );
  });

  it('moving a node under another parent keeps its global transform, flips included', () => {
    const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
    const sign = fc.constantFrom(1, -1);
    const size = fc.double({ min: 0.25, max: 4, noNaN: true });
    const place = fc.record({
      x: fc.double({ min: -200, max: 200, noNaN: true }),
      y: fc.double({ min: -200, max: 200, noNaN: true }),
    });
    const frame = fc.record({ at: place, angle, sx: sign, sy: sign, size });
    fc.assert(
      fc.property(frame, frame, frame, (a, b, c) => {
        const e = new SceneEditor(NODE_TYPES);
        const make = (parent: Node, f: typeof a) => {
          const n = e.addNode(parent, 'Node2D') as Node2D;
          n.position = f.at;
          n.rotation = f.angle;
          n.scale = { x: f.sx * f.size, y: f.sy * f.size };
          return n;
        };
        const p1 = make(e.root, a);
        const p2 = make(e.root, b);
        const child = make(p1, c);
        const bone = e.addNode(child, 'Bone2D') as Bone2D;
        bone.length = 30;
        const before = { ...child.globalTransform };
        const tip = bone.tipGlobalPosition;
        expect(e.reparent(child, p2)).toBe('');
        expect(child.parent).toBe(p2);
        const after = child.globalTransform;
        for (const k of ['a', 'b', 'c', 'd', 'tx', 'ty'] as const)
          expect(after[k]).toBeCloseTo(before[k], 6);
        const tip2 = bone.tipGlobalPosition;
        expect(Math.hypot(tip2.x - tip.x, tip2.y - tip.y)).toBeLessThan(1e-6);
        e.undo();
        expect(child.parent).toBe(p1);
        expect(
          Math.hypot(bone.tipGlobalPosition.x - tip.x, bone.tipGlobalPosition.y - tip.y),
        ).toBeLessThan(1e-6);
      }),
      { numRuns: 200 },
    );
  });

  it('renaming or moving a node re-points the IK paths that led to it, in the same step', () => {
    const e = chainScene();
    const ik = e.root.getNode('FABRIK2D') as FABRIK2D;
    const first = e.root.getNode('Skeleton/Bone2D') as Bone2D;
    const tipBefore = ik.getBones().at(-1)!;
    expect(e.rename(first, 'UpperArm')).toBe('');
    expect(ik.rootBonePath).toBe('../Skeleton/UpperArm');
    expect(ik.tipBonePath).toBe('../Skeleton/UpperArm/Bone2D/Bone2D');
    expect(ik.getBones().at(-1)).toBe(tipBefore);
    const holder = e.addNode(e.root, 'Node2D') as Node2D;
    expect(e.reparent(e.root.getNode('Target')!, holder)).toBe('');
    expect(ik.targetPath).toBe('../Node2D/Target');
    e.undo(); // the move, and its path fix, in one step
    expect(ik.targetPath).toBe('../Target');
    e.undo(); // the added holder
    e.undo(); // the rename
    expect(ik.rootBonePath).toBe('../Skeleton/Bone2D');
    expect(first.name).toBe('Bone2D');
  });

  it('refuses a sibling’s name, a loop, and deleting the root, changing nothing', () => {
    const e = chainScene();
    const before = text(e);
    const skeleton = e.root.getNode('Skeleton')!;
    expect(e.rename(skeleton, 'Target')).toMatch(/already has a child called "Target"/);
    expect(e.rename(skeleton, '  ')).toMatch(/cannot be empty/);
    expect(e.reparent(skeleton, e.root.getNode('Skeleton/Bone2D/Bone2D')!)).toMatch(
      /inside Skeleton.*loop/,
    );
    expect(e.reparent(skeleton, skeleton)).toMatch(/own parent/);
    expect(e.remove(e.root)).toMatch(/root cannot be deleted/);
    expect(e.setProperty(e.root.getNode('FABRIK2D')!, 'mix', 2)).toBe(
      'Mix must be a number from 0 to 1',
    );
    expect(text(e)).toBe(before);
  });

  it('a drag is one step; nudges of one property fold into one step', () => {
    const e = chainScene();
    const target = e.root.getNode('Target') as Marker2D;
    const start = target.position;
    e.beginGesture('Move', target, ['position']);
    for (let i = 1; i <= 10; i++) target.position = { x: start.x + i, y: start.y };
    e.endGesture();
    for (let i = 1; i <= 5; i++)
      e.setProperty(target, 'position', { x: start.x + 10, y: start.y + i } as Vec2, true);
    expect(target.position).toEqual({ x: start.x + 10, y: start.y + 5 });
    e.undo();
    expect(target.position).toEqual({ x: start.x + 10, y: start.y });
    e.undo();
    expect(target.position).toEqual(start);
  });

  it('duplicates a subtree under a unique name, and a scene replaced is one undo away', () => {
    const e = chainScene();
    const skeleton = e.root.getNode('Skeleton')!;
    const copy = e.duplicate(skeleton) as Node;
    expect(copy.name).toBe('Skeleton2');
    expect(copy.parent).toBe(e.root);
    expect(e.root.children.indexOf(copy)).toBe(e.root.children.indexOf(skeleton) + 1);
    expect(copy.getNode('Bone2D/Bone2D/Bone2D')).toBeInstanceOf(Bone2D);
    const before = text(e);
    e.replaceScene(
      readScene(
        { format: 'ik-scene', version: 1, root: { type: 'Node2D', name: 'Empty' } },
        NODE_TYPES,
      ),
      'New scene',
    );
    expect(e.root.name).toBe('Empty');
    e.undo();
    expect(text(e)).toBe(before);
  });
});
