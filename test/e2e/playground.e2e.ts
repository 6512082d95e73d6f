import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLessonDemo, openPage, readout, screenshot, url, useBrowser } from './browser';
import { distance, globals, lastBone, type NodeJSON, positionOf, tipOf } from './scene-oracle';
import { PATIENCE } from './figure';

const browser = useBrowser();
/** The tree the mouse and keyboard tests build: a 3-bone chain, its target and FABRIK2D. */
const FULL_TREE = ['1:Scene', '2:Bone2D', '3:Bone2D', '4:Bone2D', '2:Marker2D', '2:FABRIK2D'];
const AUTOSAVE = 'ik-playground:autosave:v1';

async function openPlayground(path = 'playground/index.html') {
  const { page, errors } = await openPage(browser(), path, { width: 1400, height: 900 });
  await page.waitForSelector('body[data-playground="ready"]');
  return { page, errors };
}

/** The scene as the page saved it (saving now: the page saves on pagehide as on every edit). */
async function savedScene(page: Page): Promise<NodeJSON> {
  const text = await page.evaluate((key) => {
    dispatchEvent(new Event('pagehide'));
    return localStorage.getItem(key);
  }, AUTOSAVE);
  if (!text) throw new Error('nothing saved');
  return (JSON.parse(text) as { root: NodeJSON }).root;
}

/** Distance from the chain's tip to the target, by our own arithmetic on the saved scene. */
async function tipMiss(page: Page): Promise<number> {
  const g = globals(await savedScene(page));
  const tip = tipOf(g, lastBone(g, 'Scene/Bone2D'));
  return distance(tip, positionOf(g, 'Scene/Marker2D'));
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10);
  await page.mouse.up();
}

const rows = (page: Page) =>
  page.$$eval('.pg-tree__row', (rs) =>
    rs.map((r) => `${r.getAttribute('aria-level')}:${(r as HTMLElement).dataset.node}`),
  );

async function pick(page: Page, property: string, labelPart: string, last = false) {
  const select = `.pg-inspector .pg-field[data-property="${property}"] select`;
  const options = await page.$$eval(`${select} option`, (os) =>
    os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })),
  );
  const matching = options.filter((o) => o.text.includes(labelPart));
  const chosen = last ? matching[matching.length - 1] : matching[0];
  if (!chosen)
    throw new Error(`no option with "${labelPart}" in ${property}: ${JSON.stringify(options)}`);
  await page.selectOption(select, chosen.value);
}

/** Builds the 3-bone chain, a target and a FABRIK2D node with the mouse, as a student would. */
async function buildChainByMouse(page: Page) {
  const box = (await page.locator('.pg-canvas').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.click('.pg-canvas', { position: { x: box.width - 40, y: box.height - 40 } });
  await page.keyboard.press('b');
  await drag(page, { x: cx - 220, y: cy + 40 }, { x: cx - 90, y: cy - 20 });
  await drag(page, { x: cx - 90, y: cy - 20 }, { x: cx + 10, y: cy + 10 });
  await drag(page, { x: cx + 10, y: cy + 10 }, { x: cx + 90, y: cy + 50 });
  await page.keyboard.press('q');
  expect(await rows(page)).toEqual(['1:Scene', '2:Bone2D', '3:Bone2D', '4:Bone2D']);
  await page.click('.pg-tree__row[data-path="/Scene"]');
  await page.click('[data-action="add"]');
  await page.click('.pg-add__item[data-type="Marker2D"]');
  const pos = '.pg-inspector .pg-field[data-property="position"] input';
  await page.fill(`${pos} >> nth=0`, '40');
  await page.press(`${pos} >> nth=0`, 'Enter');
  await page.fill(`${pos} >> nth=1`, '-130');
  await page.press(`${pos} >> nth=1`, 'Enter');
  await page.click('.pg-tree__row[data-path="/Scene"]');
  await page.click('[data-action="add"]');
  await page.click('.pg-add__item[data-type="FABRIK2D"]');
  await pick(page, 'rootBonePath', 'Bone2D');
  await pick(page, 'tipBonePath', 'Bone2D', true);
  await pick(page, 'targetPath', 'Marker2D');
}

describe('the playground', () => {
  it('builds a chain by dragging, wires FABRIK2D in the inspector, follows the target, even mirrored; undo, reload, share and embed', async () => {
    const { page, errors } = await openPlayground();
    await buildChainByMouse(page);
    await expect
      .poll(() => page.$eval('.pg-inspector [data-property="status"] output', (o) => o.textContent))
      .toMatch(/^3 bones/);
    await expect.poll(() => tipMiss(page), { timeout: 10_000 }).toBeLessThan(0.5);
    const before = await tipMiss(page);

    // Drag the target: the tip follows (measured on the saved scene with our own arithmetic).
    const handle = (await page.locator('.ik-handle').boundingBox())!;
    const h = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    await drag(page, h, { x: h.x - 120, y: h.y + 140 });
    const g1 = globals(await savedScene(page));
    const moved = distance(positionOf(g1, 'Scene/Marker2D'), { x: 40, y: -130 });
    expect(moved).toBeGreaterThan(100);
    await expect.poll(() => tipMiss(page), { timeout: 10_000 }).toBeLessThan(0.5);
    expect(before).toBeLessThan(0.5);

    // Mirror the chain's root bone on x: it still reaches.
    await page.click('.pg-tree__row[data-path="/Scene/Bone2D"]');
    await page.click('.pg-inspector [data-property="scale"] [data-flip="x"]');
    const g2 = globals(await savedScene(page));
    expect(g2.get('Scene/Bone2D')!.node.scale).toEqual([-1, 1]);
    await expect.poll(() => tipMiss(page), { timeout: 10_000 }).toBeLessThan(0.5);
    await screenshot(page, 'playground-light', false);

    // Undo every step: back to the empty scene; redo them all.
    const undoDisabled = () =>
      page.$eval('[data-action="undo"]', (b) => (b as HTMLButtonElement).disabled);
    const redoDisabled = () =>
      page.$eval('[data-action="redo"]', (b) => (b as HTMLButtonElement).disabled);
    await page.click('.pg-tree__row[data-path="/Scene"]');
    let steps = 0;
    for (; steps < 200 && !(await undoDisabled()); steps++) await page.keyboard.press('Control+z');
    expect(await rows(page)).toEqual(['1:Scene']);
    expect(steps).toBeGreaterThan(8);
    for (let i = 0; i < 200 && !(await redoDisabled()); i++)
      await page.keyboard.press('Control+Shift+z');
    expect(await rows(page)).toEqual(FULL_TREE);
    await expect.poll(() => tipMiss(page), { timeout: 10_000 }).toBeLessThan(0.5);

    // Reload: the autosaved scene comes back.
    const saved = JSON.stringify(await savedScene(page));
    await page.reload();
    await page.waitForSelector('body[data-playground="ready"]');
    expect(await rows(page)).toEqual(FULL_TREE);
    await expect.poll(() => tipMiss(page), { timeout: 10_000 }).toBeLessThan(0.5);

    // The share link opens the same scene in a fresh page (no storage shared).
    await page.click('[data-action="share"]');
    const link = await page.$eval('.pg-share__text', (t) => (t as HTMLTextAreaElement).value);
    expect(link).toMatch(/playground\/index\.html#scene=[\w-]+$/);
    const fresh = await browser().newPage({ viewport: { width: 1400, height: 900 } });
    await fresh.goto(link);
    await fresh.waitForSelector('body[data-playground="ready"]');
    expect(await rows(fresh)).toEqual(await rows(page));
    const shared = globals(await savedScene(fresh));
    const mine = globals(JSON.parse(saved) as NodeJSON);
    for (const [path, e] of mine) {
      const other = shared.get(path)!;
      expect(other.node.type).toBe(e.node.type);
      if (e.node.type === 'Marker2D' || path === 'Scene/Bone2D')
        expect(distance(positionOf(shared, path), positionOf(mine, path))).toBeLessThan(1e-9);
    }
    await fresh.close();

    // The embed snippet's page shows the scene, solving.
    await page.click('[data-action="embed"]');
    const snippet = await page.$eval('.pg-share__text', (t) => (t as HTMLTextAreaElement).value);
    const src = /src="([^"]+)"/.exec(snippet)![1]!;
    expect(src).toMatch(/playground\/embed\.html#scene=/);
    expect(snippet).toContain(' loading="lazy" ');
    const embed = await browser().newPage({ viewport: { width: 900, height: 700 } });
    await embed.goto(src);
    await embed.waitForSelector('.demo[data-state="running"][data-renderer]');
    // The scene panel is a tab of the figure's dock in an embed: open it (its code loads then).
    await embed.click('.demo-tab[data-tab="scene"]');
    await embed.waitForSelector('.scene-tree__node');
    expect(
      await embed.$$eval('.scene-tree__node', (n) => n.map((b) => (b as HTMLElement).dataset.node)),
    ).toEqual(['Scene', 'Bone2D', 'Bone2D', 'Bone2D', 'Marker2D', 'FABRIK2D']);
    // Step with the @pixi/ui bar on the canvas itself (bottom left), then with its key.
    const canvas = (await embed.locator('.demo-canvas').boundingBox())!;
    const substep = () => embed.$eval('[data-readout="substep"]', (o) => o.textContent);
    await embed.mouse.click(canvas.x + 8 + 17, canvas.y + canvas.height - 42 + 17);
    await expect.poll(substep).toMatch(/^0 \/ \d+$/);
    await embed.mouse.click(canvas.x + 8 + 17, canvas.y + canvas.height - 42 + 17);
    await expect.poll(substep).toMatch(/^1 \/ \d+$/);
    await embed.keyboard.press('s');
    await expect.poll(substep).toMatch(/^2 \/ \d+$/);
    await embed.keyboard.press('l');
    await expect.poll(substep).toMatch(/^live/);
    await embed.close();

    // Expose FABRIK2D's mix to embeds: the embed takes it from its URL, and names a bad value.
    await page.click('.pg-tree__row[data-path="/Scene/FABRIK2D"]');
    await page.click('.pg-inspector .pg-field[data-property="mix"] .pg-expose input');
    await page.click('[data-action="embed"]');
    const withMix = /src="([^"]+)"/.exec(
      await page.$eval('.pg-share__text', (t) => (t as HTMLTextAreaElement).value),
    )![1]!;
    const bad = await browser().newPage({ viewport: { width: 900, height: 700 } });
    await bad.goto(withMix.replace('embed.html#', 'embed.html?FABRIK2D.mix=2#'));
    await bad.waitForSelector('.demo[data-state="running"]');
    expect(await bad.$eval('.demo-error [data-param="FABRIK2D.mix"]', (li) => li.textContent)).toBe(
      '"FABRIK2D.mix" (FABRIK2D: mix) must be a number from 0 to 1; got "2".',
    );
    await bad.close();

    expect(errors).toEqual([]);
    await page.close();
  });

  it('a damaged link says so, and the empty scene still works', async () => {
    const { page, errors } = await openPlayground('playground/index.html#scene=not-a-scene!');
    await expect
      .poll(() => page.$eval('.pg-error', (e) => ((e as HTMLElement).hidden ? '' : e.textContent)))
      .toMatch(/damaged.*unchanged/);
    expect(await rows(page)).toEqual(['1:Scene']);
    await page.click('[data-action="add"]');
    await page.click('.pg-add__item[data-type="Bone2D"]');
    expect(await rows(page)).toEqual(['1:Scene', '2:Bone2D']);
    // A well-formed link whose scene is not a scene file: the field is named.
    const code = deflateSync(Buffer.from('{"format":"tscn","version":1}')).toString('base64url');
    const { page: p2 } = await openPlayground(`playground/index.html#scene=${code}`);
    await expect
      .poll(() => p2.$eval('.pg-error', (e) => e.textContent))
      .toMatch(
        /The scene in this link was not opened: scene\.format: expected "ik-scene", got "tscn"/,
      );
    expect(errors).toEqual([]);
    await page.close();
    await p2.close();
  });

  it('opens a scene file dropped on the page, and refuses a bad one naming the node and field', async () => {
    const { page, errors } = await openPlayground();
    const drop = async (name: string, text: string) => {
      const data = await page.evaluateHandle(
        ([n, t]) => {
          const dt = new DataTransfer();
          dt.items.add(new File([t], n, { type: 'application/json' }));
          return dt;
        },
        [name, text] as const,
      );
      await page.dispatchEvent('main.pg', 'drop', { dataTransfer: data });
    };
    const scene = (bone: Record<string, unknown>) =>
      JSON.stringify({
        format: 'ik-scene',
        version: 1,
        root: {
          type: 'Node2D',
          name: 'Dropped',
          children: [{ type: 'Bone2D', name: 'Arm', ...bone }],
        },
      });
    await drop('arm.json', scene({ length: 80 }));
    await expect.poll(() => rows(page)).toEqual(['1:Dropped', '2:Arm']);
    await drop('bad.json', scene({ length: 'long' }));
    await expect
      .poll(() => page.$eval('.pg-error', (e) => e.textContent))
      .toBe(
        'bad.json was not opened: root.children[0].length: expected a number ≥ 0 (scene units), got "long" (in the Bone2D “Arm”). The scene you were editing is unchanged.',
      );
    await drop(
      'odd.json',
      JSON.stringify({ format: 'ik-scene', version: 1, root: { type: 'Bone3D', name: 'X' } }),
    );
    await expect
      .poll(() => page.$eval('.pg-error', (e) => e.textContent))
      .toMatch(/root\.type: expected a node type: Node, Node2D, Bone2D/);
    expect(await rows(page)).toEqual(['1:Dropped', '2:Arm']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('builds and wires the same chain with the keyboard alone, and moves the target with arrow keys', async () => {
    const { page, errors } = await openPlayground();
    const focusedIs = (sel: string) =>
      page.evaluate((s) => !!document.activeElement?.matches(s), sel);
    /** Presses Tab until the focused element matches (at most 200 times). */
    const tabTo = async (sel: string) => {
      for (let i = 0; i < 200; i++) {
        if (await focusedIs(sel)) return;
        await page.keyboard.press('Tab');
      }
      const seen = await page.evaluate(() => {
        const e = document.activeElement!;
        return `${e.tagName}.${e.className} ${(e.closest('[data-property]') as HTMLElement | null)?.dataset.property ?? ''}`;
      });
      throw new Error(`Tab never reached ${sel}; focus is on ${seen}`);
    };
    const addChild = async (type: string) => {
      await tabTo('.pg-tree__row[tabindex="0"]');
      await page.keyboard.press('Control+a');
      for (let i = 0; i < 20 && !(await focusedIs(`.pg-add__item[data-type="${type}"]`)); i++)
        await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    };
    const typeInto = async (sel: string, text: string) => {
      await tabTo(sel);
      await page.keyboard.press('Control+a');
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
    };
    const selectParent = async () => {
      await tabTo('.pg-tree__row[tabindex="0"]');
      await page.keyboard.press('Home');
    };
    await tabTo('.pg-tree__row');
    await addChild('Bone2D');
    await typeInto('.pg-inspector [data-property="length"] input', '120');
    await addChild('Bone2D');
    await typeInto('.pg-inspector [data-property="length"] input', '90');
    await typeInto('.pg-inspector [data-property="rotation"] input', '30');
    await addChild('Bone2D');
    await typeInto('.pg-inspector [data-property="length"] input', '70');
    await selectParent();
    await addChild('Marker2D');
    await typeInto(
      '.pg-inspector [data-property="position"] .pg-vector > input:first-of-type',
      '150',
    );
    await selectParent();
    await addChild('FABRIK2D');
    expect(await rows(page)).toEqual(FULL_TREE);
    // Wire the paths with the pickers, by keyboard: the last option of each is the deepest node.
    const choose = async (prop: string, option: 'first' | 'last') => {
      await tabTo(`.pg-inspector [data-property="${prop}"] select`);
      // The options are "— pick —", "(none)" (selected), then the nodes in tree order.
      await page.keyboard.press(option === 'first' ? 'ArrowDown' : 'End');
    };
    await choose('rootBonePath', 'first');
    await choose('tipBonePath', 'last');
    await choose('targetPath', 'last');
    await expect
      .poll(() => page.$eval('.pg-inspector [data-property="status"] output', (o) => o.textContent))
      .toMatch(/^3 bones/);
    await expect.poll(() => tipMiss(page), { timeout: 10_000 }).toBeLessThan(0.5);
    // Move the target with its handle's arrow keys: the tip follows.
    await tabTo('.ik-handle');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowUp');
    const g = globals(await savedScene(page));
    expect(positionOf(g, 'Scene/Marker2D').y).toBeLessThan(-100);
    await expect.poll(() => tipMiss(page), { timeout: 10_000 }).toBeLessThan(0.5);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('moves a node under another by drag and drop and by Alt+→, keeping it where it is on screen', async () => {
    const { page, errors } = await openPlayground();
    await buildChainByMouse(page);
    const g0 = globals(await savedScene(page));
    const markerAt = positionOf(g0, 'Scene/Marker2D');
    // Drag the marker onto the first bone: it becomes the bone's child, and stays put.
    await page.dragAndDrop(
      '.pg-tree__row[data-path="/Scene/Marker2D"]',
      '.pg-tree__row[data-path="/Scene/Bone2D"]',
    );
    await expect
      .poll(async () => [...globals(await savedScene(page)).keys()])
      .toContain('Scene/Bone2D/Marker2D');
    // The chain's root bone now carries the target: FABRIK2D's path followed it.
    expect(await page.$$eval('.pg-tree__row', (r) => r.length)).toBe(6);
    const g1 = globals(await savedScene(page));
    expect(g1.get('Scene/FABRIK2D')!.node.targetPath).toBe('../Bone2D/Marker2D');
    expect(distance(positionOf(g1, 'Scene/Bone2D/Marker2D'), markerAt)).toBeLessThan(1e-6);
    // Undo it, then do it with the keyboard: Alt+↓ moves it below FABRIK2D, Alt+↑ back, Alt+← is refused at the top level.
    await page.keyboard.press('Control+z');
    await page.click('.pg-tree__row[data-path="/Scene/Marker2D"]');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect
      .poll(() => page.$eval('.pg-dock__message', (m) => m.textContent))
      .toMatch(/already at the top/);
    await page.keyboard.press('Alt+ArrowRight');
    await expect
      .poll(async () => [...globals(await savedScene(page)).keys()])
      .toContain('Scene/Bone2D/Marker2D');
    const g2 = globals(await savedScene(page));
    expect(distance(positionOf(g2, 'Scene/Bone2D/Marker2D'), markerAt)).toBeLessThan(1e-6);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the view through undo, drops a deleted solver, follows Draggable, opens a pasted link', async () => {
    const { page, errors } = await openPlayground();
    await page.click('[data-action="new"]');
    await page.click('.pg-menu__item[data-preset="ccd"]');
    await expect.poll(() => rows(page)).toContain('2:CCDIK2D');
    // Zoom in, edit, undo: the camera stays where the student put it.
    await page.click('.pg-status__button[aria-label="Zoom in (+)"]');
    await page.click('.pg-status__button[aria-label="Zoom in (+)"]');
    const zoom = () => page.$eval('.pg-status__zoom', (e) => e.textContent);
    const zoomed = await zoom();
    await page.click('.pg-tree__row[data-node="Target"]');
    await page.click('.pg-inspector [data-property="scale"] [data-flip="x"]');
    await page.keyboard.press('Control+z');
    await page.click('.pg-status__button[aria-label="Zoom in (+)"]');
    await page.click('.pg-status__button[aria-label="Zoom out (−)"]');
    expect(await zoom()).toBe(zoomed);
    // Untick Draggable: the target's handle goes; tick it: it comes back.
    expect(await page.$$('.ik-handle[data-node="Target"]')).toHaveLength(1);
    await page.click('.pg-inspector [data-property="draggable"] input[type="checkbox"].pg-check');
    await expect.poll(() => page.$$eval('.ik-handle[data-node="Target"]', (h) => h.length)).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.$$eval('.ik-handle[data-node="Target"]', (h) => h.length)).toBe(1);
    // Step the solver, then delete its node: its panel and canvas buttons go with it.
    await page.click('.pg-tree__row[data-node="CCDIK2D"]');
    await page.keyboard.press('s');
    await expect.poll(() => page.$eval('.pg-solver', (e) => (e as HTMLElement).hidden)).toBe(false);
    await page.keyboard.press('Delete');
    await expect.poll(() => page.$eval('.pg-solver', (e) => (e as HTMLElement).hidden)).toBe(true);
    expect(await rows(page)).not.toContain('2:CCDIK2D');
    // A share link's fragment pasted into this tab opens its scene.
    await page.click('[data-action="share"]');
    const link = await page.$eval('.pg-share__text', (t) => (t as HTMLTextAreaElement).value);
    await page.click('[data-action="new"]');
    await page.click('.pg-menu__item[data-preset="empty"]');
    expect(await rows(page)).toEqual(['1:Scene']);
    await page.evaluate((hash) => (location.hash = hash), new URL(link).hash);
    await expect.poll(() => rows(page)).toContain('3:Bone1');
    expect(await page.$eval('.pg-info', (e) => e.textContent)).toMatch(/from the link/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works by touch: the canvas tool bar, drawing a bone, pinching to zoom', async () => {
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(url('playground/index.html'));
    await page.waitForSelector('body[data-playground="ready"]');
    const box = (await page.locator('.pg-canvas').boundingBox())!;
    // The fifth button of the bar drawn on the canvas is the bone tool.
    await page.touchscreen.tap(box.x + 8 + 4 * 38 + 17, box.y + 8 + 17);
    await expect
      .poll(() => page.$eval('.pg-canvas', (e) => (e as HTMLElement).dataset.tool))
      .toBe('bone');
    const cdp = await context.newCDPSession(page);
    const touch = (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      points: Array<{ x: number; y: number; id?: number }>,
    ) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    const x0 = box.x + box.width * 0.3;
    const y0 = box.y + box.height * 0.7;
    await touch('touchStart', [{ x: x0, y: y0 }]);
    for (let i = 1; i <= 8; i++) await touch('touchMove', [{ x: x0 + i * 12, y: y0 - i * 8 }]);
    await touch('touchEnd', []);
    await expect.poll(() => rows(page)).toEqual(['1:Scene', '2:Bone2D']);
    const length = Number(
      await page.$eval(
        '.pg-inspector [data-property="length"] input',
        (i) => (i as HTMLInputElement).value,
      ),
    );
    expect(length).toBeGreaterThan(50);
    const zoom = () =>
      page.$eval('.pg-status__zoom', (e) => Number(e.textContent!.replace('%', '')));
    const before = await zoom();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await touch('touchStart', [
      { x: cx - 30, y: cy, id: 1 },
      { x: cx + 30, y: cy, id: 2 },
    ]);
    for (let i = 1; i <= 6; i++)
      await touch('touchMove', [
        { x: cx - 30 - i * 12, y: cy, id: 1 },
        { x: cx + 30 + i * 12, y: cy, id: 2 },
      ]);
    await touch('touchEnd', []);
    await page.touchscreen.tap(box.x + box.width - 20, box.y + box.height - 20);
    expect(await zoom()).toBeGreaterThan(before * 1.5);
    await screenshot(page, 'playground-phone', false);
    await context.close();
  });

  it('looks right in the dark theme, with a lesson’s scene open', async () => {
    const { page, errors } = await openPlayground();
    await page.click('.theme-toggle');
    await page.click('[data-action="new"]');
    await page.click('.pg-menu__item[data-preset="two-bone-ik"]');
    await expect.poll(() => rows(page)).toContain('4:Forearm');
    await page.click('.pg-tree__row[data-node="TwoBoneIK2D"]');
    // S starts stepping at the rest pose (0 of 3), then shows sub-steps 1 and 2.
    for (let i = 0; i < 3; i++) await page.keyboard.press('s');
    await expect
      .poll(() => page.$eval('[data-readout="substep"]', (o) => o.textContent))
      .toBe('2 / 3');
    await screenshot(page, 'playground-dark', false);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is reached from the course and from a demo’s footer, with the demo’s current state', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/fabrik', {
      width: 1280,
      height: 1000,
    });
    const link = await page.waitForSelector('.site-header a[href="playground/index.html"]');
    expect(await link.textContent()).toBe('Playground');
    const sel = 'article .demo[data-demo="fabrik"]';
    // The header comes before the lesson: wait for the lesson's figure itself.
    await page.waitForSelector(sel);
    await page.$eval(sel, (d) => d.scrollIntoView({ block: 'start' }));
    await page.waitForSelector(`${sel}[data-state="running"]`);
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.click(`${sel} .demo-playground-link`),
    ]);
    await popup.waitForSelector('body[data-playground="ready"]');
    expect(await rows(popup)).toContain('2:Target');
    expect(await popup.$eval('.pg-info', (e) => e.textContent)).toMatch(/FABRIK.*from the lesson/);
    expect(popup.url()).toContain('playground/index.html');
    expect(errors).toEqual([]);
    await popup.close();
    await page.close();
  });

  it('a crowd kept in flat arrays opens with a note that the file has none of its spiders', async () => {
    const { page, errors, sel } = await openLessonDemo(browser(), 'spider-legs', 'spider-swarm');
    await page.selectOption(`${sel} [data-control="layout"]`, 'arrays');
    await expect.poll(() => readout(page, sel, 'script-ms'), PATIENCE).toMatch(/as flat arrays$/);
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.click(`${sel} .demo-playground-link`),
    ]);
    await popup.waitForSelector('body[data-playground="ready"]');
    const info = await popup.$eval('.pg-info', (e) => e.textContent ?? '');
    expect(info).toMatch(/from the lesson\. .*SpiderCrowd2D draws what it holds itself/);
    expect(info).not.toMatch(/as it was/);
    expect(errors).toEqual([]);
    await popup.close();
    await page.close();
  });
});
