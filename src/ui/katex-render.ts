import katex from 'katex';

/** Typesets TeX into an element; a TeX error shows as red text instead of throwing. */
export function renderTex(tex: string, target: HTMLElement, displayMode = true): void {
  katex.render(tex, target, {
    displayMode,
    throwOnError: false,
    strict: 'ignore',
    output: 'htmlAndMathml',
  });
}
