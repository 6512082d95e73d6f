import { describeFigure } from '../description.ts';
import { WALK_ACTIONS, WALK_KEY_HELP } from '../shared/walk-input.ts';
import { spiderLegsMeta } from './meta.ts';

/**
 * Lesson 8's spider as the student sees it: the walk buttons, what its legs are doing, how well
 * its planted feet (and the baked spider's) touch the ground, and the stepping rule for leg L1.
 */
export const spiderLegsFigure = describeFigure({
  ...spiderLegsMeta,
  help: {
    terrain: 'The ground both spiders walk on: pick a shape, then reshape it if you like.',
    legs: 'Four, six or eight legs, in two gait groups.',
    stepThreshold: 'A planted foot steps when its ray’s hit is farther away than this.',
    stepHeight: 'How high a foot rises in the middle of a step.',
    stepSpeed: 'How fast a foot travels while stepping.',
    walkSpeed: 'How fast the body walks when its legs keep up.',
    gait: 'A leg lifts only while every leg of the other group is planted (seed 002’s CanStep).',
    baked: 'A spider playing a keyframed walk, in a lane below, always at the same x.',
    debug: 'Draw each leg’s ray, where it hit, the step threshold round it, and the rig’s frame.',
    editTerrain: 'Drag the ground’s points to reshape it under the spiders.',
    autopilot: 'Walk back and forth without anyone holding a key.',
  },
  actions: { ...WALK_ACTIONS },
  keyHelp: WALK_KEY_HELP,
  readouts: {
    'in-air': { label: 'Feet in the air', primary: true },
    'both-lifted': { label: 'Frames with both groups lifted', primary: true },
    support: { label: 'Weight the planted feet hold', primary: true },
    body: { label: 'Body: x, tilt' },
    'ik-gap': { label: 'IK spider: planted feet off the ground (mean)' },
    'ik-slide': { label: 'IK spider: planted feet sliding (typical, last 2 s)' },
    'baked-gap': { label: 'Baked spider: planted feet off the ground (mean)' },
    'baked-slide': { label: 'Baked spider: planted feet sliding (typical, last 2 s)' },
  },
  formulas: {
    'step-rule': { label: 'When leg L1 steps, with its numbers', primary: true },
  },
  // The IK spider at its start on the hills, and the baked one in its lane below: the view
  // follows them from there (view()).
  bounds: { x: -193, y: 16, width: 283, height: 451 },
  strings: {
    inAir: '{n} of {total}',
    inAirNames: '{n} of {total} ({names})',
    support: '{percent}%, body {height} units above the ground',
    body: '{x}, {tilt}',
    units: '{value} units',
    speed: '{value} units/s',
    hidden: 'hidden',
    ikLabel: 'IK',
    bakedLabel: 'baked',
    stepWhenFree: 'step (when the other group stands)',
    step: 'step',
    stay: 'stay planted',
    inTheAir: '{leg} in the air: ',
    dragging: '{leg} dragged, carrying {percent}% of the weight: ',
  },
});
