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

const queued = new Map<HTMLElement, string>();
let flushing = false;

/**
 * Typesets TeX into an element at the next frame, with every other formula queued meanwhile:
 * all are typeset first and then measured together, so the page is laid out once for all of
 * them. Typeset one by one, each measure right after a change laid the whole lesson out again
 * (a figure's four formulas, four layouts every time its readouts refresh).
 */
export function renderTexSoon(tex: string, target: HTMLElement): void {
  queued.set(target, tex);
  if (flushing) return;
  flushing = true;
  requestAnimationFrame(flushQueued);
}

function flushQueued(): void {
  flushing = false;
  const jobs = [...queued];
  queued.clear();
  for (const [target, tex] of jobs) {
    katex.render(tex, target, { ...OPTIONS, displayMode: true });
    target.classList.remove('formula--wrapped');
  }
  // Measured together (one layout), then shrunk. A formula set again at about the length it
  // was measured at (a readout's digits changing) takes the size it was given then, unmeasured:
  // each measure lays the whole lesson out again, several times a second.
  const sizes = jobs.map(([target, tex]) => {
    const before = fitted.get(target);
    if (before && Math.abs(before.length - tex.length) <= SAME_LENGTH) return null;
    const display = target.querySelector<HTMLElement>('.katex-display');
    const maths = display?.querySelector<HTMLElement>(':scope > .katex');
    return display && maths ? { maths, box: display.clientWidth, wide: maths.scrollWidth } : null;
  });
  jobs.forEach(([target, tex], i) => {
    const m = sizes[i];
    const before = fitted.get(target);
    if (!m) {
      if (before?.fontSize) {
        const maths = target.querySelector<HTMLElement>('.katex-display > .katex');
        if (maths) {
          maths.style.fontSize = before.fontSize;
          maths.dataset.fit = before.fit;
        }
      }
      return;
    }
    const fits = shrinkToFit(m.maths, m.box, m.wide);
    // Remembered only when really measured (a box not laid out reads 0 wide) and fitted
    // without wrapping (rare, on phones: measured every time); a box that resizes forgets it.
    if (fits && m.box > 0 && target.isConnected) {
      fitted.set(target, {
        length: tex.length,
        fontSize: m.maths.style.fontSize,
        fit: m.maths.dataset.fit ?? '',
      });
      resized?.observe(target);
    } else fitted.delete(target);
    if (!fits) renderWrapped(tex, target);
  });
}

/** How each formula was fitted, by the length of the TeX it was set from; forgotten on resize. */
let fitted = new WeakMap<HTMLElement, { length: number; fontSize: string; fit: string }>();
globalThis.addEventListener?.('resize', () => (fitted = new WeakMap()));
/**
 * Formula boxes whose width changes (a panel folding, a drawer) forget their fit. Heights are
 * not watched (the formula sets them), and the first report of a box only records its width.
 */
const widths = new WeakMap<Element, number>();
const resized =
  typeof ResizeObserver === 'undefined'
    ? null
    : new ResizeObserver((entries) => {
        for (const e of entries) {
          const width = e.contentRect.width;
          const was = widths.get(e.target);
          widths.set(e.target, width);
          if (was !== undefined && was !== width) fitted.delete(e.target as HTMLElement);
        }
      });
/** "About the same length": within this many characters. */
const SAME_LENGTH = 4;

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
