import { describe, expect, it } from 'vitest';
import { openPage, shotPath, useBrowser } from './browser';
import { PATIENCE } from './figure';

const browser = useBrowser();

describe('checked challenges', () => {
  it('lesson 15: a typed answer is checked, and a solved challenge stays solved after a reload', async () => {
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
});
