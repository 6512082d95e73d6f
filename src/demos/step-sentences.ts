import type { TraceEvent } from '../ik/solve-result.ts';
import { fillString } from './description.ts';
import { deg, num } from './shared/format.ts';

/**
 * What each kind of solver sub-step is called, as the step bar says it: data, like a
 * description's strings, `{name}` filled by describeStep. Loaded once a figure runs (see
 * SolverStepper): a student reads them only after pressing Step.
 */
export const STEP_SENTENCES = {
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
  turnStopped: '{it}{bone} turns {turn} and stops at its limit (the formula wants {wanted}){err}.',
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
} as const;

type Sentence = keyof typeof STEP_SENTENCES;

/** One sentence for a sub-step, naming bones as the scene tree does, in the step bar's words. */
export function describeStep(e: TraceEvent, bones: readonly string[]): string {
  const say = (key: Sentence, values?: Readonly<Record<string, string | number>>) =>
    fillString(STEP_SENTENCES[key], values);
  const n = bones.length;
  const joint = (i: number) =>
    i >= n ? say('tip') : say('jointOf', { bone: bones[i] ?? say('jointN', { i }) });
  const bone = (i: number) => bones[i] ?? say('boneN', { i });
  const words = {
    it: e.iteration > 0 ? say('iterationPrefix', { n: e.iteration }) : '',
    err: say('tipError', { error: num(e.error, 2) }),
    bone: bone(e.index),
    turn: deg(e.turn),
    wanted: deg(e.wanted),
  };
  const with_ = (key: Sentence, more: Record<string, string> = {}) =>
    say(key, { ...words, ...more });
  switch (e.pass) {
    case 'stretch':
    case 'fold':
    case 'aim':
    case 'pole':
    case 'step':
    case 'nudge':
      return with_(e.pass, { joint: joint(e.index) });
    case 'bend':
      return e.index === 0
        ? with_('bendShoulder', { bone: bone(0) })
        : with_('bendElbow', { bone: bone(1), first: bone(0) });
    case 'turn': {
      // A limit cut the turn: say what the formula wanted and what the joint could do.
      const held = Math.abs(e.wanted - e.turn) > 1e-6;
      if (Math.abs(e.turn) < 1e-9) return with_(held ? 'turnHeld' : 'turnNone');
      return with_(held ? 'turnStopped' : 'turn');
    }
    case 'forward':
      return e.index === n
        ? with_('forwardTip')
        : with_('forward', { joint: joint(e.index), next: joint(e.index + 1) });
    case 'backward':
      return e.index === 0
        ? with_('backwardBase')
        : with_('backward', {
            joint: joint(e.index),
            previous: joint(e.index - 1),
            err: e.valid ? words.err : '',
          });
    case 'iteration':
      return with_('done');
  }
}
