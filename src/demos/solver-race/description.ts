import { describeFigure } from '../description.ts';
import { solverRaceMeta } from './meta.ts';

/**
 * Lesson 7's figure as the student sees it: four panes, one solver each, replayed iteration by
 * iteration; each solver's iterations, time, evenness and outcome; the errors and the turns.
 */
export const solverRaceFigure = describeFigure({
  ...solverRaceMeta,
  help: {
    tolerance: 'Every solver stops once its tip is this close to the target.',
    iterations: 'At most this many iterations in one solve, for every solver.',
    damping:
      'DLS’s damping λ, in chain lengths (the chain is 222 long: 0.1 is about 22 units). At 0, DLS is the pseudo-inverse.',
    warm: 'Each solve starts from the last solution instead of the rest pose, as a game’s does from frame to frame.',
    flipX: 'Scale every skeleton by −1 on x; the targets stay where they are.',
    flipY: 'Scale every skeleton by −1 on y; the targets stay where they are.',
  },
  actions: {
    step: { label: 'Step', stepBar: true, help: 'Show one more iteration of every solver' },
    race: {
      label: 'Race',
      stepBar: true,
      help: 'Replay every solver iteration by iteration, side by side',
    },
    solutions: {
      label: 'Show the solutions',
      help: 'Stop the replay and show each solver’s final pose',
    },
  },
  readouts: {
    'race-step': { label: 'Iteration shown', stepBar: true },
    // The readouts' labels name the lanes everywhere (panes, plots). Each pane shows its
    // solver's error beside its chain, and the plot beside the canvas draws every iteration's:
    // these longer lines (iterations, time, evenness) wait under More.
    'race-ccd': { label: 'CCD' },
    'race-fabrik': { label: 'FABRIK' },
    'race-transpose': { label: 'Jacobian transpose' },
    'race-dls': { label: 'DLS' },
  },
  plots: {
    errors: {
      label: 'Distance from tip to target after each iteration',
      xLabel: 'iteration',
      yLabel: 'error',
      logY: true,
      primary: true,
    },
    turns: {
      label: 'How far each joint turned (degrees)',
      xLabel: 'joint, from the root',
      yLabel: 'degrees',
      kind: 'bars',
      xStart: 1,
    },
  },
  // The four panes, 380 × 300 each, around the origin.
  bounds: { x: -380, y: -300, width: 760, height: 600 },
  strings: {
    race: 'Race',
    pause: 'Pause',
    solutions: 'the solutions (Step or Race replays the solves)',
    shownAt: '{k} / {n}',
    shownStart: '{k} / {n}: the start pose',
    iterationsOne: '1 iteration',
    iterationsMany: '{n} iterations',
    micros: '{micros} µs a solve',
    timing: 'timing…',
    solveLine: '{iterations} · {time} · evenness {even}%, tip third {tip}% · {outcome}',
    iterationLine: 'iteration {at} of {last} · error {error} · {state}',
    startPose: 'the start pose',
    stillGoing: 'still going',
    reached: 'reached',
    unreachable: 'unreachable ({reachability})',
    stuck: 'stuck',
    capped: 'stopped by the cap',
    evenSeries: '{name} ({even}% even)',
    paneTitle: '{name}\nerror {error}',
  },
});
