import { describe, expect, it } from 'vitest';
import { FootSoles } from '../../src/render/raster/foot-soles';
import { faceNormal } from '../../src/render/raster/software-renderer';
import { SkeletonCapsules } from '../../src/render/raster/skeleton-capsules';
import { findFeet } from '../../src/walk3d/foot-gap';
import { rigFromBvh, type Rig } from '../../src/walk3d/rig';
import { Walker } from '../../src/walk3d/walker';
import { clipText } from './clip-text';

/** A rig's walker standing (its idle clip) on level ground at z = 0, and its feet's soles. */
function standing(rig: Rig) {
  const walker = new Walker(rig.skeleton, rig.walk, rig.idle, null);
  walker.scale = rig.scale;
  walker.walking = false;
  walker.weight = 0;
  walker.settle();
  walker.update(0);
  const ankles = findFeet(rig.skeleton).map((f) => f.joints[0]!);
  const soles = new FootSoles(rig.skeleton, ankles);
  soles.update(walker.matrices);
  return { walker, soles, ankles };
}

/**
 * The shipped humanoid's clips with joints renamed, as another exporter names them; with
 * `dropToes`, without its toe joints (each foot ends in an End Site where its toe was, and the
 * toes' channels leave every frame).
 */
function renamed(names: Record<string, string>, dropToes = false): Rig {
  const edit = (text: string) => {
    if (dropToes) text = withoutToes(text);
    for (const [from, to] of Object.entries(names))
      text = text.replace(new RegExp(`(JOINT|ROOT) ${from}\\b`, 'g'), `$1 ${to}`);
    return text;
  };
  return rigFromBvh(edit(clipText('walk')), edit(clipText('idle')));
}

function withoutToes(text: string): string {
  const [hierarchy, motion] = text.split('MOTION');
  // Which columns of a frame belong to a toe: channels counted joint by joint, in order.
  const drop = new Set<number>();
  let column = 0;
  let joint = '';
  for (const line of hierarchy!.split('\n')) {
    const j = /(?:ROOT|JOINT)\s+(\S+)/.exec(line);
    if (j) joint = j[1]!;
    const c = /CHANNELS\s+(\d+)/.exec(line);
    if (!c) continue;
    for (let k = 0; k < Number(c[1]); k++, column++) if (/Toe/.test(joint)) drop.add(column);
  }
  const toeless = hierarchy!.replace(
    /JOINT \S*Toe\S*\s*\{\s*OFFSET ([^\n]+)\n\s*CHANNELS[^\n]+\n\s*End Site\s*\{\s*OFFSET[^\n]+\n\s*\}\s*\}/g,
    'End Site\n{\nOFFSET $1\n}',
  );
  const frames = motion!.split('\n').map((line) =>
    /^\s*-?\d/.test(line)
      ? line
          .trim()
          .split(/\s+/)
          .filter((_, k) => !drop.has(k))
          .join(' ')
      : line,
  );
  return `${toeless}MOTION${frames.join('\n')}`;
}

/** The bottom face's corners of foot f (the first quad of each of its three segments). */
function bottomCorners(soles: FootSoles, f: number): number[][] {
  const out: number[][] = [];
  for (let s = 0; s < 3; s++)
    for (let c = 0; c < 4; c++) {
      const v = 4 * (f * 22 + s * 6) + c;
      out.push([0, 1, 2].map((d) => soles.positions[3 * v + d]!));
    }
  return out;
}

describe('feet with soles (issue 37: whether a foot is flat on the ground, heel or toe first)', () => {
  const rigs: [string, Rig][] = [
    ['the humanoid', rigFromBvh(clipText('walk'), clipText('idle'))],
    ['the strider', rigFromBvh(clipText('strider-walk'), clipText('strider-idle'))],
  ];

  for (const [name, rig] of rigs)
    it(`${name} standing: each sole is flat, on the ground, under its ankle, pointing forward`, () => {
      const { walker, soles, ankles } = standing(rig);
      expect(soles.feet.map((f) => f.ankle)).toEqual(ankles);
      expect(soles.feet.map((f) => f.side)).toEqual(['left', 'right']);
      const m = walker.matrices;
      soles.feet.forEach((foot, f) => {
        const bottom = bottomCorners(soles, f);
        const zs = bottom.map((p) => p[2]!);
        // Flat and level: every bottom corner at one height, on the floor.
        expect(Math.max(...zs) - Math.min(...zs)).toBeLessThan(0.02);
        expect(Math.abs(zs[0]!)).toBeLessThan(0.05);
        // Under the ankle: the ankle above the sole, between its heel and its toe tip (the
        // rig faces +y), and within its width.
        const a = [12, 13, 14].map((k) => m[16 * foot.ankle + k]!);
        const ys = bottom.map((p) => p[1]!);
        const xs = bottom.map((p) => p[0]!);
        expect(a[2]!).toBeGreaterThan(Math.max(...zs) + 0.2);
        expect(a[1]!).toBeGreaterThan(Math.min(...ys));
        expect(a[1]!).toBeLessThan(Math.max(...ys));
        expect(a[0]!).toBeGreaterThan(Math.min(...xs));
        expect(a[0]!).toBeLessThan(Math.max(...xs));
        // Longer forward than behind: the toes are ahead of the ankle, the heel a little behind.
        expect(Math.max(...ys) - a[1]!).toBeGreaterThan(2 * (a[1]! - Math.min(...ys)));
        // A foot's length: about a seventh of the rig's nine units.
        expect(soles.soles[4 * f + 3]!).toBeGreaterThan(0.9);
        expect(soles.soles[4 * f + 3]!).toBeLessThan(1.8);
        // Touching: its lowest point is on the ground, the shadow full.
        expect(Math.abs(soles.lift(f, () => 0))).toBeLessThan(0.05);
      });
    });

  it('every face is wound to face out of the foot, so the renderer can cull its back', () => {
    const { soles } = standing(rigs[0]![1]);
    const n = new Float64Array(3);
    for (let f = 0; f < soles.feet.length; f++) {
      const centre = [0, 1, 2].map((d) => {
        let sum = 0;
        for (let v = 88 * f; v < 88 * (f + 1); v++) sum += soles.positions[3 * v + d]!;
        return sum / 88;
      });
      for (let q = 22 * f; q < 22 * (f + 1); q++) {
        const i = soles.indices;
        faceNormal(soles.positions, 3 * i[6 * q]!, 3 * i[6 * q + 1]!, 3 * i[6 * q + 2]!, n);
        const v = 3 * i[6 * q]!;
        const out = [0, 1, 2].map((d) => soles.positions[v + d]! - centre[d]!);
        expect(n[0]! * out[0]! + n[1]! * out[1]! + n[2]! * out[2]!).toBeGreaterThan(0);
      }
    }
  });

  it('the heel lifts with the ankle while the toes stay down (walking, push-off)', () => {
    const rig = rigs[0]![1];
    const walker = new Walker(rig.skeleton, rig.walk, rig.idle, null);
    walker.scale = rig.scale;
    walker.walking = true;
    walker.weight = 1;
    walker.settle();
    const soles = new FootSoles(
      rig.skeleton,
      findFeet(rig.skeleton).map((f) => f.joints[0]!),
    );
    // Over the cycle some frame has a sole tilted (heel well above toes) and still touching.
    let tilted = false;
    for (let k = 0; k < 40; k++) {
      walker.scrub = (k / 40) * rig.walk.clip.duration;
      walker.update(0);
      soles.update(walker.matrices);
      for (let f = 0; f < 2; f++) {
        const zs = bottomCorners(soles, f).map((p) => p[2]!);
        if (Math.max(...zs) - Math.min(...zs) > 0.3 && Math.abs(soles.lift(f, () => 0)) < 0.1)
          tilted = true;
      }
    }
    expect(tilted).toBe(true);
  });

  it('Mixamo and CMU names get soles; a rig without toe joints keeps its foot capsules', () => {
    const mixamo = renamed({
      Hips: 'mixamorig:Hips',
      LeftUpLeg: 'mixamorig:LeftUpLeg',
      LeftLeg: 'mixamorig:LeftLeg',
      LeftFoot: 'mixamorig:LeftFoot',
      LeftToe: 'mixamorig:LeftToeBase',
      RightUpLeg: 'mixamorig:RightUpLeg',
      RightLeg: 'mixamorig:RightLeg',
      RightFoot: 'mixamorig:RightFoot',
      RightToe: 'mixamorig:RightToeBase',
    });
    const cmu = renamed({
      LeftUpLeg: 'LeftHip',
      LeftLeg: 'LeftKnee',
      LeftFoot: 'LeftAnkle',
      LeftToe: 'LeftToeBase',
      RightUpLeg: 'RightHip',
      RightLeg: 'RightKnee',
      RightFoot: 'RightAnkle',
      RightToe: 'RightToeBase',
    });
    for (const rig of [mixamo, cmu]) {
      const { soles } = standing(rig);
      expect(soles.feet.length).toBe(2);
      const names = soles.feet.map((f) => rig.skeleton.joints[f.toe]!.name);
      expect(names.every((n) => /ToeBase$/.test(n))).toBe(true);
      for (let f = 0; f < 2; f++) {
        const zs = bottomCorners(soles, f).map((p) => p[2]!);
        expect(Math.max(...zs) - Math.min(...zs)).toBeLessThan(0.02);
      }
      // The sole replaces the foot's two capsules (ankle to toe, toe to tip) on each side.
      const all = new SkeletonCapsules(rig.skeleton);
      const body = new SkeletonCapsules(rig.skeleton, (p, c) => soles.replaces(p, c));
      expect(all.bones.length - body.bones.length).toBe(4);
    }
    const toeless = renamed({}, true);
    expect(toeless.skeleton.joints.some((j) => /Toe/.test(j.name) && !j.end)).toBe(false);
    const { soles } = standing(toeless);
    expect(soles.feet).toEqual([]);
    expect(soles.positions.length).toBe(0);
    const body = new SkeletonCapsules(toeless.skeleton, (p, c) => soles.replaces(p, c));
    expect(body.bones.length).toBe(new SkeletonCapsules(toeless.skeleton).bones.length);
  });
});
