/** Order statistics over a handful of samples (nearest rank; small n, so no interpolation). */
export function percentile(values: ArrayLike<number>, p: number): number {
  const sorted = Array.from(values).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export const median = (values: ArrayLike<number>): number => percentile(values, 50);

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return values.length ? sum / values.length : NaN;
}

/** Per-round ratios a[r] / b[r] of two interleaved contestants: pairs share a round's noise. */
export function pairedRatios(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let r = 0; r < Math.min(a.length, b.length); r++) out.push(a[r]! / b[r]!);
  return out;
}
