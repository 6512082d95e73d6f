import { describeFigure } from '../description.ts';
import {
  CHAIN_PLOTS,
  chainHelp,
  chainReadouts,
  chainStrings,
  reachBounds,
  type IterationWords,
} from '../shared/chain-description.ts';
import { ccdMeta } from './meta.ts';
import { BASE, LENGTHS, TARGET_RANGE } from './scene.ts';

/** Lesson 4 counts CCD's iterations as sweeps. */
const SWEEPS: IterationWords = { Many: 'Sweeps', one: 'sweep', many: 'sweeps' };
const readouts = chainReadouts(SWEEPS);

/**
 * Lesson 4's figure as the student sees it: a chain solved one joint at a time, the turn on
 * show in a formula with its numbers, the bars of how far each joint turned.
 */
export const ccdFigure = describeFigure({
  ...ccdMeta,
  help: {
    ...chainHelp(SWEEPS),
    order:
      'Which end each sweep starts from: the joint nearest the tip (the usual CCD) or the root.',
  },
  stepTrace: true,
  readouts: {
    ...readouts,
    // "While the target stands still it needs no sweeps at all."
    warm: { ...readouts.warm, primary: true },
  },
  formulas: {
    turn: { label: 'The turn of the joint on show, with its numbers', primary: true },
  },
  // "Look at the bars under the figure."
  plots: { spread: { ...CHAIN_PLOTS.spread, primary: true } },
  // The circle the preset's five bones reach: a target past it is out of reach.
  bounds: reachBounds(BASE, LENGTHS.slice(0, 5), TARGET_RANGE),
  strings: {
    ...chainStrings(SWEEPS),
    afterWrapping: 'after wrapping to',
  },
});
