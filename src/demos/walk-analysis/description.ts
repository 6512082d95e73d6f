import { describeFigure } from '../description.ts';
import {
  BVH_ACTIONS,
  BVH_WIDGETS,
  CAMERA_ACTIONS,
  CAMERA_KEY_HELP,
  STAGE_STRINGS,
  STAGE_WORLD,
} from '../shared/walk3d-fragments.ts';
import { walkAnalysisMeta } from './meta.ts';

/**
 * Lesson 13's figure as the student sees it: the walk clip on the spot, its feet's paths cut into
 * stances and steps, and the analysis read out: the support threshold, the support frames of
 * each foot (its own test and the rule's), the support heights, and a capture's cycle.
 */
export const walkAnalysisFigure = describeFigure({
  ...walkAnalysisMeta,
  help: {
    factor:
      'k in d_min = h·s/120·k: how far a foot may move in a frame and still count as planted (the seed’s default is 1). The whole analysis runs again.',
    rule: 'opposite: the seed’s, the right foot the left’s opposite; each: every foot on its own, ankle or toes.',
    playRate: 'How fast the clip plays, as a share of real time: 0 pauses it.',
    time: 'Scrub the clip: it pauses at the time you set.',
  },
  actions: {
    play: {
      label: 'Pause',
      key: 'Space',
      stepBar: true,
      help: 'Pause or play the clip (Space on the figure)',
    },
    capture: {
      label: 'Try a 120 fps capture',
      help: 'A capture-like clip that stands, walks and stops, made from the course’s gait curves, with noise, under CMU’s names',
    },
    ...BVH_ACTIONS,
    ...CAMERA_ACTIONS,
  },
  widgets: {
    ...BVH_WIDGETS,
    range: {
      kind: 'text',
      label: 'Walk cycle',
      help: 'The first frame – the frame where the cycle comes round (it is not played)',
      placeholder: 'load a capture first',
      submitLabel: 'Use these frames',
    },
  },
  readouts: {
    dmin: { label: 'support threshold d_min' },
    support: { label: 'support frames: left · right', primary: true },
    subs: { label: 'stances and steps (frames)', primary: true },
    floor: { label: 'floor offset (lowest joint)' },
    now: { label: 'frame now: left · right' },
    height: { label: 'support heights now: left · right' },
    warnings: { label: 'the validator says' },
    disagree: { label: 'each foot’s own test against the rule', primary: true },
    // A capture: which frames of the whole file are the cycle, and which the idle.
    cycle: { label: 'walk cycle in the file' },
  },
  formulas: {
    support: { label: 'The support test, with the threshold’s numbers' },
    heights: { label: 'A step’s support height, and the left foot’s now' },
  },
  plots: {
    movement: {
      label:
        'How far each foot moves per frame (under each: the less of its ankle and toes, which also must be near their lowest), against the threshold',
      xLabel: 'frame',
      yLabel: 'world units',
    },
    support: {
      label:
        'Support frames (filled: planted): each foot’s own test, and what the rule makes of it',
      xLabel: 'frame',
      yLabel: 'planted',
      kind: 'strip',
      primary: true,
    },
    cycle: {
      label:
        'The whole clip (at 30 fps): where the hips walk steadily, the cycle used, the standing',
      xLabel: 'frame of the clip',
      yLabel: 'part',
      kind: 'strip',
    },
  },
  bounds: STAGE_WORLD,
  keyHelp: `Space play/pause, ← → a frame back/forward; ${CAMERA_KEY_HELP} Drag to orbit; wheel or pinch to zoom.`,
  strings: {
    ...STAGE_STRINGS,
    needsLegs: 'the analysis needs two legs: {why}',
    pause: 'Pause',
    play: 'Play',
    left: 'left',
    right: 'right',
    dMin: '{dMin} (rigHeight {h} × scale {s} / 120 × {k})',
    supportFrames: '{left} · {right} of {frames}',
    stance: 'stance {frames}',
    step: 'step {frames}',
    subs: 'left: {left}; right: {right}',
    floor: '{offset} world units',
    meetsSeed: 'nothing: the clip meets §9.3',
    agree: 'they agree in every frame',
    differ:
      'they differ in frames {differ}. Both feet pass their own test in {both}; neither does in {neither}',
    noFrame: 'no frame',
    now: '{frame}: {left} · {right}',
    planted: 'planted',
    stepping: 'step',
    pair: '{left} · {right}',
    mark: '{side}: {state}',
    leftFoot: 'left foot',
    rightFoot: 'right foot',
    dMinLine: 'd_min',
    leftOwn: 'left, own test',
    leftUsed: 'left, used',
    rightOwn: 'right, own test',
    rightUsed: 'right, used',
    steady: 'steady walk',
    cycleUsed: 'cycle used',
    standing: 'standing (idle)',
    fileRate: ' (the file: {frames} frames at {fps} fps)',
    wholeClip: 'the whole clip, frames 0–{n}{rate}: {why}',
    hipsStill: 'the hips never move',
    cycleFound: 'frames {a}–{b} of {n}{rate}: {why}',
    cycleTyped: "frames {a}–{b} of {n}{rate}, as typed (the finder's: {from}–{to})",
    loadFirst: 'Load a capture first (a file, or “Try a 120 fps capture”).',
    notRange: '“{text}” is not a range: type two frame numbers, e.g. 100–133.',
    texPlanted: 'planted',
    texAnd: ' and ',
    texFor: ' for ',
    texOr: ' or ',
    texStep: 'step',
    texStart: 'start',
    texEnd: 'end',
    texLeft: 'left',
  },
});
