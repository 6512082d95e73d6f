import { describeFigure } from '../description.ts';
import { forwardKinematicsMeta } from './meta.ts';

/**
 * Lesson 1's arm as the student sees it: each bone's local rotation as a slider and an arc,
 * its global rotation read out, and the sum that makes the hand's.
 */
export const forwardKinematicsFigure = describeFigure({
  ...forwardKinematicsMeta,
  help: {
    upper: 'UpperArm’s rotation relative to its parent, the Skeleton.',
    fore: 'Forearm’s rotation relative to its parent, UpperArm.',
    hand: 'Hand’s rotation relative to its parent, Forearm.',
  },
  readouts: {
    'global-UpperArm': { label: 'UpperArm global rotation', format: 'degrees', primary: true },
    'global-Forearm': { label: 'Forearm global rotation', format: 'degrees', primary: true },
    'global-Hand': { label: 'Hand global rotation', format: 'degrees', primary: true },
    tip: { label: 'Hand tip, global position', primary: true },
  },
  formulas: {
    sum: { label: 'The hand’s global rotation, the sum of the three local ones', primary: true },
  },
  // The arm at its preset (0 ≤ x ≤ 219, −55 ≤ y ≤ 0), and at the poses the lesson asks for:
  // UpperArm at 0° (the hand's tip at y = 104), and the challenge's 30°, 60°, −90° (y = 145).
  // 20 units round them for the bones' width and the arcs. Swung further, the view grows.
  bounds: { x: -20, y: -75, width: 260, height: 240 },
  strings: {
    hand: 'hand',
    global: 'global',
  },
});
