import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bone2D } from '../../src/scene/bone2d';
import { Node } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';

/**
 * Node2D caches its global transform and recomputes it only when something above changed (a
 * dirty flag that a change pushes down the subtree). The oracle: every node's global transform
 * recomputed from scratch, by this file's own arithmetic, from the local position, rotation and
 * scale of each Node2D on its path, after random edits and random reads in between.
 */

type M = [number, number, number, number, number, number]; // a b c d tx ty: x' = a x + c y + tx

function local(n: Node2D): M {
  const { x, y } = n.position;
  const r = n.rotation;
  const s = n.scale;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  // Translate · Rotate · Scale: columns are the scaled, turned axes.
  return [cos * s.x, sin * s.x, -sin * s.y, cos * s.y, x, y];
}

function then(p: M, q: M): M {
  // p ∘ q: q first, then p.
  return [
    p[0] * q[0] + p[2] * q[1],
    p[1] * q[0] + p[3] * q[1],
    p[0] * q[2] + p[2] * q[3],
    p[1] * q[2] + p[3] * q[3],
    p[0] * q[4] + p[2] * q[5] + p[4],
    p[1] * q[4] + p[3] * q[5] + p[5],
  ];
}

function fromScratch(n: Node2D): M {
  let m = local(n);
  for (let p = n.parent; p; p = p.parent) if (p instanceof Node2D) m = then(local(p), m);
  return m;
}

type Edit =
  | { kind: 'move'; node: number; x: number; y: number }
  | { kind: 'turn'; node: number; r: number }
  | { kind: 'scale'; node: number; x: number; y: number }
  | { kind: 'reparent'; node: number; to: number }
  | { kind: 'read'; node: number }
  | { kind: 'pose'; node: number; turns: number[]; readFirst: boolean };

const idx = fc.nat(24);
const val = fc.double({ min: -50, max: 50, noNaN: true });
const scale = fc.constantFrom(-2, -1, -0.5, 0.5, 1, 1.5);
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), node: idx, x: val, y: val }),
  fc.record({
    kind: fc.constant('turn' as const),
    node: idx,
    r: fc.double({ min: -7, max: 7, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('scale' as const), node: idx, x: scale, y: scale }),
  fc.record({ kind: fc.constant('reparent' as const), node: idx, to: idx }),
  fc.record({ kind: fc.constant('read' as const), node: idx }),
  // An IK write-back: rotations set root to tip down a line of Node2D children (0: keep).
  fc.record({
    kind: fc.constant('pose' as const),
    node: idx,
    turns: fc.array(fc.oneof(fc.constant(0), fc.double({ min: -3, max: 3, noNaN: true })), {
      minLength: 1,
      maxLength: 6,
    }),
    readFirst: fc.boolean(),
  }),
);

/** Up to `count` Node2Ds from `start` down, each the first Node2D child of the one before. */
function lineDown(start: Node2D, count: number): Node2D[] {
  const line = [start];
  while (line.length < count) {
    const next = line.at(-1)!.children.find((c): c is Node2D => c instanceof Node2D);
    if (!next) break;
    line.push(next);
  }
  return line;
}

/**
 * What an IK node does to write a chain (TreeChain): poseInChain root to tip, skipping a node
 * whose rotation stays (a turn of 0) unless the call before made its parent again.
 */
function poseLine(line: Node2D[], turns: number[], readFirst: boolean): void {
  // As readChain leaves it: the parent and every node of the line read (or not, at random).
  if (readFirst) for (const n of line) void n.globalTransform;
  let remade = false;
  line.forEach((n, i) => {
    if (remade || turns[i])
      remade = n.poseInChain(n.rotation + (turns[i] ?? 0), line[i + 1] ?? null);
  });
}

/** 25 nodes: Node2D and Bone2D, with plain Nodes (no transform) among them. */
function forest(shape: number[]): { root: Node2D; all: Node[]; spatial: Node2D[] } {
  const root = new Node2D('Root');
  const all: Node[] = [root];
  for (let i = 1; i < 25; i++) {
    const parent = all[shape[i - 1]! % i]!;
    const kind = i % 5;
    const n =
      kind === 0 ? new Node(`N${i}`) : kind === 1 ? new Bone2D(`B${i}`, 10) : new Node2D(`S${i}`);
    parent.addChild(n);
    all.push(n);
  }
  return { root, all, spatial: all.filter((n): n is Node2D => n instanceof Node2D) };
}

describe('cached global transforms (dirty flags)', () => {
  it('equal a from-scratch recomputation after any random edits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1000), { minLength: 24, maxLength: 24 }),
        fc.array(edit, { minLength: 1, maxLength: 60 }),
        (shape, edits) => {
          const { all, spatial } = forest(shape);
          const at = (i: number) => spatial[i % spatial.length]!;
          for (const e of edits) {
            if (e.kind === 'move') at(e.node).setPosition(e.x, e.y);
            else if (e.kind === 'turn') at(e.node).rotation = e.r;
            else if (e.kind === 'scale') at(e.node).scale = { x: e.x, y: e.y };
            else if (e.kind === 'read') void at(e.node).globalTransform;
            else if (e.kind === 'pose')
              poseLine(lineDown(at(e.node), e.turns.length), e.turns, e.readFirst);
            else {
              const child = all[1 + (e.node % (all.length - 1))]!;
              const parent = all[e.to % all.length]!;
              if (parent !== child && !child.isAncestorOf(parent)) parent.addChild(child);
            }
          }
          for (const n of spatial) {
            const g = n.globalTransform;
            const want = fromScratch(n);
            const got = [g.a, g.b, g.c, g.d, g.tx, g.ty];
            // Products of up to 25 matrices of scale ≤ 2 and offsets ≤ 50: relative tolerance.
            const size = Math.max(1, ...want.map(Math.abs));
            for (let k = 0; k < 6; k++)
              expect(Math.abs(got[k]! - want[k]!)).toBeLessThan(1e-9 * size);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('are not recomputed when nothing above changed (the version stays), and are when it did', () => {
    const { spatial } = forest(Array.from({ length: 24 }, (_, i) => i));
    const leaf = spatial.at(-1)!;
    void leaf.globalTransform;
    const v = leaf.version;
    for (let i = 0; i < 5; i++) void leaf.globalTransform;
    expect(leaf.version).toBe(v);
    spatial[1]!.rotation = 0.5; // an ancestor of the leaf: the chain 0 → 1 → … is a line
    void leaf.globalTransform;
    expect(leaf.version).toBe(v + 1);
  });

  it('written down a chain by poseInChain equal the lazy path bit for bit, with the same versions', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1000), { minLength: 24, maxLength: 24 }),
        fc.array(edit, { maxLength: 20 }),
        fc.nat(24),
        fc.array(fc.oneof(fc.constant(0), fc.double({ min: -3, max: 3, noNaN: true })), {
          minLength: 1,
          maxLength: 8,
        }),
        (shape, edits, start, turns) => {
          // Twin trees, the same edits; then one writes a line with the setters (the lazy
          // path), the other with poseInChain, after both read it as an IK node does.
          const twins = [forest(shape), forest(shape)];
          for (const { spatial } of twins) {
            const at = (i: number) => spatial[i % spatial.length]!;
            for (const e of edits)
              if (e.kind === 'turn') at(e.node).rotation = e.r;
              else if (e.kind === 'scale') at(e.node).scale = { x: e.x, y: e.y };
              else if (e.kind === 'read') void at(e.node).globalTransform;
          }
          const [lazy, eager] = twins.map(({ spatial }) => {
            const line = lineDown(spatial[start % spatial.length]!, turns.length);
            for (const n of spatial) void n.globalTransform;
            return { spatial, line };
          });
          lazy!.line.forEach((n, i) => {
            if (turns[i]) n.rotation = n.rotation + turns[i]!;
          });
          poseLine(eager!.line, turns, false);
          for (let k = 0; k < lazy!.spatial.length; k++) {
            const a = lazy!.spatial[k]!;
            const b = eager!.spatial[k]!;
            expect(b.globalTransform).toStrictEqual(a.globalTransform);
            expect(b.version).toBe(a.version);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('poseInChain recomputes only what moved: nothing for a line posed as it is', () => {
    // Eight bones in a line, with a side branch: a Node2D on the fourth, and a Node2D under a
    // plain Node on the sixth (a change must reach both, as the setter's marking would).
    const root = new Node2D('Root');
    const line: Bone2D[] = [root.addChild(new Bone2D('B0', 10))];
    for (let i = 1; i < 8; i++) line.push(line[i - 1]!.addBone(`B${i}`, 10, 0.2));
    const side = line[3]!.addChild(new Node2D('Side'));
    const under = line[5]!.addChild(new Node('Plain')).addChild(new Node2D('Under'));
    const all: Node2D[] = [root, ...line, side, under];
    for (const n of all) void n.globalTransform;
    const before = all.map((n) => n.version);
    poseLine(line, [0, 0, 0, 0, 0, 0, 0, 0], false);
    expect(all.map((n) => n.version)).toEqual(before);
    // A turn at the fourth: it and everything below it once, nothing above.
    poseLine(line, [0, 0, 0, 0.3, 0, 0, 0, 0], false);
    for (const n of all) void n.globalTransform;
    const expected = all.map(
      (n, i) => before[i]! + (n === line[3] || line[3]!.isAncestorOf(n) ? 1 : 0),
    );
    expect(all.map((n) => n.version)).toEqual(expected);
    for (const n of all) {
      const g = n.globalTransform;
      const want = fromScratch(n);
      [g.a, g.b, g.c, g.d, g.tx, g.ty].forEach((v, k) => expect(v).toBeCloseTo(want[k]!, 12));
    }
  });
});
