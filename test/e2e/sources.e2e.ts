import { describe, expect, it } from 'vitest';
import { openPage, screenshot, useBrowser } from './browser';

const browser = useBrowser();

/** What each entry must show: its name, author, year and language, as the documents state them. */
const SOURCES = [
  {
    id: 'seed-000',
    name: "Matthey's walking-IK thesis",
    author: 'Agustín Matthey Ramírez',
    year: '2022',
    language: 'Spanish',
  },
  {
    id: 'seed-001',
    name: "Thiago's Godot IK blog",
    author: 'Thiago Lages de Alencar',
    year: 'not stated',
    language: 'Portuguese',
  },
  {
    id: 'seed-002',
    name: "Białczak's Unity IK thesis",
    author: 'Łukasz Jan Białczak',
    year: '2023',
    language: 'English (the title page is in Polish)',
  },
  {
    id: 'seed-003',
    name: "Hernández Rielo's creature thesis",
    author: 'Laura Hernández Rielo',
    year: '2019 (September)',
    language: 'Spanish',
  },
  {
    id: 'seed-004',
    name: "Campbell Mendoza's PD-control thesis",
    author: 'Freddy Campbell Mendoza',
    year: '2010',
    language: 'Spanish',
  },
];

/** The page's entries, each as its heading and its facts (term → value). */
const readEntries = (page: import('playwright-core').Page) =>
  page.$$eval('.source', (entries) =>
    entries.map((e) => ({
      id: e.id,
      name: e.querySelector('h2')!.textContent!.replace(/^#/, ''),
      facts: Object.fromEntries(
        [...e.querySelectorAll('.source__facts dt')].map((dt) => [
          dt.textContent,
          dt.nextElementSibling!.textContent,
        ]),
      ),
      takes: e.querySelectorAll('ul')[0]?.children.length ?? 0,
    })),
  );

describe('sources', () => {
  it('lists every source with its reference, in light and dark', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/sources');
    await page.waitForSelector('.source');
    expect(await page.title()).toBe('Sources · Inverse kinematics, by dragging');
    expect(await page.$eval('article h1', (h) => h.textContent)).toBe('Sources');
    const entries = await readEntries(page);
    expect(entries.map((e) => e.id)).toEqual(SOURCES.map((s) => `sources--${s.id}`));
    for (const [i, s] of SOURCES.entries()) {
      const e = entries[i]!;
      expect(e.name).toBe(s.name);
      expect(e.facts['Author']).toBe(s.author);
      expect(e.facts['Year']).toBe(s.year);
      expect(e.facts['Language']).toBe(s.language);
      for (const term of ['Title', 'Kind', 'Cited in']) expect(e.facts[term]).toBeTruthy();
      expect(e.takes).toBeGreaterThan(0);
    }
    // Entries link to the lessons that cite them.
    expect(entries[1]!.facts['Cited in']).toContain('2. Look-at');
    // The sidebar marks the page, and nothing overflows sideways.
    expect(
      await page.$eval('.toc__sources', (a) => [
        a.getAttribute('href'),
        a.getAttribute('aria-current'),
      ]),
    ).toEqual(['#/sources', 'page']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
    await screenshot(page, 'sources-light');

    await page.click('.theme-toggle');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // In the dark theme the cards are dark and their text light.
    const [bg, fg] = await page.$eval('.source', (e) => {
      const s = getComputedStyle(e);
      const sum = (c: string) =>
        (c.match(/\d+/g) ?? []).slice(0, 3).reduce((a, b) => a + Number(b), 0);
      return [sum(s.backgroundColor), sum(s.color)];
    });
    expect(bg).toBeLessThan(150);
    expect(fg).toBeGreaterThan(600);
    await screenshot(page, 'sources-dark');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows a citation from a lesson to its source, and back', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/ccd');
    await page.waitForSelector('article .lesson__credit');
    // The credit names both sources by their short names, each a link to its entry.
    expect(await page.$eval('.lesson__credit', (p) => p.textContent)).toBe(
      "Credit: this lesson teaches the idea of Thiago's Godot IK blog (§3, CCD) and Białczak's Unity IK thesis (§1.4, the heuristic methods).",
    );
    expect(
      await page.$$eval('.lesson__credit a.citation', (as) =>
        as.map((a) => a.getAttribute('href')),
      ),
    ).toEqual(['#/sources/seed-001', '#/sources/seed-002']);
    // A citation in the text reads as a name too.
    const inText = await page.$$eval('article > div a.citation', (as) =>
      as.map((a) => a.textContent),
    );
    expect(inText).toContain("Thiago's Godot IK blog");
    // (The demos' footers are another file's business: leave them out.)
    const prose = await page.$eval('article > div', (d) => {
      const copy = d.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.demo').forEach((demo) => demo.remove());
      return copy.textContent;
    });
    expect(prose).not.toMatch(/seed \d{3}/i);

    await page.click('.lesson__credit a.citation[href="#/sources/seed-002"]');
    await page.waitForSelector('#sources--seed-002.is-target');
    expect(new URL(page.url()).hash).toBe('#/sources/seed-002');
    // The entry is scrolled to the top, clear of the sticky header, and has the focus.
    const top = await page.$eval('#sources--seed-002', (e) => e.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(40);
    expect(top).toBeLessThan(120);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sources--seed-002');
    await screenshot(page, 'sources-followed-citation', false);

    await page.goBack();
    await page.waitForFunction(() => document.querySelector('article h1')?.textContent === 'CCD');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is linked from the home page, and a bad route says so', async () => {
    const { page, errors } = await openPage(browser(), 'index.html');
    await page.waitForSelector('.home__sources');
    const names = await page.$$eval('.home__sources a', (as) => as.map((a) => a.textContent));
    expect(names).toEqual([...SOURCES.map((s) => s.name), 'The Sources page']);
    await page.click('.home__sources a[href="#/sources"]');
    await page.waitForSelector('.source');

    await page.goto(page.url().replace(/#.*$/, '#/sources/seed-009'));
    await page.waitForFunction(() =>
      document.querySelector('.sources .demo-error')?.textContent?.includes('"seed-009"'),
    );
    expect(await page.$$eval('.source', (s) => s.length)).toBe(5);
    await page.goto(page.url().replace(/#.*$/, '#/no-such-page'));
    await page.waitForFunction(
      () => document.querySelector('.missing h1')?.textContent === 'No such lesson',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads well on a phone', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/sources/seed-000', {
      width: 390,
      height: 844,
    });
    await page.waitForSelector('#sources--seed-000.is-target');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
    await screenshot(page, 'sources-phone', false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
