import { describeFigure } from '../description.ts';
import { atan2QuadrantsMeta } from './meta.ts';

/**
 * Lesson 2's angle to a point as the student sees it: the relative vector's legs x and y drawn
 * from the joint, and atan's and atan2's answers as arcs, readouts and a formula.
 */
export const atan2QuadrantsFigure = describeFigure({
  ...atan2QuadrantsMeta,
  help: {
    method:
      'The function that turns the relative vector into the bone’s angle: atan2(y, x), or atan(y / x), which sees only the ratio.',
  },
  readouts: {
    relative: { label: 'relative = point − joint', primary: true },
    quadrant: { label: 'Quadrant' },
    atan: { label: 'atan(y / x)', format: 'degrees', digits: 2, primary: true },
    atan2: { label: 'atan2(y, x)', format: 'degrees', digits: 2, primary: true },
    'bone-angle': { label: 'Bone rotation', format: 'degrees', digits: 2 },
  },
  formulas: {
    tan: { label: 'tan θ as y over x, and atan2’s angle', primary: true },
  },
  // The joint at (25, 10), the point at its preset (50, 30), the x axis drawn 60 units from the
  // joint, and the points the lesson asks for: (35, 10), (0, 30) and the challenge's
  // (−15, −20); 12 units round them for the point's handle and the arcs.
  bounds: { x: -27, y: -32, width: 124, height: 74 },
  strings: {
    onJoint: 'none (on the joint)',
    onAxis: 'on an axis',
    first: 'I (x > 0, y > 0)',
    second: 'II (x < 0, y > 0)',
    third: 'III (x < 0, y < 0)',
    fourth: 'IV (x > 0, y < 0)',
    quadrantI: 'I',
    quadrantII: 'II',
    quadrantIII: 'III',
    quadrantIV: 'IV',
    xLeg: 'x = {x}',
    yLeg: 'y = {y}',
    atan2Arc: 'atan2 {angle}',
    atanArc: 'atan {angle}',
  },
});
