import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHARACTER_BOUNDS } from '../../src/demos/pd-character/description';
import { openLessonDemo, openPage, readout, shotPath, useBrowser } from './browser';
import { PATIENCE } from './figure';

const browser = useBrowser();

/** Scripts the page requested, by file name. */
const scripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );

/** The worst joint error the figure reports, in degrees. */
const worstError = async (page: Page, sel: string) => parseFloat(await readout(page, sel, 'error'));

/**
 * A page point from a scene point of lesson 16's figure: its content bounds, fitted centred into
 * the canvas (the page's margin round them, a few pixels, is left out: the points aimed at here
 * are on the torso, well inside).
 */
async function toPage(page: Page, sel: string, x: number, y: number) {
  const box = (await page.locator(`${sel} .demo-canvas`).boundingBox())!;
  const b = CHARACTER_BOUNDS;
  const scale = Math.min(box.width / b.width, box.height / b.height);
  return {
    x: box.x + box.width / 2 + (x - (b.x + b.width / 2)) * scale,
    y: box.y + box.height / 2 + (y - (b.y + b.height / 2)) * scale,
  };
}

describe('lesson 16: the physics character', () => {
  it('loads planck.js only on its lesson, walks in PD, recovers from a pull, falls as a ragdoll', async () => {
    const first = await openPage(browser(), 'index.html#/bones-as-a-node-tree');
    await first.page.waitForSelector('article .demo');
    expect((await scripts(first.page)).some((s) => s.includes('pd-character'))).toBe(false);
    await first.page.close();

    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'beyond-kinematics',
      'pd-character',
    );
    expect((await scripts(page)).some((s) => s.includes('pd-character'))).toBe(true);
    // PD with the root pinned: it walks, every joint within a few degrees of the animation.
    await expect.poll(() => readout(page, sel, 'status'), PATIENCE).toContain('PD torques');
    await expect.poll(() => worstError(page, sel), PATIENCE).toBeLessThan(15);
    await page.locator(sel).screenshot({ path: shotPath('physics-pd-walk') });

    // Pull the chest far forward and hold it there: the back bends away from the animation...
    const hand = await toPage(page, sel, 0, -130);
    await page.mouse.move(hand.x, hand.y);
    await page.mouse.down();
    const away = await toPage(page, sel, 150, -150);
    await page.mouse.move(away.x, away.y, { steps: 10 });
    await expect.poll(() => worstError(page, sel), PATIENCE).toBeGreaterThan(20);
    await page.locator(sel).screenshot({ path: shotPath('physics-pulled') });
    // ...and tracks again once let go.
    await page.mouse.up();
    await expect.poll(() => worstError(page, sel), PATIENCE).toBeLessThan(15);

    // Ragdoll: the torques stop and the body collapses (the pelvis drops below 0.6 m).
    await page.click(`${sel} [data-control="mode-ragdoll"]`);
    await expect.poll(() => readout(page, sel, 'status'), PATIENCE).toContain('Ragdoll');
    await expect.poll(() => worstError(page, sel), PATIENCE).toBeGreaterThan(40);
    await page.locator(sel).screenshot({ path: shotPath('physics-ragdoll') });
    expect(errors).toEqual([]);
  });

  it('one joint: drag the target and let go, and the figure measures the error left at t̂', async () => {
    const { page, errors, sel } = await openLessonDemo(browser(), 'beyond-kinematics', 'pd-joint');
    const box = (await page.locator(`${sel} .demo-canvas`).boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // Aim the dashed arm down and to the right (the bar starts at −30°), then let go.
    await page.mouse.move(cx + 100, cy - 20);
    await page.mouse.down();
    await page.mouse.move(cx + 40, cy + 120, { steps: 6 });
    await page.mouse.up();
    const percents = async () =>
      [...(await readout(page, sel, 'left')).matchAll(/([\d.]+)%/g)].map((m) => Number(m[1]));
    await expect.poll(async () => (await percents()).length, PATIENCE).toBe(2);
    const [measured, ideal] = await percents();
    // n = 3.89 leaves 10% at t̂; the bar, stepped at 120 Hz, within half a percent of it.
    expect(Math.abs(ideal! - 10)).toBeLessThan(0.1);
    expect(Math.abs(measured! - ideal!)).toBeLessThan(0.5);
    await page.locator(sel).screenshot({ path: shotPath('physics-one-joint') });
    // The seed's n leaves almost nothing: jump with the keyboard and read it again.
    await page.click(`${sel} [data-control="n-seed"]`);
    await page.locator(`${sel} .demo-canvas`).focus();
    await page.keyboard.press('j');
    await expect.poll(async () => (await percents())[0] ?? Infinity, PATIENCE).toBeLessThan(0.5);
    expect((await percents())[1]).toBeLessThan(0.1);
    expect(errors).toEqual([]);
  });

  it('on lesson 8’s ground the view follows the walk and the ground’s points can be dragged', async () => {
    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'beyond-kinematics',
      'pd-character',
    );
    await page.selectOption(`${sel} select[data-control="ground"]`, 'flat');
    const canvas = (await page.locator(`${sel} .demo-canvas`).boundingBox())!;
    const onScreen = () =>
      page.$$eval(
        `${sel} .ik-handle`,
        (els, c) =>
          els
            .map((e) => ({ r: e.getBoundingClientRect(), label: e.getAttribute('aria-label')! }))
            .filter(({ r }) => r.x > c.x && r.x + r.width < c.x + c.width)
            .map(({ r, label }) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2, label })),
        canvas,
      );
    // Points come and go from the view as the walk travels over them.
    const before = (await onScreen()).map((h) => h.label.split(' ')[0]);
    await expect
      .poll(async () => (await onScreen()).map((h) => h.label.split(' ')[0]), PATIENCE)
      .not.toEqual(before);
    // Stand still (the idle clip does not travel) so the view stops, then drag a point up.
    await page.selectOption(`${sel} select[data-control="clip"]`, 'idle');
    let last = '';
    await expect
      .poll(async () => {
        const now = JSON.stringify(await onScreen());
        const still = now === last;
        last = now;
        return still;
      }, PATIENCE)
      .toBe(true);
    const h = (await onScreen()).at(-1)!;
    await page.mouse.move(h.x, h.y);
    await page.mouse.down();
    await page.mouse.move(h.x, h.y - 50, { steps: 5 });
    await page.mouse.up();
    const name = h.label.split(' ')[0]!;
    await expect
      .poll(
        async () =>
          Number(
            /, y (-?\d+(?:\.\d+)?)/.exec(
              (await page.getAttribute(`${sel} .ik-handle[aria-label^="${name} "]`, 'aria-label'))!,
            )![1],
          ),
        PATIENCE,
      )
      .toBeLessThan(-20);
    await page.locator(sel).screenshot({ path: shotPath('physics-ground-dragged') });
    expect(errors).toEqual([]);
  });

  it('the survey page lists the techniques and links lesson 16', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/beyond-this-course');
    await page.waitForSelector('article table');
    expect(await page.locator('article table').count()).toBe(2);
    expect(await page.locator('article a[href="#/beyond-kinematics"]').count()).toBeGreaterThan(1);
    await page.screenshot({ path: shotPath('survey-page'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
