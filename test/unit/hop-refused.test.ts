import { describe, expect, it } from 'vitest';
import { Pose } from '../../src/walk3d/pose';
import { defaultValues } from '../../src/demos/params';
import { rigFromBvh } from '../../src/walk3d/rig';
import {
  analyseWalk,
  findLegs,
  type IKRigDef,
  MAX_FLIGHT,
  MIN_TRAVEL,
} from '../../src/walk3d/walk-analysis';
import { clipText } from './clip-text';
import { FakeControls } from './fake-controls';
import { loadedDemo } from './loaded-demos';

/**
 * The shipped walk with a hop in it: from frame `from`, for `frames` frames, the hips (and with
 * them both feet) rise and fall by up to `height` model units.
 */
function withHop(from: number, frames: number, height: number): string {
  const lines = clipText('walk').split('\n');
  const first = lines.findIndex((l) => l.startsWith('Frame Time')) + 1;
  for (let k = 0; k < frames; k++) {
    const i = first + from + k;
    const v = lines[i]!.trim().split(/\s+/).map(Number);
    v[1] = v[1]! + height * Math.sin((Math.PI * (k + 1)) / (frames + 1));
    lines[i] = v.map((x) => x.toFixed(4)).join(' ');
  }
  return lines.join('\n');
}

describe('a clip the walking system cannot walk with is refused, with its reason', () => {
  it('the shipped walks keep a foot planted throughout', () => {
    for (const which of ['walk', 'strider-walk'] as const) {
      const rig = rigFromBvh(clipText(which));
      const def = findLegs(rig.skeleton, rig.scale) as IKRigDef;
      expect(analyseWalk(def, rig.walkWithTravel, 'walk').cannotWalk, which).toBeNull();
    }
  });

  it('a hop of 8 frames (0.27 s) is found, with how long and from when', () => {
    const rig = rigFromBvh(withHop(12, 8, 25));
    const def = findLegs(rig.skeleton, rig.scale) as IKRigDef;
    const why = analyseWalk(def, rig.walkWithTravel, 'walk').cannotWalk;
    expect(why).toMatch(
      /^both feet leave the ground for ([\d.]+) s \(from ([\d.]+) s\): a hop or a run/,
    );
    const [, seconds, from] = /for ([\d.]+) s \(from ([\d.]+) s\)/.exec(why!)!.map(Number);
    // The oracle: the hop's own frames, give or take the frame either side where a foot moves.
    expect(seconds).toBeGreaterThan(MAX_FLIGHT);
    expect(seconds).toBeGreaterThanOrEqual(6 / 30 - 1e-9);
    expect(seconds).toBeLessThanOrEqual(10 / 30 + 1e-9);
    expect(Math.abs(from! - 12 / 30)).toBeLessThanOrEqual(2 / 30 + 1e-9);
  });

  it('lesson 15 refuses the hop and its walker keeps walking with the clip it had', () => {
    const def = loadedDemo('ik-walk')!;
    const controls = new FakeControls();
    const demo = def.create({ controls }, defaultValues(def.params) as never);
    for (let i = 0; i < 60; i++) demo.update(1 / 60);
    const at = () => controls.readouts.get('position')!;
    const before = at();
    controls.act('bvh', ['hop.bvh', withHop(12, 8, 25)]);
    const msg = controls.fileMessages.get('bvh')!;
    expect(msg.isError).toBe(true);
    expect(msg.message).toMatch(
      /^hop\.bvh was not loaded: .*both feet leave the ground for [\d.]+ s .*a hop or a run.*The walker keeps its clip\.$/,
    );
    for (let i = 0; i < 60; i++) demo.update(1 / 60);
    expect(at()).not.toBe(before);
    expect(at()).not.toMatch(/NaN/);
  });
});

describe('with no idle clip, the walk’s first frame stands in place', () => {
  it('a walk recorded 40 units in front of the origin stops where it walks, not 40 units off', () => {
    // Every frame's root moved 40 units along BVH's front (Z, the third position channel).
    const lines = clipText('walk').split('\n');
    const first = lines.findIndex((l) => l.startsWith('Frame Time')) + 1;
    for (let i = first; i < lines.length && lines[i]!.trim(); i++) {
      const v = lines[i]!.trim().split(/\s+/).map(Number);
      v[2] = v[2]! + 40;
      lines[i] = v.map((x) => x.toFixed(4)).join(' ');
    }
    const rig = rigFromBvh(lines.join('\n'));
    const root = rig.skeleton.joints.findIndex((j) => j.parent < 0);
    const rootAt = (clip: typeof rig.idle) =>
      Array.from(
        clip.sample(0, new Pose(rig.skeleton).toBind()).t.subarray(3 * root, 3 * root + 3),
      );
    const idle = rootAt(rig.idle);
    const walking = rootAt(rig.walk.clip);
    // The oracle: the walk as played (its travel taken out) at the moment it stops.
    for (let c = 0; c < 3; c++)
      expect(Math.abs(idle[c]! - walking[c]!), `axis ${c}`).toBeLessThan(1e-9);
  });
});

describe('lesson 15 shows what the walking system’s validator says of a loaded clip', () => {
  it('a knee that hinges in the plane of motion is named in the load message', () => {
    // LeftLeg twisted about its own bone (BVH's Y) by four times its bend: the ankle, on that bone,
    // goes where it went, but the knee now turns mostly about an axis in the plane of motion.
    const lines = clipText('walk').split('\n');
    let channel = 0;
    let knee = -1;
    for (const [i, line] of lines.entries()) {
      const m = /CHANNELS (\d+)/.exec(line);
      if (!m) continue;
      if (/JOINT LeftLeg\b/.test(lines[i - 3] ?? '')) knee = channel;
      channel += Number(m[1]);
    }
    expect(knee).toBeGreaterThan(0);
    const first = lines.findIndex((l) => l.startsWith('Frame Time')) + 1;
    for (let i = first; i < lines.length && lines[i]!.trim(); i++) {
      const v = lines[i]!.trim().split(/\s+/).map(Number);
      // Its channels: Zrotation Xrotation Yrotation.
      v[knee + 2] = 4 * v[knee + 1]!;
      lines[i] = v.map((x) => x.toFixed(4)).join(' ');
    }
    const text = lines.join('\n');
    const def = loadedDemo('ik-walk')!;
    const controls = new FakeControls();
    const demo = def.create({ controls }, defaultValues(def.params) as never);
    demo.update(1 / 60);
    controls.act('bvh', ['sideways-knee.bvh', text]);
    const msg = controls.fileMessages.get('bvh')!;
    expect(msg.isError, msg.message).toBe(false);
    expect(msg.message, msg.message).toMatch(
      /Warning: "LeftLeg" turns mostly about an axis in the plane of motion: IK may not follow its targets\./,
    );
    // The shipped walk has no such warning.
    controls.act('bvh', ['walk.bvh', clipText('walk')]);
    expect(controls.fileMessages.get('bvh')!.message).not.toMatch(/plane of motion/);
  });
});

describe('a walk exported "in place" is named as such, not as a hop', () => {
  it('the shipped walk with its forward travel taken out is refused for its lack of travel', () => {
    // BVH's front is Z, the third position channel: pinned to the first frame's value.
    const lines = clipText('walk').split('\n');
    const first = lines.findIndex((l) => l.startsWith('Frame Time')) + 1;
    const z0 = Number(lines[first]!.trim().split(/\s+/)[2]);
    for (let i = first; i < lines.length && lines[i]!.trim(); i++) {
      const v = lines[i]!.trim().split(/\s+/).map(Number);
      v[2] = z0;
      lines[i] = v.map((x) => x.toFixed(4)).join(' ');
    }
    const rig = rigFromBvh(lines.join('\n'));
    const def = findLegs(rig.skeleton, rig.scale) as IKRigDef;
    const why = analyseWalk(def, rig.walkWithTravel, 'walk').cannotWalk;
    expect(why).toMatch(/^the hips travel 0\.00 per cycle .*a walk "in place"/);
    // The shipped walk travels 1.74 legs a cycle, far above the 0.1 that marks "in place".
    const shipped = rigFromBvh(clipText('walk'));
    const legs = findLegs(shipped.skeleton, shipped.scale) as IKRigDef;
    const a = analyseWalk(legs, shipped.walkWithTravel, 'walk');
    expect(a.cannotWalk).toBeNull();
    const leg = (legs.rigHeight * legs.scale) / 2;
    expect(Math.hypot(a.cycle[0]!, a.cycle[1]!)).toBeGreaterThan(MIN_TRAVEL * leg * 5);
  });
});
