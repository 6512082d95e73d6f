import { answerVerdict, meetsCheck, type ChallengeCheck } from './challenge-block.ts';

/** How long a readout must stay in range to count: passing through while dragging does not. */
const HOLD_MS = 500;
const POLL_MS = 200;

/** The figure a challenge reads: the named one, or the nearest demo above it. */
function figureFor(challenge: HTMLElement, root: ParentNode): Element | null {
  const wanted = challenge.dataset.demo;
  let found: Element | null = null;
  for (const d of root.querySelectorAll('.demo[data-demo]')) {
    if (!(d.compareDocumentPosition(challenge) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    if (!wanted || d.getAttribute('data-demo') === wanted) found = d;
  }
  return found;
}

/**
 * The lesson's challenges come alive. A readout challenge watches its figure's readout and is
 * solved once the value has stayed in range for half a second; an answer challenge checks the
 * typed number, and a wrong number brings the challenge's hint (built into the page as a
 * <template>, see markdown.ts). Solved challenges are kept with the lesson's progress.
 */
export function wireChallenges(
  root: ParentNode,
  solved: readonly string[],
  save: (id: string) => void,
): void {
  for (const box of root.querySelectorAll<HTMLElement>('.challenge')) {
    const id = box.dataset.challenge ?? '';
    const status = box.querySelector<HTMLElement>('.challenge__status')!;
    const done = (announce: boolean) => {
      box.classList.add('challenge--solved');
      status.textContent = announce ? 'Solved! Well done.' : 'Solved.';
    };
    if (box.dataset.kind === 'answer') {
      const check: ChallengeCheck = {
        kind: 'answer',
        value: Number(box.dataset.value),
        tolerance: Number(box.dataset.tolerance),
      };
      const input = box.querySelector('input')!;
      const hint = box.querySelector<HTMLTemplateElement>('template.challenge__hint');
      box.addEventListener('submit', (e) => {
        e.preventDefault();
        const verdict = answerVerdict(check, input.value, hint !== null);
        if (verdict.solved) {
          done(true);
          save(id);
          return;
        }
        // The hint goes inside the status, so a screen reader announces it with the verdict.
        status.replaceChildren(verdict.text);
        if (verdict.showHint && hint) status.append(hint.content.cloneNode(true));
      });
      if (solved.includes(id)) done(false);
      continue;
    }
    if (solved.includes(id)) {
      done(false);
      continue;
    }
    const check: ChallengeCheck = {
      kind: 'readout',
      readout: box.dataset.readout ?? '',
      min: Number(box.dataset.min),
      max: Number(box.dataset.max),
    };
    let since: number | null = null;
    let figure: Element | null = null;
    const timer = setInterval(() => {
      // The lesson was left: stop watching.
      if (!box.isConnected) return clearInterval(timer);
      // Only a figure that is running counts: one paused off screen keeps its last readout,
      // and a frozen value in range is not the student holding it there.
      // Found once it exists (a demo mounts into its slot), then kept.
      figure ??= figureFor(box, root);
      const live = figure?.getAttribute('data-state') === 'running' && !document.hidden;
      const out = live ? figure!.querySelector(`output[data-readout="${check.readout}"]`) : null;
      const ok = out?.textContent ? meetsCheck(check, out.textContent) : false;
      const now = performance.now();
      if (!ok) since = null;
      else if (since === null) since = now;
      else if (now - since >= HOLD_MS) {
        clearInterval(timer);
        done(true);
        save(id);
      }
    }, POLL_MS);
  }
}
