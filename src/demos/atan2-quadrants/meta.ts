import { defineMeta } from '../description';

export const METHODS = ['atan2', 'atan'] as const;

export const atan2QuadrantsMeta = defineMeta({
  id: 'atan2-quadrants',
  title: 'atan or atan2: which way is the point?',
  summary: 'Drag the point around the joint and compare atan(y/x) with atan2(y, x).',
  credit: 'seed 001 §1',
  params: {
    method: {
      type: 'choice',
      label: 'Angle function the bone uses',
      default: 'atan2',
      options: METHODS,
    },
    pointX: { type: 'number', label: 'Point x', default: 50, min: -60, max: 110 },
    pointY: { type: 'number', label: 'Point y', default: 30, min: -60, max: 80 },
  },
});
