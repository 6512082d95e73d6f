import { defineMeta } from '../description';

export const solverRaceMeta = defineMeta({
  id: 'solver-race',
  title: 'Four solvers, one target: a race',
  summary:
    'Drag any target: CCD, FABRIK, Jacobian transpose and DLS solve the same chain side by side.',
  credit: 'seed 002 §1.4 and §5',
  params: {
    targetX: {
      type: 'number',
      label: 'Target x (in each panel)',
      default: -10,
      min: -660,
      max: 660,
    },
    targetY: {
      type: 'number',
      label: 'Target y (in each panel)',
      default: -40,
      min: -520,
      max: 520,
    },
    bones: { type: 'number', label: 'Bones', default: 6, min: 2, max: 10, step: 1 },
    tolerance: { type: 'number', label: 'Tolerance', default: 0.1, min: 0.001, max: 10 },
    iterations: {
      type: 'number',
      label: 'Iteration cap',
      default: 200,
      min: 1,
      max: 2000,
      step: 1,
    },
    damping: {
      type: 'number',
      label: 'DLS damping λ (× chain length)',
      default: 0.1,
      min: 0,
      max: 1,
    },
    warm: { type: 'boolean', label: 'Start from the previous pose (warm start)', default: false },
    flipX: { type: 'boolean', label: 'Mirror every skeleton on x', default: false },
    flipY: { type: 'boolean', label: 'Mirror every skeleton on y', default: false },
  },
});
