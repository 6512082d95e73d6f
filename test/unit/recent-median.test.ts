import { describe, expect, it } from 'vitest';
import { RecentMedian } from '../../src/math/recent-median';

describe('RecentMedian, the live timing readouts', () => {
  it('forgets a cold start once half the window is past it, and ignores a spike', () => {
    const m = new RecentMedian(60);
    // Ten JIT-cold frames of 40 ms, then frames of 2 ms with one 30-ms garbage collection.
    for (let i = 0; i < 10; i++) m.add(40);
    expect(m.value).toBe(40);
    for (let i = 0; i < 25; i++) m.add(2);
    // 35 frames seen, 25 of them quick: already the quick frames' figure.
    expect(m.value).toBe(2);
    m.add(30);
    expect(m.value).toBe(2);
    // An exponential mean over ~20 frames (the old readout) still said more than twice that.
    let mean = 40;
    for (let i = 0; i < 25; i++) mean += (2 - mean) * 0.05;
    expect(mean).toBeGreaterThan(10);
  });

  it('is the median of only the last values, skipping non-finite ones', () => {
    const m = new RecentMedian(4);
    expect(m.value).toBe(0);
    for (const v of [1, 2, 3, 100, NaN, Infinity, 5]) m.add(v);
    // The last four finite values: 2, 3, 100, 5.
    expect(m.value).toBe(4);
  });

  it('forgets everything on clear: a new crowd is not measured with the old one', () => {
    const m = new RecentMedian(5);
    for (const v of [40, 41, 42, 43, 44]) m.add(v);
    m.clear();
    expect(m.value).toBe(0);
    expect(m.add(5)).toBe(5);
    expect(m.add(7)).toBe(6);
  });
});
