import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  canvasColourCount,
  openLessonDemo,
  openHeldEmbed,
  readout,
  shotPath,
  useBrowser,
  waitRunning,
} from './browser';

import { drift, frames, PATIENCE } from './figure';

const browser = useBrowser();

const openDemo = (lesson: string, demo: string) => openLessonDemo(browser(), lesson, demo);

const bodyX = async (page: Page, sel: string) =>
  Number((await readout(page, sel, 'body')).split(',')[0]);

describe('procedural animation lessons in the browser', () => {
  it('spider legs: arrow keys on the focused figure walk the spider; the hold button does too', async () => {
    const { page, errors, sel } = await openDemo('spider-legs', 'spider-legs');
    // Stop it walking on its own, then steer by hand.
    await page.click(`${sel} [data-control="autopilot"]`);
    const body = async () => [await bodyX(page, sel)];
    await expect.poll(() => drift(page, body), PATIENCE).toBeLessThan(2);
    const canvas = page.locator(`${sel} .demo-canvas`);
    await canvas.focus();
    const x0 = await bodyX(page, sel);
    await page.keyboard.down('ArrowRight');
    await expect.poll(async () => (await bodyX(page, sel)) - x0, PATIENCE).toBeGreaterThan(40);
    await page.keyboard.up('ArrowRight');
    // Let go: it stops and stands.
    await expect.poll(() => drift(page, body, 20), PATIENCE).toBeLessThan(2);
    const standing = await bodyX(page, sel);
    // Touch users hold the on-screen button instead.
    const left = page.locator(`${sel} [data-control="walkLeft"]`);
    // Back up the figure's column: "Walk on its own" sits under More, below the walk buttons.
    await left.scrollIntoViewIfNeeded();
    const box = (await left.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect.poll(() => bodyX(page, sel), PATIENCE).toBeLessThan(standing - 40);
    await page.mouse.up();
    // The gait held: never both groups in the air.
    expect(await readout(page, sel, 'both-lifted')).toBe('0');
    expect(Number((await readout(page, sel, 'ik-gap')).split(' ')[0])).toBeLessThan(0.5);
    await page.locator(sel).screenshot({ path: shotPath('procedural-spider-walked') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('spider legs: the wall, the ground editor and the 100-spider page', async () => {
    const { page, errors, sel } = await openDemo('spider-legs', 'spider-legs');
    await page.selectOption(`${sel} [data-control="terrain"]`, 'wall');
    await page.click(`${sel} [data-control="editTerrain"]`);
    // Editing gives the ground draggable points, one handle each.
    await expect
      .poll(() => page.$$eval(`${sel} .ik-handle[data-node^="P"]`, (h) => h.length), PATIENCE)
      .toBe(6);
    // Arrow keys on a point move the point, not the spider (the same keys on the canvas walk it).
    await page.click(`${sel} [data-control="autopilot"]`);
    await expect
      .poll(() => drift(page, async () => [await bodyX(page, sel)], 20), PATIENCE)
      .toBeLessThan(2);
    const x0 = await bodyX(page, sel);
    const point = page.locator(`${sel} .ik-handle[data-node="P1"]`);
    const before = (await point.boundingBox())!;
    await point.focus();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('ArrowRight');
      await frames(page, 3);
    }
    await expect
      .poll(async () => (await point.boundingBox())!.x, PATIENCE)
      .toBeGreaterThan(before.x + 10);
    expect(Math.abs((await bodyX(page, sel)) - x0)).toBeLessThan(2);
    await frames(page, 10);
    expect(await canvasColourCount(page, sel)).toBeGreaterThan(4);
    await page.locator(sel).screenshot({ path: shotPath('procedural-spider-wall') });
    const swarm = 'article .demo[data-demo="spider-swarm"]';
    await page.$eval(swarm, (d) => d.scrollIntoView({ block: 'start' }));
    await waitRunning(page, swarm);
    await expect
      .poll(() => readout(page, swarm, 'script-ms'), PATIENCE)
      .toMatch(/^\d+\.\d\d ms for 100 spiders as node trees$/);
    expect(await readout(page, swarm, 'frame-share')).toMatch(/%$/);
    const share = Number((await readout(page, swarm, 'frame-share')).replace('%', ''));
    console.log(
      `100 spiders in Chromium: ${await readout(page, swarm, 'script-ms')}, ${share}% of a 60 Hz frame`,
    );
    await page.locator(swarm).screenshot({ path: shotPath('procedural-spider-swarm') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('spider crowd: 1 000 spiders in ten lanes, drawn as a crowd, with live update and drawing times', async () => {
    const { page, errors } = await openHeldEmbed(browser(), 'demo=spider-swarm&count=100');
    await page.click('[data-control="crowd-1000"]');
    await expect
      .poll(() => readout(page, '.demo', 'script-ms'), PATIENCE)
      .toMatch(/^\d+\.\d\d ms for 1000 spiders as node trees$/);
    await expect.poll(() => readout(page, '.demo', 'draw-ms'), PATIENCE).toMatch(/^\d+\.\d\d ms$/);
    // Frames keep coming: the steps counter grows while we watch (no time is asserted).
    const steps = Number(await readout(page, '.demo', 'steps'));
    await expect
      .poll(async () => Number(await readout(page, '.demo', 'steps')), PATIENCE)
      .toBeGreaterThan(steps);
    expect(await readout(page, '.demo', 'skipped')).toMatch(/^\d+ of 8000$/);
    expect(await page.$eval('[data-control="count"]', (e) => (e as HTMLInputElement).value)).toBe(
      '1000',
    );
    // Six tints, the theme's ground and bones: a crowd, not a blank or one-colour smear.
    expect(await canvasColourCount(page, '.demo')).toBeGreaterThan(6);
    console.log(
      `1 000 spiders in Chromium: update ${await readout(page, '.demo', 'script-ms')}, drawing ${await readout(page, '.demo', 'draw-ms')}, ${await readout(page, '.demo', 'frame-share')} of a 60 Hz frame`,
    );
    await page.screenshot({ path: shotPath('procedural-spider-crowd-1000') });
    // The same crowd kept in flat arrays: one node, the same readouts, still drawn in colour.
    await page.selectOption('[data-control="layout"]', 'arrays');
    await expect
      .poll(() => readout(page, '.demo', 'script-ms'), PATIENCE)
      .toMatch(/^\d+\.\d\d ms for 1000 spiders as flat arrays$/);
    const arraySteps = Number(await readout(page, '.demo', 'steps'));
    await expect
      .poll(async () => Number(await readout(page, '.demo', 'steps')), PATIENCE)
      .toBeGreaterThan(arraySteps);
    expect(await readout(page, '.demo', 'skipped')).toMatch(/^\d+ of 8000$/);
    await expect.poll(() => readout(page, '.demo', 'fps'), PATIENCE).toMatch(/^\d+\.\d$/);
    expect(await canvasColourCount(page, '.demo')).toBeGreaterThan(6);
    console.log(
      `1 000 spiders in flat arrays: update ${await readout(page, '.demo', 'script-ms')}, drawing ${await readout(page, '.demo', 'draw-ms')}, ${await readout(page, '.demo', 'fps')} frames a second`,
    );
    await page.screenshot({ path: shotPath('procedural-spider-crowd-1000-arrays') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('creatures: the creature follows a target dragged across the ground', async () => {
    const { page, errors, sel } = await openDemo('creatures-that-follow', 'creature-follow');
    const handle = page.locator(`${sel} .ik-handle[data-node="Target"]`);
    const box = (await handle.boundingBox())!;
    const canvas = (await page.locator(`${sel} .demo-canvas`).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(canvas.x + canvas.width * 0.12, canvas.y + canvas.height * 0.8, {
      steps: 12,
    });
    await page.mouse.up();
    await expect.poll(() => readout(page, sel, 'doing'), PATIENCE).toMatch(/turning|walking/);
    // It walks there and settles inside its band (5 to 7.5 units).
    await page.waitForFunction(
      (s) => document.querySelector(`${s} [data-readout="doing"]`)?.textContent === 'standing',
      sel,
      { timeout: 20_000 },
    );
    const d = Number((await readout(page, sel, 'distance')).split(' ')[0]);
    expect(d).toBeGreaterThanOrEqual(5);
    expect(d).toBeLessThanOrEqual(7.5);
    // Holding the pointer on the bare ground pulls the target there too.
    const before = await handle.boundingBox();
    await page.mouse.move(canvas.x + canvas.width * 0.85, canvas.y + canvas.height * 0.2);
    await page.mouse.down();
    await expect
      .poll(async () => (await handle.boundingBox())!.x - before!.x, PATIENCE)
      .toBeGreaterThan(canvas.width * 0.4);
    await page.mouse.up();
    await page.locator(sel).screenshot({ path: shotPath('procedural-creature-following') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reaching: typing a sequence presses those buttons in that order', async () => {
    const { page, errors, sel } = await openDemo('reaching-in-sequence', 'reach-sequence');
    const field = `${sel} [data-control="sequence"]`;
    // A bad sequence is named, with what is allowed, and nothing moves.
    await page.fill(field, '2 9');
    await page.press(field, 'Enter');
    expect(await page.$eval(`${sel} .control-message`, (m) => m.textContent)).toMatch(
      /"9" is not a button: this panel has buttons 1 to 4/,
    );
    expect(await readout(page, sel, 'ik-phase')).toBe('idle');
    await page.fill(field, '3 1 4 2');
    await page.click(`${sel} [data-control="sequence-submit"]`);
    expect(await page.$eval(`${sel} .control-message`, (m) => m.textContent)).toBe('');
    // Pressing under way (a shot mid-sequence), then back to idle when done.
    await expect.poll(() => readout(page, sel, 'ik-phase'), PATIENCE).not.toBe('idle');
    await page.locator(sel).screenshot({ path: shotPath('procedural-reach-pressing') });
    await page.waitForFunction(
      (s) => document.querySelector(`${s} [data-readout="ik-phase"]`)?.textContent === 'idle',
      sel,
      { timeout: 20_000 },
    );
    const ik = await readout(page, sel, 'ik-presses');
    expect([...ik.matchAll(/(\d) ✓/g)].map((m) => m[1])).toEqual(['3', '1', '4', '2']);
    // The baked arm pressed the same sequence but only its keyed button 1 counts.
    const baked = await readout(page, sel, 'baked-presses');
    expect([...baked.matchAll(/(\d) ([✓✗])/g)].map((m) => `${m[1]}${m[2]}`)).toEqual([
      '3✗',
      '1✓',
      '4✗',
      '2✗',
    ]);
    await page.locator(sel).screenshot({ path: shotPath('procedural-reach-done') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
