import { describe, expect, it } from 'vitest';
import { IKWalker } from '../../src/walk3d/ik-walker';
import { rigFromBvh } from '../../src/walk3d/rig';
import { type Heightfield, SEED_TERRAINS, TerrainSet } from '../../src/walk3d/terrain3d';
import { analyseWalk, findLegs, type IKRigDef, subAt } from '../../src/walk3d/walk-analysis';
import { clipFeet } from './capture-walks';
import { clipText } from './clip-text';

const bvh = clipText;
const rig = rigFromBvh(bvh('walk'), bvh('idle'));
const def = findLegs(rig.skeleton, rig.scale) as IKRigDef;

const terrainOf = (fields: Heightfield[]) => {
  const t = new TerrainSet();
  for (const f of fields) t.add(f);
  return t;
};
const make = (terrain: TerrainSet, o: { ik?: boolean; turn?: number; turnSpeed?: number } = {}) => {
  const w = new IKWalker(def, rig.walkWithTravel, rig.idle, terrain, { x: 0, y: 0 });
  w.options.ik = o.ik ?? true;
  w.turn = o.turn ?? 0;
  w.turnSpeed = o.turnSpeed ?? 0.8;
  return w;
};

/** Walks for `seconds` and measures the feet against the ground (world units). */
function measure(w: IKWalker, seconds: number, dt = 1 / 60) {
  const planted: number[] = [];
  let sink = 0;
  let swingLow = Infinity;
  let nan = 0;
  const an = w.walk.analysis;
  for (let i = 0; i < Math.round(seconds / dt); i++) {
    w.update(dt);
    if (!w.matrices.every(Number.isFinite)) nan++;
    if (i * dt < 1) continue; // the first steps start from the clip's own pose
    def.legs.forEach((leg, c) => {
      const m = w.matrices;
      const x = m[16 * leg.ee + 12]!;
      const y = m[16 * leg.ee + 13]!;
      const z = m[16 * leg.ee + 14]!;
      const f = an.feet[c]!;
      const gap = z - (w.ground(x, y) + f.supportHeight[w.walk.frame]!);
      if (f.support[w.walk.frame]) {
        planted.push(Math.abs(gap));
        sink = Math.max(sink, -gap);
      } else swingLow = Math.min(swingLow, z - w.ground(x, y) - Math.min(...f.supportHeight));
    });
  }
  planted.sort((a, b) => a - b);
  return { p95: planted[Math.floor(planted.length * 0.95)]!, sink, swingLow, nan };
}

describe('reading a walk (seed 000 §6.3, §9.3)', () => {
  const a = analyseWalk(def, rig.walkWithTravel, 'walk');

  it('finds the hips and legs by name, and the rig height from the left leg', () => {
    expect(def.legs.map((l) => l.joints.map((j) => rig.skeleton.joints[j]!.name))).toEqual([
      ['LeftUpLeg', 'LeftLeg'],
      ['RightUpLeg', 'RightLeg'],
    ]);
    expect(def.rigHeight).toBeCloseTo(
      2 * rig.skeleton.chainLength(def.legs[0]!.joints[0]!, def.legs[0]!.ee),
    );
    expect(a.warnings).toEqual([]);
  });

  it('each foot is planted for about half the cycle, and always exactly one foot is', () => {
    const [l, r] = a.feet;
    const share = (s: Uint8Array) => s.reduce((x, v) => x + v, 0) / s.length;
    expect(share(l.support)).toBeGreaterThan(0.35);
    expect(share(l.support)).toBeLessThan(0.65);
    for (let f = 0; f < a.frames; f++) expect(l.support[f]! + r.support[f]!).toBe(1);
  });

  it('splits each foot path into stances and steps that cover every moment of the clip', () => {
    for (const foot of a.feet) {
      for (let k = 0; k < 200; k++) {
        const t = (k / 200) * a.duration;
        const s = subAt(foot, t)!;
        expect(s.curve.inRange(t)).toBe(true);
        const f = Math.floor(t / a.frameTime + 1e-9);
        // A stance holds planted frames; a step starts and ends on planted ones.
        if (s.kind === 'static') expect(foot.support[f]).toBe(1);
      }
      const kinds = foot.subs
        .filter((s) => s.curve.startTime >= 0 && s.curve.startTime < a.duration)
        .map((s) => s.kind);
      expect(kinds.sort()).toEqual(['dynamic', 'static']);
      // A stance barely moves; a step covers a stride.
      const span = (kind: string) => {
        const s = foot.subs.find((x) => x.kind === kind)!;
        const p = s.curve.pointAt(0, new Float64Array(3));
        const q = s.curve.pointAt(s.curve.length - 1, new Float64Array(3));
        return Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!);
      };
      // (The ankle rolls forward a little as the heel lifts: a stance is not a point.)
      expect(span('static')).toBeLessThan(span('dynamic') / 5);
      expect(span('dynamic')).toBeGreaterThan(5);
    }
  });

  it('support heights: a stance’s own height, a step’s lerped between its two stances', () => {
    const foot = a.feet[0]!;
    for (let f = 0; f < a.frames; f++)
      if (foot.support[f]) expect(foot.supportHeight[f]).toBeCloseTo(foot.positions[3 * f + 2]!, 9);
    const step = foot.subs.find((s) => s.kind === 'dynamic')!;
    expect(step.supportStart).toBeGreaterThan(0);
    for (let f = 0; f < a.frames; f++)
      if (!foot.support[f]) {
        const lo = Math.min(step.supportStart, step.supportEnd) - 1e-9;
        const hi = Math.max(step.supportStart, step.supportEnd) + 1e-9;
        expect(foot.supportHeight[f]).toBeGreaterThanOrEqual(lo);
        expect(foot.supportHeight[f]).toBeLessThanOrEqual(hi);
      }
  });

  it('a larger supportFrameDistanceFactor counts more frames as planted', () => {
    const count = (k: number) =>
      analyseWalk(def, rig.walkWithTravel, 'walk', k).feet[0]!.detected.reduce((x, v) => x + v, 0);
    expect(count(0.5)).toBeLessThan(count(1));
    expect(count(1)).toBeLessThan(count(3));
  });
});

describe('walking on any terrain (seed 000 §4.6, §9.2)', () => {
  it('on flat ground the feet are where the clip puts them, IK on or off', () => {
    const on = measure(make(new TerrainSet()), 20);
    expect(on.p95).toBeLessThan(0.2);
    expect(on.sink).toBeLessThan(0.15);
    expect(on.swingLow).toBeGreaterThan(-0.05);
  });

  for (const preset of ['basic', 'three'] as const)
    it(`for 60 s on the "${preset}" terrain, IK keeps planted feet near the ground and swings above it; without IK they sink`, () => {
      const terrain = terrainOf(SEED_TERRAINS[preset]());
      // Circling keeps the walker on the terrain for the whole minute.
      const speed = preset === 'basic' ? 0.17 : 0.35;
      const on = measure(make(terrain, { turn: 1, turnSpeed: speed }), 60);
      const off = measure(make(terrain, { turn: 1, turnSpeed: speed, ik: false }), 60);
      expect(on.nan + off.nan).toBe(0);
      // The seed's weights trade reach for staying near the clip (its a·f1 averages 0.70):
      // on these hills the feet fall short by up to about a tenth of the figure's height.
      expect(on.p95).toBeLessThan(0.8);
      expect(on.sink).toBeLessThan(1.5);
      expect(on.swingLow).toBeGreaterThan(-1.5);
      expect(off.sink).toBeGreaterThan(2 * on.sink);
      expect(off.swingLow).toBeLessThan(on.swingLow - 1);
    });

  it('the long-legged strider (lesson 15’s second character) is fitted as well, with its own a', () => {
    const strider = rigFromBvh(bvh('strider-walk'), bvh('strider-idle'));
    const legs = findLegs(strider.skeleton, strider.scale) as IKRigDef;
    // Legs a quarter longer: a larger rig height, so a smaller reach weight a = 200/h².
    expect(legs.rigHeight).toBeGreaterThan(1.2 * def.rigHeight);
    const terrain = terrainOf(SEED_TERRAINS.basic());
    const walk = (ik: boolean) => {
      const w = new IKWalker(legs, strider.walkWithTravel, strider.idle, terrain, { x: 0, y: 0 });
      w.options.ik = ik;
      w.turn = 1;
      w.turnSpeed = 0.17;
      const gaps = new Float64Array(2);
      const planted = new Uint8Array(2);
      let sink = 0;
      for (let i = 0; i < 60 * 40; i++) {
        w.update(1 / 60);
        if (i < 120) continue;
        w.footGaps(gaps, planted);
        for (let c = 0; c < 2; c++) if (planted[c]) sink = Math.max(sink, -gaps[c]!);
      }
      expect(w.matrices.every(Number.isFinite)).toBe(true);
      return sink;
    };
    const on = walk(true);
    expect(on).toBeLessThan(1.5);
    expect(walk(false)).toBeGreaterThan(1.5 * on);
  });

  it('keeps the hips at the clip’s height above the feet', () => {
    const w = make(terrainOf(SEED_TERRAINS.basic()), { turn: 1, turnSpeed: 0.17 });
    const hipZ = w.walk.analysis.hip.coord(0, 2);
    for (let i = 0; i < 60 * 20; i++) {
      w.update(1 / 60);
      if (i < 60) continue;
      // Never above the clip's own standing height over the higher foot.
      const feet = def.legs.map((l) => w.matrices[16 * l.ee + 14]!);
      expect(w.position[2]! - Math.max(...feet)).toBeLessThan(hipZ);
      expect(w.position[2]! - Math.min(...feet)).toBeGreaterThan(hipZ * 0.6);
    }
  });

  it('ten simulated minutes: no NaN, no drift, the same stride at the end as at the start', () => {
    const w = make(new TerrainSet());
    const cycle = w.walk.analysis.cycle[1]!;
    const lap = w.walk.analysis.duration / w.playRate;
    /** One lap: how far the hips went, and their mean height on the way. */
    const lapOf = () => {
      const y0 = w.position[1]!;
      let z = 0;
      const ticks = Math.round(lap * 30);
      for (let i = 0; i < ticks; i++) {
        w.update(1 / 30);
        z += w.position[2]! / ticks;
      }
      return { travel: w.position[1]! - y0, z };
    };
    const first = lapOf();
    for (let i = 0; i < 600 * 30; i++) w.update(1 / 30);
    expect(w.matrices.every(Number.isFinite)).toBe(true);
    const last = lapOf();
    expect(first.travel).toBeCloseTo(cycle, 0);
    expect(Math.abs(last.travel - first.travel)).toBeLessThan(0.05 * cycle);
    expect(Math.abs(last.z - first.z)).toBeLessThan(0.05);
  });

  it('covers the same ground at any tick rate (histories stamped when true, plans blended from now)', () => {
    const travel = (fps: number) => {
      const w = make(new TerrainSet());
      for (let i = 0; i < 30 * fps; i++) w.update(1 / fps);
      return w.position[1]!;
    };
    const fine = travel(240);
    // The clip's own speed: a cycle's travel per clip duration, at the play rate.
    const an = make(new TerrainSet()).walk.analysis;
    expect(fine).toBeCloseTo((30 * 0.7 * an.cycle[1]!) / an.duration, -1);
    // Each plan blends in from now, so it has its weight before the next one replaces it.
    expect(Math.abs(travel(30) - fine) / fine).toBeLessThan(0.012);
    expect(Math.abs(travel(15) - fine) / fine).toBeLessThan(0.012);
  });

  it('at 15 ticks a second (a frame skipped on 40% of ticks) IK still does better than none', () => {
    const terrain = terrainOf(SEED_TERRAINS.basic());
    const at15 = (ik: boolean) =>
      measure(make(terrain, { ik, turn: 1, turnSpeed: 0.17 }), 60, 1 / 15);
    const on = at15(true);
    const off = at15(false);
    expect(on.nan).toBe(0);
    expect(on.p95).toBeLessThan(off.p95);
    // Without the current frame rewritten from the repaired angles, IK sank deeper than no IK.
    expect(on.sink).toBeLessThan(off.sink);
  });

  it('is deterministic: two runs with the same inputs end in the same place, to the bit', () => {
    const run = () => {
      const w = make(terrainOf(SEED_TERRAINS.three()), { turn: 1, turnSpeed: 0.4 });
      for (let i = 0; i < 600; i++) w.update(i % 7 === 0 ? 1 / 45 : 1 / 60);
      return [...w.position, w.facing, ...w.matrices.slice(0, 64)];
    };
    expect(run()).toEqual(run());
  });

  it('turns at its angular speed, and cross-fades to idle and back', () => {
    const w = make(new TerrainSet(), { turn: 1, turnSpeed: 0.8 });
    for (let i = 0; i < 60; i++) w.update(1 / 60);
    expect(w.facing).toBeCloseTo(0.8 * 0.7, 2);
    w.turn = 0;
    w.walking = false;
    // Half a second of clip time at play rate 0.7.
    for (let i = 0; i < 30; i++) w.update(1 / 60);
    expect(w.weight).toBeGreaterThan(0.2);
    expect(w.weight).toBeLessThan(0.8);
    for (let i = 0; i < 60; i++) w.update(1 / 60);
    expect(w.weight).toBe(0);
    const p = [...w.position];
    for (let i = 0; i < 120; i++) w.update(1 / 60);
    expect(Math.hypot(w.position[0]! - p[0]!, w.position[1]! - p[1]!)).toBeLessThan(0.01);
    w.walking = true;
    for (let i = 0; i < 180; i++) w.update(1 / 60);
    expect(w.weight).toBe(1);
    expect(Math.hypot(w.position[0]! - p[0]!, w.position[1]! - p[1]!)).toBeGreaterThan(3);
  });

  it('with stride validation it stops before a wall it cannot step up, and walks on without', () => {
    const wall: Heightfield = {
      h: (_x, y) => (y > 12 ? 8 : 0),
      min: [-50, -50],
      max: [50, 50],
      translate: [0, 0, 0],
      scale: [1, 1, 1],
      inner: 20,
    };
    const stopped = make(terrainOf([wall]));
    stopped.options.validateStrides = true;
    for (let i = 0; i < 60 * 8; i++) stopped.update(1 / 60);
    expect(stopped.frozenSteps).toBeGreaterThan(0);
    expect(stopped.position[1]).toBeLessThan(12);
    const through = make(terrainOf([wall]));
    for (let i = 0; i < 60 * 8; i++) through.update(1 / 60);
    expect(through.position[1]).toBeGreaterThan(14);
  });

  it('a walk frozen by validation stands in the pose it showed and walks on from it: its clock held, its planted feet on the ground before and after', () => {
    // Our own reading of the clip: a foot is planted where its ankle is within 1.2 cm of its
    // lowest, and its gap is measured against the clip's own ankle height at that frame. Both
    // characters, two turn speeds on each seed terrain, a minute each.
    let frozenWorst = 0;
    let resumedWorst = 0;
    // And as lesson 15's page reads them (footGaps: every frame its analysis has planted).
    let frozenShown = 0;
    const gaps = new Float64Array(2);
    const shown = new Uint8Array(2);
    const last = new Float64Array(4);
    let pivotTicks = 0;
    /** Each foot's page gap when the walk froze, and how much deeper it went while frozen. */
    const atFreeze = new Float64Array(2);
    let frozenGrowth = 0;
    let resumes = 0;
    let frozenTicks = 0;
    for (const r of [rig, rigFromBvh(bvh('strider-walk'), bvh('strider-idle'))]) {
      const d = findLegs(r.skeleton, r.scale) as IKRigDef;
      const feet = clipFeet(r, d);
      for (const [name, turnSpeed] of [
        ['basic', 0.15],
        ['basic', 0.3],
        ['three', 0.15],
        ['three', 0.3],
      ] as const) {
        const w = new IKWalker(d, r.walkWithTravel, r.idle, terrainOf(SEED_TERRAINS[name]()), {
          x: 0,
          y: 0,
        });
        w.turn = 1;
        w.turnSpeed = turnSpeed;
        w.options.validateStrides = true;
        let frozenAt = -1;
        let resumedTick = -Infinity;
        for (let i = 0; i < 60 * 60; i++) {
          const was = w.walk.fixed;
          w.update(1 / 60);
          if (was && !w.walk.fixed) {
            resumedTick = i;
            resumes++;
          }
          if (w.walk.fixed) {
            if (!was) frozenAt = w.walk.frame;
            // The clip's clock is held: it resumes from the frame it froze in.
            expect(w.walk.frame, name).toBe(frozenAt);
            frozenTicks++;
          }
          const f = w.walk.frame;
          if (w.walk.fixed && was) {
            // Turning, it keeps one ankle where it stood: the foot it stands on.
            const still = d.legs.map((leg, c) =>
              Math.hypot(
                w.matrices[16 * leg.ee + 12]! - last[2 * c]!,
                w.matrices[16 * leg.ee + 13]! - last[2 * c + 1]!,
              ),
            );
            expect(Math.min(...still)).toBeLessThan(1e-9);
            pivotTicks++;
          }
          d.legs.forEach((leg, c) => {
            last[2 * c] = w.matrices[16 * leg.ee + 12]!;
            last[2 * c + 1] = w.matrices[16 * leg.ee + 13]!;
          });
          if (w.walk.fixed) {
            w.footGaps(gaps, shown);
            for (let c = 0; c < 2; c++) {
              if (!shown[c]) continue;
              frozenShown = Math.min(frozenShown, gaps[c]!);
              if (!was) atFreeze[c] = gaps[c]!;
              else frozenGrowth = Math.max(frozenGrowth, atFreeze[c]! - gaps[c]!);
            }
          }
          d.legs.forEach((leg, c) => {
            if (!feet.planted[c]![f]) return;
            const m = w.matrices;
            const ground = w.ground(m[16 * leg.ee + 12]!, m[16 * leg.ee + 13]!);
            const gap = m[16 * leg.ee + 14]! - ground - feet.height[c]![f]!;
            if (w.walk.fixed) frozenWorst = Math.min(frozenWorst, gap);
            else if (i - resumedTick <= 120) resumedWorst = Math.min(resumedWorst, gap);
          });
        }
      }
    }
    expect(resumes).toBeGreaterThan(4);
    expect(frozenTicks).toBeGreaterThan(600);
    // Frozen in the clip's own flat-ground pose, as the seed freezes, feet sank 3.1 and 7.2;
    // frozen as shown, but resumed from plans that read the standing time as clip time, 2.55.
    // Now 1.52, counting flat-footed frames.
    expect(frozenWorst).toBeGreaterThan(-1.6);
    // Turned about its hips, as the seed turns it, a frozen walk swung its planted foot into
    // one of `three`'s cliffs: 6.8 on the page. Turned about the foot it stands on: 1.50.
    expect(frozenShown).toBeGreaterThan(-1.6);
    // What is left is the sink the walk froze with: turning never took a planted foot deeper.
    expect(frozenGrowth).toBeLessThan(0.01);
    expect(pivotTicks).toBeGreaterThan(600);
    // In the 2 s after walking on: 6.7 deep while plans read the time the walk stood as clip
    // time (the hips ran ahead and fell through the hill); 1.55 since they start at the resume.
    expect(resumedWorst).toBeGreaterThan(-2.5);
  });

  it('IK turned off while a walk is frozen: when it walks on, every frame has the clip’s own rotations', () => {
    const w = make(terrainOf(SEED_TERRAINS.basic()), { turn: 1, turnSpeed: 0.3 });
    w.options.validateStrides = true;
    let i = 0;
    while (!w.walk.fixed && i++ < 60 * 60) w.update(1 / 60);
    expect(w.walk.fixed).toBe(true);
    w.options.ik = false;
    while (w.walk.fixed && i++ < 120 * 60) w.update(1 / 60);
    expect(w.walk.fixed).toBe(false);
    // At once: the frame it froze in too (it had the IK's angles, stale with IK off).
    for (const j of def.legs.flatMap((l) => l.joints)) {
      const track = w.walk.clip.tracks.find((t) => t.joint === j)!;
      const original = rig.walkWithTravel.tracks.find((t) => t.joint === j)!;
      expect([...track.rotations!]).toEqual([...original.rotations!]);
    }
  });

  it('turning IK off puts the clip’s own leg rotations back', () => {
    const w = make(terrainOf(SEED_TERRAINS.basic()));
    for (let i = 0; i < 120; i++) w.update(1 / 60);
    const thigh = def.legs[0]!.joints[0]!;
    const track = w.walk.clip.tracks.find((t) => t.joint === thigh)!;
    const original = rig.walkWithTravel.tracks.find((t) => t.joint === thigh)!;
    expect([...track.rotations!]).not.toEqual([...original.rotations!]);
    w.options.ik = false;
    w.update(1 / 60);
    expect([...track.rotations!]).toEqual([...original.rotations!]);
  });

  it('beyond the seed: aligned feet stand on a slope as the clip stood them on the floor', () => {
    /** The mean pitch of the planted feet (ankle to ball) against the ground, in degrees. */
    const pitch = (slope: number, align: boolean) => {
      const ramp: Heightfield = {
        h: (_x, y) => slope * y,
        min: [-100, -100],
        max: [100, 100],
        translate: [0, 0, 0],
        scale: [1, 1, 1],
        inner: 10,
      };
      const w = make(terrainOf([ramp]));
      w.options.alignFeet = align;
      let sum = 0;
      let n = 0;
      for (let i = 0; i < 600; i++) {
        w.update(1 / 60);
        if (i < 120) continue;
        def.legs.forEach((leg, c) => {
          if (!w.walk.analysis.feet[c]!.support[w.walk.frame]) return;
          const ball = rig.skeleton.indexOf(c ? 'RightToe' : 'LeftToe');
          const m = w.matrices;
          const dy = m[16 * ball + 13]! - m[16 * leg.ee + 13]!;
          const dz = m[16 * ball + 14]! - m[16 * leg.ee + 14]!;
          const dx = m[16 * ball + 12]! - m[16 * leg.ee + 12]!;
          sum += Math.atan2(dz, Math.hypot(dx, dy)) - Math.atan(slope);
          n++;
        });
      }
      return ((sum / n) * 180) / Math.PI;
    };
    const flat = pitch(0, false);
    for (const slope of [0.3, -0.3]) {
      expect(Math.abs(pitch(slope, true) - flat)).toBeLessThan(3);
    }
    expect(Math.abs(pitch(0.3, false) - flat)).toBeGreaterThan(10);
  });
});
