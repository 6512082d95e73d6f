import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quat, quatAngle, mulQuat, conjugate } from '../../src/math/quat';
import { clipFiles } from '../../src/walk3d/authoring/clip-files';
import { BvhError, parseBvh, writeBvh } from '../../src/walk3d/bvh';
import { forwardKinematics, Pose } from '../../src/walk3d/pose';
import { reorient } from '../../src/walk3d/reorient';
import { extractRootMotion, forwardAt } from '../../src/walk3d/root-motion';
import { mulberry32 } from '../../src/math/random';
import { gaussianTerrain, type Heightfield, TerrainSet } from '../../src/walk3d/terrain3d';
import { Walker } from '../../src/walk3d/walker';

const shipped = (name: string) =>
  readFileSync(resolve(import.meta.dirname, '../../public/clips', name), 'utf8');

/** The shipped walk and idle, read and turned Z up, Y front, as the course uses them. */
function humanoid() {
  const walk = parseBvh(shipped('walk.bvh'), 'walk');
  const idle = parseBvh(shipped('idle.bvh'), 'idle');
  const w = reorient(walk.skeleton, walk.clip, [0, 1, 0], [0, 0, 1]);
  const i = reorient(idle.skeleton, idle.clip, [0, 1, 0], [0, 0, 1]);
  return { skeleton: w.skeleton, walk: extractRootMotion(w.clip, 0), idle: i.clip };
}

const angleBetween = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  quatAngle(mulQuat(quat(), conjugate(quat(), a), b));

describe('the shipped BVH clips', () => {
  it('are exactly what the gait authoring writes (npm run clips), and read back to the same file', () => {
    for (const { name, text } of clipFiles()) {
      expect(shipped(name), name).toBe(text);
      const parsed = parseBvh(text);
      expect(writeBvh(parsed.skeleton, parsed.clip)).toBe(text);
    }
  });

  it('keep every bone length and move only from the hips (seed 000 §9.3)', () => {
    const { skeleton, clip } = parseBvh(shipped('walk.bvh'));
    const withTranslation = clip.tracks
      .filter((t) => t.translations)
      .map((t) => skeleton.joints[t.joint]!.name);
    expect(withTranslation).toEqual(['Hips']);
    expect(skeleton.count).toBe(26);
    expect(clip.frameCount).toBe(33);
    expect(clip.frameTime).toBeCloseTo(1 / 30, 9);
  });

  it('loop: the pose just before the end is the pose at the start, a frame’s turn away', () => {
    const { skeleton, clip } = parseBvh(shipped('walk.bvh'));
    const a = clip.sample(0, new Pose(skeleton));
    const b = clip.sample(clip.duration - 1e-9, new Pose(skeleton));
    for (let j = 0; j < skeleton.count; j++)
      expect(
        angleBetween(a.r.subarray(4 * j, 4 * j + 4), b.r.subarray(4 * j, 4 * j + 4)),
      ).toBeLessThan(1e-6);
  });

  it('walk on the floor: one foot always down (height 0), and a planted foot does not slide', () => {
    const h = humanoid();
    const pose = new Pose(h.skeleton);
    const m = new Float64Array(16 * h.skeleton.count);
    const toes = ['LeftToe', 'RightToe'].map((n) => h.skeleton.indexOf(n));
    const frames = h.walk.clip.frameCount;
    let prev: number[] | null = null;
    let planted = 0;
    for (let f = 0; f < frames; f++) {
      const t = f * h.walk.clip.frameTime;
      h.walk.clip.sample(t, pose.toBind());
      forwardKinematics(pose, m);
      const fwd = forwardAt(h.walk.motion, t);
      const ys = toes.map((i) => m[16 * i + 14]!);
      const world = toes.map((i) => m[16 * i + 13]! + fwd);
      // Z is up now; heel or ball of one foot is on the floor, nothing below it.
      expect(Math.min(...ys)).toBeGreaterThan(-0.5);
      toes.forEach((_, k) => {
        if (prev && ys[k]! < 0.2) {
          planted++;
          expect(Math.abs(world[k]! - prev[k]!)).toBeLessThan(0.6); // cm per frame
        }
      });
      prev = world;
    }
    expect(planted).toBeGreaterThan(frames / 2);
    expect(h.walk.motion.perCycle).toBeGreaterThan(120);
    expect(h.walk.motion.perCycle).toBeLessThan(170);
  });
});

describe('clip sampling', () => {
  it('is exact at a frame, in between halfway, and loops in both directions', () => {
    const { skeleton, clip } = parseBvh(shipped('walk.bvh'));
    const knee = skeleton.indexOf('LeftLeg');
    const track = clip.tracks.find((t) => t.joint === knee)!;
    const key = (k: number) => track.rotations!.subarray(4 * k, 4 * k + 4);
    const at = (t: number) => clip.sample(t, new Pose(skeleton)).r.subarray(4 * knee, 4 * knee + 4);
    const dt = clip.frameTime;
    expect(angleBetween(at(5 * dt), key(5))).toBeLessThan(1e-9);
    const mid = at(5.5 * dt);
    expect(angleBetween(mid, key(5))).toBeCloseTo(angleBetween(key(5), key(6)) / 2, 6);
    expect(angleBetween(at(5 * dt + clip.duration), key(5))).toBeLessThan(1e-6);
    expect(angleBetween(at(5 * dt - 3 * clip.duration), key(5))).toBeLessThan(1e-6);
    // After the last frame comes the first (seed 000: the next of frame n−1 is 0).
    expect(clip.frameAt(clip.duration - dt / 2)).toMatchObject({ frame: 32, next: 0 });
    expect(clip.frameAt(clip.duration - dt / 2).u).toBeCloseTo(0.5, 6);
  });

  it('cross-fades idle into walk over crossFade seconds of animation time, then walks forward', () => {
    const h = humanoid();
    const w = new Walker(h.skeleton, h.walk, h.idle);
    w.update(1 / 60);
    expect(w.weight).toBe(0);
    w.walking = true;
    const weights: number[] = [];
    for (let f = 0; f < 60; f++) {
      w.update(1 / 60);
      weights.push(w.weight);
    }
    // 0.5 s of animation at play rate 0.7 takes 0.714 s: 42.9 frames of 1/60 s.
    expect(weights[20]!).toBeCloseTo(((21 / 60) * 0.7) / 0.5, 6);
    expect(weights[41]!).toBeLessThan(1);
    expect(weights[42]!).toBe(1);
    const y0 = w.position[1]!;
    for (let f = 0; f < 120; f++) w.update(1 / 60);
    // Two seconds at play rate 0.7: 1.27 cycles of ~1.45 m at scale 0.05.
    expect(w.position[1]! - y0).toBeGreaterThan(6);
    expect(Math.abs(w.position[0]!)).toBeLessThan(1e-9);
  });

  it('turns with its angular speed and walks where it faces', () => {
    const h = humanoid();
    const w = new Walker(h.skeleton, h.walk, h.idle);
    w.walking = true;
    w.weight = 1;
    w.turn = 1;
    for (let f = 0; f < 60; f++) w.update(1 / 60);
    expect(w.facing).toBeCloseTo(0.8 * 0.7, 6); // rotationAngle += ΔT_a · rotationSpeed
    w.turn = 0;
    const p0 = [w.position[0]!, w.position[1]!];
    for (let f = 0; f < 60; f++) w.update(1 / 60);
    const dir = Math.atan2(-(w.position[0]! - p0[0]!), w.position[1]! - p0[1]!);
    expect(dir).toBeCloseTo(w.facing, 2);
  });
});

describe('BVH errors name the line and what was expected', () => {
  const good = shipped('idle.bvh');
  const lines = good.split('\n');
  const withLine = (k: number, text: string) =>
    [...lines.slice(0, k), text, ...lines.slice(k + 1)].join('\n');
  const error = (text: string): BvhError => {
    try {
      parseBvh(text);
    } catch (e) {
      if (e instanceof BvhError) return e;
      throw e;
    }
    throw new Error('no error');
  };
  const motion = lines.indexOf('MOTION');
  const cases: [string, string, number, RegExp][] = [
    ['not a BVH at all', 'hello', 1, /expected "HIERARCHY" to begin the file, got "hello"/],
    [
      'a typo in OFFSET',
      withLine(3, '  OFSET 0 94 0'),
      4,
      /expected "OFFSET x y z" for joint "Hips"/,
    ],
    [
      'a word for a number',
      withLine(3, '  OFFSET 0 ninety 0'),
      4,
      /expected a number in OFFSET, got "ninety"/,
    ],
    [
      'a bad channel',
      withLine(4, '  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Wrotation'),
      5,
      /expected a channel name/,
    ],
    ['a missing brace', withLine(2, ''), 4, /expected "\{" to open joint "Hips"/],
    [
      'no frame time',
      withLine(motion + 2, 'Frame Tme: 0.03'),
      motion + 3,
      /expected "Frame Time: <seconds>"/,
    ],
    ['too few frames', lines.slice(0, motion + 5).join('\n'), motion + 5, /expected frame 3 of 60/],
    [
      'a short frame',
      withLine(motion + 3, '1 2 3'),
      motion + 4,
      /expected 66 numbers for frame 1 \(one per channel\), got "3 values"/,
    ],
    [
      'a zero frame time',
      withLine(motion + 2, 'Frame Time: 0'),
      motion + 3,
      /a frame time from 0.0001 to 10 seconds/,
    ],
    [
      'an absurd frame time (the clip would last for ever)',
      withLine(motion + 2, 'Frame Time: 1e308'),
      motion + 3,
      /a frame time from 0.0001 to 10 seconds/,
    ],
    [
      'the same rotation channel twice',
      withLine(4, '  CHANNELS 6 Xposition Yposition Zposition Xrotation Xrotation Yrotation'),
      5,
      /three rotation channels, one each about X, Y and Z/,
    ],
    [
      'a hexadecimal number',
      withLine(3, '  OFFSET 0x1 94 0'),
      4,
      /expected a number in OFFSET, got "0x1"/,
    ],
    [
      'a small file promising a hundred thousand frames',
      withLine(motion + 1, 'Frames: 100000'),
      motion + 64,
      /expected frame 61 of 100000/,
    ],
  ];
  for (const [what, text, line, message] of cases)
    it(what, () => {
      const e = error(text);
      expect(e.line).toBe(line);
      expect(e.message).toMatch(message);
      expect(e.message.startsWith(`line ${line}: expected `)).toBe(true);
    });
});

describe('terrains from elevation functions (seed 000 §8, §13.1)', () => {
  const field = (
    h: (x: number, y: number) => number,
    extra: Partial<Heightfield> = {},
  ): Heightfield => ({
    h,
    min: [-10, -10],
    max: [10, 10],
    translate: [0, 0, 0],
    scale: [1, 1, 1],
    ...extra,
  });

  it('answers the highest terrain where they overlap, and −∞ off every terrain', () => {
    const set = new TerrainSet().add(field(() => 2)).add(field((x) => x, { translate: [5, 0, 0] }));
    expect(set.heightAt(0, 0)).toBe(2); // 2 against −5
    expect(set.heightAt(12, 0)).toBe(7); // only the moved one reaches x = 12
    expect(set.heightAt(0, 50)).toBe(-Infinity);
  });

  it('moves and scales a terrain: the query maps into its own space and back', () => {
    const set = new TerrainSet().add(
      field((x, y) => x + 2 * y, { translate: [100, 50, 3], scale: [2, 4, 10] }),
    );
    // World (104, 58) is local (2, 2): h = 6, scaled by 10, lifted by 3.
    expect(set.heightAt(104, 58)).toBe(63);
    expect(set.heightAt(100 + 2 * 11, 50)).toBe(-Infinity); // local x = 11, outside [−10, 10]
  });

  it('the Gaussian bumps are the same for the same seed on any machine, and sum as the formula says', () => {
    const o = {
      bumps: 3,
      size: [10, 20] as [number, number],
      sigma: [2, 4] as [number, number],
      domain: [-5, 5] as [number, number],
      seed: 7,
    };
    const a = gaussianTerrain(o);
    const b = gaussianTerrain(o);
    expect(a(1.25, -0.5)).toBe(b(1.25, -0.5));
    expect(gaussianTerrain({ ...o, seed: 8 })(1.25, -0.5)).not.toBe(a(1.25, -0.5));
    // One bump: s / (σ√(2π)) at its centre.
    const one = gaussianTerrain({ ...o, bumps: 1, size: [6, 6], sigma: [2, 2], domain: [3, 3] });
    expect(one(3, 3)).toBeCloseTo(6 / (2 * Math.sqrt(2 * Math.PI)), 12);
    expect(one(5, 3)).toBeCloseTo((6 / (2 * Math.sqrt(2 * Math.PI))) * Math.exp(-4 / 8), 12);
  });

  it('a bump too far to matter is skipped: the hills stay within 1e-12 of the full sum', () => {
    // The hills' options (SEED_TERRAINS.basic), and our own full sum over the same bumps, drawn
    // as the formula says: s, σ, μx, μy from one mulberry32 stream, bump after bump.
    const o = {
      bumps: 250,
      size: [-15, 80] as [number, number],
      sigma: [3, 15] as [number, number],
      domain: [-100, 100] as [number, number],
      seed: 130,
    };
    const rnd = mulberry32(o.seed);
    const at = (r: [number, number]) => r[0] + (r[1] - r[0]) * rnd();
    const bumps = Array.from({ length: o.bumps }, () => {
      const s = at(o.size);
      const sigma = at(o.sigma);
      return { s, sigma, mx: at(o.domain), my: at(o.domain) };
    });
    const full = (x: number, y: number) =>
      bumps.reduce(
        (z, b) =>
          z +
          (b.s / (b.sigma * Math.sqrt(2 * Math.PI))) *
            Math.exp(-((x - b.mx) ** 2 + (y - b.my) ** 2) / (2 * b.sigma ** 2)),
        0,
      );
    const h = gaussianTerrain(o);
    const random = mulberry32(3);
    let worst = 0;
    for (let k = 0; k < 2000; k++) {
      const x = -120 + 240 * random();
      const y = -120 + 240 * random();
      worst = Math.max(worst, Math.abs(h(x, y) - full(x, y)));
    }
    // (Skipping bumps beyond 6σ instead puts it off by 2e-7: this bound catches a cut too near.)
    expect(worst).toBeLessThan(1e-12);
  });

  it('a walker’s root stands on the terrain under it', () => {
    const h = humanoid();
    const terrain = new TerrainSet().add(
      field((x, y) => 0.5 * x + Math.sin(y), { min: [-50, -50], max: [50, 50] }),
    );
    const w = new Walker(h.skeleton, h.walk, h.idle, terrain);
    w.walking = true;
    w.weight = 1;
    w.facing = -0.4;
    for (let f = 0; f < 90; f++) {
      w.update(1 / 60);
      expect(w.position[2]).toBeCloseTo(terrain.heightAt(w.position[0]!, w.position[1]!), 12);
    }
  });
});

describe('reorientation (seed 000 §2.5)', () => {
  it('turns a Y-up, Z-front clip to Z up, Y front: the head goes up +Z, the walk goes +Y', () => {
    const h = humanoid();
    const pose = h.walk.clip.sample(0, new Pose(h.skeleton));
    const m = forwardKinematics(pose, new Float64Array(16 * h.skeleton.count));
    const head = h.skeleton.indexOf('Head');
    const hips = h.skeleton.indexOf('Hips');
    expect(m[16 * head + 14]! - m[16 * hips + 14]!).toBeGreaterThan(50);
    expect(Math.abs(m[16 * head + 12]!)).toBeLessThan(1);
    expect(forwardAt(h.walk.motion, 1)).toBeGreaterThan(100);
    // The character's left (+X in BVH) is now −X: facing +Y with Z up, left is −X.
    const leftHip = h.skeleton.indexOf('LeftUpLeg');
    expect(m[16 * leftHip + 12]!).toBeLessThan(0);
  });
});
