import type { Node } from '../scene/node.ts';
import type { Node2D } from '../scene/node2d.ts';
import { ChainIK2D } from './chain-ik-2d.ts';
import { LookAt2D } from './look-at-2d.ts';

/**
 * Runs `save` with every bone that an IK node shows blended (mix below 1) put back at its FK
 * rotation, then restores exactly what was shown. A scene file must keep the pose the IK blends
 * from, not the blend: reopened, the blend is made again from it; saved as shown, each save
 * and reopen would take the blend for the FK pose and creep towards the IK result.
 */
export function withAuthoredPose<T>(root: Node, save: () => T): T {
  const bones: Node2D[] = [];
  const shown: number[] = [];
  const put = (bone: Node2D, fk: number) => {
    bones.push(bone);
    shown.push(bone.rotation);
    bone.rotation = fk;
  };
  root.walk((n) => {
    if (n instanceof ChainIK2D || n instanceof LookAt2D) n.authoredRotations(put);
  });
  try {
    return save();
  } finally {
    // In reverse, so a bone two nodes drive ends as it was shown.
    for (let i = bones.length - 1; i >= 0; i--) bones[i]!.rotation = shown[i]!;
  }
}
