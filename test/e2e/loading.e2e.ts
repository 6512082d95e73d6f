import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { url, useBrowser, waitRunning } from './browser';

/**
 * While a demo's code or a lesson's text is on its way, the page says what is coming; when the
 * network fails, it says so and offers to try again, and trying again works.
 */
const browser = useBrowser();

/** Holds requests matching `pattern` until released, or fails them while `failing` is set. */
function gate() {
  let release!: () => void;
  const open = new Promise<void>((r) => (release = r));
  let failing = false;
  const handler = async (route: Route) => {
    if (failing) return route.abort('internetdisconnected');
    await open;
    return route.continue();
  };
  return {
    handler,
    release,
    fail: (on: boolean) => {
      failing = on;
    },
  };
}

describe('loading and failing to load', () => {
  it("a demo's frame shows its title and a progress line while its code comes", async () => {
    const page = await browser().newPage({ viewport: { width: 720, height: 560 } });
    const g = gate();
    await page.route(/\/assets\/fabrik-[\w-]+\.js$/, g.handler);
    await page.goto(url('playground/embed.html?demo=fabrik'));
    await page.waitForSelector('.demo[data-state="loading"] .demo-loading');
    expect(await page.$eval('.demo-loading', (e) => e.textContent)).toMatch(
      /^FABRIK: reaching forwards, then backwards\s*Loading the demo…$/,
    );
    g.release();
    await waitRunning(page, '.demo');
    expect(await page.$$eval('.demo-loading', (e) => e.length)).toBe(0);
    await page.close();
  });

  it('a demo whose code fails to load says so; Try again loads it', async () => {
    const page = await browser().newPage({ viewport: { width: 720, height: 560 } });
    const g = gate();
    g.fail(true);
    await page.route(/\/assets\/fabrik-[\w-]+\.js$/, g.handler);
    await page.goto(url('playground/embed.html?demo=fabrik'));
    await page.waitForSelector('.demo[data-state="failed"]');
    expect(await page.$eval('.demo-loading', (e) => e.textContent)).toMatch(
      /could not be loaded .*Check the connection, then try again/,
    );
    g.fail(false);
    g.release();
    await page.click('.demo-loading__retry');
    await waitRunning(page, '.demo');
    await page.close();
  });

  it('a lesson whose text fails to load says so; Try again shows it', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const g = gate();
    g.fail(true);
    await page.route(/\/assets\/05-fabrik-[\w-]+\.js$/, g.handler);
    await page.goto(url('index.html#/fabrik'));
    await page.waitForSelector('.lesson__body .demo-error .retry');
    expect(await page.$eval('.lesson__body .demo-error', (e) => e.textContent)).toMatch(
      /could not be loaded .*Check the connection and try again/,
    );
    g.fail(false);
    g.release();
    await page.click('.lesson__body .retry');
    await page.waitForSelector('.lesson__body h1, .lesson__body h2');
    await page.waitForSelector('article .demo[data-demo="fabrik"]');
    await page.close();
  });
});
