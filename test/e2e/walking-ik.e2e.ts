import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canvasColourCount, openLessonDemo, readout, shotPath, useBrowser } from './browser';
import { frames, pixels, setSlider } from './figure';

const browser = useBrowser();

/** (x, y) and facing in degrees, from "(x, y), φ°". */
const where = async (page: Page, sel: string) => {
  const n = (await readout(page, sel, 'position')).match(/-?\d+(\.\d+)?/g)!.map(Number);
  return { x: n[0]!, y: n[1]!, facing: n[2]! };
};

describe('the walking IK lessons in the browser', () => {
  it('lesson 14: the walker walks, turns, stops with a cross-fade and walks again', async () => {
    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'walking-on-any-terrain',
      'ik-walk',
    );
    expect(await page.$eval(sel, (d) => (d as HTMLElement).dataset.renderer)).toBe('software');
    expect(await canvasColourCount(page, sel)).toBeGreaterThan(8);
    const a = await where(page, sel);
    await page.waitForTimeout(1200);
    const b = await where(page, sel);
    expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeGreaterThan(2);
    await page.locator(sel).screenshot({ path: shotPath('walking-ik-basic') });
    // Descents are counted in the statistics, with no NaN anywhere in the panel.
    expect(await readout(page, sel, 'stats-steps')).toMatch(/\(\d+\)$/);
    expect(await page.$eval(sel, (d) => d.textContent)).not.toMatch(/NaN/);

    // Holding ← on the focused figure turns the walker left (the facing grows).
    await page.locator(`${sel} .demo-canvas`).focus();
    await page.keyboard.down('ArrowLeft');
    await page.waitForTimeout(1000);
    await page.keyboard.up('ArrowLeft');
    const c = await where(page, sel);
    const turned = ((((c.facing - b.facing) % 360) + 540) % 360) - 180;
    expect(turned).toBeGreaterThan(10);

    // ↓ stops: the walk fades into the idle pose over half a second, so the walker still moves
    // just after the key, then stands.
    await page.keyboard.press('ArrowDown');
    const d0 = await where(page, sel);
    await page.waitForTimeout(250);
    const d1 = await where(page, sel);
    expect(Math.hypot(d1.x - d0.x, d1.y - d0.y)).toBeGreaterThan(0.05);
    await page.waitForTimeout(1500);
    const e0 = await where(page, sel);
    await page.waitForTimeout(500);
    const e1 = await where(page, sel);
    expect(Math.hypot(e1.x - e0.x, e1.y - e0.y)).toBeLessThan(0.05);
    expect(await page.isChecked(`${sel} input[data-control="walking"]`)).toBe(false);
    // ↑ walks again.
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(1200);
    const f = await where(page, sel);
    expect(Math.hypot(f.x - e1.x, f.y - e1.y)).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 14: each drawing toggle changes the picture; IK off is measured apart', async () => {
    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'walking-on-any-terrain',
      'ik-walk',
    );
    await page.waitForTimeout(1500); // some steps planned, so the curves have something to draw
    // Play rate 0 freezes the walk, so only the toggles change the picture.
    await setSlider(page, sel, 'playRate', 0);
    await frames(page, 3);
    const still = await pixels(page, sel);
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
    // Walking again with IK off: the frame cost is measured apart, and both show with a ratio.
    await setSlider(page, sel, 'playRate', 0.7);
    await page.click(`${sel} input[data-control="ik"]`);
    await page.waitForTimeout(1500);
    const cost = await readout(page, sel, 'cost');
    expect(cost).toMatch(/^\d+\.\d+ ms \/ \d+\.\d+ ms \(ratio \d+\.\d+\)$/);
    console.log(`lesson 14 in Chromium, walking system per frame, IK on / off: ${cost}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 12: the factor re-runs the analysis and the keys step frames', async () => {
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
    expect(await page.$$eval(`${sel} [data-plot="support"] rect.plot__bar`, (r) => r.length)).toBe(
      33,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 13: stepping the descent and switching to Levenberg–Marquardt', async () => {
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
});
