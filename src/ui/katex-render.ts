import katex from 'katex';
import { fitFormulas } from './fit-formula';

/**
 * Typesets TeX into an element; a TeX error shows as red text instead of throwing. A display
 * formula wider than the element is shrunk to fit (fit-formula.ts).
 */
export function renderTex(tex: string, target: HTMLElement, displayMode = true): void {
  const options = { throwOnError: false, strict: 'ignore', output: 'htmlAndMathml' } as const;
  katex.render(tex, target, { ...options, displayMode });
  target.classList.remove('formula--wrapped');
  if (!displayMode || fitFormulas(target)) return;
  // Too wide even shrunk (a long live formula on a phone): set in text mode, which KaTeX lets
  // break after each = and operator, at display size, so it wraps onto lines instead of being cut.
  katex.render(`\\displaystyle ${tex}`, target, { ...options, displayMode: false });
  target.classList.add('formula--wrapped');
}
