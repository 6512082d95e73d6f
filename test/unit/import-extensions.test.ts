import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

/**
 * Every relative import in the sources names its file ('./chain.ts'). Without the extension,
 * the library's declarations fail in a TypeScript project with "moduleResolution": "nodenext"
 * (TS2834), and Vite's config loader warns on `npm start` about the files vite.config.ts reads.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const files: string[] = ['lesson-pages.ts', 'offline.ts', 'pixi-resolve.ts', 'vite.config.ts'].map(
  (f) => join(ROOT, f),
);
const walk = (dir: string) => {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (f.endsWith('.ts') && !f.endsWith('.d.ts')) files.push(p);
  }
};
walk(join(ROOT, 'src'));
const SPECIFIER = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g;

it('every relative import in src and the build config names its file with its extension', () => {
  expect(files.length).toBeGreaterThan(300);
  const bare: string[] = [];
  for (const f of files)
    for (const m of readFileSync(f, 'utf8').matchAll(SPECIFIER))
      if (!/\.(ts|css|json|svg|md|bvh)(\?[\w&=]*)?$/.test(m[1]!) && !m[1]!.includes('?'))
        bare.push(`${f.slice(ROOT.length + 1)}: ${m[1]}`);
  expect(bare).toEqual([]);
});
