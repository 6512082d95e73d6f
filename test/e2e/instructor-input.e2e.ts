import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMOS } from '../../src/demos/registry';
import { openPage, url, useBrowser, waitRunning, recordErrors } from './browser';

const browser = useBrowser();

/** Each `.demo-error li` as "param: text". */
const errorItems = (page: Page, scope = '') =>
  page.$$eval(`${scope} .demo-error li`, (li) =>
    li.map((l) => `${(l as HTMLElement).dataset.param}: ${l.textContent}`),
  );

const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Opens a built page whose address is too long for the preview server's request line (a 100 KB
 * parameter): the browser keeps the address, the page's HTML comes from dist/ directly.
 */
async function openLong(path: string) {
  const file = resolve(import.meta.dirname, '../../dist', path.split('?')[0]!);
  const page = await browser().newPage({ viewport: { width: 1000, height: 800 } });
  const errors = recordErrors(page, { console: false });
  await page.route(
    (u) => u.href.startsWith(url(path.split('?')[0]!)),
    (route) => route.fulfill({ path: file, contentType: 'text/html' }),
  );
  await page.goto(url(path));
  return { page, errors };
}

describe('what an instructor types into an address', () => {
  it('Object.prototype’s names are reported as unknown parameters, and the demo runs', async () => {
    const names = ['constructor', 'toString', 'hasOwnProperty', '__proto__'];
    const { page, errors } = await openPage(
      browser(),
      `playground/embed.html?demo=fabrik&${names.map((n) => `${n}=1`).join('&')}`,
    );
    await waitRunning(page, '.demo');
    expect(await errorItems(page, '.demo')).toEqual(
      names.map(
        (n) =>
          `${n}: "${n}" is not a parameter of demo "fabrik". Its parameters are: targetX, targetY, tolerance, limits, limit, bones, iterations, longFirst, pole, poleMode, poleX, poleY, showReach, flipRootX, flipRootY, flipMiddleX, flipMiddleY.`,
      ),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the gallery previews such a preset and still lists every demo', async () => {
    const { page, errors } = await openPage(
      browser(),
      'playground/gallery.html?demo=fabrik&constructor=1',
    );
    await page.waitForSelector('.gallery__preview .demo');
    expect(await page.$$eval('.gallery__demo .demo', (d) => d.length)).toBe(DEMOS.length);
    expect(await errorItems(page, '.gallery__preview')).toEqual([
      expect.stringMatching(/^constructor: "constructor" is not a parameter of demo "fabrik"/),
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a hash that is not valid percent-encoding says "No such lesson", as other bad routes do', async () => {
    for (const hash of ['#/%E0%A4%A', '#/fabrik/%ZZ']) {
      const { page, errors } = await openPage(browser(), `index.html${hash}`);
      await page.waitForSelector('.missing h1');
      expect(await page.$eval('.missing h1', (h) => h.textContent)).toBe('No such lesson');
      expect(errors, hash).toEqual([]);
      // And when the hash changes to one from a working page.
      await page.evaluate(() => (location.hash = '#/look-at'));
      await page.waitForSelector('article .demo');
      await page.evaluate((h) => (location.hash = h), hash);
      await page.waitForSelector('.missing h1');
      expect(errors, hash).toEqual([]);
      await page.close();
    }
  });

  it('a repeated parameter is reported in the frame and its first value used; a repeated demo too', async () => {
    const { page, errors } = await openPage(
      browser(),
      'playground/embed.html?demo=fabrik&bones=5&demo=ccd&bones=7',
    );
    await waitRunning(page, '.demo');
    expect(await page.$eval('.demo', (d) => (d as HTMLElement).dataset.demo)).toBe('fabrik');
    expect(await errorItems(page, '.demo')).toEqual([
      'bones: "bones" is given 2 times; the first, 5, is used.',
    ]);
    expect(await errorItems(page, '#app > ')).toContain(
      'demo: "demo" is given 2 times; the first, fabrik, is used.',
    );
    // (In its tab, which an embed shows second: there, not shown.)
    await page.waitForSelector('.scene-tree__node', { state: 'attached' });
    const bones = await page.$$eval('.scene-tree__node', (n) =>
      n.map((b) => (b as HTMLElement).dataset.node).filter((name) => /^Bone\d$/.test(name!)),
    );
    expect(bones).toEqual(['Bone1', 'Bone2', 'Bone3', 'Bone4', 'Bone5']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a 100 KB parameter name is quoted at a readable length', async () => {
    const huge = 'q'.repeat(100 * 1024);
    const { page, errors } = await openLong(`playground/embed.html?demo=fabrik&${huge}=1`);
    await waitRunning(page, '.demo');
    const messages = await page.$$eval('.demo .demo-error li', (li) =>
      li.map((l) => l.textContent ?? ''),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.length).toBeLessThan(400);
    expect(messages[0]).toContain(`"${'q'.repeat(40)}…" is not a parameter of demo "fabrik"`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a 100 KB demo id leaves the page as wide as the window', async () => {
    const huge = 'd'.repeat(100 * 1024);
    const { page, errors } = await openLong(`playground/embed.html?demo=${huge}`);
    await page.waitForSelector('.demo-error');
    const [scroll, inner] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      innerWidth,
    ]);
    expect(scroll).toBeLessThanOrEqual(inner);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tree=false: no Scene tab, the controls alone beside the canvas', async () => {
    const { page, errors } = await openPage(
      browser(),
      'playground/embed.html?demo=look-at&tree=false',
      {
        width: 1000,
        height: 800,
      },
    );
    await waitRunning(page, '.demo');
    expect(await page.$$eval('.scene-panel', (n) => n.length)).toBe(0);
    expect(await page.$$eval('.demo-tab[data-tab="scene"]', (n) => n.length)).toBe(0);
    expect(await page.locator('.demo-tabs').isVisible()).toBe(false);
    expect(await page.locator('.demo-controls').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the gallery’s preview of a preset has its own snippet and link; every snippet is lazy', async () => {
    const { page, errors } = await openPage(
      browser(),
      'playground/gallery.html?demo=look-at&flipRootX=true&targetX=120&copies=1&tree=false',
    );
    await page.waitForSelector('.gallery__preview .demo');
    const snippet = await page.$eval(
      '.gallery__preview .gallery__snippet',
      (t) => (t as HTMLTextAreaElement).value,
    );
    const src = url('playground/embed.html?demo=look-at&tree=false&flipRootX=true&targetX=120');
    expect(snippet).toMatch(
      /^<iframe src="[^"]+" width="720" height="560" style="border:0" loading="lazy" title="[^"]+"><\/iframe>$/,
    );
    expect(/src="([^"]+)"/.exec(snippet)![1]).toBe(src);
    expect(
      await page.$eval('.gallery__preview .gallery__open', (a) => (a as HTMLAnchorElement).href),
    ).toBe(src);
    const all = await page.$$eval('.gallery__demo .gallery__snippet', (t) =>
      t.map((x) => (x as HTMLTextAreaElement).value),
    );
    expect(all).toHaveLength(DEMOS.length);
    for (const s of all) expect(s).toContain(' loading="lazy" ');
    // The preset's link shows the preset, accepted.
    const embed = await browser().newPage({ viewport: { width: 720, height: 560 } });
    await embed.goto(src);
    await waitRunning(embed, '.demo');
    expect(await embed.$$eval('.demo-error', (n) => n.length)).toBe(0);
    expect(await embed.$$eval('.scene-panel', (n) => n.length)).toBe(0);
    await embed.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 5: a target pushed past the view by keys writes a link the embed accepts', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/fabrik', {
      width: 1280,
      height: 1000,
    });
    const sel = 'article .demo[data-demo="fabrik"]';
    await page.waitForSelector(sel);
    await page.$eval(sel, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, sel);
    const handle = `${sel} .ik-handle[data-node="Target"]`;
    const links: string[] = [];
    const hoveredLinks: string[] = [];
    for (const [x, y] of [
      ['ArrowLeft', 'ArrowUp'],
      ['ArrowRight', 'ArrowDown'],
    ]) {
      await page.focus(handle);
      for (let i = 0; i < 40; i++) await page.keyboard.press(`Shift+${x}`);
      for (let i = 0; i < 40; i++) await page.keyboard.press(`Shift+${y}`);
      await twoFrames(page);
      // Hovered (as before a middle-click or "copy link address"), the link already holds it.
      await page.mouse.move(0, 0);
      await page.hover(`${sel} .demo-embed-link`);
      const hovered = await page.$eval(
        `${sel} .demo-embed-link`,
        (a) => (a as HTMLAnchorElement).href,
      );
      hoveredLinks.push(hovered);
      // The footer's link, as it is when taken (its click handler writes the state in).
      links.push(
        await page.$eval(`${sel} .demo-embed-link`, (a) => {
          a.addEventListener('click', (e) => e.preventDefault(), { once: true });
          (a as HTMLAnchorElement).click();
          return (a as HTMLAnchorElement).href;
        }),
      );
    }
    for (const link of links) {
      const q = new URL(link).searchParams;
      expect(hoveredLinks).toContain(link);
      // Pushed to the view's edge (80 presses of 10 units stop there), far from its preset.
      expect(Math.abs(Number(q.get('targetX'))), link).toBeGreaterThan(180);
      const embed = await browser().newPage({ viewport: { width: 720, height: 560 } });
      await embed.goto(link);
      await waitRunning(embed, '.demo');
      expect(await embed.$$eval('.demo-error', (n) => n.map((e) => e.textContent)), link).toEqual(
        [],
      );
      await embed.close();
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
