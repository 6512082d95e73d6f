import katex from 'katex';
import { fitFormula, fitFormulas, shrinkToFit } from './fit-formula';

const OPTIONS = { throwOnError: false, strict: 'ignore', output: 'htmlAndMathml' } as const;

/**
 * Typesets TeX into an element; a TeX error shows as red text instead of throwing. A display
 * formula wider than the element is shrunk to fit (fit-formula.ts).
 */
export function renderTex(tex: string, target: HTMLElement, displayMode = true): void {
  katex.render(tex, target, { ...OPTIONS, displayMode });
  target.classList.remove('formula--wrapped');
  if (!displayMode || fitFormulas(target)) return;
  renderWrapped(tex, target);
}

/**
 * Too wide even shrunk (a long formula on a phone): set in text mode, which KaTeX lets break
 * after each = and operator, at display size, so it wraps onto lines instead of being cut.
 */
function renderWrapped(tex: string, target: HTMLElement): void {
  katex.render(`\\displaystyle ${tex}`, target, { ...OPTIONS, displayMode: false });
  target.classList.add('formula--wrapped');
  // A piece that cannot break (a long \text{…}) may still be wider than the box: shrink it as
  // a display formula would be (the wrapped lines are measured on the box: the maths is inline).
  const maths = target.querySelector<HTMLElement>(':scope > .katex');
  if (maths) shrinkToFit(maths, target.clientWidth, target.scrollWidth);
}

/**
 * Every display formula under `root` (a lesson's, typeset at build time) still too wide at its
 * smallest is set again from its own TeX to wrap.
 */
export function wrapTooWide(root: ParentNode): void {
  for (const display of root.querySelectorAll<HTMLElement>('.katex-display')) {
    if (fitFormula(display)) continue;
    const tex = display.querySelector('annotation[encoding="application/x-tex"]')?.textContent;
    if (!tex) continue;
    const box = document.createElement('div');
    display.replaceWith(box);
    renderWrapped(tex, box);
  }
}
