import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser, waitRunning, recordErrors } from './browser';

/** The course's lessons, as the build indexes them: lessons/NN-*.md. */
const LESSON_FILES = readdirSync(resolve(import.meta.dirname, '../../lessons')).filter((f) =>
  /^\d+-.+\.md$/.test(f),
);

/**
 * The course after one visit, with no network: the service worker (offline.ts) serves every
 * page, lesson, demo, font and clip from its precache. And a new build reaches the reader on
 * the visit after the one that found it.
 *
 * Each test serves its own copy of dist/ from a folder below the server's root (the site is
 * relocatable, so the worker's scope must follow it), and then takes it away: offline here is
 * both the browser's offline mode and a server that is no longer there.
 */
const browser = useBrowser();

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = resolve(ROOT, 'dist');
const FOLDER = 'ik-course';
const tmp = mkdtempSync(join(tmpdir(), 'ik-offline-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Serves `www`, which holds the site in its `FOLDER`; returns the site's address and the server. */
async function serve(www: string): Promise<{ site: string; server: PreviewServer }> {
  const server = await preview({
    configFile: false,
    root: www,
    build: { outDir: www },
    preview: { port: 0, strictPort: false, open: false },
    logLevel: 'silent',
  });
  const base = server.resolvedUrls?.local[0];
  if (!base) throw new Error('vite preview did not report a URL');
  return { site: new URL(`${FOLDER}/`, base).href, server };
}

async function stop(server: PreviewServer): Promise<void> {
  const http = server.httpServer as Server;
  http.closeAllConnections();
  await new Promise<void>((done) => http.close(() => done()));
}

/** A page in `context` that records uncaught errors and console errors. */
async function newPage(context: BrowserContext) {
  const page = await context.newPage();
  const errors = recordErrors(page);
  return { page, errors };
}

/** Waits until the service worker is active (its precache complete) and controls the page. */
async function waitControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** Opens a lesson from the table of contents, checks its text, maths and first demo. */
async function openLesson(page: Page, id: string, title: string, demo: string): Promise<void> {
  await page.click(`a.toc__link[href="#/${id}"]`);
  await page.waitForFunction((t) => document.querySelector('article h1')?.textContent === t, title);
  expect(await page.$$eval('article .demo-error', (n) => n.length)).toBe(0);
  const text = await page.$eval('article', (a) => a.textContent ?? '');
  expect(text.length).toBeGreaterThan(2000);
  expect(await page.$$eval('article .katex', (k) => k.length)).toBeGreaterThan(3);
  const sel = `article .demo[data-demo="${demo}"]`;
  await page.$eval(sel, (d) => d.scrollIntoView({ block: 'center' }));
  await waitRunning(page, sel);
}

describe('offline', () => {
  it('after one visit, the course, its lessons, demos, maths, playground and gallery load with no network', async () => {
    const www = join(tmp, 'offline');
    cpSync(DIST, join(www, FOLDER), { recursive: true });
    const { site, server } = await serve(www);
    const context = await browser().newContext({
      viewport: { width: 1280, height: 1000 },
      serviceWorkers: 'allow',
    });
    const { page, errors } = await newPage(context);

    // The one visit: the home page, until the worker has precached the site and took over.
    await page.goto(`${site}index.html`);
    await page.waitForSelector('.lesson-card');
    await waitControlled(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(site);

    await stop(server);
    await context.setOffline(true);
    const fromNetwork: string[] = [];
    context.on('response', (r) => {
      if (!r.fromServiceWorker() && !r.url().startsWith('data:')) fromNetwork.push(r.url());
    });
    await page.reload();
    await page.waitForSelector('.lesson-card');
    expect(await page.$$eval('.lesson-card', (c) => c.length)).toBe(LESSON_FILES.length);

    await openLesson(page, 'bones-as-a-node-tree', 'Bones as a node tree', 'forward-kinematics');
    // KaTeX's own font, fetched for the maths from the precache.
    await page.waitForFunction(() =>
      [...document.fonts].some(
        (f) => f.family.replace(/["']/g, '') === 'KaTeX_Main' && f.status === 'loaded',
      ),
    );
    await openLesson(page, 'two-bone-ik', 'Two-bone IK', 'two-bone-ik');
    // A 3D lesson: its own chunks, the software renderer and a motion clip.
    await openLesson(page, 'a-3d-skeleton', 'From 2D chains to a 3D skeleton', 'skeleton-3d');
    await openLesson(page, 'reading-a-walk', 'Reading a walk', 'walk-analysis');

    await page.goto(`${site}playground/gallery.html`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Demo gallery');
    await page.$eval('.demo', (d) => d.scrollIntoView({ block: 'center' }));
    await waitRunning(page, '.demo');

    await page.goto(`${site}playground/index.html`);
    await page.waitForSelector('body[data-playground="ready"]');

    // The embed page is in the worker's scope too, query and all.
    await page.goto(`${site}playground/embed.html?demo=fabrik&bones=5`);
    await waitRunning(page, '.demo[data-demo="fabrik"]');

    expect(fromNetwork).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a new build reaches the reader on the next visit, and a page of the old one still works', async () => {
    // The new build: the same site with every lesson's text changed (update-build.config.ts).
    const v2 = join(tmp, 'v2');
    await promisify(execFile)(
      process.execPath,
      [
        resolve(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        resolve(import.meta.dirname, 'update-build.config.ts'),
        '--outDir',
        v2,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } },
    );
    const www = join(tmp, 'update');
    const folder = join(www, FOLDER);
    cpSync(DIST, folder, { recursive: true });
    const { site, server } = await serve(www);
    const context = await browser().newContext({
      viewport: { width: 1280, height: 1000 },
      serviceWorkers: 'allow',
    });
    const isV2 = (page: Page) => page.$$eval('article [data-build="v2"]', (p) => p.length > 0);

    // Visit 1: the old version, which the worker precaches.
    const first = await newPage(context);
    await first.page.goto(`${site}index.html#/ccd`);
    await first.page.waitForSelector('article h1');
    await waitControlled(first.page);
    expect(await isV2(first.page)).toBe(false);
    await first.page.close();

    // The new build replaces the old one on the server.
    rmSync(folder, { recursive: true });
    cpSync(v2, folder, { recursive: true });

    // Visit 2: the cached old version shows at once, while the browser finds the new sw.js and
    // precaches the new files; then the new worker takes over the open page.
    const second = await newPage(context);
    await second.page.addInitScript(() => {
      const w = window as unknown as { swaps: number };
      w.swaps = 0;
      navigator.serviceWorker.addEventListener('controllerchange', () => w.swaps++);
    });
    await second.page.goto(`${site}index.html`);
    await second.page.waitForSelector('.lesson-card');
    await second.page.waitForFunction(() => (window as unknown as { swaps: number }).swaps > 0);
    // The old page's lesson chunks are gone from the cache and the server: opening one reloads
    // the page into the new version, which shows the lesson.
    await second.page.click('a.toc__link[href="#/look-at"]');
    await second.page.waitForFunction(
      () =>
        document.querySelector('article h1')?.textContent === 'Look-at' &&
        document.querySelector('article [data-build="v2"]') !== null,
    );
    expect(await second.page.$$eval('.demo-error', (n) => n.length)).toBe(0);
    // The only errors: the old chunk the server no longer has.
    for (const e of second.errors)
      expect(e).toMatch(/Failed to (load resource|fetch dynamically imported module)/);
    await second.page.close();

    // Visit 3: the new version from the start, online and then offline.
    const third = await newPage(context);
    await third.page.goto(`${site}index.html#/fabrik`);
    await third.page.waitForSelector('article h1');
    expect(await isV2(third.page)).toBe(true);
    expect(
      await third.page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
      ),
    ).toBe('navigate');
    await stop(server);
    await context.setOffline(true);
    await third.page.reload();
    await third.page.waitForSelector('article h1');
    expect(await isV2(third.page)).toBe(true);
    const fabrik = 'article .demo[data-demo="fabrik"]';
    await third.page.$eval(fabrik, (d) => d.scrollIntoView({ block: 'center' }));
    await waitRunning(third.page, fabrik);
    expect(third.errors).toEqual([]);
    await context.close();
  });
});
