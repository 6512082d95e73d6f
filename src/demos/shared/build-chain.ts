import { Bone2D } from '../../scene/bone2d.ts';
import type { Node2D } from '../../scene/node2d.ts';

export interface BoneSpec {
  name: string;
  length: number;
  /** Local rotation, radians. */
  rotation?: number;
}

/**
 * Builds a chain of bones under `parent`, each child placed at its parent's tip, and records
 * the pose as the rest pose. Returns the bones root-first.
 */
export function buildChain(parent: Node2D, specs: readonly BoneSpec[]): Bone2D[] {
  const bones: Bone2D[] = [];
  let host: Node2D = parent;
  let offset = 0;
  for (const spec of specs) {
    const bone = new Bone2D(spec.name, spec.length);
    bone.position = { x: offset, y: 0 };
    bone.rotation = spec.rotation ?? 0;
    bone.setRestFromPose();
    host.addChild(bone);
    bones.push(bone);
    host = bone;
    offset = spec.length;
  }
  return bones;
}
