import { defineMeta } from '../description.ts';

export const JACOBIAN_METHODS = ['transpose', 'pseudo-inverse', 'dls'] as const;
/** What is drawn on the arm: J's columns, the downhill turns Jᵀe, or J's two directions. */
export const JACOBIAN_SHOWS = ['columns', 'gradient', 'directions'] as const;

/** What a page knows of lesson 6's figure before its code loads: its settings. */
export const jacobianMeta = defineMeta({
  id: 'jacobian',
  title: 'The Jacobian: how each joint moves the tip',
  summary:
    'J’s columns, Jᵀe, its two directions and the transpose, pseudo-inverse and DLS steps on one arm.',
  credit: 'seed 002 §1.4',
  params: {
    // "Press Step to take one step with the method chosen in Step with."
    method: {
      type: 'choice',
      label: 'Step with',
      default: 'dls',
      options: JACOBIAN_METHODS,
      primary: true,
    },
    // Each section of the lesson draws one idea on the arm: "Draw: Jᵀe at the joints".
    show: {
      type: 'choice',
      label: 'Draw on the arm',
      default: 'columns',
      options: JACOBIAN_SHOWS,
      primary: true,
    },
    // "Tick Clamp like the solver and step with the pseudo-inverse."
    clamp: { type: 'boolean', label: 'Clamp like the solver (45°)', default: false },
    // "With the arm straightened, drag DLS λ down to 0."
    lambda: {
      type: 'number',
      label: 'DLS λ',
      default: 0.1,
      min: 0,
      max: 0.5,
      step: 0.01,
      primary: true,
    },
    targetX: {
      type: 'number',
      label: 'Target x',
      default: 120,
      min: -420,
      max: 420,
      control: false,
    },
    targetY: {
      type: 'number',
      label: 'Target y',
      default: -60,
      min: -300,
      max: 300,
      control: false,
    },
  },
});
