import { writeBvh } from '../bvh.ts';
import { HUMANOID, humanoidSkeleton, idleClip, STRIDER, walkClip } from './humanoid.ts';

/**
 * The shipped clips, as the text of their BVH files (public/clips/): the humanoid's and the
 * long-legged strider's walk and idle. `npm run clips` writes
 * them; a unit test checks the files still match what this produces.
 */
export function clipFiles(): { name: string; text: string }[] {
  const skeleton = humanoidSkeleton(HUMANOID);
  const strider = humanoidSkeleton(STRIDER);
  return [
    { name: 'walk.bvh', text: writeBvh(skeleton, walkClip(skeleton, HUMANOID.cycle)) },
    { name: 'idle.bvh', text: writeBvh(skeleton, idleClip(skeleton)) },
    { name: 'strider-walk.bvh', text: writeBvh(strider, walkClip(strider, STRIDER.cycle)) },
    { name: 'strider-idle.bvh', text: writeBvh(strider, idleClip(strider)) },
  ];
}
