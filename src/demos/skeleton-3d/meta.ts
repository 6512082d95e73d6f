import { PLAYBACK_PARAMS } from '../shared/shared-params.ts';
import { defineMeta } from '../description.ts';

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
    // Where the paused clip stands (0 while it plays: a link to a playing figure has no time).
    time: {
      type: 'number',
      label: 'Time in the walk clip',
      default: 0,
      min: 0,
      max: 1.1,
      step: 0.005,
      unit: 'seconds',
      primary: true,
    },
    axes: { type: 'boolean', label: 'Joint axes', default: true },
    names: { type: 'boolean', label: 'Joint names', default: false },
    joint: {
      type: 'choice',
      label: 'Joint to turn',
      default: 'LeftForeArm',
      options: HUMANOID_JOINTS,
      primary: true,
    },
    axis: {
      type: 'choice',
      label: 'About its own axis',
      default: 'x',
      options: AXES,
      primary: true,
    },
    angle: {
      type: 'number',
      label: 'Turn by hand',
      default: 0,
      min: -180,
      max: 180,
      unit: 'degrees',
      primary: true,
    },
  },
});
