import { describeFigure } from '../description.ts';
import { reachSequenceMeta } from './meta.ts';

/**
 * Lesson 10's arms as the student sees them: the sequence to type, what the IK arm is doing,
 * each arm's presses with their misses, and the glide's formula.
 */
export const reachSequenceFigure = describeFigure({
  ...reachSequenceMeta,
  help: {
    layout: 'Four buttons, a keypad of nine, or a row of four.',
    bones: 'Two or three bones in each arm.',
    characterX: 'Move the character sideways; the baked clip moves with it.',
    box: 'Stand the character on a box this high.',
    panelX: 'Move the panel sideways.',
    panelY: 'Move the panel up (−) or down (+).',
    moveDuration: 'How long the IK target takes to glide to a button, in seconds.',
    ikWeight: 'How much of the IK pose the arm shows over the clip’s pose (0 to 1).',
    baked: 'Show the arm that only replays its clips, faded, on the same shoulder.',
  },
  widgets: {
    sequence: {
      kind: 'text',
      label: 'Buttons to press',
      placeholder: 'e.g. 1 3 2 4',
      submitLabel: 'Press',
      primary: true,
    },
  },
  readouts: {
    'ik-phase': { label: 'IK arm is' },
    'ik-presses': { label: 'IK arm pressed (miss)', primary: true },
    'baked-presses': { label: 'Baked arm pressed (miss)', primary: true },
  },
  formulas: {
    step: { label: 'The glide, or the clip the arm plays', primary: true },
  },
  // The character and the panel wherever the sliders can put them (feet on the floor at
  // y = 260; the panel moved up 60 reaches y = −164; the character 80 left on its box, x = −260).
  bounds: { x: -262, y: -168, width: 452, height: 432 },
  strings: {
    busy: 'Wait: the arm is still pressing the last sequence.',
    fourExample: '1 3 2 4',
    keypadExample: '5 1 9 3 7',
    idle: 'idle',
    movingTo: 'moving to {n}',
    backFrom: 'back from {n}',
    hitFor: 'button_hit (for {n})',
    hit: '{button} ✓ ({miss})',
    miss: '{button} ✗ ({miss})',
    separator: ' · ',
    none: '—',
    hidden: 'hidden',
    typeAndPress: 'type a sequence and press it',
    clip: 'baked clip {clip}, played at 24 frames a second',
  },
});
