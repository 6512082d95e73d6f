import { describeFigure } from '../description.ts';
import {
  CHAIN_PLOTS,
  chainHelp,
  chainReadouts,
  chainStrings,
  reachBounds,
  type IterationWords,
} from '../shared/chain-description.ts';
import { fabrikMeta } from './meta.ts';
import { BASE, LENGTHS, TARGET_RANGE } from './scene.ts';

/** Lesson 5 counts FABRIK's iterations as rounds (a forward and a backward pass each). */
const ROUNDS: IterationWords = { Many: 'Rounds', one: 'round', many: 'rounds' };

/**
 * Lesson 5's figure as the student sees it: the passes as ghosts, the reach ring and its dead
 * zone, ρ for the joint just placed, and a pole that picks the side the joints bend to.
 */
export const fabrikFigure = describeFigure({
  ...fabrikMeta,
  help: {
    ...chainHelp(ROUNDS),
    pole: 'A marker every joint bends towards: drag it to either side of the chain.',
    poleMode:
      'Mirror the joints to the pole’s side once after the rounds (as seed 002 does), or after every round.',
    showReach:
      'The dashed circle the tip can reach, and the dead zone the tip can never enter when one bone is longer than all the others together.',
  },
  stepTrace: true,
  readouts: {
    ...chainReadouts(ROUNDS),
    reachability: { label: 'Where the target is' },
  },
  formulas: {
    fabrik: {
      label: 'ρ for the joint just placed, or the reach check that comes first',
      primary: true,
    },
  },
  plots: CHAIN_PLOTS,
  // The reach circle of the preset's four bones (drawn unless Show the reach circles is off).
  bounds: reachBounds(BASE, LENGTHS.slice(0, 4), TARGET_RANGE),
  strings: {
    ...chainStrings(ROUNDS),
    beyond: 'beyond reach: {d} > {outer}',
    inDeadZone: 'in the dead zone: {d} < {inner}',
    reachable: 'reachable: {inner} ≤ {d} ≤ {outer}',
    texStretch: 'stretch',
    texDeadZone: 'dead zone',
    texIterate: 'iterate',
  },
});
