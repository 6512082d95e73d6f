import { describeFigure } from '../description.ts';
import { COST_STRINGS } from '../shared/ik-cost-meter.ts';
import { TURN_ACTIONS } from '../shared/walk-input.ts';
import {
  BVH_ACTIONS,
  BVH_WIDGETS,
  CAMERA_ACTIONS,
  CAMERA_KEY_HELP,
  HOME_ACTIONS,
  PLAYBACK_HELP,
  STAGE_STRINGS,
  STAGE_WORLD,
  WALKING_HELP,
} from '../shared/walk3d-fragments.ts';
import { ikWalkMeta } from './meta.ts';

/**
 * Lesson 15's figure as the student sees it: the whole walking IK system on the seed's terrains,
 * its plans drawn (red, yellow, green), every descent's terms with running statistics, the feet's
 * gaps, and the frame's cost with IK on and off.
 */
export const ikWalkFigure = describeFigure({
  ...ikWalkMeta,
  help: {
    ...WALKING_HELP,
    ...PLAYBACK_HELP,
    support:
      'opposite: the seed’s, one foot down at a time; each: each foot on its own, both may be down.',
    ik: 'Solve the legs onto the plan (lesson 14’s descent); off, the legs play the clip.',
    correctStrides:
      'Reshape each step so a swinging foot clears the ground (the stride corrector).',
    validateStrides:
      'Refuse a step that ends too far above or below the other foot: the walk freezes.',
    targets: 'Where the system plans to put each foot.',
    real: 'Where the feet really went.',
    hip: 'The hips’ planned path.',
    second: 'The long-legged strider beside the humanoid: its own plan, the same keys.',
    crowd: 'Ten rows of two, the humanoid and the strider in turn, each planning its own feet.',
    fastSolver: 'Beyond the seed: Levenberg–Marquardt on the same cost.',
    alignFeet: 'Beyond the seed: a planted foot turned to the ground’s slope.',
    stay: 'Near its terrain’s edge the walker turns home, unless you steer.',
  },
  actions: {
    ...TURN_ACTIONS,
    ...HOME_ACTIONS,
    ...CAMERA_ACTIONS,
    measureCost: {
      label: 'Measure IK on against off',
      help: 'Two copies of the walker, from where it stands, one with IK and one without, 300 ticks each',
    },
    resetStats: { label: 'Reset the statistics', help: 'Forget the descents counted so far' },
    ...BVH_ACTIONS,
  },
  widgets: BVH_WIDGETS,
  readouts: {
    last: { label: 'last descent: a·f1, b·f2, c·f3 → F' },
    steps: { label: 'last descent: steps; mean time per descent' },
    'stats-af1': { label: 'a·f1 mean · sd · min · max' },
    'stats-bf2': { label: 'b·f2 mean · sd · min · max' },
    'stats-cf3': { label: 'c·f3 mean · sd · min · max' },
    'stats-F': { label: 'F mean · sd · min · max' },
    'stats-steps': { label: 'steps mean · sd · min · max' },
    cost: { label: 'walking system per tick: IK on / off' },
    feet: { label: 'feet now (planted: off its height; swing: over ground)' },
    worst: { label: 'last 5 s: planted foot sunk, swing below ground', primary: true },
    state: { label: 'steps frozen (validation) · strides reshaped', primary: true },
    position: { label: 'walker at (x, y), facing' },
    ground: { label: 'ground under the walker', primary: true },
    perf: { label: 'drawing' },
    crowd: {
      label: 'crowd frame: walkers (of it IK) · transform · raster · edges · upload = total',
    },
  },
  formulas: {
    cost: { label: 'The descents’ cost F, with its mean and the mean steps' },
    hip: { label: 'The hips’ height: as high as both feet allow' },
  },
  plots: {
    descents: {
      label: 'The last descents’ terms (as the seed’s Tables 4.1/4.2 collect them)',
      xLabel: 'descent',
      yLabel: 'weighted term',
      logY: true,
    },
  },
  bounds: STAGE_WORLD,
  keyHelp: `↑ walk, ↓ stop, ← → turn while held; ${CAMERA_KEY_HELP} Drag to orbit; wheel or pinch to zoom.`,
  strings: {
    ...STAGE_STRINGS,
    ...COST_STRINGS,
    needsLegs: 'the walking system needs two legs: {why}',
    ruleRefused: 'The support rule "{rule}" was not used: {why}. The walker keeps "{before}".',
    terms: '{af1}, {bf2}, {cf3} → {F}',
    steps: '{steps} steps; {time} µs',
    none: '—',
    stat: '{mean} · {sd} · {min} · {max} ({n})',
    left: 'left',
    right: 'right',
    leftShort: 'L',
    rightShort: 'R',
    planted: 'planted',
    swing: 'swing',
    foot: '{side} {state} {gap}',
    pair: '{left} · {right}',
    corner: 'feet: {left} · {right}\n5 s: sunk {sink} · swing below {below}',
    markIn: '{side}: in the ground {gap}',
    markFloating: '{side}: floating {gap}',
    position: '({x}, {y}), {facing}',
    noTerrain: 'no terrain',
    offTerrain: 'off every terrain: walking on z = 0{then}',
    turningHome: ', turning home',
    tickStay: ' (tick “Stay on the terrain” to turn home)',
    onTerrain: 'on {name}, {inside} units inside its edge{then}',
    terrainN: 'terrain {n}',
    crowd:
      '{n} walkers: {update} (IK {ik}) · {transform} · {raster} · {edges} · {upload} = {total} ms',
    noCrowd: '— (tick “A crowd of 20 walkers”)',
    reach: 'a·f1 (reach)',
    likeClip: 'b·f2 (like the clip)',
    likeLast: 'c·f3 (like the last frame)',
    texSteps: 'steps',
    texHip: 'hip',
    texTarget: 'target',
    texOrig: 'orig',
  },
});
