import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  canvasColourCount,
  openHeldEmbed,
  openLessonDemo,
  readout,
  shotPath,
  useBrowser,
} from './browser';
import { drift, frames, PATIENCE, pixels, setSlider } from './figure';

const browser = useBrowser();

/** (x, y) and facing in degrees, from "(x, y), φ°". */
const where = async (page: Page, sel: string) => {
  const n = (await readout(page, sel, 'position')).match(/-?\d+(\.\d+)?/g)!.map(Number);
  return { x: n[0]!, y: n[1]!, facing: n[2]! };
};

describe('the walking IK lessons in the browser', () => {
  it('lesson 15: the walker walks, turns, stops with a cross-fade and walks again', async () => {
    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'walking-on-any-terrain',
      'ik-walk',
    );
    expect(await page.$eval(sel, (d) => (d as HTMLElement).dataset.renderer)).toBe('software');
    expect(await canvasColourCount(page, sel)).toBeGreaterThan(8);
    const a = await where(page, sel);
    const away = async (from: { x: number; y: number }) => {
      const p = await where(page, sel);
      return Math.hypot(p.x - from.x, p.y - from.y);
    };
    await expect.poll(() => away(a), PATIENCE).toBeGreaterThan(2);
    const b = await where(page, sel);
    await page.locator(sel).screenshot({ path: shotPath('walking-ik-basic') });
    // Descents are counted in the statistics, with no NaN anywhere in the panel.
    expect(await readout(page, sel, 'stats-steps')).toMatch(/\(\d+\)$/);
    expect(await page.$eval(sel, (d) => d.textContent)).not.toMatch(/NaN/);

    // Holding ← on the focused figure turns the walker left (the facing grows).
    await page.locator(`${sel} .demo-canvas`).focus();
    const turned = async () =>
      (((((await where(page, sel)).facing - b.facing) % 360) + 540) % 360) - 180;
    await page.keyboard.down('ArrowLeft');
    await expect.poll(turned, PATIENCE).toBeGreaterThan(10);
    await page.keyboard.up('ArrowLeft');

    // ↓ stops: the walk fades into the idle pose over half a second, so the walker still moves
    // just after the key, then stands.
    await page.keyboard.press('ArrowDown');
    const d0 = await where(page, sel);
    await expect.poll(() => away(d0), PATIENCE).toBeGreaterThan(0.05);
    const xy = async () => {
      const p = await where(page, sel);
      return [p.x, p.y];
    };
    await expect.poll(() => drift(page, xy, 20), PATIENCE).toBeLessThan(0.05);
    const e1 = await where(page, sel);
    expect(await page.isChecked(`${sel} input[data-control="walking"]`)).toBe(false);
    // ↑ walks again.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => away(e1), PATIENCE).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 15: each drawing toggle changes the picture; IK off is measured apart', async () => {
    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'walking-on-any-terrain',
      'ik-walk',
    );
    // Some steps planned, so the curves have something to draw.
    await expect
      .poll(
        async () => Number(/\((\d+)\)$/.exec(await readout(page, sel, 'stats-steps'))?.[1] ?? 0),
        PATIENCE,
      )
      .toBeGreaterThan(0);
    // Play rate 0 freezes the walk, so only the toggles change the picture. The page may still
    // be settling (the scene panel arrives after the figure and can resize it): wait until two
    // looks 3 frames apart agree, then it must stay so.
    await setSlider(page, sel, 'playRate', 0);
    let still = 0;
    await expect
      .poll(async () => {
        const a = await pixels(page, sel);
        await frames(page, 3);
        still = await pixels(page, sel);
        return a === still;
      }, PATIENCE)
      .toBe(true);
    await frames(page, 3);
    expect(await pixels(page, sel)).toBe(still);
    for (const id of ['targets', 'real', 'hip']) {
      await page.click(`${sel} input[data-control="${id}"]`);
      await frames(page, 3);
      const changed = await pixels(page, sel);
      expect(changed, id).not.toBe(still);
      await page.click(`${sel} input[data-control="${id}"]`);
      await frames(page, 3);
      expect(await pixels(page, sel), id).toBe(still);
    }
    await page.click(`${sel} input[data-control="hip"]`);
    await page.locator(sel).screenshot({ path: shotPath('walking-ik-hip-target') });
    await page.click(`${sel} input[data-control="hip"]`);
    // The cost, measured on request: two copies of the walker side by side, with a ratio.
    await setSlider(page, sel, 'playRate', 0.7);
    await page.click(`${sel} [data-control="measureCost"]`);
    await expect
      .poll(() => readout(page, sel, 'cost'), PATIENCE)
      .toMatch(/^\d+\.\d+ ms \/ \d+\.\d+ ms a tick \(ratio \d+\.\d+\): two copies/);
    const cost = await readout(page, sel, 'cost');
    console.log(`lesson 15 in Chromium, walking system per frame, IK on / off: ${cost}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 13: the factor re-runs the analysis and the keys step frames', async () => {
    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'reading-a-walk',
      'walk-analysis',
    );
    expect(await canvasColourCount(page, sel)).toBeGreaterThan(4);
    const frames0 = await readout(page, sel, 'support');
    await setSlider(page, sel, 'factor', 0.25);
    await frames(page);
    expect(await readout(page, sel, 'support')).not.toBe(frames0);
    await page.locator(`${sel} .demo-canvas`).focus();
    await page.keyboard.press('ArrowRight');
    const n0 = Number((await readout(page, sel, 'now')).split(':')[0]);
    await page.keyboard.press('ArrowRight');
    await frames(page);
    const n1 = Number((await readout(page, sel, 'now')).split(':')[0]);
    expect((n1 - n0 + 33) % 33).toBe(1);
    // Four rows (each foot's own test and the row used): the rows used fill 33 cells between
    // them (one foot planted in every frame), the own tests fewer than 33 more.
    const cells = await page.$$eval(`${sel} [data-plot="support"] rect.plot__bar`, (r) => r.length);
    expect(cells).toBeGreaterThan(33);
    expect(cells).toBeLessThan(66);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 13: the capture read foot by foot shows both feet down around each landing', async () => {
    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'reading-a-walk',
      'walk-analysis',
    );
    await page.click(`${sel} [data-control="capture"]`);
    await expect.poll(() => readout(page, sel, 'cycle'), PATIENCE).toMatch(/^frames 103–136 /);
    expect(await readout(page, sel, 'support')).toBe('16 · 17 of 33');
    await page.selectOption(`${sel} [data-control="rule"]`, 'each');
    await expect.poll(() => readout(page, sel, 'support'), PATIENCE).toBe('19 · 19 of 33');
    // The strip's four rows (own tests and rows used, which agree): 19 planted cells each, so
    // 38 cells for the 33 frames in each pair of rows: both feet in 5 frames.
    const cells = await page.$$eval(`${sel} [data-plot="support"] rect.plot__bar`, (r) => r.length);
    expect(cells).toBe(4 * 19);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 14: stepping the descent and switching to Levenberg–Marquardt', async () => {
    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'gradient-descent-ik',
      'leg-descent',
    );
    const before = await pixels(page, sel);
    await page.click(`${sel} [data-control="step"]`);
    await page.click(`${sel} [data-control="step"]`);
    await frames(page);
    expect(await readout(page, sel, 'iteration')).toMatch(/^2 \/ \d+$/);
    expect(await pixels(page, sel)).not.toBe(before);
    const counts = (await readout(page, sel, 'both')).match(/^(\d+) · (\d+)/)!;
    expect(Number(counts[2])).toBeLessThan(Number(counts[1]));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 15: a crowd of 20 walkers walks on, with the frame split into update, IK and drawing', async () => {
    // At the 960×540: the embed's frame given a 540 px figure, as an instructor's page
    // may size it (the renderer draws at the figure's size).
    const { page, errors } = await openHeldEmbed(browser(), 'demo=ik-walk&crowd=true', {
      viewport: { width: 960, height: 1000 },
      // The canvas alone across the frame: the figure's column of controls put away.
      css: '.demo--fit .demo-body { flex: none !important; height: 540px !important; grid-template-columns: minmax(0, 1fr) !important; } .demo-dock { display: none !important; }',
    });
    const split =
      /^20 walkers: ([\d.]+) \(IK ([\d.]+)\) · ([\d.]+) · ([\d.]+) · ([\d.]+) · ([\d.]+) = ([\d.]+) ms$/;
    // Filled once the renderer has drawn (its raster time is above zero).
    await expect
      .poll(
        async () => Number(split.exec(await readout(page, '.demo', 'crowd'))?.[4] ?? 0),
        PATIENCE,
      )
      .toBeGreaterThan(0);
    const a = await where(page, '.demo');
    await expect
      .poll(
        async () =>
          Math.hypot((await where(page, '.demo')).x - a.x, (await where(page, '.demo')).y - a.y),
        PATIENCE,
      )
      .toBeGreaterThan(2);
    // The readout is the median of the last 60 frames: let 60 frames pass after the first,
    // so it no longer holds the crowd's first, unwarmed ones.
    await frames(page, 60);
    const text = await readout(page, '.demo', 'crowd');
    const [update, ik, transform, raster, edges, upload, total] = split
      .exec(text)!
      .slice(1)
      .map(Number);
    // The parts add up to the total shown (to the readout's rounding).
    expect(Math.abs(update! + transform! + raster! + edges! + upload! - total!)).toBeLessThan(0.04);
    expect(ik!).toBeLessThanOrEqual(update!);
    expect(await canvasColourCount(page, '.demo')).toBeGreaterThan(8);
    const size = await page.$eval(
      '.demo canvas',
      (c) => `${(c as HTMLCanvasElement).width}×${(c as HTMLCanvasElement).height}`,
    );
    expect(size).toBe('960×540');
    console.log(`20 walkers in Chromium, canvas ${size}: ${text}`);
    await page.screenshot({ path: shotPath('walking-ik-crowd') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
