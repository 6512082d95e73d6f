import { toAxisAngle } from '../math/quat.ts';
import { Node } from '../scene/node.ts';
import { nodeType } from '../scene/node-description.ts';
import { defineNodeType } from '../scene/node-type.ts';
import { textProperty } from '../scene/property.ts';
import type { Pose } from './pose.ts';
import type { Skeleton } from './skeleton.ts';

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

  /** The joint's live local rotation (axis, angle, quaternion), translation and model position. */
  reading(): { translation: string; rotation: string; quaternion: string; position: string } {
    const { pose, matrices } = this.live();
    const i = this.joint;
    const r = pose.r.subarray(4 * i, 4 * i + 4);
    const t = pose.t.subarray(3 * i, 3 * i + 3);
    const axis = new Float64Array(3);
    const angle = (toAxisAngle(axis, r) * 180) / Math.PI;
    const f = (v: number, d = 2) => (Math.abs(v) < 10 ** -d / 2 ? 0 : v).toFixed(d);
    return {
      translation: `(${f(t[0]!, 1)}, ${f(t[1]!, 1)}, ${f(t[2]!, 1)})`,
      rotation: `${f(angle, 1)}° about (${[...axis].map((v) => f(v)).join(', ')})`,
      quaternion: `(${[...r].map((v) => f(v, 3)).join(', ')})`,
      position: `(${[12, 13, 14].map((k) => f(matrices[16 * i + k]!)).join(', ')})`,
    };
  }
}

const LOCAL = 'Local (in its parent, the file’s units)';

/** What the scene panel shows of a joint: its live pose, read-only. */
export const jointNodeType = defineNodeType<JointNode>({
  name: 'Joint3D',
  summary: 'A joint of a 3D skeleton (read-only here).',
  class: JointNode,
  base: nodeType,
  properties: [
    textProperty<JointNode>({
      name: 'translation',
      label: 'Translation',
      group: LOCAL,
      get: (n) => n.reading().translation,
    }),
    textProperty<JointNode>({
      name: 'rotation',
      label: 'Rotation',
      group: LOCAL,
      get: (n) => n.reading().rotation,
    }),
    textProperty<JointNode>({
      name: 'quaternion',
      label: 'Quaternion',
      group: LOCAL,
      get: (n) => n.reading().quaternion,
    }),
    textProperty<JointNode>({
      name: 'position',
      label: 'Position',
      group: 'World',
      get: (n) => n.reading().position,
    }),
  ],
});

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
