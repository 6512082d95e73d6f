import { describe, expect, it } from 'vitest';
import type { Clip } from '../../src/walk3d/clip';
import { resampleClip } from '../../src/walk3d/resample';
import { rigFromBvh } from '../../src/walk3d/rig';
import {
  analyseWalk,
  findLegs,
  type IKRigDef,
  type SupportRule,
} from '../../src/walk3d/walk-analysis';
import { clipText } from './clip-text';

/** Each foot's planted time over the cycle (s), and the times its stances start (s). */
function stances(def: IKRigDef, clip: Clip, rule: SupportRule) {
  const a = analyseWalk(def, clip, 'walk', undefined, rule);
  return a.feet.map((foot) => {
    const s = foot.support;
    let planted = 0;
    const starts: number[] = [];
    for (let f = 0; f < a.frames; f++) {
      if (s[f]) planted += a.frameTime;
      if (s[f] && !s[(f - 1 + a.frames) % a.frames]) starts.push(f * a.frameTime);
    }
    return { planted, starts, duration: a.duration };
  });
}

/** How far apart two times on a loop of length d are, the short way round. */
const onLoop = (a: number, b: number, d: number) => {
  const x = Math.abs(a - b) % d;
  return Math.min(x, d - x);
};

describe('support detection does not depend on the clip’s frame rate', () => {
  // The seed's rule reads the ankle alone: within a frame of the 30 fps clip. Each foot's own
  // reading also reads the toes and hands frames neither foot passes to one of them, both of which
  // a finer clip resolves between the 30 fps frames: within two.
  for (const [rule, within] of [
    ['opposite', 1 / 30],
    ['each', 2 / 30],
  ] as const)
    for (const which of ['walk', 'strider-walk'] as const)
      it(`${which}, ${rule}: keyed at 30, 60 and 120 fps, each foot is planted as long, from the same times, within ${rule === 'each' ? 2 : 1}/30 s`, () => {
        const rig = rigFromBvh(clipText(which));
        const def = findLegs(rig.skeleton, rig.scale) as IKRigDef;
        const clip = rig.walkWithTravel;
        expect(Math.round(1 / clip.frameTime)).toBe(30);
        const at30 = stances(def, clip, rule);
        for (const fps of [60, 120]) {
          const other = stances(def, resampleClip(clip, rig.skeleton, fps, true), rule);
          at30.forEach((foot, k) => {
            const where = `${fps} fps, foot ${k}`;
            expect(Math.abs(other[k]!.planted - foot.planted), where).toBeLessThanOrEqual(
              within + 1e-9,
            );
            expect(other[k]!.starts.length, where).toBe(foot.starts.length);
            // Starts compared round the loop: a stance may begin just before or after frame 0.
            for (const t of other[k]!.starts)
              expect(
                Math.min(...foot.starts.map((u) => onLoop(t, u, foot.duration))),
                where,
              ).toBeLessThanOrEqual(within + 1e-9);
          });
        }
      });
});
