import { describe, expect, it } from 'vitest';
import { runDemo } from './fake-controls';

/** Every sub-step text of one solve, stepping from the start. */
function stepTexts(
  demo: ReturnType<typeof runDemo>['demo'],
  controls: ReturnType<typeof runDemo>['controls'],
) {
  const texts: string[] = [];
  for (let k = 0; k < 400; k++) {
    controls.act('step');
    demo.update(1 / 60);
    const t = controls.readouts.get('step-what')!;
    if (texts.at(-1) === t) break;
    texts.push(t);
  }
  return texts;
}

describe('with joint limits, the words say what the limits did', () => {
  it('CCD, ±25°, target lower left: a clamped joint is "held at its limit", not "lined up"', () => {
    const { demo, controls } = runDemo('ccd', {
      limits: 'true',
      limit: '25',
      targetX: '-300',
      targetY: '150',
    });
    const texts = stepTexts(demo, controls);
    expect(texts.some((t) => /held at its limit|stops at its limit/.test(t))).toBe(true);
    // "Lined up" only where the formula really asked for no turn.
    for (const t of texts.filter((t) => /already lined up/.test(t))) expect(t).not.toMatch(/limit/);
  });

  it('CCD and FABRIK out of reach with limits: the status names the limits, not the straight chain', () => {
    for (const id of ['ccd', 'fabrik']) {
      const { demo, controls } = runDemo(id, {
        limits: 'true',
        limit: '20',
        targetX: '-366',
        targetY: '-81',
      });
      demo.update(1 / 60);
      const status = controls.readouts.get('status')!;
      expect(status, id).toMatch(
        /^out of reach, and the joint limits keep the chain from straightening/,
      );
      // The chain is not straight: the tip is farther than reach minus the target's distance.
      const tipToTarget = Number(/ ([\d.]+) from the target/.exec(status)![1]);
      expect(tipToTarget, id).toBeGreaterThan(0);
    }
    // Without limits it is the closed form, with no iteration.
    const { demo, controls } = runDemo('ccd', { targetX: '-366', targetY: '-81' });
    demo.update(1 / 60);
    expect(controls.readouts.get('status')).toMatch(
      /^out of reach: the straight chain points at the target/,
    );
  });
});
