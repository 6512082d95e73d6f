import { toRadians } from '../../math/angles.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { ParamValues } from '../params.ts';
import { buildChain } from '../shared/build-chain.ts';
import type { forwardKinematicsMeta } from './meta.ts';

type Settings = ParamValues<typeof forwardKinematicsMeta.params>;

/** Lesson 1's arm: a Skeleton at the origin holding UpperArm, Forearm and Hand, in a chain. */
export function buildArm(s: Settings): { root: Node2D; bones: [Bone2D, Bone2D, Bone2D] } {
  const root = new Node2D('Skeleton');
  root.position = { x: 0, y: 0 };
  const bones = buildChain(root, [
    { name: 'UpperArm', length: 110, rotation: toRadians(s.upper) },
    { name: 'Forearm', length: 90, rotation: toRadians(s.fore) },
    { name: 'Hand', length: 45, rotation: toRadians(s.hand) },
  ]) as [Bone2D, Bone2D, Bone2D];
  return { root, bones };
}
