import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A hash of a demo figure's pixels below its corner lines: the frame time there changes every
 * frame, and a lesson's lines under it (lesson 15's worst sink of the last 5 s) change as time
 * passes with the picture still. Three lines of 14 CSS pixels from 16 down: the top 52 CSS
 * pixels are left out. Two hashes differ when anything in the picture moved, and a failed
 * comparison prints two short numbers rather than two data URLs.
 */
export const pixels = (page: Page, sel: string): Promise<number> =>
  page.$eval(sel, (d) => {
    const c = d.querySelector('canvas.demo-canvas__surface') as HTMLCanvasElement;
    const top = Math.ceil((52 * c.height) / Math.max(1, c.getBoundingClientRect().height));
    const probe = document.createElement('canvas');
    probe.width = c.width;
    probe.height = Math.max(1, c.height - top);
    const g = probe.getContext('2d')!;
    g.drawImage(c, 0, top, c.width, probe.height, 0, 0, c.width, probe.height);
    const px = g.getImageData(0, 0, probe.width, probe.height).data;
    let h = 2166136261;
    for (let i = 0; i < px.length; i++) h = Math.imul(h ^ px[i]!, 16777619);
    return h >>> 0;
  });

/** Waits for `n` animation frames of the page. */
export const frames = (page: Page, n = 2): Promise<void> =>
  page.evaluate(
    (k) =>
      new Promise<void>((r) => {
        const step = (i: number) => (i ? requestAnimationFrame(() => step(i - 1)) : r());
        step(k);
      }),
    n,
  );

/** Sets a demo's slider as a user dragging it would (the input event fires). */
export const setSlider = (page: Page, sel: string, id: string, value: number): Promise<void> =>
  page.$eval(
    `${sel} input[data-control="${id}"]`,
    (input, v) => {
      (input as HTMLInputElement).value = String(v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );

/** How long a browser test waits for a condition before failing (a slow, busy machine). */
export const PATIENCE = { timeout: 20_000 };

/**
 * How far a reading (a position) moves over `n` animation frames: poll it to wait until a
 * figure has come to rest, without guessing how long that takes.
 */
export async function drift(page: Page, read: () => Promise<number[]>, n = 10): Promise<number> {
  const a = await read();
  await frames(page, n);
  const b = await read();
  return Math.hypot(...a.map((v, i) => b[i]! - v));
}

/**
 * Starts counting the touch pointers the page has seen go down and not yet come up (or be
 * cancelled), so a test can wait for a gesture to have ended before the next one begins.
 */
export const countTouches = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const w = window as unknown as { touchesDown?: number };
    if (w.touchesDown !== undefined) return;
    w.touchesDown = 0;
    const count = (e: PointerEvent, by: number) => {
      if (e.pointerType === 'touch') w.touchesDown = Math.max(0, w.touchesDown! + by);
    };
    addEventListener('pointerdown', (e) => count(e, 1), true);
    addEventListener('pointerup', (e) => count(e, -1), true);
    addEventListener('pointercancel', (e) => count(e, -1), true);
  });

/** Waits until every touch pointer has come up and the page has drawn twice since. */
export async function touchesEnded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { touchesDown?: number }).touchesDown === 0,
    undefined,
    PATIENCE,
  );
  await frames(page);
}

/** A vertical swipe that starts on the canvas, off every handle, scrolls the page. */
export async function swipeScrolls(
  context: BrowserContext,
  page: Page,
  sel: string,
): Promise<void> {
  const canvas = (await page.locator(`${sel} .demo-canvas`).boundingBox())!;
  const handles = await page.$$eval(`${sel} .ik-handle`, (hs) =>
    hs.map((h) => h.getBoundingClientRect()).map((r) => ({ x: r.x, w: r.width })),
  );
  let x = canvas.x + 12;
  while (handles.some((h) => x >= h.x - 4 && x <= h.x + h.w + 4)) x += 24;
  const y = canvas.y + canvas.height * 0.8;
  const before = await page.evaluate(() => window.scrollY);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: y - i * 25 }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 100);
}

/**
 * Opens a figure's "More" (a sheet on a phone; inline beside the canvas on a laptop, where
 * there is nothing to open), as a reader does to reach a setting the lesson does not name.
 */
export async function openMore(page: Page, sel: string): Promise<void> {
  const toggle = page.locator(`${sel} .demo-more__toggle`);
  if (!(await toggle.isVisible())) return;
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.waitForSelector(`${sel} .demo-more.is-open .demo-more__sheet`, { state: 'visible' });
}

/** Puts a phone's "More" sheet away again (Close), so the canvas is free to drag on. */
export async function closeMore(page: Page, sel: string): Promise<void> {
  const close = page.locator(`${sel} .demo-more.is-open .demo-more__close`);
  if (await close.isVisible()) await close.click();
}

/** Shows a figure's Scene tab (its node tree), waiting for the tree to be there. */
export async function openSceneTab(page: Page, sel: string): Promise<void> {
  await page.click(`${sel} .demo-tab[data-tab="scene"]`);
  await page.waitForSelector(`${sel} .scene-tree__node`);
}

/**
 * Clicks a figure's control wherever it sits: one under a phone's closed "More" is clicked in
 * the opened sheet, which is put away again after.
 */
export async function clickControl(page: Page, sel: string, id: string): Promise<void> {
  const control = page.locator(`${sel} [data-control="${id}"]`);
  const hidden = !(await control.isVisible());
  if (hidden) await openMore(page, sel);
  await control.click();
  if (hidden) await closeMore(page, sel);
}
