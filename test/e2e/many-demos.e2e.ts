import { describe, expect, it } from 'vitest';
import {
  canvasColourCount,
  openPage,
  screenshot,
  TWO_D_DEMOS,
  waitRunning,
  useBrowser,
} from './browser';

const browser = useBrowser();

/**
 * At least 32 demos on one page, drawn with WebGL: more than the ~16 live WebGL contexts a page
 * may keep.
 * Each must still show when scrolled to, because demos far off screen release their renderer.
 * The same eight demos (the first two lessons' and the solvers') four times each, so the timings
 * compare across runs; the heavy ones (a hundred spiders) have their own tests.
 */
const EIGHT = TWO_D_DEMOS.join(',');
describe('a page with 32 demos', () => {
  for (const renderer of ['webgl', 'canvas'] as const) {
    it(`shows every one of 32 demos when scrolled through (${renderer})`, async () => {
      const { page, errors } = await openPage(
        browser(),
        `playground/gallery.html?copies=4&only=${EIGHT}&renderer=${renderer}`,
        { width: 1100, height: 800 },
      );
      await page.waitForSelector('.gallery__demo .demo');
      const count = await page.$$eval('.gallery__demo .demo', (d) => d.length);
      expect(count).toBe(32);
      let maxLive = 0;
      const started = Date.now();
      for (let i = 0; i < count; i++) {
        const sel = `.gallery__demo:nth-of-type(${i + 1}) .demo`;
        await page.$eval(`.gallery__demo:nth-of-type(${i + 1}) .demo`, (d) =>
          d.scrollIntoView({ block: 'center' }),
        );
        await waitRunning(page, sel);
        expect(await page.$eval(sel, (d) => (d as HTMLElement).dataset.renderer)).toBe(renderer);
        expect(await canvasColourCount(page, sel)).toBeGreaterThan(4);
        maxLive = Math.max(maxLive, await page.$$eval('.demo canvas', (c) => c.length));
      }
      console.log(
        `${count} demos scrolled through with ${renderer}: ${((Date.now() - started) / 1000).toFixed(1)} s, at most ${maxLive} renderers alive at once`,
      );
      // Far-off demos gave their renderer back: never more than a handful alive at once.
      expect(maxLive).toBeLessThan(16);
      // And the first one comes back when we scroll up again.
      await page.$eval('.gallery__demo:nth-of-type(1) .demo', (d) =>
        d.scrollIntoView({ block: 'center' }),
      );
      await waitRunning(page, '.gallery__demo:nth-of-type(1) .demo');
      expect(await canvasColourCount(page, '.gallery__demo:nth-of-type(1) .demo')).toBeGreaterThan(
        4,
      );
      await screenshot(page, `gallery-32-${renderer}`, false);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
