// The solver library as a package: ESM bundles of the layers that run anywhere (math, node tree,
// IK, procedural animation, 3D walking, physics characters), with their type declarations, in
// lib/. The physics layer carries planck.js (MIT) inside its bundle, so the package still asks
// its users to install nothing. No DOM and no PixiJS in any of them; a Node 20 project imports
// them with no bundler (test/unit/package.test.ts). The one exception is `ik-course/pixi`, which
// binds a node tree to a game's own PixiJS: it imports 'pixi.js' (a peer dependency, left out of
// the bundle so the game's copy is the one used).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ENTRIES = ['math', 'scene', 'ik', 'procedural', 'walk3d', 'physics'];
/** Where each entry's index is, under src/. */
const SOURCES = {
  ...Object.fromEntries(ENTRIES.map((e) => [e, join(root, 'src', e, 'index.ts')])),
  pixi: join(root, 'src', 'render', 'game', 'index.ts'),
};
const lib = join(root, 'lib');
rmSync(lib, { recursive: true, force: true });

const bundle = await rolldown({
  input: SOURCES,
  platform: 'neutral',
  external: [/^pixi\.js$/],
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

// The sources import each other by file name ('./chain.ts'), and tsc keeps those names in the
// declarations. A consumer's TypeScript ("moduleResolution": "nodenext" or "bundler") looks for
// the JavaScript name, so the declarations say './chain.js', as a published package's do.
for (const file of readdirSync(join(lib, 'types'), { recursive: true })) {
  if (!String(file).endsWith('.d.ts')) continue;
  const path = join(lib, 'types', String(file));
  const text = readFileSync(path, 'utf8');
  const fixed = text.replace(
    /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*)\.ts(['"])/g,
    '$1$2.js$3',
  );
  if (fixed !== text) writeFileSync(path, fixed);
}

// planck.js is inside lib/physics.js, so its declarations come along too (lib/types/vendor/),
// and the physics types name them by path: a TypeScript user needs no planck installed.
const vendor = join(lib, 'types', 'vendor');
mkdirSync(vendor, { recursive: true });
const planckDir = join(root, 'node_modules', 'planck');
const planckVersion = JSON.parse(readFileSync(join(planckDir, 'package.json'), 'utf8')).version;
writeFileSync(
  join(vendor, 'planck.d.ts'),
  `// planck.js ${planckVersion} declarations, as bundled in lib/physics.js.\n/*\n${readFileSync(join(planckDir, 'LICENSE.txt'), 'utf8').trim()}\n*/\n${readFileSync(join(planckDir, 'dist', 'planck.d.ts'), 'utf8')}`,
);
for (const file of readdirSync(join(lib, 'types', 'physics'))) {
  const path = join(lib, 'types', 'physics', file);
  const text = readFileSync(path, 'utf8');
  const fixed = text.replace(/from 'planck'/g, "from '../vendor/planck.js'");
  if (fixed !== text) writeFileSync(path, fixed);
}
for (const file of readdirSync(join(lib, 'types'), { recursive: true }))
  if (
    String(file).endsWith('.d.ts') &&
    /from 'planck'/.test(readFileSync(join(lib, 'types', String(file)), 'utf8'))
  )
    throw new Error(
      `lib/types/${file} still imports planck: its types would need planck installed`,
    );

// The shipped walk and idle clips, so a project can read them by name (ik-course/clips/walk.bvh)
// as the README's walking examples do.
mkdirSync(join(lib, 'clips'));
for (const clip of ['walk.bvh', 'idle.bvh'])
  copyFileSync(join(root, 'public', 'clips', clip), join(lib, 'clips', clip));

// The promise: nothing here touches a page, and only the pixi entry knows PixiJS (which it
// imports, never carries: no Pixi code is bundled into it).
for (const file of readdirSync(lib, { recursive: true })) {
  if (!String(file).endsWith('.js')) continue;
  const text = readFileSync(join(lib, String(file)), 'utf8');
  const words = ['document.', 'window.', 'HTMLElement'];
  if (file !== 'pixi.js') words.push('pixi');
  else if (text.replace(/from\s*['"]pixi\.js['"]/g, '').includes('pixi.js'))
    throw new Error('lib/pixi.js should import pixi.js by name and carry none of it');
  for (const word of words)
    if (text.includes(word)) throw new Error(`lib/${file} mentions ${word}: the library must not`);
}
// To stderr: `npm pack --json` keeps stdout for its JSON.
console.error(
  `lib/: ${Object.keys(SOURCES)
    .map((e) => `${e}.js`)
    .join(', ')} and their types`,
);
