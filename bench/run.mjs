// Runs a bench report (the solver report unless another entry is given) in plain Node, bundled
// first (see bundle.mjs: kernels and yardsticks load alike), and saves the ratios it returns.
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleForNode } from './bundle.mjs';
import { saveRatios } from './save-ratios.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const entry = process.argv[2] ? resolve(process.argv[2]) : join(here, 'solvers.bench-report.ts');
const report = await import(pathToFileURL(await bundleForNode(entry)).href);
const ratios = report.runReport();
if (ratios) saveRatios(basename(entry).replace(/\.bench-report\.ts$/, ''), ratios);
