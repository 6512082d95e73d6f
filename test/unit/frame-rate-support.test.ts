import { describe, expect, it } from 'vitest';
import type { Clip } from '../../src/walk3d/clip';
import { resampleClip } from '../../src/walk3d/resample';
import { rigFromBvh } from '../../src/walk3d/rig';
import { analyseWalk, findLegs, type IKRigDef } from '../../src/walk3d/walk-analysis';
import { clipText } from './clip-text';

/** Each foot's planted time over the cycle (s), and the times its stances start (s). */
function stances(def: IKRigDef, clip: Clip) {
  const a = analyseWalk(def, clip, 'walk');
  return a.feet.map((foot) => {
    const s = foot.support;
    let planted = 0;
    const starts: number[] = [];
    for (let f = 0; f < a.frames; f++) {
      if (s[f]) planted += a.frameTime;
      if (s[f] && !s[(f - 1 + a.frames) % a.frames]) starts.push(f * a.frameTime);
    }
    return { planted, starts };
  });
}

describe('support detection does not depend on the clip’s frame rate', () => {
  for (const which of ['walk', 'strider-walk'] as const)
    it(`${which}: keyed at 30, 60 and 120 fps, each foot is planted as long, from the same times, within 1/30 s`, () => {
      const rig = rigFromBvh(clipText(which));
      const def = findLegs(rig.skeleton, rig.scale) as IKRigDef;
      const clip = rig.walkWithTravel;
      expect(Math.round(1 / clip.frameTime)).toBe(30);
      const at30 = stances(def, clip);
      for (const fps of [60, 120]) {
        const other = stances(def, resampleClip(clip, rig.skeleton, fps, true));
        at30.forEach((foot, k) => {
          const where = `${fps} fps, foot ${k}`;
          expect(Math.abs(other[k]!.planted - foot.planted), where).toBeLessThanOrEqual(
            1 / 30 + 1e-9,
          );
          expect(other[k]!.starts.length, where).toBe(foot.starts.length);
          other[k]!.starts.forEach((t, i) =>
            expect(Math.abs(t - foot.starts[i]!), where).toBeLessThanOrEqual(1 / 30 + 1e-9),
          );
        });
      }
    });
});
