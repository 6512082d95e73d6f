import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readout, recordErrors, url, useBrowser, waitRunning } from './browser';
import { closeMore, frames, openMore, PATIENCE } from './figure';

const browser = useBrowser();

const SCREENS = [
  { name: 'laptop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;

const figureOf = (lesson: string) => `article .demo[data-demo="${lesson}"]`;

async function open(
  screen: (typeof SCREENS)[number],
  lesson: string,
): Promise<{ context: BrowserContext; page: Page; sel: string; errors: string[] }> {
  const context = await browser().newContext({
    viewport: screen.viewport,
    hasTouch: screen.touch,
    isMobile: screen.touch,
  });
  const page = await context.newPage();
  const errors = recordErrors(page);
  await page.goto(url(`index.html#/${lesson}`));
  await page.waitForSelector(figureOf(lesson));
  // The lesson's first figure of its kind (some lessons show one demo several times).
  await page.$eval(figureOf(lesson), (d) => {
    d.setAttribute('data-test-figure', '');
    d.scrollIntoView({ block: 'start' });
  });
  const sel = '[data-test-figure]';
  await waitRunning(page, sel);
  return { context, page, sel, errors };
}

/** Scrolls so the canvas's top meets the sticky header's bottom: the most of the figure shown. */
const canvasToTop = (page: Page, sel: string) =>
  page.$eval(sel, (d) => {
    const header = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
    window.scrollBy(0, d.querySelector('.demo-canvas')!.getBoundingClientRect().top - header);
  });

// Every figure's fit on a laptop and a phone is checked in every-figure.e2e.ts.

describe('Reset puts a figure back to its preset', () => {
  /** The target's handle, from the canvas's corner (clicking Reset may scroll the page). */
  const handleCentre = (page: Page, sel: string) =>
    page.$eval(sel, (d) => {
      const r = d.querySelector('.ik-handle[data-node="Target"]')!.getBoundingClientRect();
      const c = d.querySelector('.demo-canvas')!.getBoundingClientRect();
      return { x: r.x + r.width / 2 - c.x, y: r.y + r.height / 2 - c.y };
    });
  const canvasCorner = (page: Page, sel: string) =>
    page.$eval(`${sel} .demo-canvas`, (c) => {
      const r = c.getBoundingClientRect();
      return { x: r.x, y: r.y };
    });

  for (const screen of SCREENS)
    for (const lesson of ['two-bone-ik', 'ccd', 'fabrik'])
      it(`${lesson} on a ${screen.name}: after a drag, a switch, a slider and a step, Reset shows the preset again`, async () => {
        const { context, page, sel, errors } = await open(screen, lesson);
        await canvasToTop(page, sel);
        const preset = {
          at: await handleCentre(page, sel),
          what: await readout(page, sel, 'step-what'),
          typed: await page.$eval(`${sel} [data-typed]`, (i) => (i as HTMLInputElement).value),
          mirrored: await page.$eval(
            `${sel} [data-control="flipRootX"]`,
            (i) => (i as HTMLInputElement).checked,
          ),
        };
        // The student's changes: the target dragged, the skeleton mirrored, a tolerance typed, a step.
        let corner = await canvasCorner(page, sel);
        await page.mouse.move(corner.x + preset.at.x, corner.y + preset.at.y);
        await page.mouse.down();
        await page.mouse.move(corner.x + preset.at.x - 80, corner.y + preset.at.y + 50, {
          steps: 6,
        });
        await page.mouse.up();
        // A setting the lesson text does not name waits under More on a phone.
        await openMore(page, sel);
        await page.check(`${sel} [data-control="flipRootX"]`);
        await closeMore(page, sel);
        // The figure's first slider pushed to its end, as a drag of it would.
        await page.$eval(`${sel} input[type="range"]`, (input) => {
          const r = input as HTMLInputElement;
          r.value = r.value === r.max ? r.min : r.max;
          r.dispatchEvent(new Event('input', { bubbles: true }));
        });
        await page.click(`${sel} [data-control="step"]`);
        await expect.poll(() => readout(page, sel, 'step-what')).not.toBe(preset.what);
        expect(
          await page.$eval(`${sel} [data-typed]`, (i) => (i as HTMLInputElement).value),
        ).not.toBe(preset.typed);
        expect((await handleCentre(page, sel)).x).toBeLessThan(preset.at.x - 40);

        await page.click(`${sel} .demo-reset`);
        await waitRunning(page, sel);
        await expect.poll(() => readout(page, sel, 'step-what'), PATIENCE).toBe(preset.what);
        const at = await handleCentre(page, sel);
        expect(Math.abs(at.x - preset.at.x)).toBeLessThan(0.5);
        expect(Math.abs(at.y - preset.at.y)).toBeLessThan(0.5);
        expect(await page.$eval(`${sel} [data-typed]`, (i) => (i as HTMLInputElement).value)).toBe(
          preset.typed,
        );
        expect(
          await page.$eval(
            `${sel} [data-control="flipRootX"]`,
            (i) => (i as HTMLInputElement).checked,
          ),
        ).toBe(preset.mirrored);
        // One set of controls, one handle layer: nothing was added twice.
        expect(await page.$$eval(`${sel} [data-control="step"]`, (n) => n.length)).toBe(1);
        expect(await page.$$eval(`${sel} .ik-handles`, (n) => n.length)).toBe(1);
        expect(await page.$$eval(`${sel} .demo-footer`, (n) => n.length)).toBe(1);
        await page.waitForSelector(`${sel} .scene-tree__node`, { state: 'attached' });
        expect(await page.$$eval(`${sel} .scene-panel`, (n) => n.length)).toBe(1);
        // The figure still answers a drag after the reset.
        // (Clicking Reset scrolled it out from under the sticky header.)
        await canvasToTop(page, sel);
        corner = await canvasCorner(page, sel);
        await page.mouse.move(corner.x + at.x, corner.y + at.y);
        await page.mouse.down();
        await page.mouse.move(corner.x + at.x + 30, corner.y + at.y - 30, { steps: 4 });
        await page.mouse.up();
        await expect.poll(async () => (await handleCentre(page, sel)).x).toBeGreaterThan(at.x + 20);
        expect(errors).toEqual([]);
        await context.close();
      });

  it('spider-legs: the ground, the legs and walking on its own come back as the lesson set them', async () => {
    const { context, page, sel, errors } = await open(SCREENS[0], 'spider-legs');
    const ground = () =>
      page.$eval(`${sel} [data-control="terrain"]`, (s) => (s as HTMLSelectElement).value);
    const legs = () =>
      page.$eval(`${sel} [data-control="legs"]`, (s) => (s as HTMLSelectElement).value);
    const walking = () =>
      page.$eval(`${sel} [data-control="autopilot"]`, (i) => (i as HTMLInputElement).checked);
    const preset = { ground: await ground(), legs: await legs(), walking: await walking() };
    await page.selectOption(
      `${sel} [data-control="terrain"]`,
      preset.ground === 'flat' ? 'hills' : 'flat',
    );
    await page.selectOption(`${sel} [data-control="legs"]`, preset.legs === '4' ? '6' : '4');
    await page.click(`${sel} [data-control="autopilot"]`);
    expect([await ground(), await legs(), await walking()]).not.toEqual([
      preset.ground,
      preset.legs,
      preset.walking,
    ]);
    await page.click(`${sel} .demo-reset`);
    await waitRunning(page, sel);
    await expect.poll(ground).toBe(preset.ground);
    expect(await legs()).toBe(preset.legs);
    expect(await walking()).toBe(preset.walking);
    expect(await page.$$eval(`${sel} .demo-keys`, (n) => n.length)).toBe(1);
    await frames(page, 3);
    expect(errors).toEqual([]);
    await context.close();
  });
});
