import type { Press } from '../../procedural/reach/press-sequence.ts';
import type { ReachScene } from '../../procedural/reach/reach-scene.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num, tex } from '../shared/format.ts';
import type { reachSequenceFigure } from './description.ts';

type Ui = FigureUi<typeof reachSequenceFigure>;

/** What an arm's sequencer says it is doing ("moving to 3"), in the description's words. */
export function phaseText(ui: Ui, phase: string): string {
  const n = /\d+/.exec(phase)?.[0] ?? '';
  if (phase === 'idle') return ui.say('idle');
  if (phase.startsWith('moving to')) return ui.say('movingTo', { n });
  if (phase.startsWith('back from')) return ui.say('backFrom', { n });
  if (phase.startsWith('button_hit')) return ui.say('hitFor', { n });
  // A clip's own name (hand_lift, hand_lower): it is what the lesson calls it.
  return phase;
}

/** An arm's presses so far: each button with ✓ or ✗ and its miss. */
export function pressList(ui: Ui, presses: readonly Press[]): string {
  if (!presses.length) return ui.say('none');
  return presses
    .map((p) => ui.say(p.hit ? 'hit' : 'miss', { button: p.button, miss: num(p.miss, 1) }))
    .join(ui.say('separator'));
}

/** The formula beside the arm: the glide's lerp while IK moves the target, else the clip frame. */
export function stepFormula(ui: Ui, scene: ReachScene): string {
  const phase = scene.ik.phase;
  if (phase.startsWith('moving') || phase.startsWith('back')) {
    const t = scene.character.handTarget.position;
    return `p = p_0 + (p_1 - p_0)\\,\\frac{t}{T} \\qquad p = (${tex(t.x)}, ${tex(t.y)}),\\; T = ${tex(scene.moveDuration, 2)}\\,\\text{s}`;
  }
  if (phase === 'idle') return `\\text{${ui.say('typeAndPress')}}`;
  const clip = `\\texttt{${phaseText(ui, phase).replace(/_/g, '\\_')}}`;
  return `\\text{${ui.say('clip', { clip })}}`;
}
