import { describe, expect, it } from 'vitest';
import {
  CAPTURE_DEFAULTS,
  captureDuration,
  captureSpeed,
} from '../../src/walk3d/authoring/capture-like';
import { STANDING } from '../../src/walk3d/find-cycle';
import { IKWalker } from '../../src/walk3d/ik-walker';
import type { Walk3DStage } from '../../src/demos/shared/walk3d-stage';
import { recutRig, type Rig, rigFromBvh } from '../../src/walk3d/rig';
import { rigFromMessage, rigToMessage } from '../../src/walk3d/rig-transfer';
import { SEED_TERRAINS, TerrainSet } from '../../src/walk3d/terrain3d';
import { Walker } from '../../src/walk3d/walker';
import {
  analyseWalk,
  findLegs,
  type IKRigDef,
  type SupportRule,
} from '../../src/walk3d/walk-analysis';
import { parseBvh } from '../../src/walk3d/bvh';
import { reorient } from '../../src/walk3d/reorient';
import { resampleClip } from '../../src/walk3d/resample';
import { captureAt, captureText, terrainOf, walkGaps } from './capture-walks';
import { clipText } from './clip-text';
import { defaultValues } from '../../src/demos/params';
import { FakeControls, runDemo } from './fake-controls';
import { loadedDemo } from './loaded-demos';

// Issue 19: captures that stand, start, walk and stop, at 120 fps with noise, under CMU's and
// Mixamo's names (authored from the course's gait curves, so the truth is known).
const o = CAPTURE_DEFAULTS;
const defOf = (rig: Rig) => findLegs(rig.skeleton, rig.scale) as IKRigDef;

describe('a start–walk–stop capture is cut to one cycle, at the walking system’s 30 fps', () => {
  const rig = rigFromBvh(captureText());
  const src = rig.source;
  const dt = src.clip.frameTime;

  it('reads the 120 fps file at 30 fps and says so', () => {
    expect(src.fps).toBeCloseTo(120, 6);
    expect(src.frames).toBe(Math.round(captureDuration(o) * 120));
    expect(dt).toBeCloseTo(1 / 30, 9);
    expect(rig.notes.join(' ')).toMatch(/resampled from 120 to 30 fps/);
  });

  it('the cycle is one gait cycle (by the authored phase), all of it at full speed', () => {
    const [from, to] = src.range;
    const phase = (f: number) => captureSpeed(o, f * dt).phase;
    expect(phase(to) - phase(from)).toBeGreaterThan(1 - dt / o.proportions.cycle);
    expect(phase(to) - phase(from)).toBeLessThan(1 + dt / o.proportions.cycle);
    for (let f = from; f <= to; f++) expect(captureSpeed(o, f * dt).speed).toBeGreaterThan(0.9);
    expect(rig.notes.join(' ')).toMatch(/walk cycle found: frames \d+–\d+/);
    expect(rig.walk.clip.frameCount).toBe(to - from);
  });

  it('the idle is the capture’s standing, with no travel in it', () => {
    const [a, b] = src.idleRange!;
    expect((b - a) * dt).toBeGreaterThanOrEqual(0.4);
    // Standing is hips under STANDING (8%) of the walk's top speed: the authored speed agrees.
    for (let f = a; f < b; f++) expect(captureSpeed(o, f * dt).speed).toBeLessThan(STANDING);
    expect(a).toBe(0);
    expect(b * dt).toBeGreaterThanOrEqual(o.standBefore);
    const hips = rig.idle.tracks.find((t) => t.translations)!.translations!;
    let drift = 0;
    for (let k = 0; k < hips.length; k += 3)
      drift = Math.max(drift, Math.hypot(hips[k]!, hips[k + 1]!));
    // Centred on the spot: the hips move no more than the noise (0.1 cm a frame).
    expect(drift).toBeLessThan(1);
  });

  it('finds the legs by CMU’s names and by Mixamo’s', () => {
    expect(defOf(rig).naming).toMatch(/^CMU-style \(LeftHip, LeftKnee, LeftAnkle\)/);
    const mixamo = rigFromBvh(captureText({ names: 'mixamo' }));
    expect(defOf(mixamo).naming).toMatch(/^Mixamo \(mixamorig:LeftUpLeg/);
  });

  it('a clip that is one clean cycle is left whole', () => {
    const walk = rigFromBvh(clipText('walk'), clipText('idle'));
    expect(walk.source.range).toEqual([0, walk.source.clip.frameCount]);
    expect(walk.source.choice?.whole).toBe(true);
    expect(walk.notes).toEqual([]);
  });

  it('a range outside the clip is refused with what is allowed', () => {
    expect(() => rigFromBvh(captureText(), null, { range: [10, 9999] })).toThrow(
      /0 ≤ first, last ≤ \d+ and at least 2 frames/,
    );
    const own = rigFromBvh(captureText(), null, { range: [60, 93] });
    expect(own.source.range).toEqual([60, 93]);
    expect(own.walk.clip.frameCount).toBe(33);
  });
});

describe('the same walk keyed at 30, 60 and 120 fps walks the same', () => {
  it('on the hills for 20 s: ankles within 0.01 units of each other, the same number of plans', () => {
    const runs = ([30, 60, 120] as const).map((fps) => {
      const rig = rigFromBvh(captureAt(fps));
      const def = defOf(rig);
      const w = new IKWalker(def, rig.walkWithTravel, rig.idle, terrainOf(SEED_TERRAINS.basic()));
      w.turn = 1;
      w.turnSpeed = 0.17;
      const ankles: number[] = [];
      for (let i = 0; i < 20 * 60; i++) {
        w.update(1 / 60);
        for (const leg of def.legs)
          for (let c = 0; c < 3; c++) ankles.push(w.matrices[16 * leg.ee + 12 + c]!);
      }
      return { ankles, solves: w.stats.F.count };
    });
    for (const r of runs.slice(1)) {
      let worst = 0;
      for (let k = 0; k < r.ankles.length; k += 3)
        worst = Math.max(
          worst,
          Math.hypot(
            r.ankles[k]! - runs[0]!.ankles[k]!,
            r.ankles[k + 1]! - runs[0]!.ankles[k + 1]!,
            r.ankles[k + 2]! - runs[0]!.ankles[k + 2]!,
          ),
        );
      expect(worst).toBeLessThan(0.01);
      // Planning and IK run once per new 30 fps frame whatever the file's rate: the cost per
      // tick does not grow with it (20 s at play rate 0.7 → about 420 frames).
      expect(r.solves).toBe(runs[0]!.solves);
    }
    expect(runs[0]!.solves).toBeGreaterThan(400);
    expect(runs[0]!.solves).toBeLessThan(440);
  });
});

describe('on every walk clip, IK keeps planted feet nearer the ground than plain playback', () => {
  const clips: [string, () => Rig][] = [
    ['the course’s humanoid', () => rigFromBvh(clipText('walk'), clipText('idle'))],
    ['the strider', () => rigFromBvh(clipText('strider-walk'), clipText('strider-idle'))],
    ['a 120 fps CMU-named capture', () => rigFromBvh(captureText())],
    ['a 120 fps Mixamo-named capture', () => rigFromBvh(captureText({ names: 'mixamo', seed: 5 }))],
    ['the capture at 30 fps', () => rigFromBvh(captureAt(30))],
  ];
  for (const [name, make] of clips)
    it(name, () => {
      const rig = make();
      const hills = terrainOf(SEED_TERRAINS.basic());
      const on = walkGaps(rig, hills, { ik: true, seconds: 20, turnSpeed: 0.17 });
      const off = walkGaps(rig, hills, { ik: false, seconds: 20, turnSpeed: 0.17 });
      expect(on.nan + off.nan).toBe(0);
      expect(on.count).toBeGreaterThan(300);
      expect(on.p95).toBeLessThan(0.75 * off.p95);
      // The strider comes closest: its deepest sink is 1.28 with IK against 2.10 without.
      expect(on.deepest).toBeLessThan(0.65 * off.deepest);
      // On flat ground plain playback is the clip itself, exact to a few hundredths: IK must not
      // make it worse by more than 0.05 units (1 cm on this 9-unit figure; the issue saw −1.7).
      const flatOn = walkGaps(rig, new TerrainSet(), { ik: true, seconds: 10 });
      const flatOff = walkGaps(rig, new TerrainSet(), { ik: false, seconds: 10 });
      expect(flatOn.p95).toBeLessThan(flatOff.p95 + 0.05);
      expect(flatOn.deepest).toBeLessThan(flatOff.deepest + 0.05);
      expect(flatOn.deepest).toBeLessThan(0.2);
      // Plain playback follows the clip's hips: a foot's plan read past its end (held at its
      // landing point) once pulled them down at each change of foot, sinking the planted foot
      // up to 0.12 on the captures (now 0.04–0.07 on these clips).
      expect(flatOff.deepest).toBeLessThan(0.075);
    });
});

describe('standing still does not slide', () => {
  const rigs = [
    ['the capture’s standing', rigFromBvh(captureText())],
    ['the humanoid’s idle', rigFromBvh(clipText('walk'), clipText('idle'))],
  ] as const;
  for (const [which, rig] of rigs)
    for (const [name, terrain] of [
      ['flat ground', new TerrainSet()],
      ['the hills', terrainOf(SEED_TERRAINS.basic())],
    ] as const)
      it(`${which} on ${name}: once settled (6 s), the feet move less than 0.02 units in 4 s (IK walker and plain walker)`, () => {
        const def = defOf(rig);
        const ik = new IKWalker(def, rig.walkWithTravel, rig.idle, terrain, { x: 3, y: 2 });
        ik.walking = false;
        ik.weight = 0;
        const plain = new Walker(rig.skeleton, rig.walk, rig.idle, terrain);
        plain.scale = rig.scale;
        plain.walking = false;
        plain.weight = 0;
        plain.settle();
        for (const w of [ik, plain]) {
          // Made walking, then stopped: a foot caught mid-stride first creeps to where the idle
          // leg can stand (measured: under 1 s on flat ground, 3 s on the hills; the capture with
          // double support moves its right foot 0.028 once more, 4.5 s in); from then on nothing
          // may move.
          for (let i = 0; i < 6 * 60; i++) w.update(1 / 60);
          // Each foot's mean position over the first and the last second of 4: a slide moves the
          // mean; the capture's noise (about 0.5 cm at the ankle) only jitters about it.
          const means = [0, 1].map((k) => {
            const sum = def.legs.map(() => ({ x: 0, y: 0 }));
            for (let i = 0; i < 60; i++) {
              w.update(1 / 60);
              def.legs.forEach((l, c) => {
                const p = w.jointPosition(l.ee, new Float64Array(3));
                sum[c]!.x += p[0]! / 60;
                sum[c]!.y += p[1]! / 60;
              });
            }
            if (k === 0) for (let i = 0; i < 2 * 60; i++) w.update(1 / 60);
            return sum;
          });
          const slide = Math.max(
            ...def.legs.map((_, c) =>
              Math.hypot(means[1]![c]!.x - means[0]![c]!.x, means[1]![c]!.y - means[0]![c]!.y),
            ),
          );
          expect(slide, w === ik ? 'IK walker' : 'plain walker').toBeLessThan(0.02);
        }
      });
});

describe('what the walking system cannot use, it refuses with the reason', () => {
  it('a two-footed hop at 120 fps', () => {
    const rig = rigFromBvh(captureText({ hop: true }));
    expect(() => new IKWalker(defOf(rig), rig.walkWithTravel, rig.idle, new TerrainSet())).toThrow(
      /both feet leave the ground for \d\.\d\d s .*a hop or a run/,
    );
  });
});

describe('lesson 15 with a capture dropped on it', () => {
  const lesson15 = () => {
    const def = loadedDemo('ik-walk')!;
    const controls = new FakeControls();
    const demo = def.create({ controls }, defaultValues(def.params) as never);
    for (let i = 0; i < 30; i++) demo.update(1 / 60);
    return { demo, controls };
  };

  it('takes the 120 fps start–walk–stop capture and says what it did to it', () => {
    const { demo, controls } = lesson15();
    controls.act('bvh', ['subject01.bvh', captureText()]);
    const msg = controls.fileMessages.get('bvh')!;
    expect(msg.isError).toBe(false);
    const frames = Math.round(captureDuration(o) * 120);
    expect(msg.message).toMatch(
      new RegExp(`^Loaded subject01\\.bvh: 28 joints, ${frames} frames at 120 fps\\.`),
    );
    expect(msg.message).toMatch(/Resampled from 120 to 30 fps/);
    expect(msg.message).toMatch(/Walk cycle found: frames \d+–\d+, a 1\.10 s cycle \(/);
    expect(msg.message).toMatch(/Idle: the standing frames 0–\d+/);
    expect(msg.message).toMatch(/Legs found by name: CMU-style \(LeftHip, LeftKnee, LeftAnkle\)/);
    for (let i = 0; i < 120; i++) demo.update(1 / 60);
    expect(controls.readouts.get('position')).not.toMatch(/NaN/);
  });

  it('refuses a one-legged rig, naming what is missing, and keeps walking with its clip', () => {
    const { demo, controls } = lesson15();
    const before = controls.readouts.get('position');
    const peg = captureText().replaceAll('RightAnkle', 'RightPaw');
    controls.act('bvh', ['peg.bvh', peg]);
    const msg = controls.fileMessages.get('bvh')!;
    expect(msg.isError).toBe(true);
    expect(msg.message).toMatch(
      /^peg\.bvh was not loaded: the walking system needs two legs: no joint named RightFoot \(or RightAnkle\).*The walker keeps its clip\.$/,
    );
    for (let i = 0; i < 60; i++) demo.update(1 / 60);
    expect(controls.readouts.get('position')).not.toBe(before);
  });
});

describe('why the capture is resampled (lesson 13’s claim)', () => {
  const raw = (noise: boolean) => {
    const bvh = parseBvh(captureText(noise ? {} : { noiseDegrees: 0, noiseCm: 0 }));
    const read = reorient(bvh.skeleton, bvh.clip, [0, 1, 0], [0, 0, 1]);
    const rig = rigFromBvh(captureText());
    const def = { ...defOf(rig), skeleton: read.skeleton };
    return (rule: SupportRule) => analyseWalk(def, read.clip, 'walk', undefined, rule);
  };
  it('read at its own 120 fps, the noisy capture is taken for a 0.14 s hop under the seed’s rule; without the noise, or read foot by foot, it is not', () => {
    expect(raw(true)('opposite').cannotWalk).toMatch(/^both feet leave the ground for 0\.14 s/);
    expect(raw(false)('opposite').cannotWalk).toBeNull();
    // Each foot's reading also looks at the toes, which the noise moves less than d_min.
    expect(raw(true)('each').cannotWalk).toBeNull();
  });
});

describe('a rig read in a worker comes back whole', () => {
  it('through structured clone (as postMessage sends it), the rig walks exactly as the one it was', () => {
    const rig = rigFromBvh(captureText());
    const { data, transfer } = rigToMessage(rig);
    const back = rigFromMessage(structuredClone(data, { transfer }));
    expect(back.notes).toEqual(rig.notes);
    expect(back.source.range).toEqual(rig.source.range);
    // The original's buffers went with the message; a fresh read is the one to compare with.
    const fresh = rigFromBvh(captureText());
    const walk = (r: Rig) => {
      const w = new IKWalker(defOf(r), r.walkWithTravel, r.idle, terrainOf(SEED_TERRAINS.basic()));
      for (let i = 0; i < 300; i++) w.update(1 / 60);
      return Array.from(w.matrices);
    };
    expect(walk(back)).toEqual(walk(fresh));
  });

  it('a recut from the clip already read equals reading the file again with that range', () => {
    const rig = rigFromBvh(captureText());
    const again = rigFromBvh(captureText(), null, { range: [60, 93] });
    const recut = recutRig(rig, [60, 93]);
    expect(recut.notes).toEqual(again.notes);
    expect(Array.from(recut.walkWithTravel.tracks[0]!.translations!)).toEqual(
      Array.from(again.walkWithTravel.tracks[0]!.translations!),
    );
  });
});

describe('lesson 15 keeps its walker on the terrain', () => {
  const walkFor = (stay: string, seconds: number) => {
    const { demo, controls } = runDemo('ik-walk', { stay });
    const off: number[] = [];
    for (let i = 0; i < seconds * 60; i++) {
      demo.update(1 / 60);
      if (i % 30 === 0 && /^off every terrain/.test(controls.readouts.get('ground') ?? ''))
        off.push(i / 60);
    }
    return { off, controls };
  };

  it('with “Stay on the terrain” it turns home near the hills’ edge and is on them for 60 s', () => {
    const { off, controls } = walkFor('true', 60);
    expect(off).toEqual([]);
    expect(controls.readouts.get('ground')).toMatch(
      /^on Hills \(250 bumps\), \d+ units inside its edge/,
    );
  }, 60_000);

  it('on the three overlapping terrains the seams are not edges: from the start it walks straight on for 10 s', () => {
    const { demo, controls } = runDemo('ik-walk', { terrain: 'three' });
    for (let i = 0; i < 600; i++) demo.update(1 / 60);
    expect(controls.readouts.get('position')).toMatch(/, 0°$/);
  });

  it('a stopped walker near the edge stands still: it turns home only while walking', () => {
    const { demo, controls } = runDemo('ik-walk', { walking: 'false' });
    const stage = demo.surface as unknown as Walk3DStage<IKWalker>;
    stage.walker.placeAt(0, 95, 0);
    for (let i = 0; i < 300; i++) demo.update(1 / 60);
    expect(controls.readouts.get('position')).toMatch(/, 0°$/);
    expect(controls.readouts.get('ground')).not.toMatch(/turning home/);
  });

  it('without it the walker walks off the hills, and the readout says so', () => {
    const { off, controls } = walkFor('false', 40);
    expect(off.length).toBeGreaterThan(0);
    expect(controls.readouts.get('ground')).toMatch(
      /^off every terrain: walking on z = 0 \(tick “Stay on the terrain” to turn home\)$/,
    );
  }, 60_000);
});

describe('lesson 15 marks a planted foot off its height on the picture', () => {
  it('IK off on the hills: a red “in the ground” mark from the ankle down by the gap, as the readout has it', () => {
    const { demo, controls } = runDemo('ik-walk', { ik: 'false' });
    const view = (demo.surface as unknown as Walk3DStage<IKWalker>).view;
    let seen = null as null | { text: string; drop: number; color: string };
    for (let i = 0; i < 40 * 60 && !seen; i++) {
      demo.update(1 / 60);
      const m = view.marks.find((k) => /in the ground/.test(k.text));
      if (m) seen = { text: m.text, drop: m.from[2]! - m.to[2]!, color: m.color };
    }
    expect(seen).not.toBeNull();
    const gap = Number(/([\d.]+)$/.exec(seen!.text)![1]);
    expect(gap).toBeGreaterThan(0.05);
    // The line runs from the ankle up to where the ankle should be: the gap, upwards.
    expect(-seen!.drop).toBeCloseTo(gap, 2);
    expect(seen!.color).toBe('#d03030');
    expect(controls.readouts.get('worst')).toMatch(/^[\d.]+ · [\d.]+$/);
  });
});

describe('the camera on the feet (lessons 12 and 15)', () => {
  for (const id of ['terrain-walk', 'ik-walk'])
    it(`${id}: “Camera on: feet” aims half way between the ankles; hips aims at the hips`, () => {
      const { demo, controls } = runDemo(id, { aim: 'feet' });
      const stage = demo.surface as unknown as Walk3DStage<IKWalker>;
      demo.update(1 / 60);
      const legs = defOf(stage.rig).legs;
      const a = stage.walker.jointPosition(legs[0].ee, new Float64Array(3));
      const b = stage.walker.jointPosition(legs[1].ee, new Float64Array(3));
      const t = stage.view.camera.target;
      for (let k = 0; k < 3; k++) expect(t[k]).toBeCloseTo((a[k]! + b[k]!) / 2, 6);
      controls.act('aim', 'hips');
      demo.update(1 / 60);
      const hips = stage.walker.aimPoint(new Float64Array(3));
      for (let k = 0; k < 3; k++) expect(t[k]).toBeCloseTo(hips[k]!, 6);
      expect(demo.currentParams!().aim).toBe('hips');
    });
});

describe('captures the finder cannot cut', () => {
  it('a walk too short to have a steady cycle is played whole, with a warning that says why', () => {
    const rig = rigFromBvh(captureText({ cycles: 0, ramp: 0.6 }));
    expect(rig.source.range).toEqual([0, rig.source.clip.frameCount]);
    expect(rig.warnings.join(' ')).toMatch(
      /^no walk cycle found: the hips keep 90% of their top speed for [\d.]+ s at most, and a cycle needs 0\.6 s/,
    );
  });

  it('resampling never runs past the last key (where the clip would wrap to its first frame)', () => {
    // 48 → 30 fps: N frames give round(0.625 N) samples, the last at (round(0.625 N) − 1) / 30 s,
    // which is past the last key, (N − 1) / 48 s, when N is 4 more than a multiple of 8. Eight
    // lengths in a row cover every case.
    for (let k = 0; k < 8; k++) {
      const standAfter = 1 + k / 48;
      const o = { fps: 48, standAfter, noiseCm: 0, noiseDegrees: 0 };
      const bvh = parseBvh(captureText(o));
      const clip = resampleClip(bvh.clip, bvh.skeleton, 30);
      const hips = clip.tracks[0]!.translations!;
      const n = clip.frameCount;
      // Forward is BVH's z: the walk never goes back, least of all in its last frame.
      expect(hips[3 * (n - 1) + 2]!).toBeGreaterThanOrEqual(hips[3 * (n - 2) + 2]! - 1e-6);
    }
  });
});
