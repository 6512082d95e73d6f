import { describe, expect, it } from 'vitest';
import { RecentMax } from '../../src/demos/shared/recent-max';

describe('RecentMax', () => {
  for (const hz of [30, 60, 144])
    it(`keeps a value for the window's seconds at ${hz} frames a second, then forgets it`, () => {
      const m = new RecentMax(5);
      m.add(2, 1 / hz);
      for (let t = 0; t < 4.8; t += 1 / hz) m.add(0.5, 1 / hz);
      expect(m.value).toBe(2);
      for (let t = 0; t < 0.4; t += 1 / hz) m.add(0.5, 1 / hz);
      expect(m.value).toBe(0.5);
    });

  it('ignores values and steps that are not numbers, and a long pause empties it', () => {
    const m = new RecentMax(5);
    m.add(NaN, 0.01);
    m.add(3, NaN);
    expect(m.value).toBe(3);
    m.add(1, 1e9);
    expect(m.value).toBe(1);
    m.clear();
    expect(m.value).toBe(0);
  });
});
