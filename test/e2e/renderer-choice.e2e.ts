import { describe, expect, inject, it } from 'vitest';
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

  it('the Canvas renderer creates no WebGL context (32 canvas embeds must not crowd out the page’s own WebGL); webgl does', async () => {
    const contexts = async (path: string) => {
      const page = await browser().newPage({ viewport: { width: 900, height: 700 } });
      // Count every WebGL context asked for, on any canvas, before the page's own code runs.
      await page.addInitScript(() => {
        const w = window as unknown as { webgl: number };
        w.webgl = 0;
        for (const proto of [HTMLCanvasElement.prototype, OffscreenCanvas.prototype]) {
          const get = proto.getContext as (this: unknown, ...a: unknown[]) => unknown;
          (proto as unknown as { getContext: typeof get }).getContext = function (
            this: unknown,
            ...args: unknown[]
          ) {
            if (typeof args[0] === 'string' && args[0].startsWith('webgl')) w.webgl++;
            return get.apply(this, args);
          };
        }
      });
      await page.goto(new URL(path, inject('baseUrl')).href);
      await page.waitForSelector('.demo');
      await page.$eval('.demo', (d) => d.scrollIntoView({ block: 'center' }));
      await page.waitForSelector('.demo[data-state="running"][data-renderer]', { timeout: 20_000 });
      // Wait for what comes after the first demo too (the scene panel's code in an embed, the
      // source links under a lesson's demo), so later code is counted as well.
      await page.waitForSelector('.scene-tree__node, .demo-credit a', {
        state: 'attached',
        timeout: 20_000,
      });
      const n = await page.evaluate(() => (window as unknown as { webgl: number }).webgl);
      await page.close();
      return n;
    };
    expect(await contexts('playground/embed.html?demo=fabrik')).toBe(0);
    expect(await contexts('index.html#/fabrik')).toBe(0);
    expect(await contexts('playground/embed.html?demo=fabrik&renderer=webgl')).toBeGreaterThan(0);
  });
});
