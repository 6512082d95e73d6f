import { defineMeta } from '../description.ts';

/** What a page knows of lesson 7's figure before its code loads: its settings. */
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
      control: false,
    },
    targetY: {
      type: 'number',
      label: 'Target y (in each panel)',
      default: -40,
      min: -520,
      max: 520,
      control: false,
    },
    bones: { type: 'number', label: 'Bones', default: 6, min: 2, max: 10, step: 1, control: false },
    tolerance: {
      type: 'number',
      label: 'Tolerance',
      default: 0.1,
      min: 0.001,
      max: 10,
      step: 0.001,
      log: true,
    },
    iterations: {
      type: 'number',
      label: 'Iteration cap',
      default: 200,
      min: 1,
      max: 2000,
      step: 1,
      log: true,
    },
    // "Move the DLS λ slider."
    damping: {
      type: 'number',
      label: 'DLS λ',
      default: 0.1,
      min: 0,
      max: 1,
      step: 0.01,
      primary: true,
    },
    // "Tick Warm start and drag the target slowly in a circle halfway out."
    warm: { type: 'boolean', label: 'Warm start', default: false, primary: true },
    // "Tick Mirror x."
    flipX: { type: 'boolean', label: 'Mirror x', default: false, primary: true },
    flipY: { type: 'boolean', label: 'Mirror y', default: false },
  },
});
