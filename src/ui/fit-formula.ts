/** The smallest a formula is shrunk to, as a share of its own size; past it, it wraps. */
export const SMALLEST = 0.6;

/**
 * Shrinks a typeset display formula (`.katex-display`) that is wider than its box until it fits,
 * down to SMALLEST of its size: a phone shows the whole formula instead of its first half with
 * the rest cut off behind a scroll bar nobody sees. A formula that fits is left as typeset.
 * False when it is too wide even at SMALLEST (katex-render then sets it to wrap).
 */
export function fitFormula(display: Element): boolean {
  const maths = display.querySelector<HTMLElement>(':scope > .katex');
  if (!maths) return true;
  maths.style.fontSize = '';
  delete maths.dataset.fit;
  return shrinkToFit(maths, (display as HTMLElement).clientWidth, maths.scrollWidth);
}

/**
 * Sets `maths` (a KaTeX element) to the size at which `wide` pixels become `box`, but no
 * smaller than SMALLEST; true if it then fits. Display formulas and wrapped ones both shrink
 * through here.
 */
export function shrinkToFit(maths: HTMLElement, box: number, wide: number): boolean {
  if (box <= 0 || wide <= box) return true;
  const size = parseFloat(getComputedStyle(maths).fontSize);
  // A hair under the exact ratio: widths round to whole pixels.
  const scale = Math.max(SMALLEST, (box - 1) / wide);
  maths.style.fontSize = `${size * scale}px`;
  // How far it was shrunk, for whoever checks the page (1 would be "not at all").
  maths.dataset.fit = scale.toFixed(3);
  return (box - 1) / wide >= SMALLEST;
}

/** Fits every display formula under `root`; false if one is too wide even at SMALLEST. */
export function fitFormulas(root: ParentNode): boolean {
  let all = true;
  for (const d of root.querySelectorAll('.katex-display')) all = fitFormula(d) && all;
  return all;
}
