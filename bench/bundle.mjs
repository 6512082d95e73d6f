import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'node_modules', '.cache', 'ik-bench');

/**
 * Bundles a bench entry and everything it imports into one ESM file for plain Node, and returns
 * its path. Vitest's module transform adds overhead to every cross-module call, which would tax
 * the kernels (split over modules) more than the one-file yardsticks; bundled with rolldown
 * (Vite's bundler, already installed with it), kernels and yardsticks load alike. One file per
 * entry, so two reports run at once never import each other's bundle.
 *
 * @param {string} entry path of a .ts file
 * @param {string} [name] the bundle's file name, when two bundles of one entry name must coexist
 * @returns {Promise<string>}
 */
export async function bundleForNode(entry, name = basename(entry).replace(/\.ts$/, '')) {
  const outFile = join(outDir, `${name}.mjs`);
  mkdirSync(outDir, { recursive: true });
  const bundle = await rolldown({ input: entry, platform: 'node', logLevel: 'warn' });
  await bundle.write({ file: outFile, format: 'esm' });
  await bundle.close();
  return outFile;
}
