// The solver library as a package: ESM bundles of the layers that run anywhere (math, node tree,
// IK, procedural animation, 3D walking, physics characters), with their type declarations, in
// lib/. The physics layer carries planck.js (MIT) inside its bundle, so the package still asks
// its users to install nothing. No DOM and no PixiJS in any of them; a Node 20 project imports
// them with no bundler (test/unit/package.test.ts).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ENTRIES = ['math', 'scene', 'ik', 'procedural', 'walk3d', 'physics'];
const lib = join(root, 'lib');
rmSync(lib, { recursive: true, force: true });

const bundle = await rolldown({
  input: Object.fromEntries(ENTRIES.map((e) => [e, join(root, 'src', e, 'index.ts')])),
  platform: 'neutral',
  logLevel: 'warn',
});
await bundle.write({
  dir: lib,
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
});
await bundle.close();

// Declarations for the same entries (lib/types/<layer>/index.d.ts).
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.lib.json')],
  { stdio: 'inherit' },
);

// The promise: nothing here touches a page.
for (const file of readdirSync(lib, { recursive: true })) {
  if (!String(file).endsWith('.js')) continue;
  const text = readFileSync(join(lib, String(file)), 'utf8');
  for (const word of ['pixi', 'document.', 'window.', 'HTMLElement'])
    if (text.includes(word)) throw new Error(`lib/${file} mentions ${word}: the library must not`);
}
// To stderr: `npm pack --json` keeps stdout for its JSON.
console.error(`lib/: ${ENTRIES.map((e) => `${e}.js`).join(', ')} and their types`);
