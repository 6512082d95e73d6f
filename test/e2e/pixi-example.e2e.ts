import type { Page } from 'playwright-core';
import type { Application } from 'pixi.js';
import type { CCDIK2D } from '../../src/ik/ccd-ik-2d.ts';
import type { IKRig } from '../../src/render/game/ik-rig.ts';
import type { Bone2D } from '../../src/scene/bone2d.ts';
import type { Marker2D } from '../../src/scene/marker2d.ts';
import { describe, expect, it } from 'vitest';
import { recordErrors, url, useBrowser } from './browser';

/**
 * examples/pixi-arm: a game's own PixiJS sprites driven by `ik-course/pixi`. Checked from the
 * outside: the pointer, a touch and the keys move the target; the hand's tip, worked out here
 * from each node's own position, rotation and scale (not from the tree's cached transforms),
 * reaches a reachable target; every sprite's world matrix is the rig's times its node's, facing
 * either way (a mirror: determinant < 0); the debug overlay draws, in its colour, only when on.
 */
const browser = useBrowser();

/** What the example page puts on `window.example` (types only: the code runs in the page). */
interface Example {
  app: Application;
  rig: IKRig;
  target: Marker2D;
  armIK: CCDIK2D;
  hand: Bone2D;
  upperArm: Bone2D;
}
const PAGE = 'examples/pixi-arm/index.html?renderer=canvas';

interface Facts {
  target: { x: number; y: number };
  tip: { x: number; y: number };
  /** Worst |sprite world matrix − rig world × node global| over the attached views. */
  worstMismatch: number;
  /** Determinant sign of each attached view's world matrix. */
  signs: number[];
  status: string;
}

/** What the page shows, measured with this test's own forward kinematics. */
function facts(page: Page): Promise<Facts> {
  return page.evaluate(() => {
    type M = [number, number, number, number, number, number];
    const mul = (p: M, q: M): M => [
      p[0] * q[0] + p[2] * q[1],
      p[1] * q[0] + p[3] * q[1],
      p[0] * q[2] + p[2] * q[3],
      p[1] * q[2] + p[3] * q[3],
      p[0] * q[4] + p[2] * q[5] + p[4],
      p[1] * q[4] + p[3] * q[5] + p[5],
    ];
    interface N {
      position: { x: number; y: number };
      rotation: number;
      scale: { x: number; y: number };
      parent: N | null;
      length?: number;
    }
    const local = (n: N): M => {
      const c = Math.cos(n.rotation);
      const s = Math.sin(n.rotation);
      return [
        c * n.scale.x,
        s * n.scale.x,
        -s * n.scale.y,
        c * n.scale.y,
        n.position.x,
        n.position.y,
      ];
    };
    const global = (n: N): M =>
      n.parent && 'rotation' in n.parent ? mul(global(n.parent), local(n)) : local(n);
    const ex = (window as unknown as { example: Example }).example;
    const hand = global(ex.hand as unknown as N);
    const L = ex.hand.length;
    const rig = ex.rig;
    const r = rig.worldTransform;
    const rm: M = [r.a, r.b, r.c, r.d, r.tx, r.ty];
    let worst = 0;
    const signs: number[] = [];
    for (const view of rig.children[0]!.children) {
      const node = rig.nodeOf(view) as unknown as N;
      const want = mul(rm, global(node));
      const w = view.worldTransform;
      const got = [w.a, w.b, w.c, w.d, w.tx, w.ty];
      for (let i = 0; i < 6; i++)
        worst = Math.max(worst, Math.abs(got[i]! - want[i]!) / (i < 4 ? 1 : 100));
      signs.push(Math.sign(w.a * w.d - w.b * w.c));
    }
    const t = global(ex.target as unknown as N);
    return {
      target: { x: t[4], y: t[5] },
      tip: { x: hand[0] * L + hand[4], y: hand[1] * L + hand[5] },
      worstMismatch: worst,
      signs,
      status: document.getElementById('status')!.textContent ?? '',
    };
  });
}

/** Page coordinates of a point of the tree's space (through the rig and the canvas's box). */
async function onScreen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([x, y]) => {
      const ex = (window as unknown as { example: Example }).example;
      const p = ex.rig.toGlobal({ x, y });
      const box = ex.app.canvas.getBoundingClientRect();
      return {
        x: box.left + (p.x * box.width) / ex.app.screen.width,
        y: box.top + (p.y * box.height) / ex.app.screen.height,
      };
    },
    [x, y] as const,
  );
}

/** The shoulder's global position: reachable targets are within the arm's length of it. */
const shoulder = (page: Page) =>
  page.evaluate(() => {
    const ex = (window as unknown as { example: Example }).example;
    const g = ex.upperArm.globalTransform;
    return { x: g.tx as number, y: g.ty as number };
  });

/** Count of canvas pixels near the overlay's bone colour (#38bdf8). */
const overlayPixels = (page: Page) =>
  page.evaluate(() => {
    const ex = (window as unknown as { example: Example }).example;
    const src = ex.app.canvas as HTMLCanvasElement;
    const c = document.createElement('canvas');
    c.width = src.width;
    c.height = src.height;
    const g = c.getContext('2d')!;
    g.drawImage(src, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4)
      if (
        Math.abs(d[i]! - 0x38) < 24 &&
        Math.abs(d[i + 1]! - 0xbd) < 24 &&
        Math.abs(d[i + 2]! - 0xf8) < 24
      )
        n++;
    return n;
  });

async function expectReached(page: Page, aim: { x: number; y: number }): Promise<Facts> {
  await page.waitForFunction(
    ([x, y]) => {
      const ex = (window as unknown as { example: Example }).example;
      const t = ex.target.globalTransform;
      return Math.hypot(t.tx - x, t.ty - y) < 2 && ex.armIK.status.reached;
    },
    [aim.x, aim.y] as const,
  );
  const f = await facts(page);
  expect(Math.hypot(f.target.x - aim.x, f.target.y - aim.y)).toBeLessThan(2);
  // The node's tolerance is 0.5 units: the tip, by this test's own kinematics, is that close.
  expect(Math.hypot(f.tip.x - f.target.x, f.tip.y - f.target.y)).toBeLessThan(0.5 + 1e-6);
  expect(f.worstMismatch).toBeLessThan(1e-9);
  expect(f.status).toMatch(/reaches the target/);
  return f;
}

describe('ik-course/pixi example: a sprite character reaching for the pointer', () => {
  it('follows the mouse and the keys, facing either way, with the debug overlay on demand', async () => {
    const page = await browser().newPage({ viewport: { width: 1000, height: 800 } });
    const errors = recordErrors(page);
    await page.goto(url(PAGE));
    await page.waitForFunction(() => document.body.dataset.ready === 'true');

    // In front, up and out: 120 units from the shoulder (the arm is 80 + 70 + 24).
    const s = await shoulder(page);
    const front = { x: s.x + 96, y: s.y - 72 };
    const p = await onScreen(page, front.x, front.y);
    await page.mouse.move(p.x, p.y);
    const f = await expectReached(page, front);
    expect(f.signs.every((x) => x === 1)).toBe(true);

    // Out of reach: the status says so, and by how much (measured here).
    const far = await onScreen(page, s.x + 260, s.y);
    await page.mouse.move(far.x, far.y);
    await page.waitForFunction(() =>
      /Out of reach/.test(document.getElementById('status')!.textContent ?? ''),
    );
    const short = await facts(page);
    const said = Number(/stops (\d+) px short/.exec(short.status)![1]);
    expect(
      Math.abs(said - Math.hypot(short.tip.x - short.target.x, short.tip.y - short.target.y)),
    ).toBeLessThan(1);

    // Facing left is a mirror of the character: every sprite flips, and still sits on its bone.
    expect(await overlayPixels(page)).toBe(0);
    await page.keyboard.press('f');
    await page.keyboard.press('d');
    await expect.poll(() => page.getByRole('button', { name: /Face right/ }).count()).toBe(1);
    const s2 = await shoulder(page);
    const behind = { x: s2.x - 96, y: s2.y - 72 };
    const q = await onScreen(page, behind.x, behind.y);
    await page.mouse.move(q.x, q.y);
    const g = await expectReached(page, behind);
    expect(g.signs.every((x) => x === -1)).toBe(true);
    await expect.poll(() => overlayPixels(page)).toBeGreaterThan(50);
    expect(await page.getAttribute('#debug', 'aria-pressed')).toBe('true');

    // The arrow keys move the target from the focused picture: 3 × 10 units right.
    await page.focus('#stage');
    const before = (await facts(page)).target;
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await facts(page)).target.x - before.x).toBeCloseTo(30, 6);

    // Debug off again: no overlay pixel left.
    await page.keyboard.press('d');
    await expect.poll(() => overlayPixels(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a touch moves the target on a phone', async () => {
    const context = await browser().newContext({
      viewport: { width: 390, height: 760 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    const errors = recordErrors(page);
    await page.goto(url(PAGE));
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    const s = await shoulder(page);
    const aim = { x: s.x + 60, y: s.y + 80 };
    const p = await onScreen(page, aim.x, aim.y);
    await page.touchscreen.tap(p.x, p.y);
    // A tap lands on a whole CSS pixel: within 2 units of the aim.
    await expectReached(page, aim);
    expect(errors).toEqual([]);
    await context.close();
  });
});
