import { describe, expect, it } from 'vitest';
import { NOT_YET, predictionFlow, type PredictionView } from '../../src/course/prediction-flow';

/** A prediction's form without a page: what it shows, and what was saved. */
function fakeForm(right = 1) {
  const shown = {
    picked: -1,
    verdict: '',
    tone: null as string | null,
    retry: false,
    revealed: false,
    saved: [] as number[],
  };
  const view: PredictionView = {
    picked: () => shown.picked,
    say(text, tone) {
      shown.verdict = text;
      shown.tone = tone;
    },
    offerRetry(on) {
      shown.retry = on;
    },
    reveal() {
      shown.revealed = true;
    },
    clearPick() {
      shown.picked = -1;
    },
  };
  const flow = predictionFlow(right, 'It swings for ever.', view, (c) => shown.saved.push(c));
  return { shown, flow };
}

describe('a prediction lets a wrong pick think again', () => {
  it('nothing picked: a nudge, nothing revealed', () => {
    const { shown, flow } = fakeForm();
    flow.check();
    expect(shown).toMatchObject({
      verdict: 'Pick an answer first.',
      revealed: false,
      retry: false,
    });
  });

  it('a wrong pick is told so and offered a second try, and the answer stays hidden until asked', () => {
    const { shown, flow } = fakeForm();
    shown.picked = 0;
    flow.check();
    expect(shown).toMatchObject({ verdict: NOT_YET, tone: 'wrong', retry: true, revealed: false });
    expect(shown.verdict).not.toContain('It swings for ever.');
    expect(shown.saved).toEqual([]);
    // Try again: the pick is cleared, the offer withdrawn, still nothing revealed.
    flow.tryAgain();
    expect(shown).toMatchObject({ picked: -1, retry: false, revealed: false, tone: null });
    // The right pick on the second try: revealed and kept.
    shown.picked = 1;
    flow.check();
    expect(shown).toMatchObject({ verdict: 'Right.', tone: 'right', revealed: true, retry: false });
    expect(shown.saved).toEqual([1]);
  });

  it('"Show the answer" reveals it, with the wrong pick kept as the answer given', () => {
    const { shown, flow } = fakeForm();
    shown.picked = 2;
    flow.check();
    expect(shown.revealed).toBe(false);
    flow.showAnswer();
    expect(shown).toMatchObject({
      verdict: 'Not quite. The answer is: It swings for ever.',
      tone: 'wrong',
      revealed: true,
      retry: false,
    });
    expect(shown.saved).toEqual([2]);
    // Once the answer is out, another pick is checked straight away.
    shown.picked = 0;
    flow.check();
    expect(shown.verdict).toBe('Not quite. The answer is: It swings for ever.');
    expect(shown.saved).toEqual([2, 0]);
  });

  it('a saved answer is shown as it was left, and not saved again', () => {
    const { shown, flow } = fakeForm();
    flow.restore(0);
    expect(shown).toMatchObject({ revealed: true, tone: 'wrong', saved: [] });
  });
});
