import type { PlotControl, PlotOptions } from '../../demos/contract.ts';
import { afterFirstDemo } from '../after-first-demo.ts';
import { el } from '../dom.ts';

/** A labelled live value in a <dl>: "bone angle" "38.7°". Tests read it by data-readout. */
export function readout(
  o: { id: string; label: string; help?: string },
  into: HTMLElement,
): { set(text: string): void } {
  const dt = el('dt', '', o.label);
  const dd = el('dd');
  const out = el('output');
  out.dataset.readout = o.id;
  out.setAttribute('aria-live', 'off');
  if (o.help) dt.title = o.help;
  dd.append(out);
  into.append(dt, dd);
  let last = '';
  return {
    set: (text) => {
      if (text !== last) out.textContent = last = text;
    },
  };
}

/**
 * A formula (TeX) typeset with KaTeX, again only when its text changes. KaTeX loads with the
 * first formula a page shows, after the page's first demo runs.
 */
export function formula(
  o: { id: string; label?: string },
  into: HTMLElement,
): { set(tex: string): void } {
  const box = el('div', 'demo-formula');
  box.dataset.formula = o.id;
  if (o.label) box.setAttribute('aria-label', o.label);
  into.append(box);
  let last = '';
  return {
    set: (tex) => {
      if (tex === last) return;
      last = tex;
      void afterFirstDemo()
        .then(() => import('../katex-render.ts'))
        .then(({ renderTexSoon }) => {
          if (last === tex) renderTexSoon(tex, box);
        });
    },
  };
}

/** A chart (SVG), loaded after the page's first demo runs; what it was told meanwhile, it shows. */
export function plot(o: PlotOptions, into: HTMLElement): PlotControl {
  const slot = el('div', 'plot-slot');
  into.append(slot);
  let chart: PlotControl | null = null;
  let pending: Parameters<PlotControl['set']> | null = null;
  void afterFirstDemo()
    .then(() => import('../svg-plot.ts'))
    .then(({ SvgPlot }) => {
      const p = new SvgPlot(o);
      slot.replaceWith(p.element);
      chart = p;
      if (pending) p.set(...pending);
    });
  return {
    set: (...args) => {
      if (chart) chart.set(...args);
      else pending = args;
    },
  };
}
