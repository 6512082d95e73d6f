import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  canvasColourCount,
  openLessonDemo,
  readout,
  shotPath,
  url,
  useBrowser,
  waitRunning,
  recordErrors,
} from './browser';
import { countTouches, frames, PATIENCE, pixels, touchesEnded, clickControl } from './figure';

const browser = useBrowser();

/** A drag across the figure with the mouse, in steps, from its centre. */
async function drag(page: Page, sel: string, dx: number, dy: number): Promise<void> {
  const box = (await page.locator(`${sel} .demo-canvas`).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

const MALFORMED = `HIERARCHY
ROOT Hips
{
  OFFSET 0 90 0
  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
  JOINT Leg
  {
    OFFSET 0 -45
  }
}
`;

describe('the 3D lessons in the browser', () => {
  it('lesson 11: the skeleton renders, walks between two shots, and orbits when dragged', async () => {
    const { page, errors, sel } = await openLessonDemo(browser(), 'a-3d-skeleton', 'skeleton-3d');
    expect(await page.$eval(sel, (d) => (d as HTMLElement).dataset.renderer)).toBe('software');
    expect(await canvasColourCount(page, sel)).toBeGreaterThan(8);
    const a = await pixels(page, sel);
    const frameA = await readout(page, sel, 'frame');
    await expect.poll(() => pixels(page, sel), PATIENCE).not.toBe(a);
    await expect.poll(() => readout(page, sel, 'frame'), PATIENCE).not.toBe(frameA);
    await page.locator(sel).screenshot({ path: shotPath('walk3d-skeleton-side') });
    // Pause, so only the camera changes the picture; then a drag orbits it.
    await page.click(`${sel} [data-control="play"]`);
    await frames(page, 3);
    const still = await pixels(page, sel);
    await frames(page, 10);
    expect(await pixels(page, sel)).toBe(still);
    await drag(page, sel, 160, 60);
    await frames(page, 3);
    expect(await pixels(page, sel)).not.toBe(still);
    await page.locator(sel).screenshot({ path: shotPath('walk3d-skeleton-orbited') });
    // The side-view button brings the first picture back exactly.
    await clickControl(page, sel, 'side');
    await frames(page, 3);
    expect(await pixels(page, sel)).toBe(still);
    // Keys on the focused figure step a frame.
    await page.locator(`${sel} .demo-canvas`).focus();
    const before = await readout(page, sel, 'frame');
    await page.keyboard.press('ArrowRight');
    await frames(page, 3);
    expect(await readout(page, sel, 'frame')).not.toBe(before);
    expect(await readout(page, sel, 'frame')).toMatch(/u = 0\.00$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 11 on a touch screen: one finger orbits, two fingers pinch to zoom', async () => {
    const context = await browser().newContext({
      hasTouch: true,
      viewport: { width: 800, height: 900 },
    });
    const page = await context.newPage();
    const errors = recordErrors(page, { console: false });
    await page.goto(url('index.html#/a-3d-skeleton'));
    const sel = 'article .demo[data-demo="skeleton-3d"]';
    await page.waitForSelector(sel);
    await page.$eval(sel, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, sel);
    await page.tap(`${sel} [data-control="play"]`); // pause: only the camera moves the picture
    expect(await page.textContent(`${sel} [data-control="play"]`)).toBe('Play');
    // Tapping a button scrolls it into view; bring the figure back before touching it.
    const figure = async () => {
      await page.$eval(`${sel} .demo-canvas`, (c) => c.scrollIntoView({ block: 'center' }));
      const box = (await page.locator(`${sel} .demo-canvas`).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    let { x, y } = await figure();
    const frame = () => frames(page);
    await frame();
    const still = await pixels(page, sel);
    await frame();
    expect(await pixels(page, sel)).toBe(still);
    // Real touch input through the DevTools protocol: the browser makes touch pointer events.
    const cdp = await context.newCDPSession(page);
    const touch = (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      points: { x: number; y: number }[],
    ) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: points.map((p, id) => ({ ...p, id })),
      });
    await countTouches(page);
    await touch('touchStart', [{ x, y }]);
    for (let i = 1; i <= 6; i++) await touch('touchMove', [{ x: x + i * 20, y }]);
    await touch('touchEnd', []);
    await touchesEnded(page);
    const orbited = await pixels(page, sel);
    expect(orbited).not.toBe(still);
    // The button by mouse: a tap right after a swipe only stops Chrome's fling (no click).
    await clickControl(page, sel, 'side');
    await expect.poll(() => pixels(page, sel), PATIENCE).toBe(still);
    ({ x, y } = await figure());
    // Two fingers spreading apart: the figure grows (zoom in).
    await touch('touchStart', [
      { x: x - 20, y },
      { x: x + 20, y },
    ]);
    for (let i = 1; i <= 6; i++)
      await touch('touchMove', [
        { x: x - 20 - i * 15, y },
        { x: x + 20 + i * 15, y },
      ]);
    await touch('touchEnd', []);
    await touchesEnded(page);
    const zoomed = await pixels(page, sel);
    expect(zoomed).not.toBe(still);
    // Zooming in keeps the side view: the side-view button changes nothing now.
    await clickControl(page, sel, 'side');
    await frame();
    expect(await pixels(page, sel)).toBe(zoomed);
    await page.locator(sel).screenshot({ path: shotPath('walk3d-skeleton-pinched') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lesson 12: the walker crosses the terrain, its feet measured, and the frame time split', async () => {
    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'terrain-and-a-software-renderer',
      'terrain-walk',
    );
    expect(await canvasColourCount(page, sel)).toBeGreaterThan(8);
    const where = async () =>
      (await readout(page, sel, 'position')).match(/-?\d+\.\d/g)!.map(Number);
    const [, y0] = await where();
    const a = await pixels(page, sel);
    await expect.poll(async () => (await where())[1]! - y0!, PATIENCE).toBeGreaterThan(2);
    expect(await pixels(page, sel)).not.toBe(a);
    await page.locator(sel).screenshot({ path: shotPath('walk3d-terrain-walk') });
    // The worst sink and float grow as the walker crosses the hills.
    const worst = async () =>
      Math.max(...(await readout(page, sel, 'worst')).match(/\d+\.\d+/g)!.map(Number));
    await expect.poll(worst, PATIENCE).toBeGreaterThan(0.2);
    // The browser's own cost of showing a frame: the split the readout gives, sampled.
    const perf: string[] = [];
    for (let i = 0; i < 5; i++) {
      perf.push(await readout(page, sel, 'perf'));
      await frames(page, 12);
    }
    const parts = perf.map((p) => p.match(/\d+\.\d/g)!.map(Number));
    const med = (k: number) => parts.map((p) => p[k]!).sort((x, y) => x - y)[2]!;
    console.log(
      `terrain-walk in Chromium at ${await page.$eval(`${sel} canvas`, (c) => `${(c as HTMLCanvasElement).width}×${(c as HTMLCanvasElement).height}`)}: ` +
        `frame ${med(0)} ms = transform ${med(1)} + raster ${med(2)} + edges ${med(3)} + upload (putImageData) ${med(4)} ms (medians of 5 samples)`,
    );
    // Every part is a share of the frame, and the edge pass ran (it costs something).
    for (const k of [1, 2, 3, 4]) expect(med(k)).toBeLessThanOrEqual(med(0));
    expect(med(3)).toBeGreaterThan(0);
    // The depth buffer view and flat shading change the picture, and nothing breaks.
    await page.click(`${sel} [data-control="depth"]`);
    await frames(page, 3);
    await page.locator(sel).screenshot({ path: shotPath('walk3d-depth-buffer') });
    await page.click(`${sel} [data-control="depth"]`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 12: a malformed BVH dropped on the figure is refused with its line, and the walker keeps walking', async () => {
    const { page, errors, sel } = await openLessonDemo(
      browser(),
      'terrain-and-a-software-renderer',
      'terrain-walk',
    );
    const where = async () =>
      Number((await readout(page, sel, 'position')).match(/-?\d+\.\d/g)![1]);
    const drop = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'broken.bvh', { type: 'text/plain' }));
      return dt;
    }, MALFORMED);
    const canvas = `${sel} .demo-canvas`;
    await page.dispatchEvent(canvas, 'dragover', { dataTransfer: drop });
    expect(await page.$eval(canvas, (c) => c.classList.contains('is-dropping'))).toBe(true);
    await page.dispatchEvent(canvas, 'drop', { dataTransfer: drop });
    const message = page.locator(`${sel} .control--file .control-message`);
    await expect
      .poll(() => message.textContent())
      .toMatch(/broken\.bvh was not loaded: line 8: expected "OFFSET x y z"/);
    expect(
      await page.$eval(`${sel} .control--file`, (c) => c.classList.contains('is-invalid')),
    ).toBe(true);
    const y0 = await where();
    await expect.poll(async () => (await where()) - y0, PATIENCE).toBeGreaterThan(1.5);
    // The character is still the shipped one, joints and all.
    expect(await page.$eval(`${sel} .scene-panel`, (p) => p.textContent)).toContain('walk.bvh');
    await page.locator(sel).screenshot({ path: shotPath('walk3d-bvh-refused') });
    // A good file through the picker (the keyboard's way in) replaces the character.
    const walk = await page.evaluate(() => fetch('clips/walk.bvh').then((r) => r.text()));
    await page.setInputFiles(`${sel} input[type="file"]`, {
      name: 'mine.bvh',
      mimeType: 'text/plain',
      buffer: Buffer.from(walk),
    });
    await expect.poll(() => message.textContent()).toMatch(/^Loaded mine\.bvh: 26 joints/);
    expect(await page.$eval(`${sel} .scene-panel`, (p) => p.textContent)).toContain('mine.bvh');
    expect(errors).toEqual([]);
    await page.close();
  });
});
