import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Adds one report's ratios to bench/results/ratios.json (one section per report, replaced on
 * each run), which `npm run bench:compare` checks against the committed bench/baseline.json.
 *
 * @param {string} name the section
 * @param {Record<string, number>} values
 */
export function saveRatios(name, values) {
  const file = join(here, 'results', 'ratios.json');
  mkdirSync(dirname(file), { recursive: true });
  let all = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // First run, or a file someone broke: start a new one.
  }
  all[name] = { measured: new Date().toISOString(), node: process.version, ratios: values };
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`\nRatios written to ${file} (section "${name}").`);
}
