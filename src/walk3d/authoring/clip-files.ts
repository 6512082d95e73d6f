import { writeBvh } from '../bvh';
import { humanoidSkeleton, idleClip, walkClip } from './humanoid';

/**
 * The shipped clips, as the text of their BVH files (public/clips/). `npm run clips` writes
 * them; a unit test checks the files still match what this produces.
 */
export function clipFiles(): { name: string; text: string }[] {
  const skeleton = humanoidSkeleton();
  return [
    { name: 'walk.bvh', text: writeBvh(skeleton, walkClip(skeleton)) },
    { name: 'idle.bvh', text: writeBvh(skeleton, idleClip(skeleton)) },
  ];
}
