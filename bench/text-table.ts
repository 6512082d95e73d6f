/** Plain-text tables: first column left-aligned, the rest right-aligned, two spaces apart. */
export function textTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export const fixed = (v: number, digits: number): string =>
  Number.isFinite(v) ? v.toFixed(digits) : '–';

/** µs with three significant-ish digits: 0.123, 1.23, 12.3, 123. */
export function micros(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (v < 1) return v.toFixed(3);
  if (v < 10) return v.toFixed(2);
  if (v < 100) return v.toFixed(1);
  return v.toFixed(0);
}
