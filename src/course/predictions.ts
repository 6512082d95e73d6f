/**
 * The lesson's predictions come alive: the student picks an answer and presses Check; the form
 * says whether it was right, shows the right choice and the explanation, and remembers the
 * answer with the lesson's progress so a reload shows it again.
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
    const radios = [...form.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    const show = (choice: number) => {
      const ok = choice === right;
      form.classList.toggle('predict--right', ok);
      form.classList.toggle('predict--wrong', !ok);
      radios.forEach((r, i) =>
        r.closest('label')?.classList.toggle('predict__answer', i === right),
      );
      const answer = radios[right]?.closest('label')?.textContent?.trim() ?? '';
      verdict.textContent = ok ? 'Right.' : `Not quite. The answer is: ${answer}`;
      why.hidden = false;
    };
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const picked = radios.findIndex((r) => r.checked);
      if (picked < 0) {
        verdict.textContent = 'Pick an answer first.';
        return;
      }
      show(picked);
      save(id, picked);
    });
    const before = answered[id];
    if (before !== undefined && radios[before]) {
      radios[before].checked = true;
      show(before);
    }
  }
}
