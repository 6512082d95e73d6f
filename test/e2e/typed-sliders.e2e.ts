import { describe, expect, it } from 'vitest';
import { openLessonDemo, readout, shotPath, useBrowser } from './browser';
import { PATIENCE } from './figure';

const browser = useBrowser();

describe("a slider's value can be typed", () => {
  it('an exact value off the slider’s steps reaches the demo; a bad one is refused with a message', async () => {
    const { page, errors, sel } = await openLessonDemo(browser(), 'beyond-kinematics', 'pd-joint');
    const box = page.locator(`${sel} input[data-typed="inertia"]`);
    // 0.37 is between the slider's steps of 0.05. Analytic gains: k_s = m / (t̂/n)² = 89.6.
    await box.fill('0.37');
    await box.press('Enter');
    await expect.poll(() => readout(page, sel, 'gains-now'), PATIENCE).toMatch(/^k_s = 89\.6 /);
    expect(await page.locator(`${sel} input[data-control="inertia"]`).inputValue()).toBe('0.35');
    // Out of range: refused, said why, and the demo keeps its value.
    await box.fill('7');
    await box.press('Enter');
    const slider = page.locator(`${sel} .control--slider:has(input[data-control="inertia"])`);
    const message = slider.locator('.control__message');
    await expect
      .poll(() => message.textContent(), PATIENCE)
      .toBe('m (moment of inertia): type a number from 0.05 to 2, not “7”.');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await readout(page, sel, 'gains-now')).toMatch(/^k_s = 89\.6 /);
    await slider.screenshot({ path: shotPath('typed-slider') });
    // Moving the slider again clears the message and shows its value.
    await page.locator(`${sel} input[data-control="inertia"]`).fill('1');
    await expect.poll(() => box.inputValue(), PATIENCE).toBe('1');
    expect(await message.textContent()).toBe('');
    expect(errors).toEqual([]);
  });

  it('a tolerance slider is logarithmic: its middle is 1 on a range of 0.01 to 40', async () => {
    const { page, errors, sel } = await openLessonDemo(browser(), 'ccd', 'ccd');
    const range = page.locator(`${sel} input[data-control="tolerance"]`).first();
    const typed = page.locator(`${sel} input[data-typed="tolerance"]`).first();
    expect(await range.getAttribute('data-scale')).toBe('log');
    // The slider's own coordinate is log10 of the value: 0 is 1, −1.3 is 0.05.
    for (const [at, value] of [
      ['0', '1'],
      ['-1.3', '0.05'],
      [String(Math.log10(40)), '40'],
    ] as const) {
      await range.evaluate((el, v) => {
        (el as HTMLInputElement).value = v;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, at);
      await expect.poll(() => typed.inputValue(), PATIENCE).toBe(value);
    }
    // A typed value puts the slider where its logarithm is.
    await typed.fill('0.1');
    await typed.press('Enter');
    await expect.poll(async () => Number(await range.inputValue()), PATIENCE).toBeCloseTo(-1, 6);
    expect(errors).toEqual([]);
  });
});
