import { describe, expect, it } from 'vitest';
import { openLessonDemo, openPage, readout, shotPath, useBrowser } from './browser';
import { PATIENCE } from './figure';

const browser = useBrowser();

describe('checked challenges', () => {
  it('lesson 16: a typed answer is checked, and a solved challenge stays solved after a reload', async () => {
    const { page, errors } = await openPage(browser(), 'index.html#/beyond-kinematics');
    const box = page.locator('article form.challenge').first();
    await box.waitFor();
    const status = box.locator('.challenge__status');
    const input = box.locator('input');
    await box.locator('button').click();
    await expect.poll(() => status.textContent(), PATIENCE).toBe('Type a number first.');
    // A near miss: 11.1 is not within ±0.05 of 2√(0.5·60) = 10.95.
    await input.fill('11.1');
    await input.press('Enter');
    await expect.poll(() => status.textContent(), PATIENCE).toMatch(/^Not yet: 11\.1 is not it/);
    // The wrong answer brings the challenge's hint, in the same status line.
    expect(await status.textContent()).toMatch(/is not it\. Hint: \S/);
    await input.fill('10,95');
    await box.locator('button').click();
    await expect.poll(() => status.textContent(), PATIENCE).toBe('Solved! Well done.');
    await box.screenshot({ path: shotPath('challenge-answer') });
    await page.reload();
    const again = page.locator('article form.challenge').first();
    await expect
      .poll(() => again.locator('.challenge__status').textContent(), PATIENCE)
      .toBe('Solved.');
    expect(await again.getAttribute('class')).toContain('challenge--solved');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 3: drag the target until the elbow is a right angle; solved, and still solved after a reload', async () => {
    const { page, errors, sel } = await openLessonDemo(browser(), 'two-bone-ik', 'two-bone-ik');
    const box = page.locator('article .challenge[data-kind="readout"]').first();
    const status = box.locator('.challenge__status');
    expect(await status.textContent()).toMatch(/^Not solved yet/);
    // Scene → page: the figure fits its 800 × 600 world rect; the target starts at (150, 90)
    // and the shoulder sits at (−90, 20) (the demo's defaults).
    const canvas = (await page.locator(`${sel} .demo-canvas`).first().boundingBox())!;
    const s = Math.min(canvas.width / 800, canvas.height / 600);
    const handle = (await page
      .locator(`${sel} .ik-handle[aria-label^="Target "]`)
      .first()
      .boundingBox())!;
    const t = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    const shoulder = { x: t.x + s * (-90 - 150), y: t.y + s * (20 - 90) };
    const d = Math.hypot(t.x - shoulder.x, t.y - shoulder.y);
    const at = (k: number) => ({
      x: shoulder.x + ((t.x - shoulder.x) * k) / d,
      y: shoulder.y + ((t.y - shoulder.y) * k) / d,
    });
    // β = 90° where d² = 160² + 130²: drag there along the line from the shoulder.
    const right = Math.hypot(160, 130) * s;
    await page.mouse.move(t.x, t.y);
    await page.mouse.down();
    await page.mouse.move(at(right).x, at(right).y, { steps: 12 });
    // Fine-tune by half pixels, as a student would, until the readout says 90°.
    let k = right;
    for (let i = 0; i < 20; i++) {
      const beta = parseFloat(await readout(page, sel, 'beta'));
      if (Math.abs(beta - 90) < 0.4) break;
      k += beta > 90 ? -0.5 : 0.5;
      await page.mouse.move(at(k).x, at(k).y);
    }
    await page.mouse.up();
    await expect.poll(() => status.textContent(), PATIENCE).toBe('Solved! Well done.');
    await box.screenshot({ path: shotPath('challenge-drag') });
    await page.reload();
    await expect
      .poll(
        () =>
          page
            .locator('article .challenge[data-kind="readout"]')
            .first()
            .locator('.challenge__status')
            .textContent(),
        PATIENCE,
      )
      .toBe('Solved.');
    expect(errors).toEqual([]);
    await page.close();
  });
});
