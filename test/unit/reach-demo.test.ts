import { describe, expect, it } from 'vitest';
import { defaultValues } from '../../src/demos/params';
import { loadedDemo } from './loaded-demos';
import { FakeControls } from './fake-controls';

function create(overrides: Record<string, unknown> = {}) {
  const def = loadedDemo('reach-sequence')!;
  const controls = new FakeControls();
  const demo = def.create({ controls }, { ...defaultValues(def.params), ...overrides } as never);
  return { demo, controls };
}
const runUntilIdle = (demo: { update(dt: number): void }, c: FakeControls) => {
  for (let i = 0; i < 60 * 20; i++) {
    demo.update(1 / 60);
    if (i > 2 && c.readouts.get('ik-phase') === 'idle') return;
  }
};
const buttons = (text: string) => [...text.matchAll(/(\d+) [✓✗]/g)].map((m) => Number(m[1]));

describe('reach-sequence demo', () => {
  it('presses the typed buttons in order; the IK arm hits them all', () => {
    const { demo, controls } = create();
    controls.act('sequence', '4 2 3 1');
    expect(controls.messages.get('sequence')).toBe('');
    runUntilIdle(demo, controls);
    const ik = controls.readouts.get('ik-presses')!;
    expect(buttons(ik)).toEqual([4, 2, 3, 1]);
    expect(ik).not.toMatch(/✗/);
    expect(buttons(controls.readouts.get('baked-presses')!)).toEqual([4, 2, 3, 1]);
  });

  it('says what was wrong with a bad sequence and presses nothing', () => {
    const { demo, controls } = create();
    controls.act('sequence', '1 5');
    expect(controls.messages.get('sequence')).toMatch(
      /"5" is not a button: this panel has buttons 1 to 4/,
    );
    demo.update(1 / 60);
    expect(controls.readouts.get('ik-phase')).toBe('idle');
    expect(controls.readouts.get('ik-presses')).toBe('—');
  });

  it('refuses a second sequence while the first runs', () => {
    const { demo, controls } = create();
    controls.act('sequence', '1');
    demo.update(1 / 60);
    controls.act('sequence', '2');
    expect(controls.messages.get('sequence')).toMatch(/still pressing/);
  });

  it('with the character moved the baked arm misses; the IK arm still hits', () => {
    const { demo, controls } = create({ characterX: 40 });
    controls.act('sequence', '1');
    runUntilIdle(demo, controls);
    expect(controls.readouts.get('ik-presses')).toMatch(/^1 ✓/);
    expect(controls.readouts.get('baked-presses')).toMatch(/^1 ✗ \(40\.0\)/);
  });
});
