import { afterAll, bench, describe } from 'vitest';
import { LookAt2D } from '../src/ik/look-at-2d';
import { solveLookAt } from '../src/ik/look-at-kernel';
import { Bone2D } from '../src/scene/bone2d';
import { Marker2D } from '../src/scene/marker2d';
import { processTree } from '../src/scene/node';
import { Node2D } from '../src/scene/node2d';

/**
 * What a frame costs in the node tree: recomputing the global transforms of a 50-bone chain after
 * its root moved (cache invalidated every time), and the look-at kernel alone vs the LookAt2D node.
 * Compare the lines of one run with each other; absolute times on shared machines are noisy.
 */
function chain(n: number) {
  const root = new Node2D('Root');
  root.scale = { x: -1, y: 1 };
  let parent: Node2D = root;
  const bones: Bone2D[] = [];
  for (let i = 0; i < n; i++) {
    const b = parent.addChild(new Bone2D(`B${i}`, 10));
    b.position = { x: i === 0 ? 0 : 10, y: 0 };
    b.rotation = 0.05;
    bones.push(b);
    parent = b;
  }
  return { root, bones };
}

describe('node tree', () => {
  const { root, bones } = chain(50);
  const tip = bones[bones.length - 1]!;
  let t = 0;
  // Summed into `sink` so the reads cannot be optimised away.
  let sink = 0;
  bench('50-bone chain: move root, read tip global position', () => {
    root.position = { x: Math.sin((t += 0.01)), y: 0 };
    sink += tip.tipGlobalPosition.x;
  });
  bench('50-bone chain: turn every bone, read every global transform', () => {
    t += 0.01;
    for (const b of bones) b.rotation = 0.05 + Math.sin(t) * 0.01;
    for (const b of bones) sink += b.globalTransform.tx;
  });
  afterAll(() => {
    if (!Number.isFinite(sink))
      throw new Error('a global transform became non-finite during the bench');
  });
});

describe('look-at', () => {
  let x = 0;
  bench('solveLookAt kernel', () => {
    x += 0.001;
    solveLookAt(0, 0, Math.cos(x), Math.sin(x), false, 0, 0.1, { min: -1, max: 1 });
  });
  const root = new Node2D('Body');
  root.scale = { x: -1, y: 1 };
  const neck = root.addChild(new Bone2D('Neck', 50));
  const head = neck.addChild(new Bone2D('Head', 20));
  head.position = { x: 50, y: 0 };
  const target = root.addChild(new Marker2D('Target', 'target'));
  const ik = root.addChild(new LookAt2D('LookAt2D', 'Neck/Head', 'Target'));
  ik.bonePath = head.getPathFrom(ik);
  ik.targetPath = target.getPathFrom(ik);
  bench('LookAt2D node: move target, processTree', () => {
    x += 0.001;
    target.position = { x: 100 * Math.cos(x), y: 100 * Math.sin(x) };
    processTree(root, 1 / 60);
  });
});
