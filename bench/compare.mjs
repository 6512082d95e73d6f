// `npm run bench:compare [run.json] [baseline.json]`: checks the ratios the last `npm run bench`
// saved against the committed baseline and exits 1 when one is more than 25% worse. Not part of
// CI: ratios are steadier than times, but a shared machine still moves them.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareRatios, comparisonText } from './compare-ratios.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const runFile = process.argv[2] ?? join(here, 'results', 'ratios.json');
const baseFile = process.argv[3] ?? join(here, 'baseline.json');

function load(file, what) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`Cannot read the ${what} ${file}: ${e.message}. Run \`npm run bench\` first.`);
    process.exit(2);
  }
}

const result = compareRatios(load(runFile, 'run'), load(baseFile, 'baseline'));
console.log(comparisonText(result));
process.exit(result.failed.length ? 1 : 0);
