import { CCD_ORDERS } from '../../ik/ccd-orders.ts';
import { chainParams, flipParams } from '../shared/shared-params.ts';
import { defineMeta } from '../description.ts';

/** What a page knows of lesson 4's figure before its code loads: its settings. */
export const ccdMeta = defineMeta({
  id: 'ccd',
  title: 'CCD: one joint at a time, from the tip to the root',
  summary: 'Drag the target; step through the sweep and see which bone turns, and by how much.',
  credit: 'seed 001 §3, seed 002 §1.4',
  params: {
    ...chainParams,
    bones: { type: 'number', label: 'Bones', default: 5, min: 2, max: 8, step: 1, control: false },
    iterations: {
      type: 'number',
      label: 'Iteration cap',
      default: 30,
      min: 1,
      max: 500,
      step: 1,
      log: true,
      primary: true,
    },
    order: {
      type: 'choice',
      label: 'Sweep order',
      default: 'tip-to-root',
      options: CCD_ORDERS,
      primary: true,
    },
    // "In the first figure, tick Mirror skeleton x, then Mirror middle bone y."
    flipRootX: { ...flipParams.flipRootX, primary: true },
    flipRootY: flipParams.flipRootY,
    flipMiddleX: flipParams.flipMiddleX,
    flipMiddleY: { ...flipParams.flipMiddleY, primary: true },
  },
});
