import { describe, expect, it } from 'vitest';
import {
  canvasColourCount,
  openPage,
  screenshot,
  shotPath,
  waitRunning,
  useBrowser,
} from './browser';
import { frames, openMore } from './figure';

const browser = useBrowser();

const LESSONS: { id: string; title: string; demos: string[]; maths?: false }[] = [
  {
    id: 'bones-as-a-node-tree',
    title: 'Bones as a node tree',
    demos: ['forward-kinematics', 'negative-scale'],
  },
  { id: 'look-at', title: 'Look-at', demos: ['atan2-quadrants', 'look-at'] },
  {
    id: 'two-bone-ik',
    title: 'Two-bone IK',
    demos: ['two-bone-ik', 'two-bone-ik', 'two-bone-ik', 'two-bone-ik'],
  },
  { id: 'ccd', title: 'CCD', demos: ['ccd', 'ccd'] },
  { id: 'fabrik', title: 'FABRIK', demos: ['fabrik', 'fabrik', 'fabrik'] },
  {
    id: 'the-jacobian',
    title: 'The Jacobian',
    demos: ['jacobian', 'jacobian', 'jacobian', 'jacobian'],
  },
  { id: 'choosing-a-solver', title: 'Choosing a solver', demos: ['solver-race'] },
  { id: 'spider-legs', title: 'Spider legs', demos: ['spider-legs', 'spider-swarm'] },
  { id: 'creatures-that-follow', title: 'Creatures that follow', demos: ['creature-follow'] },
  { id: 'reaching-in-sequence', title: 'Reaching in sequence', demos: ['reach-sequence'] },
  {
    id: 'a-3d-skeleton',
    title: 'From 2D chains to a 3D skeleton',
    demos: ['skeleton-3d', 'rotation-order'],
  },
  {
    id: 'terrain-and-a-software-renderer',
    title: 'Terrain and a software renderer',
    demos: ['terrain-walk'],
  },
  { id: 'reading-a-walk', title: 'Reading a walk', demos: ['walk-analysis'] },
  { id: 'gradient-descent-ik', title: 'Gradient-descent IK', demos: ['leg-descent'] },
  { id: 'walking-on-any-terrain', title: 'Walking on any terrain', demos: ['ik-walk'] },
  { id: 'beyond-kinematics', title: 'Beyond kinematics', demos: ['pd-character', 'pd-joint'] },
  // The survey page is two tables and one live row: no maths.
  { id: 'beyond-this-course', title: 'Beyond this course', demos: ['look-at'], maths: false },
];
/** The 3D lessons draw with the course's own renderer; the rest with PixiJS's Canvas renderer. */
const rendererOf = (id: string) =>
  ['skeleton-3d', 'terrain-walk', 'walk-analysis', 'leg-descent', 'ik-walk'].includes(id)
    ? 'software'
    : 'canvas';

describe('course', () => {
  it('lists the lessons in its table of contents, on the home page and in the sidebar', async () => {
    const { page, errors } = await openPage(browser(), 'index.html');
    await page.waitForSelector('.lesson-card');
    const cards = await page.$$eval('.lesson-card h2 a', (as) => as.map((a) => a.textContent));
    expect(cards).toEqual(LESSONS.map((l, i) => `${i + 1}. ${l.title}`));
    const toc = await page.$$eval('.toc__link', (as) => as.map((a) => a.getAttribute('href')));
    expect(toc).toEqual(LESSONS.map((l) => `#/${l.id}`));
    await screenshot(page, 'course-index');
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const lesson of LESSONS) {
    it(`renders lesson "${lesson.title}" with live demos, maths and a screenshot`, async () => {
      const { page, errors } = await openPage(browser(), `index.html#/${lesson.id}`);
      await page.waitForSelector('article .demo');
      expect(await page.$eval('article h1', (h) => h.textContent)).toBe(lesson.title);
      expect(
        await page.$$eval('article .demo', (d) => d.map((x) => (x as HTMLElement).dataset.demo)),
      ).toEqual(lesson.demos);
      const maths = await page.$$eval('article .katex', (k) => k.length);
      if (lesson.maths === false) expect(maths).toBe(0);
      else expect(maths).toBeGreaterThan(3);
      // A lesson may show one demo several times: tag each with its place to address it.
      await page.$$eval('article .demo', (ds) =>
        ds.forEach((d, i) => d.setAttribute('data-test-index', String(i))),
      );
      for (const [k, id] of lesson.demos.entries()) {
        const sel = `article .demo[data-test-index="${k}"][data-demo="${id}"]`;
        await page.$eval(sel, (d) => d.scrollIntoView({ block: 'center' }));
        await waitRunning(page, sel);
        expect(await page.$eval(sel, (d) => (d as HTMLElement).dataset.renderer)).toBe(
          rendererOf(id),
        );
        expect(await canvasColourCount(page, sel)).toBeGreaterThan(4);
        // The scene panel lists the tree, one row per node (a lone 3D figure: the world and the
        // character, its 26 joints folded under it).
        // Its code loads after the figure's own, so wait for it rather than expect it at once.
        await page.waitForFunction(
          (s) => document.querySelectorAll(`${s} .scene-tree__node`).length >= 2,
          sel,
          { timeout: 15_000 },
        );
        expect(await page.$$eval(`${sel} .demo-error`, (n) => n.length)).toBe(0);
        // The full-page shot below shows far-off demos released (blank by design), so each demo
        // also gets its own shot while it is on screen and running.
        await page
          .locator(sel)
          .screenshot({ path: shotPath(`lesson-${lesson.id}--${k + 1}-${id}`) });
      }
      await screenshot(page, `lesson-${lesson.id}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('deep-links to a section, moves to the next lesson, and remembers progress', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/look-at/flip-it');
    await page.waitForSelector('#look-at--flip-it');
    const top = await page.$eval('#look-at--flip-it', (h) => h.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(120);
    await page.goto(page.url().replace(/#.*$/, '#/bones-as-a-node-tree'));
    await page.waitForSelector('article[class] h1');
    await page.click('.prev-next__next');
    await page.waitForFunction(
      () => document.querySelector('article h1')?.textContent === 'Look-at',
    );
    const completed = () =>
      page.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem('ik-course:progress:v1') ?? '{}') as {
              completed?: string[];
            }
          ).completed ?? [],
      );
    // Jumping to the end (the End key, a link to it) does not finish the lesson: it was not read.
    await page.$eval('.prev-next', (n) => n.scrollIntoView());
    await frames(page, 10);
    expect(await completed()).not.toContain('look-at');
    // Scrolling down through it from the top does; the sidebar shows it after a reload.
    await page.evaluate(() => window.scrollTo(0, 0));
    await frames(page, 5);
    for (let k = 0; k < 200 && !(await completed()).includes('look-at'); k++) {
      await page.mouse.wheel(0, 500);
      await frames(page, 3);
    }
    await page.waitForFunction(() =>
      (
        JSON.parse(localStorage.getItem('ik-course:progress:v1') ?? '{}') as {
          completed?: string[];
        }
      ).completed?.includes('look-at'),
    );
    await page.reload();
    await page.waitForSelector('.toc__link');
    const status = await page.$eval(
      'a.toc__link[href="#/look-at"] .toc__status',
      (s) => s.textContent,
    );
    expect(status).toBe('✓');
    // The marks are explained beside the list.
    expect(await page.$eval('.toc__legend', (l) => l.textContent)).toBe(
      '• opened · ✓ read to the end',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone, formulas shrink to fit their box (to 60% at most) or wrap, static and live', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/the-jacobian', {
      width: 390,
      height: 844,
    });
    // The lesson's first figure (it shows the Jacobian's figure four times).
    await page.waitForSelector('article .demo[data-demo="jacobian"]');
    await page.$eval('article .demo[data-demo="jacobian"]', (d) =>
      d.setAttribute('data-first', ''),
    );
    const sel = 'article .demo[data-demo="jacobian"][data-first]';
    await page.$eval(sel, (d) => d.scrollIntoView({ block: 'start' }));
    await page.waitForSelector(`${sel}[data-state="running"]`);
    // The live formula is typeset once the page's first demo runs; on a phone it waits under
    // More (the lesson's text names other parts of the figure).
    await openMore(page, sel);
    await page.waitForSelector(`${sel} .demo-formula .katex-display`);
    const fits = () =>
      page.$$eval('article .katex-display', (ds) =>
        ds.map((d) => {
          const k = d.querySelector(':scope > .katex') as HTMLElement;
          const shrunk = k.dataset.fit !== undefined;
          return {
            // Too wide even at 60%, it would have been set to wrap (and is no display any more).
            fits: k.scrollWidth <= (d as HTMLElement).clientWidth + 1,
            shrunk,
            live: d.closest('.demo-formula') !== null,
          };
        }),
      );
    await expect.poll(async () => (await fits()).filter((f) => !f.fits).length).toBe(0);
    const all = await fits();
    // Some were too wide for a phone and were shrunk, the live one among them.
    const wrappedStatic = await page.$$eval(
      'article .formula--wrapped',
      (ws) => ws.filter((w) => !w.closest('.demo')).length,
    );
    expect(all.some((f) => f.shrunk && !f.live) || wrappedStatic > 0).toBe(true);
    expect(all.some((f) => f.live && f.shrunk)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone, a formula too wide even at 60% breaks after its = signs and is not cut', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/ccd', {
      width: 390,
      height: 844,
    });
    const sel = 'article .demo[data-demo="ccd"]';
    await page.waitForSelector(sel);
    await page.$eval(sel, (d) => d.scrollIntoView({ block: 'start' }));
    await page.waitForSelector(`${sel}[data-state="running"]`);
    // CCD's turn formula: about 600 px typeset, on a 330-px phone column.
    const wrapped = `${sel} [data-formula="turn"].formula--wrapped`;
    await page.waitForSelector(wrapped);
    const box = await page.$eval(wrapped, (f) => ({
      lines: Math.round(f.getBoundingClientRect().height / 30),
      overflow: f.scrollWidth - f.clientWidth,
      text: f.querySelector('annotation')?.textContent ?? '',
    }));
    expect(box.overflow).toBeLessThanOrEqual(1);
    expect(box.lines).toBeGreaterThanOrEqual(2);
    expect(box.text).toMatch(/wrap/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads well on a phone: the lesson list folds into a menu, the demo fits the width', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/look-at', {
      width: 390,
      height: 844,
    });
    await page.waitForSelector('article .demo');
    expect(await page.$eval('.toc', (t) => getComputedStyle(t).display)).toBe('none');
    await page.click('.menu-toggle');
    expect(await page.$eval('.toc', (t) => getComputedStyle(t).display)).toBe('block');
    await page.click('.menu-toggle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.$eval('article .demo[data-demo="look-at"]', (d) => d.scrollIntoView());
    await waitRunning(page, 'article .demo[data-demo="look-at"]');
    await screenshot(page, 'lesson-look-at-phone', false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches to the dark theme and the canvas follows', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/bones-as-a-node-tree');
    const sel = 'article .demo[data-demo="forward-kinematics"]';
    await page.waitForSelector(sel);
    await page.$eval(sel, (d) => d.scrollIntoView({ block: 'center' }));
    await waitRunning(page, sel);
    const corner = () =>
      page.$eval(sel, (d) => {
        const c = d.querySelector('canvas')!;
        const p = document.createElement('canvas');
        p.width = p.height = 1;
        const ctx = p.getContext('2d')!;
        ctx.drawImage(c, 2, 2, 1, 1, 0, 0, 1, 1);
        return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
      });
    const light = await corner();
    await page.click('.theme-toggle');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const dark = await corner();
    expect(light.reduce((a, b) => a + b, 0)).toBeGreaterThan(600);
    expect(dark.reduce((a, b) => a + b, 0)).toBeLessThan(200);
    await screenshot(page, 'lesson-bones-dark', false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
