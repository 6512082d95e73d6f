import type { ChainIK2D } from '../src/ik/chain-ik-2d';
import { Bone2D } from '../src/scene/bone2d';
import { Marker2D } from '../src/scene/marker2d';
import { Node2D } from '../src/scene/node2d';
import { BONE_LENGTH, REST_TOTAL_BEND } from './bench-setup';

export interface NodeRig<T extends ChainIK2D> {
  readonly world: Node2D;
  readonly bones: readonly Bone2D[];
  readonly target: Marker2D;
  readonly ik: T;
}

/**
 * The bench chain as a real node tree, as test/unit/ik-nodes.test.ts builds one: World (at the
 * origin, unrotated, so global space is the kernels' space) → Bone0 → … → Bone(n−1), each bone
 * at its parent's tip and turned by the rest pose's relative angle (stored as its rest pose);
 * a Marker2D target and the IK node under World, with paths from the node to them.
 */
export function buildRig<T extends ChainIK2D>(count: number, ik: T): NodeRig<T> {
  const world = new Node2D('World');
  const bones: Bone2D[] = [];
  let parent: Node2D = world;
  for (let i = 0; i < count; i++) {
    const bone = parent.addChild(new Bone2D(`Bone${i}`, BONE_LENGTH));
    bone.position = { x: i === 0 ? 0 : BONE_LENGTH, y: 0 };
    bone.rotation = REST_TOTAL_BEND / count;
    bone.setRestFromPose();
    bones.push(bone);
    parent = bone;
  }
  const target = world.addChild(new Marker2D('Target', 'target'));
  world.addChild(ik);
  ik.rootBonePath = bones[0]!.getPathFrom(ik);
  ik.tipBonePath = bones.at(-1)!.getPathFrom(ik);
  ik.targetPath = target.getPathFrom(ik);
  return { world, bones, target, ik };
}
