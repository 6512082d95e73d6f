import { describe, expect, it } from 'vitest';
import { openPage, waitRunning, useBrowser } from './browser';

const browser = useBrowser();

/**
 * Measures the two renderers side by side on the same demo, in the same run: script time per
 * frame (update + draw, the demo footer's figure) and frames actually shown per second.
 * The README's renderer choice quotes these ratios.
 */
describe('renderer choice', () => {
  it('canvas and webgl both draw the demo; prints their cost side by side', async () => {
    const results: Record<string, { ms: number; fps: number; attach: number }> = {};
    for (const renderer of ['canvas', 'webgl'] as const) {
      const { page, errors } = await openPage(
        browser(),
        `playground/embed.html?demo=look-at&renderer=${renderer}`,
        { width: 900, height: 700 },
      );
      await waitRunning(page, '.demo');
      expect(await page.$eval('.demo', (d) => (d as HTMLElement).dataset.renderer)).toBe(renderer);
      const fps = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let n = 0;
            const start = performance.now();
            const tick = () => (
              ++n,
              performance.now() - start < 2000
                ? requestAnimationFrame(tick)
                : resolve((n * 1000) / (performance.now() - start))
            );
            requestAnimationFrame(tick);
          }),
      );
      const ms = Number(await page.$eval('.demo', (d) => (d as HTMLElement).dataset.frameMs));
      expect(ms).toBeGreaterThan(0);
      const attach = Number(await page.$eval('.demo', (d) => (d as HTMLElement).dataset.attachMs));
      expect(attach).toBeGreaterThan(0);
      results[renderer] = { ms, fps, attach };
      expect(errors).toEqual([]);
      await page.close();
    }
    const c = results.canvas!;
    const w = results.webgl!;
    console.log(
      `renderer cost, look-at demo 900x700: canvas ${c.ms.toFixed(2)} ms/frame at ${c.fps.toFixed(0)} fps; ` +
        `webgl ${w.ms.toFixed(2)} ms/frame at ${w.fps.toFixed(0)} fps; webgl/canvas script time ratio ${(w.ms / c.ms).toFixed(1)}; ` +
        `renderer creation: canvas ${c.attach.toFixed(0)} ms, webgl ${w.attach.toFixed(0)} ms, ratio ${(w.attach / c.attach).toFixed(1)}`,
    );
  });
});
