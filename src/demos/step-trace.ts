import type { ActionSpec, ReadoutSpec } from './description';

/**
 * The step bar every solver figure shares (a description with `stepTrace: true` gets it): its
 * four buttons with their keys, the two readouts that say what the step did, and the sentences
 * that say it, one per kind of sub-step.
 */
export const STEP_TRACE = {
  actions: {
    step: { label: 'Step', key: 'S', stepBar: true, help: 'Show the solver’s next sub-step' },
    play: {
      label: 'Play',
      key: 'P',
      stepBar: true,
      help: 'Play the sub-steps one after another',
    },
    solve: {
      label: 'Jump to solution',
      key: 'J',
      stepBar: true,
      help: 'Show the solver’s last sub-step',
    },
    live: { label: 'Back to live', key: 'L', stepBar: true, help: 'Solve every frame again' },
  } satisfies Record<string, ActionSpec>,
  readouts: {
    substep: { label: 'Sub-step', stepBar: true },
    'step-what': { label: 'What the solver did', stepBar: true },
  } satisfies Record<string, ReadoutSpec>,
  strings: {
    pause: 'Pause',
    play: 'Play',
    /** The canvas bar's short names for the same four buttons. */
    canvasStep: 'Step',
    canvasPlay: 'Play',
    canvasEnd: 'End',
    canvasLive: 'Live',
    live: 'live: the solver runs every frame',
    liveWhat: 'Press Step to watch one solve from the rest pose, sub-step by sub-step.',
    nothingToSolve: 'Nothing to solve: {message}.',
    alreadyThere: 'The rest pose already reaches the target: nothing to do.',
    restPose: 'The rest pose, before the solver starts. Press Step.',
    counter: '{k} / {n}',
    resultAt: 'sub-step {k} of {n}: {result}',
    resultRest: 'sub-step {k} of {n}: the rest pose, before the solver starts',
    resultBusy: 'sub-step {k} of {n}: not finished yet',
    iterationPrefix: 'Iteration {n}: ',
    tipError: '; the tip is {error} from the target',
    tip: 'the tip',
    jointOf: '{bone}’s joint',
    jointN: 'joint {i}',
    boneN: 'bone {i}',
    stretch:
      'Out of reach: the straight chain points at the target. Nothing nearer is possible{err}.',
    fold: 'Inside the dead zone: the longest bone points at the target and the others fold back along it, as near as the chain gets{err}.',
    aim: 'Point the straight chain at the target{err}.',
    bendShoulder:
      'Open the shoulder: {bone} turns {turn} away from the line to the target (the angle α){err}.',
    bendElbow: 'Close the elbow: {bone} turns {turn} relative to {first} (180° − β){err}.',
    turnHeld:
      '{it}{bone} is held at its limit: the formula wants {wanted}, and it cannot turn that way at all{err}.',
    turnNone: '{it}{bone} is already lined up with the target (no turn){err}.',
    turnStopped:
      '{it}{bone} turns {turn} and stops at its limit (the formula wants {wanted}){err}.',
    turn: '{it}{bone} turns {turn} so the tip lies on the line from its joint to the target{err}.',
    forwardTip: '{it}forward pass: the tip is put on the target{err}.',
    forward:
      '{it}forward pass: {joint} slides onto the line towards {next}, one bone length from it. (A ghost: bones stretch until the pass ends.)',
    backwardBase: '{it}backward pass: the base goes back home.',
    backward:
      '{it}backward pass: {joint} slides one bone length along the line from {previous}{err}.',
    pole: '{it}pole: {joint} is mirrored across the line through its neighbours, to the pole’s side{err}.',
    step: '{it}every joint turns at once (the largest turn is {turn}){err}.',
    nudge:
      '{it}stuck: the last sweep gained nothing (the chain lies along the line to the target, or its joints are held at their limits). Bend it slightly and go on{err}.',
    done: '{it}done{err}.',
  },
} as const;
