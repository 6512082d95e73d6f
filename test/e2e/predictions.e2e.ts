import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, shotPath, useBrowser } from './browser';
import { PATIENCE } from './figure';

const browser = useBrowser();

/** The first prediction of a lesson: its form, its right choice's index, and its choice count. */
async function firstPrediction(page: Page) {
  const form = page.locator('article form.predict').first();
  await form.waitFor();
  const right = Number(await form.getAttribute('data-right'));
  const count = await form.locator('input[type="radio"]').count();
  return { form, right, count };
}

describe('predictions: the student answers before the page reveals, and may think again', () => {
  for (const lesson of ['look-at', 'ccd', 'beyond-kinematics']) {
    it(`${lesson}: nothing picked, a wrong pick and a second try, the answer on request, the right pick, and the answer kept after a reload`, async () => {
      const { page, errors } = await openPage(browser(), `index.html#/${lesson}`);
      const { form, right, count } = await firstPrediction(page);
      expect(count).toBeGreaterThanOrEqual(2);
      const verdict = form.locator('.predict__verdict');
      const why = form.locator('.predict__why');
      await expect.poll(() => why.isHidden()).toBe(true);
      // Check with nothing picked: a nudge, no reveal.
      await form.locator('.predict__check').click();
      await expect.poll(() => verdict.textContent(), PATIENCE).toBe('Pick an answer first.');
      expect(await why.isHidden()).toBe(true);
      // A wrong answer: told so, but not shown the answer; offered a second try.
      const wrong = right === 0 ? 1 : 0;
      const tryAgain = form.locator('.predict__again');
      const reveal = form.locator('.predict__reveal');
      await expect.poll(() => tryAgain.isHidden()).toBe(true);
      await form.locator('input[type="radio"]').nth(wrong).check();
      await form.locator('.predict__check').click();
      await expect
        .poll(() => verdict.textContent(), PATIENCE)
        .toMatch(/^Not quite: that is not it/);
      expect(await why.isHidden()).toBe(true);
      expect(await form.locator('.predict__answer').count()).toBe(0);
      // Try again: the pick is cleared and the focus is back on the choices.
      await tryAgain.click();
      await expect.poll(() => verdict.textContent(), PATIENCE).toBe('Pick again, then check.');
      expect(await tryAgain.isHidden()).toBe(true);
      expect(await form.locator('input[type="radio"]:checked').count()).toBe(0);
      expect(await why.isHidden()).toBe(true);
      // Wrong again, then "Show the answer" by keyboard: Enter on the focused button.
      await form.locator('input[type="radio"]').nth(wrong).check();
      await form.locator('.predict__check').click();
      await expect.poll(() => reveal.isVisible(), PATIENCE).toBe(true);
      await reveal.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => verdict.textContent(), PATIENCE)
        .toMatch(/^Not quite\. The answer is: /);
      expect(await why.isVisible()).toBe(true);
      expect(await reveal.isHidden()).toBe(true);
      // The right answer, by keyboard: Space picks the focused radio, Enter submits the form.
      await form.locator('input[type="radio"]').nth(right).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('Enter');
      await expect.poll(() => verdict.textContent(), PATIENCE).toBe('Right.');
      await form.screenshot({ path: shotPath(`predict-${lesson}`) });
      // Kept with the lesson's progress: a reload shows the answer and its verdict.
      await page.reload();
      const again = await firstPrediction(page);
      await expect
        .poll(() => again.form.locator('.predict__verdict').textContent(), PATIENCE)
        .toBe('Right.');
      expect(await again.form.locator('input[type="radio"]').nth(right).isChecked()).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
