import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, shotPath, TWO_D_DEMOS, url, useBrowser, recordErrors } from './browser';
import { useOtherOrigin } from './other-origin';

/**
 * <ik-demo> on an instructor's page: a plain HTML page served from another origin (a second
 * local server), one script tag to the course's ik-demo.js, and elements for a 2D solver, the
 * spider and a playground scene.
 */
const browser = useBrowser();

/** A small playground scene (a two-bone arm reaching for a target), as a saved file's text. */
const SCENE_JSON = JSON.stringify({
  format: 'ik-scene',
  version: 1,
  title: 'An arm from the playground',
  root: {
    type: 'Node2D',
    name: 'Scene',
    children: [
      {
        type: 'Bone2D',
        name: 'Upper',
        length: 90,
        children: [{ type: 'Bone2D', name: 'Fore', length: 70, position: [90, 0] }],
      },
      { type: 'Marker2D', name: 'Target', role: 'target', draggable: true, position: [80, 60] },
      {
        type: 'TwoBoneIK2D',
        name: 'Arm',
        rootBonePath: '../Upper',
        tipBonePath: '../Upper/Fore',
        targetPath: '../Target',
      },
    ],
  },
});
/** The same scene as a share link's code. */
const SCENE = deflateSync(SCENE_JSON).toString('base64url');

const pages = new Map<string, string>();
const site = useOtherOrigin(pages);

beforeAll(() => {
  const course = new URL(url('')).origin;
  const script = `<script type="module" src="${course}/ik-demo.js"></script>`;
  pages.set(
    '/three.html',
    `<!doctype html><html lang="en"><head><title>My course</title></head><body>
<h1>My course page</h1>
${script}
<ik-demo id="solver" class="wide" data-note="x" aria-label="FABRIK" demo="fabrik" bones="5" pole="true" tree="true"></ik-demo>
<ik-demo id="spider" demo="spider-legs" theme="dark"></ik-demo>
<ik-demo id="scene" scene="${SCENE}"></ik-demo>
<ik-demo id="typo" demo="ccd" bonez="4"></ik-demo>
</body></html>`,
  );
  pages.set('/arm.json', SCENE_JSON);
  pages.set('/broken.json', SCENE_JSON.replace('"length":90', '"length":"long"'));
  pages.set(
    '/sizes.html',
    `<!doctype html><html lang="en"><head><title>Sizes and files</title></head><body>
${script}
<ik-demo id="fixed" demo="look-at" width="400" height="300"></ik-demo>
<ik-demo id="file" src="/arm.json"></ik-demo>
<ik-demo id="broken" src="/broken.json"></ik-demo>
<ik-demo id="missing" src="/nothing.json"></ik-demo>
<ik-demo id="sideways" demo="ccd" tree="sideways"></ik-demo>
<ik-demo id="vulkan" demo="ccd" renderer="vulkan"></ik-demo>
</body></html>`,
  );
  // 32 elements: the eight 2D demos of the first lessons, four times each.
  const many = Array.from({ length: 32 }, (_, i) => {
    const id = TWO_D_DEMOS[i % 8]!;
    return `<h2>Demo ${i + 1}</h2>\n<ik-demo id="d${i}" demo="${id}"></ik-demo>`;
  });
  pages.set(
    '/many.html',
    `<!doctype html><html lang="en"><head><title>32 demos</title></head><body>
${script}
${many.join('\n')}
</body></html>`,
  );
});

const running = (id: string) => `#${id} .demo[data-state="running"][data-renderer]`;
const bones = (p: import('playwright-core').Page, id: string) =>
  p.$$eval(`#${id} .scene-tree__type`, (t) => t.filter((e) => e.textContent === 'Bone2D').length);

describe('<ik-demo> on a page of another origin', () => {
  it('shows a 2D solver, the spider and a playground scene; names a misspelt attribute', async () => {
    const p = await browser().newPage({ viewport: { width: 1000, height: 900 } });
    const errors = recordErrors(p);
    await p.goto(`${site()}/three.html`);
    for (const id of ['solver', 'spider', 'scene', 'typo']) {
      await p.$eval(`#${id}`, (e) => e.scrollIntoView());
      await p.waitForSelector(running(id), { timeout: 20_000 });
    }
    // The solver has the 5 bones and the pole its attributes asked for (its tree shows them,
    // once the panel's code, which comes after the figure's, is there).
    await p.waitForSelector('#solver .scene-tree__node');
    expect(await bones(p, 'solver')).toBe(5);
    expect(await p.$$eval('#solver .scene-tree__node[data-node="Pole"]', (n) => n.length)).toBe(1);
    // The spider shows its controls first (the default, its Scene a tab beside them), the
    // solver its scene (tree="true").
    const tab = (id: string) =>
      p.$eval(`#${id}`, (e) => (e.shadowRoot!.querySelector('.demo') as HTMLElement).dataset.tab);
    expect(await tab('spider')).toBe('controls');
    expect(await tab('solver')).toBe('scene');
    // The page's own attributes (id, class, data-*, aria-*) are not taken for parameters.
    for (const id of ['solver', 'spider', 'scene'])
      expect(await p.$$eval(`#${id} .demo-error`, (e) => e.length), id).toBe(0);
    // The misspelt attribute is named in its element, with the demo's parameters.
    expect(await p.$eval('#typo .demo-error', (e) => e.textContent)).toMatch(
      /"bonez" is not a parameter of demo "ccd"/,
    );
    // Themes: the spider asked for dark, the others follow the page (light here).
    expect(
      await p.$eval('#spider', (e) =>
        e.shadowRoot!.querySelector('.ik-demo-root')!.getAttribute('data-theme'),
      ),
    ).toBe('dark');
    expect(
      await p.$eval('#solver', (e) =>
        e.shadowRoot!.querySelector('.ik-demo-root')!.getAttribute('data-theme'),
      ),
    ).toBe('light');
    // The scene is drawn (it has its renderer; off screen now, it may be paused).
    expect(await p.$$eval('#scene .demo[data-renderer]', (d) => d.length)).toBe(1);
    // The whole page in one tall window, every element on screen and drawn, to look at.
    const height = await p.evaluate(() => document.documentElement.scrollHeight);
    await p.setViewportSize({ width: 1000, height });
    for (const id of ['solver', 'spider', 'scene', 'typo'])
      await p.waitForSelector(running(id), { timeout: 20_000 });
    await screenshot(p, 'ik-demo-three-elements', false);
    expect(errors).toEqual([]);
    await p.close();
  });

  it('changing an attribute updates the demo, and events reach the page', async () => {
    const p = await browser().newPage({ viewport: { width: 1000, height: 900 } });
    await p.goto(`${site()}/three.html`);
    await p.waitForSelector(running('solver'), { timeout: 20_000 });
    await p.evaluate(() => {
      const w = window as unknown as { events: string[] };
      w.events = [];
      const el = document.getElementById('solver')!;
      for (const type of ['ik-solved', 'ik-target-moved', 'ik-error'])
        el.addEventListener(type, (e) =>
          w.events.push(`${type} ${JSON.stringify((e as CustomEvent).detail)}`),
        );
    });
    // Drag the target with the keyboard: a moved target, then a solve.
    await p.focus('#solver .ik-handle[data-node="Target"]');
    await p.keyboard.press('Shift+ArrowLeft');
    await p.waitForFunction(() =>
      (window as unknown as { events: string[] }).events.some((e) =>
        e.startsWith('ik-target-moved'),
      ),
    );
    await p.waitForFunction(() =>
      (window as unknown as { events: string[] }).events.some((e) => e.startsWith('ik-solved')),
    );
    // bones="3": the element starts the demo again with three bones.
    await p.$eval('#solver', (e) => e.setAttribute('bones', '3'));
    await expect.poll(() => bones(p, 'solver'), { timeout: 20_000 }).toBe(3);
    // A bad value is named, with what it accepts, and reported as an event.
    await p.$eval('#solver', (e) => e.setAttribute('bones', '99'));
    await p.waitForSelector('#solver .demo-error');
    expect(await p.$eval('#solver .demo-error', (e) => e.textContent)).toMatch(
      /"bones" \(Bones\) must be a number from 2 to 8; got "99"/,
    );
    await p.waitForFunction(() =>
      (window as unknown as { events: string[] }).events.some((e) => e.startsWith('ik-error')),
    );
    await p.close();
  });

  it("the scene's step bar on the canvas takes a tap (its code and Pixi's events came after the demo ran)", async () => {
    const p = await browser().newPage({ viewport: { width: 1000, height: 900 } });
    await p.goto(`${site()}/three.html`);
    await p.$eval('#scene', (e) => e.scrollIntoView());
    await p.waitForSelector('#scene .demo[data-canvas-bar="ready"]', { timeout: 20_000 });
    const subStep = () => p.$eval('#scene [data-readout="substep"]', (e) => e.textContent ?? '');
    expect(await subStep()).toMatch(/^live/);
    // The elements above may have grown meanwhile (formulas typeset): bring the figure back.
    await p.$eval('#scene', (e) =>
      e.shadowRoot!.querySelector('.demo-canvas')!.scrollIntoView({ block: 'center' }),
    );
    // The bar sits at the canvas's bottom left; Step is its first button (34 px square).
    const box = (await (await p.$('#scene .demo-canvas'))!.boundingBox())!;
    await p.mouse.click(box.x + 8 + 17, box.y + box.height - 42 + 17);
    await expect.poll(subStep).toMatch(/^0 \/ \d+/);
    await p.close();
  });

  it('follows a dark page, and a finger drags its target', async () => {
    const context = await browser().newContext({
      viewport: { width: 500, height: 900 },
      colorScheme: 'dark',
      hasTouch: true,
      isMobile: true,
    });
    const p = await context.newPage();
    await p.goto(`${site()}/three.html`);
    await p.waitForSelector(running('solver'), { timeout: 20_000 });
    expect(
      await p.$eval('#solver', (e) =>
        e.shadowRoot!.querySelector('.ik-demo-root')!.getAttribute('data-theme'),
      ),
    ).toBe('dark');
    await p.evaluate(() => {
      const w = window as unknown as { moved: string[] };
      w.moved = [];
      document
        .getElementById('solver')!
        .addEventListener('ik-target-moved', (e) =>
          w.moved.push(JSON.stringify((e as CustomEvent).detail)),
        );
    });
    const box = (await (await p.$('#solver .ik-handle[data-node="Target"]'))!.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const cdp = await context.newCDPSession(p);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 6; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x - i * 10, y: y + i * 8 }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await p.waitForFunction(() => (window as unknown as { moved: string[] }).moved.length > 0);
    const last = JSON.parse(
      await p.evaluate(() => (window as unknown as { moved: string[] }).moved.at(-1)!),
    ) as { name: string; x: number };
    expect(last.name).toBe('Target');
    await context.close();
  });

  it('width and height fix its size (the figure fits inside); src shows a saved scene, or says why not', async () => {
    const p = await browser().newPage({ viewport: { width: 1000, height: 900 } });
    const errors = recordErrors(p, { console: false });
    await p.goto(`${site()}/sizes.html`);
    await p.waitForSelector(running('fixed'), { timeout: 20_000 });
    const box = await p.$eval('#fixed', (e) => {
      const host = e.getBoundingClientRect();
      const demo = e.shadowRoot!.querySelector('.demo')!.getBoundingClientRect();
      const canvas = e.shadowRoot!.querySelector('.demo-canvas')!.getBoundingClientRect();
      return {
        w: host.width,
        h: host.height,
        demoBottom: demo.bottom - host.top,
        canvas: canvas.height,
      };
    });
    expect([box.w, box.h]).toEqual([400, 300]);
    expect(box.demoBottom).toBeLessThanOrEqual(300.5);
    expect(box.canvas).toBeGreaterThan(100);
    await (await p.$('#fixed'))!.screenshot({ path: shotPath('ik-demo-400x300') });
    // The saved scene from a file: its arm and target.
    await p.$eval('#file', (e) => e.scrollIntoView());
    await p.waitForSelector(running('file'), { timeout: 20_000 });
    expect(await p.$$eval('#file .ik-handle[data-node="Target"]', (n) => n.length)).toBe(1);
    // A damaged file names the node and the field; a missing one says it could not be fetched.
    expect(await p.$eval('#broken .demo-error', (e) => e.textContent)).toMatch(
      /length: expected a number.*Bone2D “Upper”/,
    );
    expect(await p.$eval('#missing .demo-error', (e) => e.textContent)).toMatch(
      /"\/nothing\.json" could not be fetched \(HTTP 404\)/,
    );
    // A page option with a value it does not take is named, and the demo runs.
    expect(await p.$eval('#sideways .demo-error', (e) => e.textContent)).toMatch(
      /"tree" must be true, folded or false; got "sideways"/,
    );
    await p.$eval('#sideways', (e) => e.scrollIntoView());
    await p.waitForSelector(running('sideways'), { timeout: 20_000 });
    // A renderer it does not have is named too (the element once ignored it silently), and the
    // demo draws with the Canvas renderer.
    expect(await p.$eval('#vulkan .demo-error', (e) => e.textContent)).toMatch(
      /"renderer" must be one of .*; got "vulkan"/,
    );
    await p.$eval('#vulkan', (e) => e.scrollIntoView());
    await p.waitForSelector(running('vulkan'), { timeout: 20_000 });
    expect(errors).toEqual([]);
    await p.close();
  });

  it('32 elements on one page: each draws when scrolled to, and far ones give their renderer back', async () => {
    const p = await browser().newPage({ viewport: { width: 1000, height: 800 } });
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    p.on('console', (m) => {
      if (m.type() === 'error' || m.text().includes('WebGL')) errors.push(m.text());
    });
    await p.goto(`${site()}/many.html`);
    let maxLive = 0;
    for (let i = 0; i < 32; i++) {
      await p.$eval(`#d${i}`, (e) => e.scrollIntoView({ block: 'center' }));
      await p.waitForSelector(running(`d${i}`), { timeout: 20_000 });
      // Its canvas shows a drawn figure (many colours), not a blank box.
      const colours = await p.$eval(`#d${i}`, (host) => {
        const canvas = host.shadowRoot!.querySelector('canvas')!;
        const probe = document.createElement('canvas');
        probe.width = probe.height = 64;
        const ctx = probe.getContext('2d')!;
        ctx.drawImage(canvas, 0, 0, 64, 64);
        const data = ctx.getImageData(0, 0, 64, 64).data;
        const seen = new Set<number>();
        for (let k = 0; k < data.length; k += 4)
          seen.add((data[k]! << 16) | (data[k + 1]! << 8) | data[k + 2]!);
        return seen.size;
      });
      expect(colours, `demo ${i + 1}`).toBeGreaterThan(4);
      maxLive = Math.max(
        maxLive,
        await p.$$eval('ik-demo', (all) =>
          all.reduce((n, e) => n + (e.shadowRoot!.querySelector('canvas') ? 1 : 0), 0),
        ),
      );
    }
    console.log(`32 <ik-demo> elements: at most ${maxLive} renderers alive at once`);
    expect(maxLive).toBeLessThan(16);
    expect(errors).toEqual([]);
    await p.close();
  });

  it('releases what it holds when removed: 200 removals and re-insertions leave the heap near where it was', async () => {
    const p = await browser().newPage({ viewport: { width: 1000, height: 900 } });
    await p.goto(`${site()}/three.html`);
    await p.waitForSelector(running('solver'), { timeout: 20_000 });
    const cdp = await p.context().newCDPSession(p);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      return usedSize;
    };
    const cycle = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await p.evaluate(() => {
          const el = document.getElementById('solver')!;
          const parent = el.parentNode!;
          const next = el.nextSibling;
          el.remove();
          parent.insertBefore(el, next);
        });
        // Dispose of the handle: a kept ElementHandle would itself hold the old demo alive.
        await (await p.waitForSelector(running('solver'), { timeout: 20_000 })).dispose();
      }
    };
    await cycle(10); // warm up: code loaded, pools filled
    const before = await heap();
    await cycle(200);
    const after = await heap();
    console.log(
      `<ik-demo> heap after 200 removals: ${((after - before) / 1e6).toFixed(2)} MB more`,
    );
    expect(after - before).toBeLessThan(5e6);
    await p.close();
    // 210 figures built, run and thrown away: the time is only a net for a hang, wide enough for
    // a machine whose cores are busy with something else.
  }, 240_000);
});
