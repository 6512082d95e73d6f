import { POLE_MODES } from '../../ik/pole-modes.ts';
import { chainParams, flipParams } from '../shared/shared-params.ts';
import { defineMeta } from '../description.ts';

/** What a page knows of lesson 5's figure before its code loads: its settings. */
export const fabrikMeta = defineMeta({
  id: 'fabrik',
  title: 'FABRIK: reaching forwards, then backwards',
  summary:
    'Drag the target; step through the forward and backward passes; add a pole to choose the bend.',
  credit: 'seed 001 §4, seed 002 §2',
  params: {
    ...chainParams,
    // A few rounds from the rest pose: enough to watch the error fall, short enough to step.
    targetX: { ...chainParams.targetX, default: 130 },
    targetY: { ...chainParams.targetY, default: 90 },
    // "Drag the tolerance down towards 0.01"; "Tick Limit every joint in the first figure".
    tolerance: { ...chainParams.tolerance, primary: true },
    limits: { ...chainParams.limits, primary: true },
    bones: { type: 'number', label: 'Bones', default: 4, min: 2, max: 8, step: 1, control: false },
    iterations: {
      type: 'number',
      label: 'Iteration cap',
      default: 20,
      min: 1,
      max: 500,
      step: 1,
      log: true,
    },
    longFirst: {
      type: 'boolean',
      label: 'First bone longer than the rest',
      default: false,
      control: false,
    },
    pole: { type: 'boolean', label: 'Use a pole', default: false },
    poleMode: { type: 'choice', label: 'Apply the pole', default: 'after', options: POLE_MODES },
    poleX: { type: 'number', label: 'Pole x', default: 40, min: -480, max: 480, control: false },
    poleY: { type: 'number', label: 'Pole y', default: -200, min: -380, max: 380, control: false },
    showReach: { type: 'boolean', label: 'Show the reach circles', default: true },
    ...flipParams,
  },
});
