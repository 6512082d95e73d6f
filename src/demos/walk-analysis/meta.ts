import { SUPPORT_FACTOR, SUPPORT_RULES } from '../../walk3d/support-factor.ts';
import { defineMeta } from '../description.ts';

export const walkAnalysisMeta = defineMeta({
  id: 'walk-analysis',
  title: 'Reading a walk: stances, steps and support frames',
  summary:
    'The walk clip analysed as the walking system does: foot paths split into stances and steps, support frames per foot, support heights, the hips’ path.',
  credit: 'seed 000 §6.3 and §9.3',
  // A clip plays unless its play rate is 0.
  movesByItself: (v) => v.playRate !== 0,
  params: {
    factor: {
      type: 'number',
      label: 'supportFrameDistanceFactor',
      default: SUPPORT_FACTOR,
      min: 0.25,
      max: 6,
      step: 0.05,
      primary: true,
    },
    // The seed's rule first: the lesson reads it before each foot's own (lesson 15 offers both).
    rule: {
      type: 'choice',
      label: 'Support rule',
      default: 'opposite',
      options: SUPPORT_RULES,
      primary: true,
    },
    playRate: { type: 'number', label: 'Play rate', default: 0.35, min: 0, max: 1.5, step: 0.05 },
    // Where the paused clip stands (0 while it plays). A capture's cycle may be longer than the
    // course's 1.1 s: the slider's top end is the clip's length.
    time: {
      type: 'number',
      label: 'Time in the clip',
      default: 0,
      min: 0,
      max: 10,
      step: 0.005,
      unit: 'seconds',
    },
  },
});
