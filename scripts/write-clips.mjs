// Writes the course's walk and idle clips to public/clips/ as BVH, from the gait curves in
// src/walk3d/authoring (bundled first with rolldown, as bench/run.mjs does, so plain Node runs
// the TypeScript).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'node_modules', '.cache', 'ik-clips');
const outFile = join(outDir, 'clip-files.mjs');
mkdirSync(outDir, { recursive: true });
const bundle = await rolldown({
  input: join(root, 'src/walk3d/authoring/clip-files.ts'),
  platform: 'node',
  logLevel: 'warn',
});
await bundle.write({ file: outFile, format: 'esm' });
await bundle.close();
const { clipFiles } = await import(pathToFileURL(outFile).href);
const target = join(root, 'public', 'clips');
mkdirSync(target, { recursive: true });
for (const { name, text } of clipFiles()) {
  writeFileSync(join(target, name), text);
  console.log(`wrote public/clips/${name} (${text.length} bytes)`);
}
