import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot, url, useBrowser, waitRunning, recordErrors } from './browser';
import { useOtherOrigin } from './other-origin';

/**
 * The iframe embed inside an instructor's page on another origin: auto-height by the README's
 * snippet, a renderer kept across scrolls, heavy demos that wait, the wheel that scrolls the
 * page, and the layout an embed takes in the frame it is given.
 */
const browser = useBrowser();
const pages = new Map<string, string>();
const site = useOtherOrigin(pages);

/** The README's auto-height snippet, as an instructor would paste it. */
function readmeSnippet(): string {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const block = /<!-- auto-height-snippet -->\s*```html\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README has no auto-height snippet between its markers');
  return block[1]!;
}

const SPACER = '<div style="height: 3000px">Text of the course page.</div>';

beforeAll(() => {
  const course = new URL(url('')).origin;
  const embed = (q: string, attrs = 'width="720" height="150"') =>
    `<iframe src="${course}/playground/embed.html?${q}" ${attrs} style="border: 0; display: block" loading="lazy" title="demo"></iframe>`;
  const recorder = `<script>window.got = []; addEventListener('message', (e) => got.push({ origin: e.origin, data: e.data }));</script>`;
  const snippet = readmeSnippet().replace("'https://your-host'", JSON.stringify(course));
  pages.set(
    '/auto.html',
    `<!doctype html><html><body style="margin:0"><h1>Auto-height</h1>${recorder}${embed('demo=fabrik&bones=4')}${snippet}</body></html>`,
  );
  pages.set(
    '/plain.html',
    `<!doctype html><html><body style="margin:0"><h1>No opt-in</h1>${recorder}${embed('demo=fabrik')}</body></html>`,
  );
  pages.set(
    '/scroll.html',
    `<!doctype html><html><body style="margin:0">${embed('demo=look-at', 'width="720" height="560"')}${SPACER}</body></html>`,
  );
  pages.set(
    '/swarm.html',
    `<!doctype html><html><body style="margin:0">${embed('demo=spider-swarm', 'width="720" height="560"')}</body></html>`,
  );
  pages.set(
    '/figure3d.html',
    `<!doctype html><html><body style="margin:0"><p>Above the figure.</p>${embed('demo=skeleton-3d&playRate=0', 'width="720" height="560"')}${SPACER}</body></html>`,
  );
});

/** The embed page inside `page`'s first iframe, once its demo runs. */
async function embedFrame(page: Page, state = 'running'): Promise<Frame> {
  const handle = await page.waitForSelector('iframe');
  const frame = (await handle.contentFrame())!;
  await frame.waitForSelector(`.demo[data-state="${state}"][data-renderer]`, { timeout: 20_000 });
  return frame;
}

const messages = (page: Page) =>
  page.evaluate(() => (window as unknown as { got: { origin: string; data: unknown }[] }).got);

describe('an iframe embed on another origin', () => {
  it("auto-height: with the README's snippet the iframe takes its content's height, and only that page hears the demo", async () => {
    const page = await browser().newPage({ viewport: { width: 900, height: 900 } });
    const errors = recordErrors(page, { console: false });
    await page.goto(`${site()}/auto.html`);
    const frame = await embedFrame(page);
    const iframe = (await page.$('iframe'))!;
    // The frame grows from 150 px to the figure's height (at 720 px wide: the canvas at its
    // drawing's proportions, the controls' column beside it as tall), and the page in it does
    // not scroll.
    await expect
      .poll(() => iframe.evaluate((f) => f.getBoundingClientRect().height), { timeout: 15_000 })
      .toBeGreaterThan(400);
    await expect
      .poll(() => frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeLessThanOrEqual(1);
    // The frame follows the content as it settles (formulas typeset, buttons arrive): the two
    // agree once the last size message has come.
    await expect
      .poll(async () => {
        const height = await iframe.evaluate((f) => f.getBoundingClientRect().height);
        const content = await frame.evaluate(
          () => document.getElementById('app')!.getBoundingClientRect().height,
        );
        return Math.abs(height - content);
      })
      .toBeLessThanOrEqual(1);
    // Moving the target by keys: the page hears ik-target-moved and ik-solved, from the course's
    // origin only.
    await frame.focus('.ik-handle[data-node="Target"]');
    await frame.press('.ik-handle[data-node="Target"]', 'Shift+ArrowLeft');
    await expect
      .poll(async () =>
        (await messages(page))
          .map((m) => (m.data as { event?: string }).event)
          .filter((e) => e === 'ik-target-moved' || e === 'ik-solved'),
      )
      .toEqual(expect.arrayContaining(['ik-target-moved', 'ik-solved']));
    const course = new URL(url('')).origin;
    for (const m of await messages(page)) expect(m.origin).toBe(course);
    await screenshot(page, 'embed-auto-height');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a page that does not ask hears only "ready", and the embed keeps filling its frame', async () => {
    const page = await browser().newPage({ viewport: { width: 900, height: 900 } });
    await page.goto(`${site()}/plain.html`);
    const frame = await embedFrame(page);
    await frame.focus('.ik-handle[data-node="Target"]');
    await frame.press('.ik-handle[data-node="Target"]', 'Shift+ArrowLeft');
    await frame.waitForFunction(() => document.querySelector('.demo--fit') !== null);
    // Give the demo a few frames to report, had it been asked to.
    await frame.evaluate(
      () =>
        new Promise((r) =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))),
        ),
    );
    expect((await messages(page)).map((m) => m.data)).toEqual([{ type: 'ik-demo:ready' }]);
    expect((await page.$eval('iframe', (f) => f.getBoundingClientRect().height)) | 0).toBe(150);
    await page.close();
  });

  it('off screen it pauses; back within the margin it keeps its renderer (no rebuild)', async () => {
    const page = await browser().newPage({ viewport: { width: 900, height: 700 } });
    await page.goto(`${site()}/scroll.html`);
    const frame = await embedFrame(page);
    const attaches = () => frame.$eval('.demo', (d) => (d as HTMLElement).dataset.attaches);
    expect(await attaches()).toBe('1');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await frame.waitForSelector('.demo[data-state="paused"][data-renderer]');
    await page.evaluate(() => window.scrollTo(0, 0));
    await frame.waitForSelector('.demo[data-state="running"][data-renderer]');
    expect(await attaches()).toBe('1');
    await page.close();
  });

  it('the hundred-spider demo starts paused in an embed and runs after Start', async () => {
    const page = await browser().newPage({ viewport: { width: 900, height: 700 } });
    await page.goto(`${site()}/swarm.html`);
    const frame = await embedFrame(page);
    expect(await frame.$eval('.demo', (d) => (d as HTMLElement).dataset.hold)).toBe('heavy');
    expect(await frame.$eval('.demo-hold__text', (e) => e.textContent)).toMatch(
      /100 spiders walking at once/,
    );
    // Held: the update does not run, so the footer never reports a frame time.
    const frameMs = () => frame.$eval('.demo', (d) => (d as HTMLElement).dataset.frameMs ?? null);
    // 40 animation frames: a running demo would have reported its frame time (every 30th).
    await frame.evaluate(
      () =>
        new Promise<void>((done) => {
          let n = 0;
          const tick = () => (++n >= 40 ? done() : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }),
    );
    expect(await frameMs()).toBeNull();
    await screenshot(page, 'embed-swarm-held', false);
    await frame.press('.demo-hold__start', 'Enter');
    await frame.waitForSelector('.demo-hold', { state: 'detached' });
    await frame.waitForFunction(
      () => (document.querySelector('.demo') as HTMLElement).dataset.frameMs !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    await page.close();
  });

  it('the wheel over a 3D figure scrolls the page; after a click into it, the wheel zooms', async () => {
    const page = await browser().newPage({ viewport: { width: 900, height: 700 } });
    await page.goto(`${site()}/figure3d.html`);
    const frame = await embedFrame(page);
    // Playwright's boxes are in the page's coordinates, iframes included.
    const box = (await (await frame.$('.demo-canvas'))!.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const pixels = () =>
      frame.$eval(
        '.demo-canvas canvas',
        (c) => (c as HTMLCanvasElement).toDataURL('image/png').length,
      );
    const before = await pixels();
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await frame.$eval('.demo-wheel-hint', (h) => (h as HTMLElement).hidden)).toBe(false);
    // The scroll gesture ends (the hint goes when the wheel has been still for a moment: the
    // browser would hand later wheel events to the page's scroll that gesture started).
    await frame.waitForSelector('.demo-wheel-hint', { state: 'hidden' });
    // Back to the top, click into the figure: now the wheel zooms and the page stays put.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Two frames, so the frame's new place is on screen (and hit-tested) before the click.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const again = (await (await frame.$('.demo-canvas'))!.boundingBox())!;
    await page.mouse.click(again.x + again.width / 2, again.y + again.height / 2);
    await frame.waitForFunction(() => document.activeElement?.classList.contains('demo-canvas'));
    await page.mouse.wheel(0, 400);
    await expect.poll(pixels, { timeout: 10_000 }).not.toBe(before);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });
});

describe('an embed lays itself out for its frame', () => {
  for (const [w, h] of [
    [720, 560],
    [320, 480],
  ] as const) {
    // 704 px and wider: the controls beside the canvas, as in a lesson on a laptop.
    const wide = w >= 704;
    it(`${w}×${h}: the canvas first, its controls ${wide ? 'beside' : 'under'} it, nothing outside the frame`, async () => {
      const { page, errors } = await openPage(browser(), 'playground/embed.html?demo=fabrik', {
        width: w,
        height: h,
      });
      await waitRunning(page, '.demo');
      const m = await page.evaluate(() => {
        const rect = (s: string) => document.querySelector(s)!.getBoundingClientRect();
        return {
          pageOverflow: document.documentElement.scrollHeight - window.innerHeight,
          pageWide: document.documentElement.scrollWidth - window.innerWidth,
          canvas: rect('.demo-canvas'),
          dock: rect('.demo-dock'),
        };
      });
      expect(m.pageOverflow).toBeLessThanOrEqual(0);
      expect(m.pageWide).toBeLessThanOrEqual(0);
      expect(m.canvas.top).toBeLessThan(5);
      expect(m.canvas.left).toBeLessThan(1);
      expect(m.dock.bottom).toBeLessThanOrEqual(h + 1);
      if (wide) {
        // The canvas as tall as the frame, the controls in a column on its right.
        expect(m.canvas.height).toBeGreaterThanOrEqual(h - 5);
        expect(m.canvas.width).toBeGreaterThanOrEqual(w / 2);
        expect(m.dock.left).toBeGreaterThanOrEqual(m.canvas.right - 1);
        expect(m.dock.right).toBeLessThanOrEqual(w + 1);
      } else {
        // The full width, at least half the height; the controls under it.
        expect(m.canvas.width).toBeGreaterThanOrEqual(w - 1);
        expect(m.canvas.height).toBeGreaterThanOrEqual(h / 2 - 1);
        expect(m.dock.top).toBeGreaterThanOrEqual(m.canvas.bottom - 1);
      }
      // The scene panel is the column's second tab: opened, it stays inside the frame.
      await page.click('.demo-tab[data-tab="scene"]');
      await page.waitForSelector('.scene-tree__node');
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
        h,
      );
      await screenshot(page, `embed-fit-${w}x${h}`, false);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('motion the reader did not start', () => {
  it('under prefers-reduced-motion a demo that moves by itself waits; one that only follows drags does not', async () => {
    const page = await browser().newPage({
      viewport: { width: 1280, height: 1000 },
      reducedMotion: 'reduce',
    });
    await page.goto(url('index.html#/spider-legs'));
    const spider = 'article .demo[data-demo="spider-legs"]';
    await page.waitForSelector(spider);
    await page.$eval(spider, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, spider);
    expect(await page.$eval(spider, (d) => (d as HTMLElement).dataset.hold)).toBe('reduced-motion');
    expect(await page.$eval(`${spider} .demo-hold__text`, (e) => e.textContent)).toMatch(
      /reduced motion/,
    );
    await page.click(`${spider} .demo-hold__start`);
    await page.waitForSelector(`${spider} .demo-hold`, { state: 'detached' });
    // A drag-only demo (FABRIK) never waits.
    await page.goto(url('playground/embed.html?demo=fabrik'));
    await waitRunning(page, '.demo');
    expect(await page.$eval('.demo', (d) => (d as HTMLElement).dataset.hold ?? null)).toBeNull();
    await page.close();
  });

  it('a hidden tab pauses its demos, and they run again when it shows', async () => {
    const { page } = await openPage(browser(), 'playground/embed.html?demo=spider-legs');
    await waitRunning(page, '.demo');
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (h ? 'hidden' : 'visible'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    expect(await page.$eval('.demo', (d) => (d as HTMLElement).dataset.state)).toBe('paused');
    await setHidden(false);
    expect(await page.$eval('.demo', (d) => (d as HTMLElement).dataset.state)).toBe('running');
    await page.close();
  });
});
