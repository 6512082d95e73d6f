import { describeFigure } from '../description.ts';
import { twoBoneMeta } from './meta.ts';

/**
 * Lesson 3's figure as the student sees it: the triangle shoulder–elbow–target drawn on the
 * arm, its sides and angles read out and put into the law of cosines, live.
 */
export const twoBoneFigure = describeFigure({
  ...twoBoneMeta,
  help: {
    flipBend: 'Puts the elbow on the other side of the line from shoulder to target.',
    softness:
      'Within this distance of full reach the arm aims a little short, so it never snaps straight (Spine’s IK softness).',
    pole: 'A marker the elbow bends towards: it overrides Flip the bend.',
    upper: 'The upper arm’s length, l₁.',
    fore: 'The forearm’s length, l₂.',
    flipRootX: 'Scale the skeleton by −1 on x: a sprite facing the other way.',
    flipRootY: 'Scale the skeleton by −1 on y.',
    flipMiddleX: 'Scale the forearm alone by −1 on x.',
    flipMiddleY: 'Scale the forearm alone by −1 on y.',
    stretch: 'A non-uniform scale on the skeleton: the arm is solved in the skeleton’s own space.',
  },
  stepTrace: true,
  readouts: {
    distance: { label: 'd = |target − shoulder|', primary: true },
    alpha: { label: 'α, interior angle at the shoulder', format: 'degrees', primary: true },
    beta: { label: 'β, interior angle at the elbow', format: 'degrees', primary: true },
    'upper-rotation': { label: 'UpperArm local rotation', format: 'degrees' },
    'fore-rotation': { label: 'Forearm local rotation', format: 'degrees' },
    error: { label: 'Tip to target', digits: 2 },
    status: { label: 'Result', primary: true },
  },
  formulas: {
    cosines: { label: 'The law of cosines for α, with the figure’s numbers', primary: true },
    angles: { label: 'The law of cosines for β, with the figure’s numbers', primary: true },
    rotations: { label: 'The bones’ rotations from α and β', primary: true },
  },
  // The reach circle (290 around the shoulder at (−90, 20)) and the target's usual ground.
  bounds: { x: -390, y: -290, width: 640, height: 600 },
  strings: {
    softenedDistance: '{d}; softness aims at d′ = {soft}',
    noTriangle: '— (no triangle)',
    softened: 'softened: the arm stays bent near full reach, {short} short of the target',
    outOfReach: 'out of reach: both bones point at the target',
    tooNear: 'too near: nearer than |l₁ − l₂|, folded as near as it gets',
    reachedPole: 'reached; elbow on the pole’s side',
    reachedFlipped: 'reached; elbow flipped',
    reachedDefault: 'reached; elbow on its default side',
    onScreen: 'on screen',
    inSkeleton: 'in the skeleton’s space',
    clamped: 'clamped',
    outsideClamped: 'outside [-1, 1]: clamped',
    distanceLabel: 'd = {d}',
    alphaLabel: 'α {angle}',
    betaLabel: 'β {angle}',
  },
});
