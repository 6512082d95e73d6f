import { describe, expect, it } from 'vitest';
import { allowedValues } from '../../src/demos/params';
import { DEMOS } from '../../src/demos/registry';
import { openPage, screenshot, url, useBrowser, recordErrors } from './browser';
import { useOtherOrigin } from './other-origin';

/**
 * The "For instructors" page as an instructor uses it: pick a demo, preset it, watch the
 * preview, copy the snippet, paste it into their own page on another origin.
 */
const browser = useBrowser();
const pages = new Map<string, string>();
const site = useOtherOrigin(pages);

const snippetText = (page: import('playwright-core').Page, n: number) =>
  page.$eval(
    `.instructors__builder .instructors__snippet:nth-of-type(${n}) textarea`,
    (t) => (t as HTMLTextAreaElement).value,
  );

describe('the page for instructors', () => {
  it('lists every demo and every parameter from the schemas', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/instructors');
    await page.waitForSelector('.instructors__reference');
    const ids = await page.$$eval('.instructors__reference h3 code', (c) =>
      c.map((e) => e.textContent),
    );
    expect(ids).toEqual(DEMOS.map((d) => d.id));
    const rows = await page.$$eval(
      '.instructors__reference table:not(:first-of-type) tbody tr',
      (r) => r.length,
    );
    expect(rows).toBe(DEMOS.reduce((n, d) => n + Object.keys(d.params).length, 0));
    // One parameter checked cell by cell: FABRIK's bones.
    const fabrik = DEMOS.find((d) => d.id === 'fabrik')!.params.bones!;
    const cells = await page.$$eval('.instructors__reference tbody tr', (r) =>
      r
        .map((tr) => Array.from(tr.children, (td) => td.textContent))
        .filter((c) => c[0] === 'bones'),
    );
    expect(cells).toContainEqual([
      'bones',
      fabrik.label,
      allowedValues(fabrik),
      String(fabrik.default),
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a phone: no control of the builder runs past the screen', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/instructors', {
      width: 390,
      height: 844,
    });
    await page.waitForSelector('.instructors__form');
    const past = await page.$$eval(
      '.instructors__builder select, .instructors__builder fieldset, .instructors__builder textarea, .instructors__builder input',
      (els) =>
        els
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((e) => `${e.tagName} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect(past).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('builds a snippet as the instructor edits, previews it live, copies it, and it works on their page', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 1000 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const errors = recordErrors(page);
    await page.goto(url('index.html#/instructors'));
    await page.waitForSelector('.instructors__form');
    await page.selectOption('.instructors__form select', 'fabrik');
    await page.fill('input[id^="param-bones"]', '5');
    await page.check('input[id^="param-pole"]');
    await expect
      .poll(() => snippetText(page, 2))
      .toBe('<ik-demo demo="fabrik" bones="5" pole="true"></ik-demo>');
    expect(await snippetText(page, 1)).toMatch(
      /^<script type="module" src="http:\/\/[^"]+\/ik-demo\.js"><\/script>$/,
    );
    // The preview is that element, running, with five bones in its scene.
    // The preview rebuilds a moment after the last edit: scroll to the new one once it is there.
    const previewed = '.instructors__preview ik-demo[bones="5"][pole="true"]';
    await page.waitForSelector(previewed, { state: 'attached' });
    await page.$eval(previewed, (p) => p.scrollIntoView());
    await page.waitForSelector(`${previewed} .demo[data-state="running"][data-renderer]`, {
      timeout: 20_000,
    });
    await page.waitForFunction(() =>
      /needs \d+ px of height/.test(document.querySelector('.instructors__size')!.textContent!),
    );
    // A value out of range is named with what is allowed, and left out of the snippet.
    await page.fill('input[id^="param-bones"]', '99');
    await page.waitForSelector('.instructors__form .demo-error');
    expect(await page.$eval('.instructors__form .demo-error', (e) => e.textContent)).toMatch(
      /"bones" \(Bones\) must be a number from 2 to 8; got "99"/,
    );
    await expect
      .poll(() => snippetText(page, 2))
      .toBe('<ik-demo demo="fabrik" pole="true"></ik-demo>');
    await page.fill('input[id^="param-bones"]', '5');
    // Copy: the clipboard holds the snippet.
    await page.click(
      '.instructors__builder .instructors__snippet:nth-of-type(2) .instructors__copy',
    );
    await page.waitForSelector('.instructors__copied:has-text("Copied.")');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe('<ik-demo demo="fabrik" bones="5" pole="true"></ik-demo>');
    await screenshot(page, 'instructors-page', false);

    // Pasted into a plain page on another origin, with the script line, it shows the demo.
    pages.set(
      '/pasted.html',
      `<!doctype html><html><body>${await snippetText(page, 1)}\n${copied}</body></html>`,
    );
    const theirs = await context.newPage();
    await theirs.goto(`${site()}/pasted.html`);
    await theirs.waitForSelector('ik-demo .demo[data-state="running"][data-renderer]', {
      timeout: 20_000,
    });
    expect(await theirs.$$eval('ik-demo .demo-error', (e) => e.length)).toBe(0);
    await theirs.close();

    // The iframe way: the snippet's height is the one the preview measured.
    await page.check('input[value="iframe"]');
    await page.waitForFunction(() =>
      /snippet’s height/.test(document.querySelector('.instructors__size')!.textContent!),
    );
    // The embed reports its height as its content settles: the sentence, the snippet and the
    // preview frame agree once it has.
    const sizes = async () => {
      const text = await page.$eval('.instructors__size', (e) => e.textContent!);
      const snippet = await snippetText(page, 2);
      const frame = await page.$eval('.instructors__frame', (f) =>
        Math.round(f.getBoundingClientRect().height),
      );
      return [/needs (\d+) px/.exec(text)?.[1], /height="(\d+)"/.exec(snippet)?.[1], String(frame)];
    };
    await page.$eval('.instructors__preview', (p) => p.scrollIntoView());
    const frame = (await (await page.waitForSelector('.instructors__frame')).contentFrame())!;
    await frame.waitForSelector('.demo[data-state="running"][data-renderer]', { timeout: 20_000 });
    await expect.poll(async () => new Set(await sizes()).size, { timeout: 10_000 }).toBe(1);
    const [measured] = await sizes();
    expect(Number(measured)).toBeGreaterThan(400);
    const iframe = await snippetText(page, 2);
    expect(iframe).toContain('embed.html?demo=fabrik&bones=5&pole=true');
    expect(iframe).toContain('loading="lazy"');
    await screenshot(page, 'instructors-page-iframe', false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
