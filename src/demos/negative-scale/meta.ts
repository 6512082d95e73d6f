import { defineMeta } from '../description.ts';

export const FLIP_NODES = ['Skeleton', 'Forearm'] as const;

/** What a page knows of lesson 1's second figure before its code loads: its settings. */
export const negativeScaleMeta = defineMeta({
  id: 'negative-scale',
  title: 'Negative scale mirrors rotation',
  summary: 'Flip a node’s x or y scale and watch which way a positive rotation turns.',
  credit: 'seed 001 §2 (negative scale, Godot matrix note)',
  params: {
    flipX: { type: 'boolean', label: 'Flip x', default: true, primary: true },
    flipY: { type: 'boolean', label: 'Flip y', default: false, primary: true },
    flipNode: {
      type: 'choice',
      label: 'Flip which node',
      default: 'Skeleton',
      options: FLIP_NODES,
      primary: true,
    },
    upper: {
      type: 'number',
      label: 'UpperArm rotation',
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
      primary: true,
    },
  },
});
