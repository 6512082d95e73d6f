import { describe, expect, it } from 'vitest';
import {
  canvasColourCount,
  openPage,
  readout,
  screenshot,
  waitRunning,
  useBrowser,
} from './browser';

const browser = useBrowser();

describe('embed page', () => {
  it('shows the demo its URL asks for, preset by its parameters, with no page chrome', async () => {
    const { page, errors } = await openPage(
      browser(),
      'playground/embed.html?demo=atan2-quadrants&pointX=-25&pointY=-20&method=atan',
      { width: 720, height: 560 },
    );
    await waitRunning(page, '.demo');
    expect(await page.$eval('.demo', (d) => (d as HTMLElement).dataset.demo)).toBe(
      'atan2-quadrants',
    );
    expect(await page.$$eval('.site-header, .toc, .demo-title', (n) => n.length)).toBe(0);
    expect(await readout(page, '.demo', 'relative')).toBe('(-50.0, -30.0)');
    expect(await readout(page, '.demo', 'atan2')).toBe('-149.04°');
    expect(await readout(page, '.demo', 'atan')).toBe('30.96°');
    expect(await canvasColourCount(page, '.demo')).toBeGreaterThan(4);
    expect(await page.$$eval('.demo-error', (n) => n.length)).toBe(0);
    await screenshot(page, 'embed-atan2', false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names a bad parameter and what it allows, and still runs the demo', async () => {
    const { page, errors } = await openPage(
      browser(),
      'playground/embed.html?demo=look-at&flipRootX=maybe&targetX=9000&colour=red',
    );
    await waitRunning(page, '.demo');
    const items = await page.$$eval('.demo-error li', (li) =>
      li.map((l) => `${(l as HTMLElement).dataset.param}: ${l.textContent}`),
    );
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/^flipRootX: .*must be true or false; got "maybe"/);
    expect(items[1]).toMatch(/^targetX: .*must be a number from -330 to 330; got "9000"/);
    expect(items[2]).toMatch(
      /^colour: "colour" is not a parameter of demo "look-at"\. Its parameters are: targetX, /,
    );
    expect(await canvasColourCount(page, '.demo')).toBeGreaterThan(4);
    await screenshot(page, 'embed-bad-param', false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an unknown demo id lists the demos there are', async () => {
    const { page, errors } = await openPage(browser(), 'playground/embed.html?demo=nope');
    const text = await page.$eval('.demo-error', (e) => e.textContent ?? '');
    expect(text).toContain('There is no demo called "nope"');
    expect(text).toContain('look-at');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the gallery can show only some demos, and names ids it does not know', async () => {
    const { page, errors } = await openPage(
      browser(),
      'playground/gallery.html?only=reach-sequence,nope,look-at',
    );
    await page.waitForSelector('.gallery__demo .demo');
    expect(
      await page.$$eval('.gallery__demo .demo', (d) =>
        d.map((x) => (x as HTMLElement).dataset.demo),
      ),
    ).toEqual(['look-at', 'reach-sequence']);
    const msg = await page.$eval('main > .demo-error', (e) => e.textContent ?? '');
    expect(msg).toContain('"only" names demos that do not exist: "nope".');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('in a page of several demos, one bad preset is reported in its own frame and the others work', async () => {
    const { page, errors } = await openPage(
      browser(),
      'playground/gallery.html?demo=negative-scale&flipNode=Elbow',
    );
    await page.waitForSelector('.gallery__preview .demo');
    const msg = await page.$eval('.gallery__preview .demo .demo-error', (e) => e.textContent ?? '');
    expect(msg).toContain(
      '"flipNode" (Flip which node) must be one of Skeleton, Forearm; got "Elbow"',
    );
    // The error sits in that frame only.
    expect(await page.$$eval('.gallery__demo .demo-error', (n) => n.length)).toBe(0);
    const other = '.gallery__demo .demo[data-demo="look-at"]';
    await page.$eval(other, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, other);
    const before = await readout(page, other, 'bone-angle');
    await page.focus(`${other} .ik-handle[data-node="Target"]`);
    await page.keyboard.press('Shift+ArrowDown');
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    expect(await readout(page, other, 'bone-angle')).not.toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });
});
