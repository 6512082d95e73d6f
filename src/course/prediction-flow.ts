/**
 * What a prediction does as the student answers, apart from the page: a wrong pick is said to be
 * wrong but the answer stays hidden, so the student can think again ("Try again") or ask for it
 * ("Show the answer"). Seeing the answer straight after a wrong guess teaches less than a second
 * try does. predictions.ts draws this in the page; the unit tests drive it with a fake view.
 */
export interface PredictionView {
  /** The index of the picked choice, or −1 when none is. */
  picked(): number;
  /** The verdict line; `tone` colours it (null: neutral). */
  say(text: string, tone: 'right' | 'wrong' | null): void;
  /** Show or hide the "Try again" and "Show the answer" buttons. */
  offerRetry(on: boolean): void;
  /** Mark the right choice and show the explanation. */
  reveal(): void;
  /** Unpick the choices and put the focus on them, for a second try. */
  clearPick(): void;
}

export interface PredictionFlow {
  /** The Check button (or Enter in the form). */
  check(): void;
  tryAgain(): void;
  showAnswer(): void;
  /** A choice saved with the lesson's progress: shown answered, as it was left. */
  restore(choice: number): void;
}

export const NOT_YET = 'Not quite: that is not it. Think again, or see the answer.';

/**
 * `answer` is the right choice's text; `save` keeps a choice once the answer has been seen, so
 * a reload shows it again (a wrong pick still being thought about is not saved).
 */
export function predictionFlow(
  right: number,
  answer: string,
  view: PredictionView,
  save: (choice: number) => void,
): PredictionFlow {
  let revealed = false;
  let lastWrong = -1;
  const show = (choice: number) => {
    revealed = true;
    view.offerRetry(false);
    view.reveal();
    if (choice === right) view.say('Right.', 'right');
    else view.say(`Not quite. The answer is: ${answer}`, 'wrong');
  };
  return {
    check() {
      const picked = view.picked();
      if (picked < 0) return view.say('Pick an answer first.', null);
      // Once the answer is out, a new pick is simply checked against it.
      if (picked === right || revealed) {
        show(picked);
        save(picked);
        return;
      }
      lastWrong = picked;
      view.say(NOT_YET, 'wrong');
      view.offerRetry(true);
    },
    tryAgain() {
      view.offerRetry(false);
      view.clearPick();
      view.say('Pick again, then check.', null);
    },
    showAnswer() {
      const choice = view.picked() >= 0 ? view.picked() : lastWrong;
      show(choice);
      if (choice >= 0) save(choice);
    },
    restore: show,
  };
}
