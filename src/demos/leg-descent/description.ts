import { describeFigure } from '../description.ts';
import { STAGE_STRINGS, STAGE_WORLD, ZOOM_ACTIONS } from '../shared/walk3d-fragments.ts';
import { legDescentMeta } from './meta.ts';

/**
 * Lesson 14's figure as the student sees it: one leg, a target, and the seed's descent on the
 * cost a·f1 + b·f2 + c·f3, one iteration at a time, beside Levenberg–Marquardt on the same cost;
 * the terms per iteration and the cost over the two angles plotted.
 */
export const legDescentFigure = describeFigure({
  ...legDescentMeta,
  help: {
    frame: 'The clip’s frame the leg stands in: its angles are ω, the pose the b term holds to.',
    aScale: 'The reach weight a, as a multiple of the seed’s 200/h².',
    b: 'The weight of staying like the clip, b‖θ − ω‖².',
    c: 'The weight of staying like the last frame, c‖θ − γ‖².',
    learningRate: 'How far each step of the descent goes against the slope (the seed’s 0.01).',
    maxIterations: 'The descent stops here if it has not settled (the seed’s 300).',
    solver: 'The seed’s gradient descent, or Levenberg–Marquardt on the same cost.',
    gammaFromLast:
      'Each solve starts from the last one’s answer, as from one frame of a walk to the next, instead of the clip’s angles.',
  },
  actions: {
    play: {
      label: 'Play',
      key: 'Space',
      stepBar: true,
      help: 'Show the descent iteration by iteration',
    },
    step: { label: 'Step', key: '.', stepBar: true, help: 'One iteration (. on the figure)' },
    back: {
      label: 'Step back',
      key: ',',
      stepBar: true,
      help: 'One iteration back (, on the figure)',
    },
    solve: { label: 'Jump to the end', stepBar: true, help: 'The descent’s last iteration' },
    reset: { label: 'Back to θ = γ', help: 'The descent’s start' },
    nextFrame: {
      label: 'Next frame, same target',
      primary: true,
      help: 'The clip’s next frame, the target where it is',
    },
    resetTarget: {
      label: 'Target back on the foot',
      help: 'The target where the clip puts the foot',
    },
    riseTarget: {
      label: 'Target on a rise again',
      help: '8 cm ahead of where the clip puts the foot and 12 cm up',
    },
    ...ZOOM_ACTIONS,
  },
  readouts: {
    iteration: { label: 'iteration shown / last', primary: true },
    terms: { label: 'a·f1, b·f2, c·f3 → F', primary: true },
    theta: { label: 'θ (hip, knee) · ω · γ' },
    gap: { label: 'foot to target', primary: true },
    both: { label: 'iterations to stop: descent · Levenberg–Marquardt' },
    weights: { label: 'a · b · c' },
  },
  formulas: {
    cost: { label: 'The cost F and its three terms at the iteration shown' },
    gradient: { label: 'The reach term’s gradient, and the descent’s step' },
    a: { label: 'The reach weight a from the rig height' },
  },
  plots: {
    terms: {
      label: 'The terms per iteration (the seed’s Figs. 4.7/4.8)',
      xLabel: 'iteration',
      yLabel: 'weighted term',
      logY: true,
      xStart: 0,
      primary: true,
    },
    'cost-map': {
      kind: 'xy',
      label: 'F over the two angles, with both descents’ paths',
      xLabel: 'θ hip (°)',
      yLabel: 'θ knee (°)',
    },
  },
  bounds: STAGE_WORLD,
  keyHelp:
    'Arrow keys move the target 2 cm; Space plays the descent, . steps one iteration, , steps back; + − zoom.',
  strings: {
    ...STAGE_STRINGS,
    pause: 'Pause',
    play: 'Play',
    iteration: '{shown} / {last}{cap}',
    capReached: ' (cap reached)',
    terms: '{af1}, {bf2}, {cf3} → {F}',
    angles: '({hip}, {knee})',
    theta: '{theta} · {omega} · {gamma}',
    gap: '{gap} cm',
    both: '{gd} · {lm} (F {gdF} · {lmF})',
    weights: '{a} · {b} · {c}',
    reach: 'a·f1 (reach)',
    likeClip: 'b·f2 (like the clip)',
    likeLast: 'c·f3 (like the last frame)',
    F: 'F',
    otherF: 'F, {solver}',
    contours: 'F = const',
    shown: 'the iterate shown',
  },
});
