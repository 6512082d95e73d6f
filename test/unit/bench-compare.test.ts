import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript, so `npm run bench:compare` needs no build step
import { compareRatios, comparisonText } from '../../bench/compare-ratios.mjs';

const section = (ratios: Record<string, number>) => ({ solvers: { ratios } });

describe('bench ratio comparison', () => {
  it('passes ratios within 25% of the baseline and fails one 26% worse', () => {
    const base = section({ a: 2, b: 1.5 });
    const ok = compareRatios(section({ a: 2.5, b: 1.2 }), base);
    expect(ok.failed).toEqual([]);
    const bad = compareRatios(section({ a: 2.52, b: 1.5 }), base);
    expect(bad.failed.map((r: { name: string }) => r.name)).toEqual(['a']);
    expect(comparisonText(bad)).toMatch(/WORSE\s+solvers: a: 2.00 → 2.52 \(×1.26\)/);
  });

  it('fails a ratio the run lost, and marks a much better one', () => {
    const result = compareRatios(section({ b: 0.5 }), section({ a: 2, b: 1 }));
    expect(result.failed.map((r: { verdict: string }) => r.verdict)).toEqual(['missing']);
    expect(result.rows.find((r: { name: string }) => r.name === 'b').verdict).toBe('better');
    expect(comparisonText(result)).toMatch(/1 of 2 ratios/);
  });
});
