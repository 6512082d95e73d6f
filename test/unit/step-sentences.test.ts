import { describe, expect, it } from 'vitest';
import { STEP_SENTENCES } from '../../src/demos/step-sentences';
import { runDemo } from './fake-controls';

describe('the step bar’s sentences', () => {
  it('say what the sub-step on show did, naming the bone, once loaded', () => {
    const { demo, controls } = runDemo('ccd');
    controls.act('step');
    controls.act('step');
    demo.update(1 / 60);
    const what = controls.readouts.get('step-what')!;
    // CCD's first sub-step turns the tip-most bone: a "turn" sentence with its name.
    expect(what).toMatch(/^Iteration 1: Bone5 turns -?\d+\.\d° so the tip lies on the line/);
    expect(what).toContain('from the target');
  });

  it('every sentence a sub-step can need is there', () => {
    for (const key of ['stretch', 'fold', 'aim', 'turn', 'forward', 'backward', 'pole', 'done'])
      expect(STEP_SENTENCES).toHaveProperty(key);
  });
});
