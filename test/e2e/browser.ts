import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian's Chromium, headless, with the flags that run quietly on these machines. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}. Install Debian's: apt-get update && apt-get install -y chromium`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

/**
 * Pages and contexts that do not install the course's service worker unless a test asks for it
 * (`serviceWorkers: 'allow'`, as the offline test does): otherwise every course page a test
 * opens would download the whole site into its precache in the background.
 */
function withoutServiceWorkers(browser: Browser): Browser {
  const block = <T extends { serviceWorkers?: 'allow' | 'block' }>(options?: T) => ({
    serviceWorkers: 'block' as const,
    ...options,
  });
  return new Proxy(browser, {
    get(target, key, receiver) {
      if (key === 'newPage')
        return (options?: Parameters<Browser['newPage']>[0]) => target.newPage(block(options));
      if (key === 'newContext')
        return (options?: Parameters<Browser['newContext']>[0]) =>
          target.newContext(block(options));
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** One browser for a test file: launched before its tests, closed after. Call at the top level. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = withoutServiceWorkers(await launch());
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running yet');
    return browser;
  };
}

export const url = (path: string): string => new URL(path, inject('baseUrl')).href;

/**
 * Records a page's uncaught errors and (unless `console: false`, for pages that expect a failed
 * fetch to be logged) its console errors, so a test can assert there were none.
 */
export function recordErrors(page: Page, o: { console?: boolean } = {}): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  if (o.console !== false)
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
  return errors;
}

/** A page that records uncaught errors and console errors, so tests can assert there were none. */
export async function openPage(
  browser: Browser,
  path: string,
  viewport = { width: 1280, height: 900 },
) {
  const page = await browser.newPage({ viewport });
  const errors = recordErrors(page);
  await page.goto(url(path));
  return { page, errors };
}

/**
 * Opens a heavy figure alone (an embed), at 1280×800 unless told, and presses its Start:
 * figures that cost much (a crowd) wait for a click before they run. `css` is added to the
 * page first (a host page's sizing of the frame, say).
 */
export async function openHeldEmbed(
  browser: Browser,
  query: string,
  o: { viewport?: { width: number; height: number }; css?: string } = {},
) {
  const opened = await openPage(
    browser,
    `playground/embed.html?${query}`,
    o.viewport ?? { width: 1280, height: 800 },
  );
  if (o.css) await opened.page.addStyleTag({ content: o.css });
  await opened.page.click('.demo-hold__start');
  await opened.page.waitForSelector('.demo-hold', { state: 'detached' });
  return opened;
}

export const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
export function shotPath(name: string): string {
  mkdirSync(SHOTS, { recursive: true });
  return resolve(SHOTS, `${name}.png`);
}
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  const path = shotPath(name);
  await page.screenshot({ path, fullPage });
  return path;
}

/**
 * How many distinct colours a demo's canvas shows (sampled on a grid). A blank or black canvas
 * has 1; a drawn scene has many. Reads back through a 2D canvas, which works for both renderers
 * (WebGL keeps its buffer: preserveDrawingBuffer is set).
 */
export async function canvasColourCount(page: Page, demoSelector: string): Promise<number> {
  return page.$eval(demoSelector, (demo) => {
    const canvas = demo.querySelector('canvas');
    if (!canvas || canvas.width === 0) return 0;
    const probe = document.createElement('canvas');
    probe.width = 64;
    probe.height = 64;
    const ctx = probe.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0, 64, 64);
    const data = ctx.getImageData(0, 0, 64, 64).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4)
      seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return seen.size;
  });
}

/**
 * Waits until the demo has a renderer and is running (it is on screen), and takes its keys and
 * gestures (wired once the page's first demo ran).
 */
export async function waitRunning(page: Page, demoSelector: string): Promise<void> {
  await page.waitForSelector(`${demoSelector}[data-state="running"][data-renderer][data-input]`, {
    timeout: 15_000,
  });
  // Two animation frames so at least one full draw has happened.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

export const readout = (page: Page, demoSelector: string, id: string): Promise<string> =>
  page.$eval(`${demoSelector} [data-readout="${id}"]`, (e) => e.textContent ?? '');

/** Opens a lesson, scrolls its first demo with this id to the top, waits until it runs. */
export async function openLessonDemo(browser: Browser, lesson: string, demo: string) {
  const { page, errors } = await openPage(browser, `index.html#/${lesson}`, {
    width: 1280,
    height: 1000,
  });
  const sel = `article .demo[data-demo="${demo}"]`;
  await page.waitForSelector(sel);
  await page.$eval(sel, (d) => d.scrollIntoView({ block: 'start' }));
  await waitRunning(page, sel);
  return { page, errors, sel };
}

/**
 * The 2D demos of the first lessons and the solvers: what the many-demo pages repeat (the heavy
 * ones, a hundred spiders, have their own tests), so their timings compare across runs.
 */
export const TWO_D_DEMOS = [
  'forward-kinematics',
  'negative-scale',
  'atan2-quadrants',
  'look-at',
  'two-bone-ik',
  'ccd',
  'fabrik',
  'solver-race',
] as const;
