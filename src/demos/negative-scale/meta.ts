import { defineMeta } from '../description';

export const FLIP_NODES = ['Skeleton', 'Forearm'] as const;

export const negativeScaleMeta = defineMeta({
  id: 'negative-scale',
  title: 'Negative scale mirrors rotation',
  summary: 'Flip a node’s x or y scale and watch which way a positive rotation turns.',
  credit: 'seed 001 §2 (negative scale, Godot matrix note)',
  params: {
    flipX: { type: 'boolean', label: 'Flip x (scale.x = −1)', default: true },
    flipY: { type: 'boolean', label: 'Flip y (scale.y = −1)', default: false },
    flipNode: { type: 'choice', label: 'Node to flip', default: 'Skeleton', options: FLIP_NODES },
    upper: {
      type: 'number',
      label: 'Upper arm rotation',
      default: 30,
      min: -180,
      max: 180,
      unit: 'degrees',
    },
    fore: {
      type: 'number',
      label: 'Forearm rotation',
      default: 40,
      min: -180,
      max: 180,
      unit: 'degrees',
    },
  },
});
