import { defineMeta } from '../description.ts';

export const METHODS = ['atan2', 'atan'] as const;

/** What a page knows of lesson 2's first figure before its code loads: its settings. */
export const atan2QuadrantsMeta = defineMeta({
  id: 'atan2-quadrants',
  title: 'atan or atan2: which way is the point?',
  summary: 'Drag the point around the joint and compare atan(y/x) with atan2(y, x).',
  credit: 'seed 001 §1',
  params: {
    method: {
      type: 'choice',
      label: 'The bone aims with',
      default: 'atan2',
      options: METHODS,
      primary: true,
    },
    pointX: { type: 'number', label: 'Point x', default: 50, min: -60, max: 110, control: false },
    pointY: { type: 'number', label: 'Point y', default: 30, min: -60, max: 80, control: false },
  },
});
