import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { captureBvh } from '../../src/walk3d/authoring/capture-text';
import { readout, recordErrors, shotPath, url, useBrowser } from './browser';
import { frames, PATIENCE } from './figure';

const browser = useBrowser();

const numbers = async (page: Page, sel: string, id: string) =>
  (await readout(page, sel, id)).match(/-?\d+(\.\d+)?/g)!.map(Number);

describe('a motion capture in lesson 15 (issue 19)', () => {
  it('a 120 fps start–walk–stop capture is read at 30 fps, cut to its cycle, and walks flat ground with both feet within 0.2 of it (4 cm at this size)', async () => {
    // The page's clock is the test's: frames come every 1/60 s of its time however busy the
    // machine is, so the walk (and what it measures) is the same on any machine.
    const page = await browser().newPage({ viewport: { width: 1280, height: 1000 } });
    const errors = recordErrors(page);
    await page.clock.install();
    await page.goto(url('index.html#/walking-on-any-terrain'));
    const sel = 'article .demo[data-demo="ik-walk"]';
    await page.waitForSelector(sel, PATIENCE);
    await page.$eval(sel, (d) => d.scrollIntoView({ block: 'start' }));
    await page.clock.runFor(500);
    await page.waitForSelector(`${sel}[data-state="running"]`, PATIENCE);
    await page.selectOption(`${sel} [data-control="terrain"]`, 'flat');
    await page.setInputFiles(`${sel} input[type="file"]`, {
      name: 'subject-120fps.bvh',
      mimeType: 'text/plain',
      buffer: Buffer.from(captureBvh()),
    });
    const message = page.locator(`${sel} .control--file .control-message`);
    await expect
      .poll(() => message.textContent(), PATIENCE)
      .toMatch(/^Loaded subject-120fps\.bvh: 28 joints, 948 frames at 120 fps\. Resampled/);
    const text = (await message.textContent())!;
    expect(text).toMatch(/Walk cycle found: frames 103–136, a 1\.10 s cycle/);
    expect(text).toMatch(/Idle: the standing frames 0–38/);
    expect(text).toMatch(/Legs found by name: CMU-style/);
    // Loading cleared the last 5 s of the old clip: walk 7 s, so that window holds only the
    // new clip's steady walk, then watch it for 5 s more.
    await page.clock.runFor(7000);
    let sunk = 0;
    let below = 0;
    for (let k = 0; k < 10; k++) {
      await page.clock.runFor(500);
      const [s, b] = await numbers(page, sel, 'worst');
      sunk = Math.max(sunk, s!);
      below = Math.max(below, b!);
    }
    // The issue saw planted feet 1.7 to 2.0 in the ground here, on flat ground. (Swinging, the
    // ankle dips below its lowest planted height by about the capture's noise.)
    expect(sunk).toBeLessThan(0.2);
    expect(below).toBeLessThan(0.2);
    const y = (await numbers(page, sel, 'position'))[1]!;
    expect(y).toBeGreaterThan(30);
    expect(await readout(page, sel, 'feet')).toMatch(
      /^left (planted|swing) -?\d\.\d\d · right (planted|swing) -?\d\.\d\d$/,
    );
    await page.locator(sel).screenshot({ path: shotPath('capture-walk-lesson15') });
    console.log(`capture on flat ground, last 5 s: planted sunk ${sunk}, swing below ${below}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a 50 MB capture (issue 19: a 46–69 MB file froze the tab for 3–7 s)', () => {
  it('is read in a worker: a progress bar with Stop shows, Stop leaves the old clip walking, and a full read keeps the figure drawing (no frame held for a second, where the page’s own thread froze for 3–7 s)', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 1000 } });
    const errors = recordErrors(page);
    await page.goto(url('index.html#/walking-on-any-terrain'));
    const sel = 'article .demo[data-demo="ik-walk"]';
    await page.waitForSelector(`${sel}[data-state="running"]`, PATIENCE);
    await page.$eval(sel, (d) => d.scrollIntoView({ block: 'start' }));
    // A real walk, 700 cycles long: about 50 MB of BVH. It is handed to the page in pieces
    // before the measuring starts (Playwright's own file upload would block the page itself).
    const text = captureBvh({ cycles: 700 });
    expect(text.length).toBeGreaterThan(48e6);
    await page.evaluate(() => ((window as unknown as { parts: string[] }).parts = []));
    for (let i = 0; i < text.length; i += 4e6) {
      const part = text.slice(i, i + 4e6);
      await page.evaluate((p) => (window as unknown as { parts: string[] }).parts.push(p), part);
    }
    // The file is made once, before any measuring (copying 50 MB into it takes a while).
    await page.evaluate(() => {
      const w = window as unknown as { parts: string[]; file: File };
      w.file = new File(w.parts, 'long-walk.bvh', { type: 'text/plain' });
    });
    await frames(page, 3);
    const choose = () =>
      page.$eval(`${sel} input[type="file"]`, (input) => {
        const w = window as unknown as {
          file: File;
          longest: number;
          frames: number;
          loop: number;
        };
        const dt = new DataTransfer();
        dt.items.add(w.file);
        (input as HTMLInputElement).files = dt.files;
        // From here on, the longest gap between two frames the page drew (one loop: a second
        // read stops the first read's).
        w.longest = 0;
        w.frames = 0;
        const loop = (w.loop = (w.loop ?? 0) + 1);
        // From the first frame after this call: the frame this test's own call runs in (handing
        // the page a 50 MB file) is the harness's, not the page's.
        let last = -1;
        const tick = (t: number) => {
          if (w.loop !== loop) return;
          if (last >= 0) w.longest = Math.max(w.longest, t - last);
          w.frames++;
          last = t;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        input.dispatchEvent(new Event('change'));
      });
    const message = page.locator(`${sel} .control--file .control-message`);
    const bar = page.locator(`${sel} .control-progress`);

    // First: started, then stopped. The bar shows at once and Stop is pressed after one
    // screenshot (a tenth of a second), while the worker is still reading 50 MB (3 s here).
    await choose();
    await expect.poll(() => bar.textContent(), PATIENCE).toMatch(/^Reading long-walk\.bvh: /);
    // The picture of the bar is taken on this read, not the measured one: taking a screenshot
    // holds the page's frames (117 ms here, over 200 ms with the machine busy), the harness's
    // time, not the page's.
    await page.locator(sel).screenshot({ path: shotPath('capture-walk-50mb-progress') });
    const before = await readout(page, sel, 'position');
    await bar.getByRole('button', { name: 'Stop' }).click();
    await expect
      .poll(() => message.textContent(), PATIENCE)
      .toBe('long-walk.bvh was not loaded: you stopped it. The walker keeps its clip.');
    expect(await bar.count()).toBe(0);
    await expect.poll(() => readout(page, sel, 'position'), PATIENCE).not.toBe(before);

    // Then read to the end.
    await choose();
    await expect.poll(() => bar.textContent(), PATIENCE).toMatch(/Reading long-walk\.bvh/);
    await expect
      .poll(() => message.textContent(), { timeout: 120_000 })
      .toMatch(/^Loaded long-walk\.bvh: 28 joints, \d+ frames at 120 fps\. Resampled/);
    const { longest, drawn } = await page.evaluate(() => {
      const w = window as unknown as { longest: number; frames: number };
      return { longest: w.longest, drawn: w.frames };
    });
    console.log(
      `50 MB capture read in a worker: ${drawn} frames drawn meanwhile, longest ${longest.toFixed(0)} ms`,
    );
    expect(drawn).toBeGreaterThan(10);
    // Read on the page's own thread, the capture froze it for 3–7 s (issue 19); read in the
    // worker, the longest frame is about 120 ms on a quiet machine and reached 200 ms with both
    // cores busy. A second tells the two apart on any machine this runs on.
    expect(longest).toBeLessThan(1000);
    expect(errors).toEqual([]);
    await page.close();
    // Two 50 MB reads, each up to 120 s on a machine whose cores are busy elsewhere (CI ran it
    // past the default 60 s with both cores loaded).
  }, 300_000);
});
