import { SUPPORT_RULES } from '../../walk3d/support-factor.ts';
import { PLAYBACK_PARAMS, WALKING_PARAMS } from '../shared/shared-params.ts';
import { defineMeta } from '../description.ts';

export const ikWalkMeta = defineMeta({
  id: 'ik-walk',
  title: 'Walking on any terrain: the whole system',
  summary:
    'Seed 000’s IK navigation: foot and hip trajectories from the terrain on every clip frame, strides reshaped above the ground, gradient-descent IK written into the clip.',
  credit: 'seed 000 §4.6, §6 and §9',
  // A clip plays unless its play rate is 0.
  movesByItself: (v) => v.playRate !== 0,
  heavy: (v) => (v.crowd === true ? '20 walkers with IK, drawn by the software renderer' : null),
  params: {
    terrain: { ...WALKING_PARAMS.terrain, primary: true },
    ...PLAYBACK_PARAMS,
    // Each foot's own test by default (the lesson's numbers were measured with it; `npm run
    // measure:walking` measures them under both rules); the seed's rule is the other choice.
    support: { type: 'choice', label: 'Support rule', default: 'each', options: SUPPORT_RULES },
    ik: { type: 'boolean', label: 'IK', default: true, primary: true },
    correctStrides: { type: 'boolean', label: 'Correct strides', default: true, primary: true },
    validateStrides: { type: 'boolean', label: 'Validate strides', default: false, primary: true },
    targets: { type: 'boolean', label: 'Foot target curves (red)', default: true },
    real: { type: 'boolean', label: 'Real foot paths (yellow)', default: true },
    hip: { type: 'boolean', label: 'Hip target (green)', default: false },
    second: { type: 'boolean', label: 'A second, long-legged character', default: false },
    crowd: { type: 'boolean', label: 'A crowd of 20 walkers', default: false },
    fastSolver: { type: 'boolean', label: 'Faster solver (Levenberg–Marquardt)', default: false },
    alignFeet: { type: 'boolean', label: 'Feet flat on slopes', default: false },
    stay: { type: 'boolean', label: 'Stay on the terrain', default: true },
    section: WALKING_PARAMS.section,
    aim: WALKING_PARAMS.aim,
  },
});
