import { describe, expect, it } from 'vitest';
import { Node, processTree } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';

function tree() {
  const root = new Node('Root');
  const arm = root.addChild(new Node('Arm'));
  const hand = arm.addChild(new Node('Hand'));
  const target = root.addChild(new Node('Target'));
  return { root, arm, hand, target };
}

describe('Node', () => {
  it('links parents and children in order', () => {
    const { root, arm, hand, target } = tree();
    expect(root.children).toEqual([arm, target]);
    expect(hand.parent).toBe(arm);
    expect(hand.root).toBe(root);
    expect(root.isAncestorOf(hand)).toBe(true);
    expect(hand.isAncestorOf(root)).toBe(false);
  });

  it('finds nodes by relative and absolute paths', () => {
    const { root, arm, hand, target } = tree();
    expect(root.getNode('Arm/Hand')).toBe(hand);
    expect(hand.getNode('../..')).toBe(root);
    expect(hand.getNode('../../Target')).toBe(target);
    expect(arm.getNode('.')).toBe(arm);
    expect(hand.getNode('/Root/Target')).toBe(target);
    expect(hand.getNode('/Other/Target')).toBeNull();
    expect(root.getNode('Arm/Nope')).toBeNull();
    expect(root.getNode('../x')).toBeNull();
    expect(hand.path).toBe('/Root/Arm/Hand');
  });

  it('getPathFrom gives a path that getNode follows back', () => {
    const { root, arm, hand, target } = tree();
    for (const from of [root, arm, hand, target]) {
      for (const to of [root, arm, hand, target])
        expect(from.getNode(to.getPathFrom(from))).toBe(to);
    }
    expect(target.getPathFrom(hand)).toBe('../../Target');
    expect(() => hand.getPathFrom(new Node('Elsewhere'))).toThrow(/different trees/);
  });

  it('keeps sibling names unique, as Godot does, and cleans path characters out of names', () => {
    const root = new Node('Root');
    const a = root.addChild(new Node('Bone'));
    const b = root.addChild(new Node('Bone'));
    const c = root.addChild(new Node('Bone'));
    expect([a.name, b.name, c.name]).toEqual(['Bone', 'Bone2', 'Bone3']);
    a.name = 'Bone3';
    expect(a.name).toBe('Bone4');
    expect(new Node('a/b').name).toBe('a_b');
    expect(new Node('..').name).toBe('Node');
  });

  it('refuses to make a cycle, and moves a child that is added elsewhere', () => {
    const { root, arm, hand, target } = tree();
    expect(() => hand.addChild(root)).toThrow(/cycle/);
    expect(() => arm.addChild(arm)).toThrow(/cycle/);
    target.addChild(hand);
    expect(arm.children).toEqual([]);
    expect(hand.parent).toBe(target);
  });

  it('signals tree changes on the node and all its ancestors', () => {
    const { root, arm } = tree();
    const seen: string[] = [];
    root.treeChanged.connect((n) => seen.push(`root:${n.name}`));
    const off = arm.treeChanged.connect((n) => seen.push(`arm:${n.name}`));
    arm.addChild(new Node('Finger'));
    off();
    arm.removeChild(arm.children[1]!);
    expect(seen).toEqual(['arm:Arm', 'root:Arm', 'root:Arm']);
  });

  it('processes every node once per frame, in tree order, sorted stably by priority', () => {
    const order: string[] = [];
    class Logger extends Node {
      override process(dt: number) {
        order.push(`${this.name}@${dt}`);
      }
    }
    const root = new Logger('Root');
    const ik = root.addChild(new Logger('IK'));
    ik.processPriority = 100;
    const a = root.addChild(new Logger('A'));
    a.addChild(new Logger('A1'));
    root.addChild(new Logger('B'));
    processTree(root, 0.5);
    expect(order).toEqual(['Root@0.5', 'A@0.5', 'A1@0.5', 'B@0.5', 'IK@0.5']);
    // The cached order follows changes of tree and priority.
    order.length = 0;
    ik.processPriority = -1;
    root.addChild(new Logger('C'));
    processTree(root, 1);
    expect(order).toEqual(['IK@1', 'Root@1', 'A@1', 'A1@1', 'B@1', 'C@1']);
  });

  it('a plain Node between Node2Ds passes transforms through', () => {
    const root = new Node2D('Root');
    root.position = { x: 10, y: 0 };
    const group = root.addChild(new Node('Group'));
    const child = group.addChild(new Node2D('Child'));
    child.position = { x: 1, y: 2 };
    expect(child.globalPosition).toEqual({ x: 11, y: 2 });
    root.position = { x: 20, y: 0 };
    expect(child.globalPosition).toEqual({ x: 21, y: 2 });
  });
});
