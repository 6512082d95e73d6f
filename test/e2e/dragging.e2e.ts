import { describe, expect, it } from 'vitest';
import { openPage, readout, url, waitRunning, useBrowser } from './browser';
import { closeMore, frames, openMore, openSceneTab, swipeScrolls } from './figure';

const browser = useBrowser();

const DEMO = 'article .demo[data-demo="look-at"]';
const degrees = (text: string) => Number(text.replace('°', ''));

describe('dragging targets', () => {
  it('dragging the target with the mouse turns the bone, which keeps facing it', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/look-at');
    await page.waitForSelector(DEMO);
    await page.$eval(DEMO, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, DEMO);
    const before = degrees(await readout(page, DEMO, 'bone-angle'));
    const handle = await page.$(`${DEMO} .ik-handle[data-node="Target"]`);
    const box = (await handle!.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(cx - i * 25, cy + i * 18);
    await page.mouse.up();
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const after = degrees(await readout(page, DEMO, 'bone-angle'));
    expect(Math.abs(after - before)).toBeGreaterThan(20);
    expect(Math.abs(degrees(await readout(page, DEMO, 'aim-error')))).toBeLessThan(0.1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at a device-pixel ratio of 2, with the page scrolled in mid-drag, the target ends under the pointer within half a pixel', async () => {
    const context = await browser().newContext({
      viewport: { width: 720, height: 700 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto(url('index.html#/look-at'));
    await page.waitForSelector(DEMO);
    await page.$eval(DEMO, (d) => d.scrollIntoView({ block: 'center' }));
    await waitRunning(page, DEMO);
    /** The target's handle centre, from the canvas's corner. */
    const handleAt = () =>
      page.$eval(DEMO, (d) => {
        const h = d.querySelector('.ik-handle[data-node="Target"]')!.getBoundingClientRect();
        const c = d.querySelector('.demo-canvas')!.getBoundingClientRect();
        return { x: h.x + h.width / 2 - c.x, y: h.y + h.height / 2 - c.y };
      });
    const corner = () =>
      page.$eval(`${DEMO} .demo-canvas`, (c) => ({
        x: c.getBoundingClientRect().x,
        y: c.getBoundingClientRect().y,
      }));
    // The target's boxes wait under More at this width (the lesson names other settings).
    const typeTarget = async (x: number, y: number) => {
      await openMore(page, DEMO);
      for (const [id, v] of [
        ['targetX', x],
        ['targetY', y],
      ] as const) {
        await page.fill(`${DEMO} [data-typed="${id}"]`, String(v));
        await page.press(`${DEMO} [data-typed="${id}"]`, 'Enter');
      }
      await closeMore(page, DEMO);
    };
    /** The target's typed coordinates, in scene units (one read: one frame's values). */
    const typed = () =>
      page.$$eval(`${DEMO} [data-typed="targetX"], ${DEMO} [data-typed="targetY"]`, (inputs) =>
        inputs.map((i) => Number((i as HTMLInputElement).value)),
      );
    /** Where the handle says its marker is (its accessible name, written as it is placed). */
    const handleSays = () =>
      page.$eval(`${DEMO} .ik-handle[data-node="Target"]`, (h) => h.getAttribute('aria-label'));
    // The oracle for scene → screen, from the figure itself: where it puts typed points, read
    // once the handle has been placed for them (it moves on the frame after the typing).
    await typeTarget(0, 0);
    await expect.poll(handleSays).toMatch(/at x 0\.0, y 0\.0\./);
    const origin = await handleAt();
    await typeTarget(100, 50);
    await expect.poll(handleSays).toMatch(/at x 100\.0, y 50\.0\./);
    const far = await handleAt();
    const scale = (far.x - origin.x) / 100;
    expect(Math.abs((far.y - origin.y) / 50 - scale)).toBeLessThan(0.01);

    // Press on the handle's centre, move, scroll the page with the button held, move again.
    let c = await corner();
    await page.mouse.move(c.x + far.x, c.y + far.y);
    await page.mouse.down();
    await page.mouse.move(c.x + far.x - 40, c.y + far.y + 20, { steps: 4 });
    const scrolled = await page.evaluate(() => scrollY);
    await page.mouse.wheel(0, 60);
    // Until the scroll has ended (a smooth scroll goes on for some frames): moved, and still.
    await expect
      .poll(async () => {
        const a = await page.evaluate(() => scrollY);
        await frames(page, 3);
        const b = await page.evaluate(() => scrollY);
        return a === b && b > scrolled + 30;
      })
      .toBe(true);
    c = await corner();
    const pointer = { x: c.x + origin.x - 73.3, y: c.y + origin.y + 41.7 };
    await page.mouse.move(pointer.x, pointer.y, { steps: 3 });
    await page.mouse.up();
    // The typed boxes follow the target on the figure's next frame: wait until they agree with
    // the handle's own account of where it is (to its 0.1 unit).
    await expect
      .poll(async () => {
        const [x = NaN, y = NaN] = await typed();
        const m = /at x (-?[\d.]+), y (-?[\d.]+)\./.exec((await handleSays()) ?? '');
        return m ? Math.max(Math.abs(x - Number(m[1])), Math.abs(y - Number(m[2]))) : Infinity;
      })
      .toBeLessThanOrEqual(0.051);
    const [wx, wy] = await typed();
    // Where the scene point the target reached is drawn, by the oracle, is where the pointer is.
    c = await corner();
    const drawn = { x: c.x + origin.x + wx! * scale, y: c.y + origin.y + wy! * scale };
    expect(Math.abs(drawn.x - pointer.x)).toBeLessThan(0.5);
    expect(Math.abs(drawn.y - pointer.y)).toBeLessThan(0.5);
    await context.close();
  });

  it('Ctrl+Z puts the dragged target back, one drag at a time, and a run of arrow presses as one', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/look-at');
    await page.waitForSelector(DEMO);
    await page.$eval(DEMO, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, DEMO);
    const handle = page.locator(`${DEMO} .ik-handle[data-node="Target"]`);
    const centre = async () => {
      const b = (await handle.boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const angle = () => readout(page, DEMO, 'bone-angle');
    const start = await centre();
    const a0 = await angle();
    const drag = async (dx: number, dy: number) => {
      const c = await centre();
      await page.mouse.move(c.x, c.y);
      await page.mouse.down();
      for (let i = 1; i <= 5; i++) await page.mouse.move(c.x + (i * dx) / 5, c.y + (i * dy) / 5);
      await page.mouse.up();
    };
    await drag(-120, 80);
    const first = await centre();
    const a1 = await angle();
    await drag(60, -150);
    // Three arrow presses on the focused handle: one move to undo.
    for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight');
    const near = (p: { x: number; y: number }, q: { x: number; y: number }) =>
      Math.hypot(p.x - q.x, p.y - q.y);
    await page.keyboard.press('Control+z'); // the arrows
    await page.keyboard.press('Control+z'); // the second drag
    await expect.poll(async () => near(await centre(), first)).toBeLessThan(1);
    await expect.poll(angle).toBe(a1);
    await page.keyboard.press('Control+z'); // the first drag
    await expect.poll(async () => near(await centre(), start)).toBeLessThan(1);
    await expect.poll(angle).toBe(a0);
    // A click that moves nothing is no step: after a drag and a click, one Ctrl+Z undoes the drag.
    await drag(90, 40);
    const c = await centre();
    await page.mouse.click(c.x, c.y);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => near(await centre(), start)).toBeLessThan(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone, a vertical swipe that starts on the figure (not on a handle) scrolls the page', async () => {
    const context = await browser().newContext({
      hasTouch: true,
      isMobile: true,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(url('index.html#/look-at'));
    await page.waitForSelector(DEMO);
    await page.$eval(DEMO, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, DEMO);
    await swipeScrolls(context, page, DEMO);
    await context.close();
  });

  it('touch drags the target too', async () => {
    const context = await browser().newContext({
      hasTouch: true,
      viewport: { width: 800, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(url('index.html#/look-at'));
    await page.waitForSelector(DEMO);
    await page.$eval(DEMO, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, DEMO);
    const before = await readout(page, DEMO, 'bone-angle');
    const handle = await page.$(`${DEMO} .ik-handle[data-node="Target"]`);
    const b = (await handle!.boundingBox())!;
    const x = b.x + b.width / 2;
    const y = b.y + b.height / 2;
    // Real touch input through the DevTools protocol: the browser turns it into touch pointer events.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 6; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x - i * 25, y: y + i * 20 }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    expect(await readout(page, DEMO, 'bone-angle')).not.toBe(before);
    await context.close();
  });

  it('Tab reaches the handle, arrow keys move it, Shift moves it ten times further', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/look-at');
    await page.waitForSelector(DEMO);
    await page.$eval(DEMO, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, DEMO);
    // Start from the slider just before the look-at demo's canvas and Tab forward to the handle.
    await page.focus('article .demo[data-demo="atan2-quadrants"] select');
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(
        () =>
          (document.activeElement as HTMLElement | null)?.dataset.node === 'Target' &&
          !!document.activeElement?.closest('[data-demo="look-at"]'),
      );
    }
    expect(reached).toBe(true);
    const pos = () =>
      page.$eval(`${DEMO} .ik-handle[data-node="Target"]`, (h) => h.getBoundingClientRect().x);
    const angleBefore = await readout(page, DEMO, 'bone-angle');
    const x0 = await pos();
    await page.keyboard.press('ArrowLeft');
    const x1 = await pos();
    await page.keyboard.press('Shift+ArrowLeft');
    const x2 = await pos();
    expect(x0 - x1).toBeCloseTo(4, 0);
    expect(x1 - x2).toBeCloseTo(40, 0);
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    expect(await readout(page, DEMO, 'bone-angle')).not.toBe(angleBefore);
    // Focus is visible: the handle draws an outline.
    expect(
      await page.$eval(
        `${DEMO} .ik-handle[data-node="Target"]`,
        (h) => getComputedStyle(h).outlineStyle,
      ),
    ).toBe('solid');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hovering a node in the scene panel shows its local and global transform', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/look-at');
    await page.waitForSelector(DEMO);
    await page.$eval(DEMO, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, DEMO);
    await openSceneTab(page, DEMO);
    await page.hover(`${DEMO} .scene-tree__node[data-node="Head"]`);
    const text = await page.$eval(`${DEMO} .inspector`, (i) => i.textContent ?? '');
    expect(text).toMatch(/^Head : Bone2D/);
    expect(text).toMatch(/Transform\n\s+Position \(90\.0, 0\.0\)/);
    expect(text).toMatch(/Global transform \(read-only\)\n\s+Position \(/);
    expect(text).toMatch(/Bone2D\n\s+Length \d/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
