import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordErrors, shotPath, url, useBrowser, waitRunning } from './browser';
import { cutFormulas, figureBoxes, inkCoverage, outside, overlappingLabels } from './figure-fit';
import { frames } from './figure';

const browser = useBrowser();

/** Every lesson, in course order, with the figures its Markdown puts in it. */
const LESSON_DIR = resolve(import.meta.dirname, '../../lessons');
const LESSONS = readdirSync(LESSON_DIR)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => {
    const text = readFileSync(resolve(LESSON_DIR, f), 'utf8');
    return {
      id: /^id:\s*(\S+)/m.exec(text)![1]!,
      figures: [...text.matchAll(/^```demo (\S+)/gm)].map((m) => m[1]!),
    };
  });

const SCREENS = [
  { name: 'laptop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;

/** The share of the canvas's width or height a drawing must span. */
const FILLS = 0.6;

/**
 * Brings figure `sel` into view as a reader would: on a laptop its top under the site's header
 * (the whole figure then fits), on a phone its canvas's top there (the figure is taller than
 * the screen: its title may scroll away, its canvas and what sits under it may not).
 */
async function bringIntoView(page: Page, sel: string, phone: boolean): Promise<void> {
  await page.$eval(
    sel,
    (d, phone) => {
      const header = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
      const top = (phone ? d.querySelector('.demo-canvas')! : d).getBoundingClientRect().top;
      window.scrollBy(0, top - header);
    },
    phone,
  );
  await frames(page, 2);
}

describe('every figure of every lesson, on a laptop and on a phone', () => {
  it('finds the lessons and their figures', () => {
    expect(LESSONS.length).toBe(17);
    expect(LESSONS.flatMap((l) => l.figures).length).toBeGreaterThan(20);
  });

  for (const screen of SCREENS)
    for (const lesson of LESSONS)
      it(`${lesson.id} on a ${screen.name}: canvas and primary controls in one view, the drawing filling the canvas, no label on another, no formula cut`, async () => {
        const context = await browser().newContext({
          viewport: screen.viewport,
          hasTouch: screen.touch,
          isMobile: screen.touch,
        });
        const page = await context.newPage();
        const errors = recordErrors(page);
        await page.goto(url(`index.html#/${lesson.id}`));
        await page.waitForSelector('article .demo');
        const ids = await page.$$eval('article .demo', (ds) =>
          ds.map(
            (d, i) => (
              d.setAttribute('data-test-index', String(i)),
              (d as HTMLElement).dataset.demo
            ),
          ),
        );
        expect(ids).toEqual(lesson.figures);
        const phone = screen.touch;
        for (const [i, id] of ids.entries()) {
          const sel = `article .demo[data-test-index="${i}"]`;
          const where = `${lesson.id} figure ${i + 1} (${id}) on a ${screen.name}`;
          await bringIntoView(page, sel, phone);
          await waitRunning(page, sel);
          const surface =
            (await page.$eval(sel, (d) => (d as HTMLElement).dataset.renderer)) === 'software';
          if (!surface)
            await page.waitForSelector(`${sel}[data-labels="placed"]`, { timeout: 20_000 });
          await bringIntoView(page, sel, phone);
          await frames(page, 3);
          // Taken first, so a figure that fails a check below has its picture to look at.
          await page.screenshot({ path: shotPath(`figures/${lesson.id}-${i + 1}-${screen.name}`) });
          const b = await figureBoxes(page, sel, phone);
          expect(outside(b.canvas, b.view), `${where}: the canvas`).toBeLessThan(1);
          // On a laptop the whole figure fits the screen, its footer's links included.
          if (!phone) expect(outside(b.figure, b.view), `${where}: the figure`).toBeLessThan(1);
          expect(b.parts.length, `${where}: controls with the canvas`).toBeGreaterThan(0);
          for (const part of b.parts) {
            expect(outside(part.box, b.view), `${where}: ${part.name} on screen`).toBeLessThan(1);
            expect(
              outside(part.box, part.clip),
              `${where}: ${part.name} not scrolled away`,
            ).toBeLessThan(1);
          }
          const ink = await inkCoverage(page, sel);
          expect(
            Math.max(ink.width, ink.height),
            `${where}: drawing spans ${JSON.stringify(ink)}`,
          ).toBeGreaterThanOrEqual(FILLS);
          expect(await overlappingLabels(page, sel), `${where}: overlapping labels`).toEqual([]);
          expect(await cutFormulas(page, sel), `${where}: formulas cut at their edge`).toEqual([]);
        }
        expect(errors).toEqual([]);
        await context.close();
      }, 240_000);
});
