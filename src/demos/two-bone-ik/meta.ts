import { defineMeta } from '../description.ts';
import { flipParams } from '../shared/shared-params.ts';

/** What a page knows of lesson 3's figure before its code loads: its settings. */
export const twoBoneMeta = defineMeta({
  id: 'two-bone-ik',
  title: 'Two-bone IK: a triangle and the law of cosines',
  summary:
    'Drag the target; the arm solves a triangle. Flip the bend, mirror the skeleton, add a pole.',
  credit: 'seed 001 §2',
  params: {
    targetX: {
      type: 'number',
      label: 'Target x',
      default: 150,
      min: -500,
      max: 500,
      control: false,
    },
    targetY: {
      type: 'number',
      label: 'Target y',
      default: 90,
      min: -400,
      max: 400,
      control: false,
    },
    flipBend: { type: 'boolean', label: 'Flip the bend', default: false, primary: true },
    softness: {
      type: 'number',
      label: 'Softness',
      default: 0,
      min: 0,
      max: 80,
      unit: 'scene units',
      primary: true,
    },
    pole: { type: 'boolean', label: 'Use a pole', default: false },
    poleX: { type: 'number', label: 'Pole x', default: 40, min: -500, max: 500, control: false },
    poleY: { type: 'number', label: 'Pole y', default: 200, min: -400, max: 400, control: false },
    upper: { type: 'number', label: 'Upper arm length', default: 160, min: 20, max: 220 },
    fore: { type: 'number', label: 'Forearm length', default: 130, min: 20, max: 220 },
    ...flipParams,
    // Lesson 3's middle bone is the forearm, and its text calls the switches so.
    flipMiddleX: { ...flipParams.flipMiddleX, label: 'Mirror Forearm x' },
    flipMiddleY: { ...flipParams.flipMiddleY, label: 'Mirror Forearm y' },
    stretch: {
      type: 'number',
      label: 'Stretch the skeleton on x',
      default: 1,
      min: 0.5,
      max: 2,
      step: 0.05,
    },
  },
});
