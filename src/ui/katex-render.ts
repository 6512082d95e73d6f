import katex from 'katex';
import { fitFormulas } from './fit-formula';

/**
 * Typesets TeX into an element; a TeX error shows as red text instead of throwing. A display
 * formula wider than the element is shrunk to fit (fit-formula.ts).
 */
export function renderTex(tex: string, target: HTMLElement, displayMode = true): void {
  katex.render(tex, target, {
    displayMode,
    throwOnError: false,
    strict: 'ignore',
    output: 'htmlAndMathml',
  });
  if (displayMode) fitFormulas(target);
}
