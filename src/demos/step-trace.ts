import type { ActionSpec, ReadoutSpec } from './description.ts';

/**
 * The step bar every solver figure shares (a description with `stepTrace: true` gets it): its
 * four buttons with their keys, and the two readouts that say what the step did. The sentences
 * that say it, one per kind of sub-step, are in step-sentences.ts: they load once the figure
 * runs, as a student needs them only after pressing Step.
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
  },
} as const;
