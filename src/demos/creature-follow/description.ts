import { describeFigure } from '../description.ts';
import { creatureFollowMeta, WORLD } from './meta.ts';

/**
 * Lesson 9's creature as the student sees it: what it is doing and why (its band and wedge, in
 * numbers and in the rule's formula), and the smoothing that makes it frame-rate independent.
 */
export const creatureFollowFigure = describeFigure({
  ...creatureFollowMeta,
  help: {
    creature: 'Four legs, eight, or a scorpion whose sting watches the target.',
    minDistance: 'Nearer than this, the creature backs away from the target (seed: 5).',
    maxDistance: 'Farther than this, the creature walks towards the target (seed: 7.5).',
    maxAngle: 'The creature turns only when the target is more than this off its heading.',
    maxStep: 'A foot steps when it is farther than this from its home.',
    stepDuration: 'How long a step takes, in seconds.',
    overshoot: 'How far past its home a foot lands, as a share of a step.',
    lookAngle: 'How far the head (or sting) may turn either side of its rest direction.',
    gait: 'A leg waits while a leg of the other diagonal group is in the air (not in the seed).',
    guides: 'Draw the distance band, the turn wedge, each foot’s step circle and its arc.',
  },
  readouts: {
    doing: { label: 'What it does', primary: true },
    distance: { label: 'Distance to the target', primary: true },
    angle: { label: 'Target off its heading' },
    steps: { label: 'Steps taken' },
    look: { label: 'Look bone turned from rest', format: 'degrees' },
  },
  formulas: {
    rule: { label: 'The turning and walking rules, with the figure’s numbers', primary: true },
    smoothing: { label: 'The smoothing fraction for the frame just drawn', primary: true },
  },
  // The ground the creature walks and the target moves on.
  bounds: WORLD,
  strings: {
    turning: 'turning {side}',
    right: 'right',
    left: 'left',
    walking: 'walking towards it',
    backing: 'backing away',
    standing: 'standing',
    distance: '{d} units (band {min} to {max})',
    angle: '{angle} (wedge ±{max}°)',
  },
});
