import type { PlotControl, PlotOptions, PlotSeries } from '../demos/contract.ts';
import { el } from './dom.ts';

const SVG = 'http://www.w3.org/2000/svg';
const W = 420;
const H = 190;
const PAD = { left: 46, right: 10, top: 10, bottom: 32 };

/**
 * A small line or bar chart in SVG: axes with round ticks, a log y axis for errors that shrink
 * by decades, a legend, and a cursor line. Redrawn only when `set` is called. Screen readers get
 * a sentence per series (its last value and length) instead of the picture.
 */
export class SvgPlot implements PlotControl {
  readonly element = el('figure', 'plot');
  private readonly svg = document.createElementNS(SVG, 'svg');
  private readonly legend = el('ul', 'plot__legend');
  private readonly summary = el('p', 'plot__summary visually-hidden');

  constructor(private readonly o: PlotOptions) {
    this.element.dataset.plot = o.id;
    this.svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    this.svg.setAttribute('role', 'img');
    this.svg.setAttribute('aria-label', o.label);
    this.element.append(
      el('figcaption', 'plot__title', o.label),
      this.svg,
      this.legend,
      this.summary,
    );
  }

  set(series: readonly PlotSeries[], cursor?: number): void {
    if (this.o.kind === 'strip') {
      this.setStrip(series, cursor);
      return;
    }
    if (this.o.kind === 'xy') {
      this.setXY(series);
      return;
    }
    const o = this.o;
    const log = o.logY === true;
    const x0 = o.xStart ?? 0;
    const count = Math.max(1, ...series.map((s) => s.values.length));
    const ys: number[] = [];
    for (const s of series)
      for (let i = 0; i < s.values.length; i++) {
        const v = s.values[i]!;
        if (Number.isFinite(v) && (!log || v > 0)) ys.push(v);
      }
    const { lo, hi, ticks } = log ? logTicks(ys) : linearTicks(ys);
    const bars = o.kind === 'bars';
    const xSpan = bars ? count : Math.max(1, count - 1);
    const px = (i: number) =>
      PAD.left + ((bars ? i + 0.5 : i) / xSpan) * (W - PAD.left - PAD.right);
    const py = (v: number) => {
      const t = log
        ? (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))
        : (v - lo) / (hi - lo);
      return H - PAD.bottom - Math.min(1, Math.max(0, t)) * (H - PAD.top - PAD.bottom);
    };
    const parts: string[] = [];
    for (const t of ticks) {
      const y = py(t).toFixed(1);
      parts.push(
        `<line class="plot__grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y}" y2="${y}"/>`,
      );
      parts.push(
        `<text class="plot__tick" x="${PAD.left - 4}" y="${y}" text-anchor="end" dominant-baseline="middle">${formatTick(t)}</text>`,
      );
    }
    const xTicks = niceIntegerTicks(count, bars);
    for (const i of xTicks)
      parts.push(
        `<text class="plot__tick" x="${px(i).toFixed(1)}" y="${H - PAD.bottom + 13}" text-anchor="middle">${i + x0}</text>`,
      );
    parts.push(
      `<line class="plot__axis" x1="${PAD.left}" x2="${W - PAD.right}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom}"/>`,
    );
    parts.push(
      `<line class="plot__axis" x1="${PAD.left}" x2="${PAD.left}" y1="${PAD.top}" y2="${H - PAD.bottom}"/>`,
    );
    parts.push(
      `<text class="plot__label" x="${(PAD.left + W - PAD.right) / 2}" y="${H - 4}" text-anchor="middle">${esc(o.xLabel)}</text>`,
    );
    parts.push(
      `<text class="plot__label" transform="translate(11 ${(PAD.top + H - PAD.bottom) / 2}) rotate(-90)" text-anchor="middle">${esc(o.yLabel)}${log ? ' (log)' : ''}</text>`,
    );
    if (cursor !== undefined && Number.isFinite(cursor)) {
      const x = px(Math.min(count - 1, Math.max(0, cursor - x0))).toFixed(1);
      parts.push(
        `<line class="plot__cursor" x1="${x}" x2="${x}" y1="${PAD.top}" y2="${H - PAD.bottom}"/>`,
      );
    }
    const groupWidth = ((W - PAD.left - PAD.right) / xSpan) * 0.8;
    series.forEach((s, k) => {
      const style = `style="--c:${esc(s.color)}"`;
      if (bars) {
        const bw = groupWidth / Math.max(1, series.length);
        for (let i = 0; i < s.values.length; i++) {
          const v = s.values[i]!;
          if (!Number.isFinite(v) || (log && v <= 0)) continue;
          const x = px(i) - groupWidth / 2 + k * bw;
          const y = py(v);
          const base = py(log ? lo : Math.max(lo, 0));
          parts.push(
            `<rect class="plot__bar" ${style} x="${x.toFixed(1)}" y="${Math.min(y, base).toFixed(1)}" width="${Math.max(1, bw - 1).toFixed(1)}" height="${Math.abs(base - y).toFixed(1)}"/>`,
          );
        }
        return;
      }
      const pts: string[] = [];
      for (let i = 0; i < s.values.length; i++) {
        const v = s.values[i]!;
        if (!Number.isFinite(v) || (log && v <= 0)) continue;
        pts.push(`${px(i).toFixed(1)},${py(v).toFixed(1)}`);
      }
      if (pts.length === 1) pts.push(pts[0]!);
      if (pts.length)
        parts.push(`<polyline class="plot__line" ${style} points="${pts.join(' ')}"/>`);
    });
    this.svg.innerHTML = parts.join('');
    this.setLegend(series);
    this.summary.textContent = series
      .map((s) => {
        const last = s.values.length ? s.values[s.values.length - 1]! : NaN;
        return bars
          ? `${s.label}: ${Array.from(s.values, (v) => formatTick(v)).join(', ')}`
          : `${s.label}: ${s.values.length} values, last ${formatTick(last)}`;
      })
      .join('. ');
  }

  private setLegend(series: readonly PlotSeries[]): void {
    this.legend.replaceChildren(
      ...series.map((s) => {
        const li = el('li', 'plot__key', s.label);
        li.style.setProperty('--c', s.color);
        return li;
      }),
    );
  }

  /** Curves in the plane: both axes linear, each series x, y pairs. */
  private setXY(series: readonly PlotSeries[]): void {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const s of series)
      for (let i = 0; i + 1 < s.values.length; i += 2) {
        const x = s.values[i]!;
        const y = s.values[i + 1]!;
        if (Number.isFinite(x) && Number.isFinite(y)) {
          xs.push(x);
          ys.push(y);
        }
      }
    const X = spanTicks(xs);
    const Y = spanTicks(ys);
    const px = (v: number) => PAD.left + ((v - X.lo) / (X.hi - X.lo)) * (W - PAD.left - PAD.right);
    const py = (v: number) =>
      H - PAD.bottom - ((v - Y.lo) / (Y.hi - Y.lo)) * (H - PAD.top - PAD.bottom);
    const parts: string[] = [];
    for (const t of Y.ticks)
      parts.push(
        `<line class="plot__grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${py(t).toFixed(1)}" y2="${py(t).toFixed(1)}"/>`,
        `<text class="plot__tick" x="${PAD.left - 4}" y="${py(t).toFixed(1)}" text-anchor="end" dominant-baseline="middle">${formatTick(t)}</text>`,
      );
    for (const t of X.ticks)
      parts.push(
        `<text class="plot__tick" x="${px(t).toFixed(1)}" y="${H - PAD.bottom + 13}" text-anchor="middle">${formatTick(t)}</text>`,
      );
    parts.push(
      `<line class="plot__axis" x1="${PAD.left}" x2="${W - PAD.right}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom}"/>`,
      `<line class="plot__axis" x1="${PAD.left}" x2="${PAD.left}" y1="${PAD.top}" y2="${H - PAD.bottom}"/>`,
      `<text class="plot__label" x="${(PAD.left + W - PAD.right) / 2}" y="${H - 4}" text-anchor="middle">${esc(this.o.xLabel)}</text>`,
      `<text class="plot__label" transform="translate(11 ${(PAD.top + H - PAD.bottom) / 2}) rotate(-90)" text-anchor="middle">${esc(this.o.yLabel)}</text>`,
    );
    for (const s of series) {
      const style = `style="--c:${esc(s.color)}"`;
      if (s.values.length === 2) {
        const [x, y] = [s.values[0]!, s.values[1]!];
        if (Number.isFinite(x) && Number.isFinite(y))
          parts.push(
            `<circle class="plot__dot" ${style} cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="4"/>`,
          );
        continue;
      }
      // One path per series: a NaN pair starts a new piece (M) instead of a new element.
      let d = '';
      let pen = 'M';
      for (let i = 0; i + 1 < s.values.length; i += 2) {
        const x = s.values[i]!;
        const y = s.values[i + 1]!;
        if (!Number.isFinite(x) || !Number.isFinite(y)) {
          pen = 'M';
          continue;
        }
        d += `${pen}${px(x).toFixed(1)} ${py(y).toFixed(1)}`;
        pen = 'L';
      }
      if (d) parts.push(`<path class="plot__line" ${style} d="${d}"/>`);
    }
    this.svg.innerHTML = parts.join('');
    this.setLegend(series);
    this.summary.textContent = series
      .map((s) => `${s.label}: ${Math.floor(s.values.length / 2)} points`)
      .join('. ');
  }

  private setStrip(series: readonly PlotSeries[], cursor?: number): void {
    const { parts, height } = stripParts(this.o, series, cursor);
    this.svg.setAttribute('viewBox', `0 0 ${W} ${height.toFixed(0)}`);
    this.svg.innerHTML = parts.join('');
    this.setLegend(series);
    this.summary.textContent = series
      .map((s) => {
        const on = Array.from(s.values, (v, i) => (v >= 0.5 ? i + (this.o.xStart ?? 0) : -1));
        return `${s.label} at ${on.filter((i) => i >= 0).join(', ') || 'none'}`;
      })
      .join('. ');
  }
}

/** One row per series and a cell per x, filled where the value is at least ½ (e.g. "planted"). */
function stripParts(
  o: PlotOptions,
  series: readonly PlotSeries[],
  cursor: number | undefined,
): { parts: string[]; height: number } {
  const x0 = o.xStart ?? 0;
  const count = Math.max(1, ...series.map((s) => s.values.length));
  const left = PAD.left + 44;
  const cell = (W - left - PAD.right) / count;
  const rows = Math.max(1, series.length);
  const rowH = Math.min(40, (H - PAD.top - PAD.bottom) / rows);
  const parts: string[] = [];
  series.forEach((s, k) => {
    const y = PAD.top + k * rowH;
    parts.push(
      `<text class="plot__tick" x="${left - 4}" y="${(y + rowH / 2).toFixed(1)}" text-anchor="end" dominant-baseline="middle">${esc(s.label)}</text>`,
      `<rect class="plot__grid" x="${left}" y="${(y + 3).toFixed(1)}" width="${(W - left - PAD.right).toFixed(1)}" height="${(rowH - 6).toFixed(1)}" fill="none"/>`,
    );
    for (let i = 0; i < s.values.length; i++) {
      if (!(s.values[i]! >= 0.5)) continue;
      parts.push(
        `<rect class="plot__bar" style="--c:${esc(s.color)}" x="${(left + i * cell).toFixed(1)}" y="${(y + 3).toFixed(1)}" width="${Math.max(1, cell - 0.5).toFixed(1)}" height="${(rowH - 6).toFixed(1)}"/>`,
      );
    }
  });
  const bottom = PAD.top + rows * rowH;
  for (const i of niceIntegerTicks(count, true))
    parts.push(
      `<text class="plot__tick" x="${(left + (i + 0.5) * cell).toFixed(1)}" y="${(bottom + 13).toFixed(1)}" text-anchor="middle">${i + x0}</text>`,
    );
  parts.push(
    `<text class="plot__label" x="${(left + W - PAD.right) / 2}" y="${(bottom + 28).toFixed(1)}" text-anchor="middle">${esc(o.xLabel)}</text>`,
  );
  if (cursor !== undefined && Number.isFinite(cursor)) {
    const x = (left + (Math.min(count - 1, Math.max(0, cursor - x0)) + 0.5) * cell).toFixed(1);
    parts.push(
      `<line class="plot__cursor" x1="${x}" x2="${x}" y1="${PAD.top}" y2="${bottom.toFixed(1)}"/>`,
    );
  }
  return { parts, height: bottom + 34 };
}

function linearTicks(values: number[]): { lo: number; hi: number; ticks: number[] } {
  let lo = Math.min(0, ...values);
  let hi = Math.max(...values, lo + 1e-9);
  if (!Number.isFinite(hi) || hi <= lo) hi = lo + 1;
  const step = niceStep((hi - lo) / 4);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let t = lo, i = 0; t <= hi + step / 2 && i < 20; t += step, i++)
    ticks.push(+t.toPrecision(12));
  return { lo, hi, ticks };
}

/** Ticks for an axis over exactly the data's span (not forced through 0, as linearTicks is). */
function spanTicks(values: number[]): { lo: number; hi: number; ticks: number[] } {
  let lo = values.length ? Math.min(...values) : 0;
  let hi = values.length ? Math.max(...values) : 1;
  if (!(hi > lo)) {
    lo -= 0.5;
    hi += 0.5;
  }
  const step = niceStep((hi - lo) / 4);
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step, i = 0; t <= hi && i < 20; t += step, i++)
    ticks.push(+t.toPrecision(12));
  return { lo, hi, ticks };
}

function logTicks(values: number[]): { lo: number; hi: number; ticks: number[] } {
  const positive = values.filter((v) => v > 0);
  let a = positive.length ? Math.floor(Math.log10(Math.min(...positive))) : -3;
  let b = positive.length ? Math.ceil(Math.log10(Math.max(...positive))) : 2;
  if (b <= a) b = a + 1;
  a = Math.max(a, b - 16);
  const every = Math.ceil((b - a) / 6);
  const ticks: number[] = [];
  for (let e = a; e <= b; e += every) ticks.push(10 ** e);
  return { lo: 10 ** a, hi: 10 ** b, ticks };
}

function niceIntegerTicks(count: number, bars: boolean): number[] {
  const last = bars ? count - 1 : count - 1;
  const step = Math.max(1, niceStep(Math.max(1, last) / 6));
  const out: number[] = [];
  for (let i = 0; i <= last && out.length < 30; i += step) out.push(Math.round(i));
  return out;
}

function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * pow;
}

function formatTick(v: number): string {
  if (!Number.isFinite(v)) return '—';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e4 || a < 1e-2) return v.toExponential(0).replace('e+', 'e');
  return String(+v.toPrecision(3));
}

const esc = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
