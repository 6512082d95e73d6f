import { describe, expect, it } from 'vitest';
import { jointPosition } from '../../src/walk3d/pose';
import { rigFromBvh } from '../../src/walk3d/rig';
import { findLegs, type IKRigDef, NAMING_SCHEMES } from '../../src/walk3d/walk-analysis';
import { clipText } from './clip-text';

/** The shipped humanoid's walk with its leg joints renamed, as another exporter would name them. */
function renamed(names: Record<string, string>): string {
  let text = clipText('walk');
  for (const [from, to] of Object.entries(names))
    text = text.replace(new RegExp(`(JOINT|ROOT) ${from}\\b`, 'g'), `$1 ${to}`);
  return text;
}

const legNames = (def: IKRigDef, leg: 0 | 1) =>
  [...def.legs[leg].joints, def.legs[leg].ee].map((j) => def.skeleton.joints[j]!.name);

describe('the leg finder knows the common naming schemes and says which it matched', () => {
  const original = findLegs(rigFromBvh(clipText('walk')).skeleton, 1) as IKRigDef;

  const cases: { scheme: string; names: Record<string, string>; left: string[] }[] = [
    {
      scheme: 'CMU-style',
      names: {
        LeftUpLeg: 'LeftHip',
        LeftLeg: 'LeftKnee',
        LeftFoot: 'LeftAnkle',
        RightUpLeg: 'RightHip',
        RightLeg: 'RightKnee',
        RightFoot: 'RightAnkle',
      },
      left: ['LeftHip', 'LeftKnee', 'LeftAnkle'],
    },
    {
      scheme: 'Mixamo',
      names: {
        Hips: 'mixamorig:Hips',
        LeftUpLeg: 'mixamorig:LeftUpLeg',
        LeftLeg: 'mixamorig:LeftLeg',
        LeftFoot: 'mixamorig:LeftFoot',
        RightUpLeg: 'mixamorig:RightUpLeg',
        RightLeg: 'mixamorig:RightLeg',
        RightFoot: 'mixamorig:RightFoot',
      },
      left: ['mixamorig:LeftUpLeg', 'mixamorig:LeftLeg', 'mixamorig:LeftFoot'],
    },
    {
      scheme: 'L_/R_-prefixed',
      names: {
        LeftUpLeg: 'L_Thigh',
        LeftLeg: 'L_Calf',
        LeftFoot: 'L_Foot',
        RightUpLeg: 'R_Thigh',
        RightLeg: 'R_Calf',
        RightFoot: 'R_Foot',
      },
      left: ['L_Thigh', 'L_Calf', 'L_Foot'],
    },
    {
      scheme: 'Blender-style',
      names: {
        LeftUpLeg: 'thigh.L',
        LeftLeg: 'shin.L',
        LeftFoot: 'foot.L',
        RightUpLeg: 'thigh.R',
        RightLeg: 'shin.R',
        RightFoot: 'foot.R',
      },
      left: ['thigh.L', 'shin.L', 'foot.L'],
    },
    {
      scheme: 'Blender-style',
      names: {
        LeftUpLeg: 'thigh_l',
        LeftLeg: 'calf_l',
        LeftFoot: 'foot_l',
        RightUpLeg: 'thigh_r',
        RightLeg: 'calf_r',
        RightFoot: 'foot_r',
      },
      left: ['thigh_l', 'calf_l', 'foot_l'],
    },
  ];

  for (const c of cases)
    it(`${c.left.join(', ')}: ${c.scheme}`, () => {
      const rig = rigFromBvh(renamed(c.names));
      const def = findLegs(rig.skeleton, rig.scale);
      expect(typeof def, String(def)).toBe('object');
      const d = def as IKRigDef;
      expect(d.naming).toBe(`${c.scheme} (${c.left.join(', ')})`);
      expect(legNames(d, 0)).toEqual(c.left);
      // The same joints as under the shipped names: renaming changed nothing else.
      expect(d.legs[0].joints).toEqual(original.legs[0].joints);
      expect(d.legs[1].ee).toBe(original.legs[1].ee);
    });

  it('a one-legged rig is refused with what is missing and the schemes it knows', () => {
    const rig = rigFromBvh(renamed({ RightFoot: 'RightPaw' }));
    const def = findLegs(rig.skeleton, rig.scale);
    expect(typeof def).toBe('string');
    expect(def).toMatch(/no joint named RightFoot/);
    for (const s of NAMING_SCHEMES) expect(def).toContain(s);
  });
});

describe('jointPosition', () => {
  it('refuses a joint the pose does not have instead of returning NaN', () => {
    const matrices = new Float64Array(16 * 3);
    matrices[16 * 2 + 12] = 4;
    expect(Array.from(jointPosition(matrices, 2, new Float64Array(3)))).toEqual([4, 0, 0]);
    for (const bad of [3, -1, 1.5, NaN])
      expect(() => jointPosition(matrices, bad, new Float64Array(3))).toThrow(/no joint/);
  });
});
