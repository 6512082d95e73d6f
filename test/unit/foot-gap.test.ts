import { describe, expect, it } from 'vitest';
import { calibrateFeet, findFeet, measureFeet } from '../../src/walk3d/foot-gap';
import { RIG_HEIGHT, rigFromBvh } from '../../src/walk3d/rig';
import { Skeleton } from '../../src/walk3d/skeleton';
import { TerrainSet } from '../../src/walk3d/terrain3d';
import { Walker } from '../../src/walk3d/walker';
import { clipText } from './clip-text';

const clip = clipText;
const shippedRig = () => rigFromBvh(clip('walk'), clip('idle'));

const skeletonNamed = (names: string[]) =>
  new Skeleton([
    { name: 'Hips', parent: -1, offset: [0, 0, 0], end: false },
    ...names.map((name) => ({
      name,
      parent: 0,
      offset: [0, -1, 0] as [number, number, number],
      end: false,
    })),
  ]);

describe('finding and measuring feet', () => {
  it('finds feet named the Mixamo, Blender and short ways, and not joints that only start with l or r', () => {
    for (const [l, r] of [
      ['LeftFoot', 'RightFoot'],
      ['l_foot', 'r_foot'],
      ['foot.L', 'foot.R'],
      ['LFoot', 'RFoot'],
      ['LeftAnkle', 'RightAnkle'],
    ])
      expect(findFeet(skeletonNamed([l!, r!])).map((f) => f.side)).toEqual(['left', 'right']);
    expect(findFeet(skeletonNamed(['lowerFoot', 'rearFoot']))).toEqual([]);
  });

  it('a planted foot is on flat ground, in a rise ahead of the hips and above a dip', () => {
    const rig = shippedRig();
    const make = (h: (x: number, y: number) => number) => {
      const terrain = new TerrainSet().add({
        h,
        min: [-50, -50],
        max: [50, 50],
        translate: [0, 0, 0],
        scale: [1, 1, 1],
      });
      const w = new Walker(rig.skeleton, rig.walk, rig.idle, terrain);
      w.scale = rig.scale;
      w.weight = 1;
      const feet = findFeet(rig.skeleton);
      calibrateFeet(feet, w);
      return { w, feet, terrain };
    };
    // At time 0 the right foot is planted behind the hips (its toe at y < 0), the left ahead.
    const worst = (h: (x: number, y: number) => number) => {
      const { w, feet, terrain } = make(h);
      let lo = Infinity;
      let hi = -Infinity;
      for (let k = 0; k < 33; k++) {
        w.scrub = k / 30;
        w.update(0);
        measureFeet(feet, w, terrain, RIG_HEIGHT);
        for (const f of feet)
          if (f.planted) {
            lo = Math.min(lo, f.gap);
            hi = Math.max(hi, f.gap);
          }
      }
      return { lo, hi };
    };
    const flat = worst(() => 0);
    expect(flat.lo).toBeGreaterThan(-0.01);
    expect(flat.hi).toBeLessThan(0.1);
    // A slope rising 0.3 a unit forward: planted feet ahead sink, behind they float.
    const slope = worst((_x, y) => 0.3 * y);
    expect(slope.lo).toBeLessThan(-0.3);
    expect(slope.hi).toBeGreaterThan(0.3);
  });

  it('off every terrain the gap is not a number, not a guess', () => {
    const rig = shippedRig();
    const w = new Walker(rig.skeleton, rig.walk, rig.idle, null);
    w.scale = rig.scale;
    w.position[0] = 500;
    w.settle();
    const feet = findFeet(rig.skeleton);
    calibrateFeet(feet, w);
    measureFeet(feet, w, new TerrainSet(), RIG_HEIGHT);
    expect(feet.map((f) => f.gap)).toEqual([NaN, NaN]);
    expect(feet.every((f) => Number.isFinite(f.lowest[2]!))).toBe(true);
  });
});
