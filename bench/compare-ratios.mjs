/**
 * Compares a bench run's ratios with a baseline: a ratio more than `slack` worse (higher: every
 * ratio the reports save is "ours ÷ a reference", so lower is better) is a regression. Plain
 * JavaScript so `npm run bench:compare` runs in Node without a build step.
 *
 * @param {Record<string, {ratios: Record<string, number>}>} run
 * @param {Record<string, {ratios: Record<string, number>}>} baseline
 * @param {number} slack 0.25 allows a ratio up to 1.25 × its baseline
 */
export function compareRatios(run, baseline, slack = 0.25) {
  const rows = [];
  for (const [section, base] of Object.entries(baseline)) {
    for (const [name, was] of Object.entries(base.ratios ?? {})) {
      const now = run[section]?.ratios?.[name];
      if (typeof now !== 'number' || !Number.isFinite(now)) {
        rows.push({ section, name, was, now: null, change: null, verdict: 'missing' });
        continue;
      }
      const change = now / was;
      const verdict = change > 1 + slack ? 'worse' : change < 1 / (1 + slack) ? 'better' : 'same';
      rows.push({ section, name, was, now, change, verdict });
    }
  }
  const failed = rows.filter((r) => r.verdict === 'worse' || r.verdict === 'missing');
  return { rows, failed };
}

/** The comparison as text, a line per ratio, regressions marked. */
export function comparisonText({ rows, failed }, slack = 0.25) {
  const fmt = (v) => (v === null ? '–' : v.toFixed(2));
  const lines = rows.map(
    (r) =>
      `${r.verdict === 'worse' ? 'WORSE  ' : r.verdict === 'missing' ? 'MISSING' : r.verdict === 'better' ? 'better ' : '       '} ${r.section}: ${r.name}: ${fmt(r.was)} → ${fmt(r.now)}${r.change === null ? '' : ` (×${r.change.toFixed(2)})`}`,
  );
  lines.push(
    failed.length === 0
      ? `\nNo ratio more than ${Math.round(slack * 100)}% worse than the baseline (${rows.length} compared).`
      : `\n${failed.length} of ${rows.length} ratios are more than ${Math.round(slack * 100)}% worse than the baseline, or missing.`,
  );
  return lines.join('\n');
}
