import katex from 'katex';
import { fitFormula, fitFormulas, shrinkToFit } from './fit-formula.ts';

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
  shown.set(target, tex);
  queued.set(target, tex);
  if (flushing) return;
  flushing = true;
  requestAnimationFrame(flushQueued);
}

function flushQueued(): void {
  flushing = false;
  forgetRemoved();
  const jobs = [...queued];
  queued.clear();
  // Typeset all (writes), then measure those that need it together (one layout), then shrink.
  // A formula set again at about the length it was fitted at (a readout's digits changing)
  // takes the size it was given then, unmeasured: each measure lays the whole lesson out again.
  const plans = jobs.map(([target, tex]) => {
    katex.render(tex, target, { ...OPTIONS, displayMode: true });
    target.classList.remove('formula--wrapped');
    const maths = target.querySelector<HTMLElement>('.katex-display > .katex');
    const before = fitted.get(target);
    // Only a formula no longer than the fitted one: one a digit longer ("3.5" to "11.9") can
    // be wider than its box at the old size, and is measured (and its fit is the one kept).
    const shorter = before === undefined ? -1 : before.length - tex.length;
    const reuse = shorter >= 0 && shorter <= SAME_LENGTH;
    return { target, tex, maths, before: reuse ? before : undefined, box: 0, wide: 0 };
  });
  for (const p of plans)
    if (p.maths && !p.before) {
      p.box = p.maths.parentElement!.clientWidth;
      p.wide = p.maths.scrollWidth;
    }
  for (const { target, tex, maths, before, box, wide } of plans) {
    if (!maths) continue;
    if (before) {
      maths.style.fontSize = before.fontSize;
      if (before.fit) maths.dataset.fit = before.fit;
      continue;
    }
    const fits = shrinkToFit(maths, box, wide);
    // Remembered only when really measured (a box not laid out reads 0 wide) and fitted
    // without wrapping (rare, on phones: measured every time); a box that changes width
    // forgets it.
    if (fits && box > 0 && target.isConnected) {
      fitted.set(target, {
        length: tex.length,
        fontSize: maths.style.fontSize,
        fit: maths.dataset.fit ?? '',
      });
    } else fitted.delete(target);
    // Watched whether it was measured or not: one typeset while hidden (under a closed "More")
    // reads 0 wide, and is fitted when it shows.
    resized?.observe(target);
    if (!fits) renderWrapped(tex, target);
  }
}

/** What each live formula shows, to fit it again when the page's fonts change its width. */
const shown = new Map<HTMLElement, string>();

/**
 * KaTeX's fonts arrive after the first formulas were typeset and measured in a fallback font:
 * set in KaTeX's own, a formula fitted to a narrow column can be wider than the column. Each
 * time fonts finish loading, every live formula is measured and fitted again.
 */
if (typeof document !== 'undefined' && document.fonts)
  document.fonts.addEventListener('loadingdone', () => {
    for (const target of shown.keys()) refit(target);
  });

/**
 * Lets go of formulas no longer on the page (a figure reset, a lesson left, an <ik-demo>
 * removed): neither the list nor the resize observer keeps them alive.
 */
function forgetRemoved(): void {
  for (const target of shown.keys())
    if (!target.isConnected) {
      shown.delete(target);
      resized?.unobserve(target);
    }
}

/** Typesets a formula again at its box's width as it is now (fonts came, the box resized). */
function refit(target: HTMLElement): void {
  const tex = shown.get(target);
  if (tex === undefined || !target.isConnected) {
    shown.delete(target);
    return;
  }
  fitted.delete(target);
  queued.set(target, tex);
  if (flushing) return;
  flushing = true;
  requestAnimationFrame(flushQueued);
}

/** How each formula was fitted, by the length of the TeX it was set from. */
const fitted = new WeakMap<HTMLElement, { length: number; fontSize: string; fit: string }>();
/**
 * Formula boxes whose width changes (a window resized, a panel folding) forget their fit.
 * Heights are not watched (the formula sets them), and the first report of a box only records
 * its width.
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
          if (was !== undefined && was !== width) refit(e.target as HTMLElement);
        }
      });
/** "About the same length": at most this many characters shorter. */
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
