import { describeFigure } from '../description.ts';
import { rotationOrderMeta } from './meta.ts';

/**
 * Lesson 11's second figure as the student sees it: one book turned A then B on the left and
 * B then A on the right, the two quaternions and whether they agree, the product q_B·q_A with
 * its numbers, the cross term that changes sign with the order, and the matrix R of q.
 */
export const rotationOrderFigure = describeFigure({
  ...rotationOrderMeta,
  help: {
    angleA: 'How far turn A goes, about the world axis chosen in A turns about.',
    axisA: 'The world axis turn A is about: x (red), y (green) or z (blue).',
    angleB: 'How far turn B goes, about the world axis chosen in B turns about.',
    axisB: 'The world axis turn B is about: x (red), y (green) or z (blue).',
    turned:
      'How much of the two turns is done: 0 none, 1 each book’s first turn, 2 both; in between, the turn under way is part done.',
  },
  actions: {
    play: {
      label: 'Play both turns',
      key: 'Space',
      primary: true,
      help: 'Turned so far runs from 0 to 2 (Space on the figure)',
    },
  },
  readouts: {
    'q-ab': {
      label: 'A then B: q (x, y, z, w)',
      primary: true,
      help: 'The left book’s rotation as far as it has turned: q = q_B q_A once both turns are done.',
    },
    'q-ba': {
      label: 'B then A: q′ (x, y, z, w)',
      primary: true,
      help: 'The right book’s rotation as far as it has turned: q′ = q_A q_B once both turns are done.',
    },
    same: {
      label: 'Same rotation? (q′ = ±q)',
      primary: true,
      help: 'Whether the two books sit the same way now, and if not, the angle of the turn between them.',
    },
  },
  formulas: {
    product: { label: 'q_B q_A with both turns done, with the settings’ numbers', primary: true },
    cross: { label: 'The cross term of the product, which changes sign with the order' },
    matrix: { label: 'The rotation matrix R of q = q_B q_A', primary: true },
  },
  keyHelp: 'Space plays both turns, from the start.',
  // Two panels side by side, 190 units each: a title and the two turns at the top, the book
  // (at most 70 units from its centre whichever way it turns), the world's axes bottom right.
  bounds: { x: -190, y: -112, width: 380, height: 216 },
  strings: {
    titleAB: 'A then B',
    titleBA: 'B then A',
    stepDone: '✓ {name}: {angle}° about {axis}',
    stepNow: '▸ {name}: {angle}° about {axis}',
    stepNext: '· {name}: {angle}° about {axis}',
    x: 'x',
    y: 'y',
    z: 'z',
    quat: '({x}, {y}, {z}, {w})',
    sameYes: 'yes: q′ = q',
    sameNegated: 'yes: q′ = −q, the same turn',
    sameNo: 'no: {angle}° apart',
    play: 'Play both turns',
    pause: 'Pause',
  },
});
