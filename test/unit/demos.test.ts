import { describe, expect, it } from 'vitest';
import { defaultValues, parseParams } from '../../src/demos/params';
import { DEMOS } from '../../src/demos/registry';
import { loadedDemo } from './loaded-demos';
import { FakeControls, runDemo } from './fake-controls';

const run = runDemo;
const deg = (s: string | undefined) => Number(s!.replace('°', ''));

describe('every demo', () => {
  it.each(DEMOS.map((d) => d.id))(
    '%s starts from its defaults, runs 120 frames, and reports finite numbers',
    (id) => {
      const def = loadedDemo(id)!;
      const controls = new FakeControls();
      const demo = def.create({ controls }, defaultValues(def.params));
      for (let i = 0; i < 120; i++) demo.update(1 / 60);
      expect(controls.readouts.size).toBeGreaterThan(0);
      for (const [key, text] of controls.readouts) expect(text, key).not.toMatch(/NaN|Infinity/);
      // Its state written as parameters is accepted by its own schema (share links round-trip).
      const state = Object.fromEntries(
        Object.entries(demo.currentParams?.() ?? {}).map(([k, v]) => [k, String(v)]),
      );
      expect(parseParams(def.params, state).ok).toBe(true);
    },
  );
});

describe('look-at demo', () => {
  it('keeps the head on the target under all 16 flip combinations of body and neck', () => {
    for (let mask = 0; mask < 16; mask++) {
      const raw = {
        flipRootX: String(!!(mask & 1)),
        flipRootY: String(!!(mask & 2)),
        flipNeckX: String(!!(mask & 4)),
        flipNeckY: String(!!(mask & 8)),
        targetX: '-120',
        targetY: '140',
      };
      const { controls } = run('look-at', raw);
      expect(Math.abs(deg(controls.readouts.get('aim-error'))), JSON.stringify(raw)).toBeLessThan(
        0.05,
      );
    }
  });

  it('reports "limited" when the target is outside the allowed arc', () => {
    const { controls } = run('look-at', {
      constrained: 'true',
      min: '-10',
      max: '10',
      neck: '0',
      targetX: '-200',
      targetY: '100',
    });
    expect(controls.readouts.get('status')).toMatch(/^limited/);
    expect(Math.abs(deg(controls.readouts.get('aim-error')))).toBeGreaterThan(10);
  });
});

describe('atan2 demo', () => {
  it('shows the seed’s worked numbers: (25, 20) → 38.66°', () => {
    const { controls } = run('atan2-quadrants');
    expect(controls.readouts.get('relative')).toBe('(25.0, 20.0)');
    expect(controls.readouts.get('atan2')).toBe('38.66°');
    expect(controls.readouts.get('bone-angle')).toBe('38.66°');
  });

  it('with atan, a point to the left makes the bone look 180° the wrong way', () => {
    const { controls } = run('atan2-quadrants', { method: 'atan', pointX: '0', pointY: '-10' });
    expect(deg(controls.readouts.get('atan2'))).toBeCloseTo(-180 + 38.66, 1);
    expect(deg(controls.readouts.get('bone-angle'))).toBeCloseTo(38.66, 1);
  });
});

describe('negative-scale demo', () => {
  it('says a positive rotation turns counter-clockwise with one flip, clockwise with two', () => {
    const one = run('negative-scale', { flipX: 'true', flipY: 'false' }).controls;
    expect(one.readouts.get('turn')).toMatch(/counter-clockwise/);
    expect(one.readouts.get('readback')).toBe('rotation 180.0°, scale (1.00, -1.00)');
    const two = run('negative-scale', { flipX: 'true', flipY: 'true' }).controls;
    expect(two.readouts.get('turn')).toMatch(/^clockwise/);
  });
});

describe('forward-kinematics demo', () => {
  it('the hand’s global rotation is the sum of the three local ones', () => {
    const { demo, controls } = run('forward-kinematics', { upper: '10', fore: '20', hand: '30' });
    expect(controls.readouts.get('global-Hand')).toBe('60.0°');
    controls.act('upper', -50);
    demo.update(1 / 60);
    expect(controls.readouts.get('global-Hand')).toBe('0.0°');
  });
});
