import type { Page } from 'playwright-core';

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where a figure's parts are on screen, and what of the screen is free to see them in. */
export interface FigureBoxes {
  /** The viewport's visible band: under the site's sticky header, above the screen's bottom. */
  view: Box;
  /** The whole figure: title, canvas, column and footer. */
  figure: Box;
  canvas: Box;
  /** Each primary control, step-bar button and step readout, by a name for messages. */
  parts: { name: string; box: Box; clip: Box }[];
}

/**
 * Measures a figure: its canvas, and each control it puts with the canvas (the step bar, what
 * the step did, the primary group, and on a laptop the primary readouts), each with the box of the scroller that may hide it (the
 * dock's column on a laptop). A part counts as seen when its box is inside the viewport's band
 * and inside that scroller's box.
 */
export const figureBoxes = (page: Page, sel: string, phone: boolean): Promise<FigureBoxes> =>
  page.$eval(
    sel,
    (figure, phone) => {
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      const view = { top: header, bottom: innerHeight, left: 0, right: innerWidth };
      const scroller = (e: Element) => {
        for (let p = e.parentElement; p; p = p.parentElement) {
          const o = getComputedStyle(p).overflowY;
          if (o === 'auto' || o === 'scroll') return box(p);
        }
        return view;
      };
      // A phone shows the controls and the step bar under the canvas; a laptop's column shows
      // the primary readouts beside them too.
      const wanted = ['.demo-stepbar [data-control]', '.demo-stepnote output'];
      wanted.push('.demo-section--primary [data-control]');
      if (!phone) wanted.push('.demo-section--primary output');
      const parts = [...figure.querySelectorAll(wanted.join(', '))]
        // A text field's submit button comes with its field; hidden inputs do not count.
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => ({
          name:
            (e as HTMLElement).dataset.control ?? `readout ${(e as HTMLElement).dataset.readout}`,
          box: box(e),
          clip: scroller(e),
        }));
      return {
        view,
        figure: box(figure),
        canvas: box(figure.querySelector('.demo-canvas')!),
        parts,
      };
    },
    phone,
  );

/** How far `b` sticks out of `a` (0 when inside), in pixels. */
export function outside(b: Box, a: Box): number {
  return Math.max(0, a.top - b.top, b.bottom - a.bottom, a.left - b.left, b.right - a.right);
}

/**
 * The box of what the figure drew, found in its own pixels: every pixel unlike the background,
 * the grid and the axes (by more than a grey step), leaving out the bottom strip where the
 * canvas's own buttons sit. Returns the share of the canvas's width and height that box spans.
 * This is measured from the picture, not from anything the figure reports.
 */
export const inkCoverage = (page: Page, sel: string): Promise<{ width: number; height: number }> =>
  page.$eval(sel, (figure) => {
    const c = figure.querySelector('canvas.demo-canvas__surface') as HTMLCanvasElement;
    const style = getComputedStyle(figure);
    const rgb = (name: string) => {
      const probe = document.createElement('canvas').getContext('2d')!;
      probe.fillStyle = style.getPropertyValue(name).trim() || '#000';
      probe.fillRect(0, 0, 1, 1);
      return [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const plain = ['--canvas-background', '--canvas-grid', '--canvas-axis'].map(rgb);
    const scale = c.width / Math.max(1, c.getBoundingClientRect().width);
    const probe = document.createElement('canvas');
    probe.width = c.width;
    probe.height = c.height;
    const g = probe.getContext('2d')!;
    g.drawImage(c, 0, 0);
    const px = g.getImageData(0, 0, c.width, c.height).data;
    const bottom = c.height - Math.round(48 * scale);
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    // Every pixel: a one-pixel line (lesson 2's quadrant axes) falls between every other row.
    for (let y = 0; y < bottom; y++)
      for (let x = 0; x < c.width; x++) {
        const i = 4 * (y * c.width + x);
        const ink = plain.every(
          (p) =>
            Math.abs(px[i]! - p[0]!) + Math.abs(px[i + 1]! - p[1]!) + Math.abs(px[i + 2]! - p[2]!) >
            60,
        );
        if (!ink) continue;
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    if (x1 < x0) return { width: 0, height: 0 };
    return { width: (x1 - x0 + 1) / c.width, height: (y1 - y0 + 1) / c.height };
  });

/** Pairs of the figure's overlay labels whose boxes overlap (by more than half a pixel). */
export const overlappingLabels = (page: Page, sel: string): Promise<string[]> =>
  page.$eval(sel, (figure) => {
    type B = { x: number; y: number; width: number; height: number };
    const boxes = (figure as unknown as { labelBoxes(): B[] }).labelBoxes();
    const out: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const ox = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const oy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        if (ox > 0.5 && oy > 0.5) out.push(`${JSON.stringify(a)} × ${JSON.stringify(b)}`);
      }
    return out;
  });

/**
 * The figure's live formulas wider than their box (cut at its edge, the rest behind a scroll
 * bar), watched over `count` frames: their numbers change as the figure runs, and a formula
 * that grows by a digit must be fitted again.
 */
export async function cutFormulas(page: Page, sel: string, count = 30): Promise<string[]> {
  const cut = new Set<string>();
  for (let i = 0; i < count; i++) {
    const now = await page.$eval(sel, (figure) =>
      [...figure.querySelectorAll<HTMLElement>('.demo-formula, .demo-formula .katex-display')]
        .filter((f) => f.clientWidth > 0 && f.scrollWidth > f.clientWidth + 1)
        .map((f) => `${f.textContent!.slice(0, 40)}: ${f.scrollWidth} > ${f.clientWidth}`),
    );
    for (const c of now) cut.add(c);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }
  return [...cut];
}
