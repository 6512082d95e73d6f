import { PLAYBACK_PARAMS } from '../shared/shared-params';
import { defineMeta } from '../description';

export const AXES = ['x', 'y', 'z'] as const;

export const HUMANOID_JOINTS = [
  'Hips',
  'Spine',
  'Chest',
  'Neck',
  'Head',
  'LeftShoulder',
  'LeftArm',
  'LeftForeArm',
  'LeftHand',
  'RightShoulder',
  'RightArm',
  'RightForeArm',
  'RightHand',
  'LeftUpLeg',
  'LeftLeg',
  'LeftFoot',
  'LeftToe',
  'RightUpLeg',
  'RightLeg',
  'RightFoot',
  'RightToe',
] as const;

export const skeleton3dMeta = defineMeta({
  id: 'skeleton-3d',
  title: 'A 3D skeleton playing its clips',
  summary:
    'A humanoid walks or idles from keyframed clips; scrub time, show joint axes and names, turn a joint by hand, orbit the camera.',
  credit: 'seed 000 §2–3 and §5',
  // A clip plays unless its play rate is 0.
  movesByItself: (v) => v.playRate !== 0,
  params: {
    ...PLAYBACK_PARAMS,
    axes: { type: 'boolean', label: 'Joint axes', default: true },
    names: { type: 'boolean', label: 'Joint names', default: false },
    joint: {
      type: 'choice',
      label: 'Joint to turn',
      default: 'LeftForeArm',
      options: HUMANOID_JOINTS,
    },
    axis: { type: 'choice', label: 'About its axis', default: 'x', options: AXES },
    angle: { type: 'number', label: 'Turn by hand', default: 0, min: -180, max: 180, unit: '°' },
  },
});
