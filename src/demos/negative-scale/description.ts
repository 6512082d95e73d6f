import { describeFigure } from '../description.ts';
import { negativeScaleMeta } from './meta.ts';

/**
 * Lesson 1's mirrored arm as the student sees it: which way a positive rotation turns on
 * screen, the flipped node's matrix, and the rotation and scale Godot reads back from it.
 */
export const negativeScaleFigure = describeFigure({
  ...negativeScaleMeta,
  help: {
    flipX: 'Sets the chosen node’s scale.x to −1: a mirror, left to right.',
    flipY: 'Sets the chosen node’s scale.y to −1: a mirror, top to bottom.',
    flipNode:
      'The node the flips act on: the Skeleton (the whole arm), or the Forearm (with the Hand below it).',
    upper: 'UpperArm’s rotation relative to the Skeleton.',
    fore: 'Forearm’s rotation relative to UpperArm.',
  },
  readouts: {
    turn: { label: 'A positive rotation of UpperArm turns', primary: true },
    det: { label: 'Determinant of the flipped node’s global matrix', digits: 2 },
    readback: { label: 'Godot reads that matrix back as', primary: true },
    'upper-global': { label: 'UpperArm local → global rotation', primary: true },
  },
  formulas: {
    matrix: {
      label: 'The flipped node’s global matrix, and the rotation and scale read back from it',
      primary: true,
    },
  },
  // The lesson's preset (nothing flipped): the arm from the Skeleton at the origin to the
  // hand's tip at (140, 177), 20 units round it. Mirrored, the view grows to take the arm in.
  bounds: { x: -20, y: -20, width: 180, height: 218 },
  strings: {
    clockwise: 'clockwise (as usual)',
    counterClockwise: 'counter-clockwise (mirrored)',
    readback: 'rotation {rotation}, scale ({sx}, {sy})',
    localToGlobal: '{local} → {global}',
    rotation: 'rotation',
    scale: 'scale',
    unflipped: 'unflipped',
    plusRotation: '+rotation',
  },
});
