import { writeBvh } from '../bvh.ts';
import { captureLikeClip, type CaptureOptions } from './capture-like.ts';

/**
 * A capture-like clip as the BVH text a student would drop (lesson 13's "Try a 120 fps
 * capture"): made in the page, so no 700 KB file is shipped for it.
 */
export function captureBvh(o: Partial<CaptureOptions> = {}): string {
  const { skeleton, clip } = captureLikeClip(o);
  return writeBvh(skeleton, clip);
}
