import { toAxisAngle } from '../math/quat';
import { Node } from '../scene/node';
import type { Pose } from './pose';
import type { Skeleton } from './skeleton';

/**
 * A skeleton's joints as scene nodes, so the scene panel lists the hierarchy (Godot shows a
 * Skeleton3D's bones the same way). Each node knows its joint index and, for the inspector,
 * reads the live pose: local rotation (axis and angle), local translation, model position.
 */
export class JointNode extends Node {
  override get typeName(): string {
    return 'Joint3D';
  }

  constructor(
    readonly joint: number,
    name: string,
    private readonly live: () => { pose: Pose; matrices: Float64Array; scale: number },
  ) {
    super(name);
  }

  override inspect(): string[] {
    const { pose, matrices } = this.live();
    const i = this.joint;
    const r = pose.r.subarray(4 * i, 4 * i + 4);
    const t = pose.t.subarray(3 * i, 3 * i + 3);
    const axis = new Float64Array(3);
    const angle = (toAxisAngle(axis, r) * 180) / Math.PI;
    const f = (v: number, d = 2) => (Math.abs(v) < 10 ** -d / 2 ? 0 : v).toFixed(d);
    return [
      'local (in its parent, the file’s units)',
      `  translation (${f(t[0]!, 1)}, ${f(t[1]!, 1)}, ${f(t[2]!, 1)})`,
      `  rotation ${f(angle, 1)}° about (${[...axis].map((v) => f(v)).join(', ')})`,
      `  quaternion (${[...r].map((v) => f(v, 3)).join(', ')})`,
      'world',
      `  position (${[12, 13, 14].map((k) => f(matrices[16 * i + k]!)).join(', ')})`,
    ];
  }
}

/** Builds the node tree for a skeleton under `parent`; returns the nodes by joint index. */
export function jointTree(
  parent: Node,
  skeleton: Skeleton,
  live: () => { pose: Pose; matrices: Float64Array; scale: number },
): JointNode[] {
  const nodes: JointNode[] = [];
  skeleton.joints.forEach((j, i) => {
    const n = new JointNode(i, j.name, live);
    (j.parent >= 0 ? nodes[j.parent]! : parent).addChild(n);
    nodes.push(n);
  });
  return nodes;
}
