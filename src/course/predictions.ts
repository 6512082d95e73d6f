import { predictionFlow, type PredictionView } from './prediction-flow.ts';

/**
 * The lesson's predictions come alive: the student picks an answer and presses Check. A right
 * pick shows the explanation; a wrong one is said to be wrong and offers "Try again" or "Show the
 * answer" (prediction-flow.ts). An answer once seen is remembered with the lesson's progress, so
 * a reload shows it again.
 */
export function wirePredictions(
  root: ParentNode,
  answered: Readonly<Record<string, number>>,
  save: (id: string, choice: number) => void,
): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form.predict')) {
    const id = form.dataset.predict ?? '';
    const right = Number(form.dataset.right);
    const verdict = form.querySelector<HTMLElement>('.predict__verdict')!;
    const why = form.querySelector<HTMLElement>('.predict__why')!;
    const retry = form.querySelector<HTMLElement>('.predict__retry');
    const radios = [...form.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    const answer = radios[right]?.closest('label')?.textContent?.trim() ?? '';
    const view: PredictionView = {
      picked: () => radios.findIndex((r) => r.checked),
      say(text, tone) {
        verdict.textContent = text;
        form.classList.toggle('predict--right', tone === 'right');
        form.classList.toggle('predict--wrong', tone === 'wrong');
      },
      offerRetry(on) {
        if (retry) retry.hidden = !on;
      },
      reveal() {
        radios.forEach((r, i) =>
          r.closest('label')?.classList.toggle('predict__answer', i === right),
        );
        why.hidden = false;
      },
      clearPick() {
        for (const r of radios) r.checked = false;
        radios[0]?.focus();
      },
    };
    const flow = predictionFlow(right, answer, view, (choice) => save(id, choice));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      flow.check();
    });
    form.querySelector('.predict__again')?.addEventListener('click', () => flow.tryAgain());
    form.querySelector('.predict__reveal')?.addEventListener('click', () => {
      flow.showAnswer();
      // The button just pressed is hidden now: keep the focus in the form, on the verdict.
      verdict.focus();
    });
    const before = answered[id];
    if (before !== undefined && radios[before]) {
      radios[before].checked = true;
      flow.restore(before);
    }
  }
}
