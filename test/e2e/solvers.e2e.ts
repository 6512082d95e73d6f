import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLessonDemo, readout, shotPath, useBrowser } from './browser';

const browser = useBrowser();

const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** The first figure of each solver lesson, with the tolerance its error must end within. */
const LESSONS = [
  { lesson: 'two-bone-ik', demo: 'two-bone-ik', tolerance: 0.01 },
  { lesson: 'ccd', demo: 'ccd', tolerance: 0.5 },
  { lesson: 'fabrik', demo: 'fabrik', tolerance: 0.5 },
];

const openFirstDemo = (lesson: string, demo: string) => openLessonDemo(browser(), lesson, demo);

const substep = async (page: Page, sel: string) =>
  (await readout(page, sel, 'substep')).split(' / ').map(Number) as [number, number];

describe('solver lessons in the browser', () => {
  for (const { lesson, demo, tolerance } of LESSONS) {
    it(`${lesson}: one sub-step per click of Step, and within tolerance after a full solve`, async () => {
      const { page, errors, sel } = await openFirstDemo(lesson, demo);
      await page.click(`${sel} [data-control="step"]`);
      const [start, total] = await substep(page, sel);
      expect(start).toBe(0);
      expect(total).toBeGreaterThan(2);
      for (let k = 1; k <= 3; k++) {
        await page.click(`${sel} [data-control="step"]`);
        expect(await substep(page, sel)).toEqual([k, total]);
        expect(await readout(page, sel, 'step-what')).not.toMatch(/rest pose/);
      }
      await page.screenshot({ path: shotPath(`solver-${lesson}-stepping`) });
      await page.click(`${sel} [data-control="solve"]`);
      await nextFrames(page);
      expect(await substep(page, sel)).toEqual([total, total]);
      expect(Number(await readout(page, sel, 'error'))).toBeLessThanOrEqual(tolerance);
      // Back to live: the Step button is reachable by keyboard too.
      await page.focus(`${sel} [data-control="live"]`);
      await page.keyboard.press('Enter');
      await nextFrames(page);
      expect(await readout(page, sel, 'substep')).toMatch(/^live/);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`${lesson}: mirroring the skeleton or its middle bone keeps the tip on the target`, async () => {
      const { page, errors, sel } = await openFirstDemo(lesson, demo);
      for (const flip of ['flipRootX', 'flipMiddleY', 'flipRootY', 'flipMiddleX']) {
        await page.click(`${sel} [data-control="${flip}"]`);
        await nextFrames(page);
        await nextFrames(page);
        expect(Number(await readout(page, sel, 'error')), flip).toBeLessThanOrEqual(tolerance);
      }
      await page.screenshot({ path: shotPath(`solver-${lesson}-mirrored`) });
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('fabrik: a dragged target is followed, and the keyboard moves it too', async () => {
    const { page, errors, sel } = await openFirstDemo('fabrik', 'fabrik');
    // (The lesson shows this demo three times; readouts and handles are the first one's.)
    const handle = page.locator(sel).first().locator('.ik-handle[data-node="Target"]');
    const box = (await handle.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x - i * 15, y + i * 6);
    await page.mouse.up();
    await nextFrames(page);
    await nextFrames(page);
    expect(Number(await readout(page, sel, 'error'))).toBeLessThanOrEqual(0.5);
    await handle.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowUp');
    await nextFrames(page);
    await nextFrames(page);
    expect(Number(await readout(page, sel, 'error'))).toBeLessThanOrEqual(0.5);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the race: all four solvers reach, and Race replays them with a cursor on the plot', async () => {
    const { page, errors, sel } = await openFirstDemo('choosing-a-solver', 'solver-race');
    for (const id of ['ccd', 'fabrik', 'transpose', 'dls'])
      expect(await readout(page, sel, `race-${id}`)).toMatch(/reached$/);
    // Timing appears once the target has been still for a moment.
    await page.waitForFunction(
      (s) =>
        !document.querySelector(`${s} [data-readout="race-dls"]`)!.textContent!.includes('timing'),
      sel,
    );
    expect(await readout(page, sel, 'race-ccd')).toMatch(/µs a solve/);
    await page.click(`${sel} [data-control="race"]`);
    // A zero-width SVG line: "attached", since Playwright never calls it visible.
    await page.waitForSelector(`${sel} .plot__cursor`, { state: 'attached' });
    expect(await page.getAttribute(`${sel} [data-control="race"]`, 'aria-pressed')).toBe('true');
    await page.screenshot({ path: shotPath('solver-race-racing') });
    await page.click(`${sel} [data-control="flipX"]`);
    await nextFrames(page);
    for (const id of ['ccd', 'fabrik', 'transpose', 'dls'])
      expect(await readout(page, sel, `race-${id}`)).toMatch(/reached$/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
