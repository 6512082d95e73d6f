// Runs the solver report in plain Node. Vitest's module transform adds overhead to every
// cross-module call, which would tax the kernels (split over modules) more than the one-file
// yardsticks; so the report and everything it imports is bundled into one ESM file with
// rolldown (Vite's bundler, already installed with it) and then imported. Kernels and
// yardsticks go through the same bundle, so neither gets an edge from how it is loaded.
import { mkdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import { saveRatios } from './save-ratios.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const entry = process.argv[2] ? resolve(process.argv[2]) : join(here, 'solvers.bench-report.ts');
const outDir = join(here, '..', 'node_modules', '.cache', 'ik-bench');
// One bundle per report, so two reports run at once never import each other's bundle.
const outFile = join(outDir, `${basename(entry).replace(/\.ts$/, '')}.mjs`);

mkdirSync(outDir, { recursive: true });
const bundle = await rolldown({ input: entry, platform: 'node', logLevel: 'warn' });
await bundle.write({ file: outFile, format: 'esm' });
await bundle.close();

const report = await import(pathToFileURL(outFile).href);
const ratios = report.runReport();
if (ratios) saveRatios(basename(entry).replace(/\.bench-report\.ts$/, ''), ratios);
