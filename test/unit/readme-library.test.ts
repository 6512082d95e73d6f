import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

/**
 * The README's library snippets, run as written there: each ```ts block between the
 * library-snippets markers becomes a module (its `ik-course/<layer>` imports pointed at the
 * sources), runs, and must print what its `// → …` comments say, in order.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
const section = /<!-- library-snippets -->([\s\S]*?)<!-- \/library-snippets -->/.exec(readme);
const snippets = [...(section?.[1] ?? '').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const OUT = resolve(ROOT, 'node_modules/.cache/readme-snippets');
const CLIPS = resolve(ROOT, 'public/clips');

describe("the README's library snippets", () => {
  it('are there', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(5);
  });

  snippets.forEach((code, i) => {
    const first = code.split('\n').find((l) => l.startsWith('import {'));
    it(`snippet ${i + 1} (${first}) prints what it says`, async () => {
      const expected = [...code.matchAll(/\/\/ → (.*?)(?: \(|$)/gm)].map((m) => m[1]!.trim());
      expect(expected.length, 'each snippet shows its result').toBeGreaterThan(0);
      // Layers from the sources; the shipped clips from where the package build copies them.
      const source = code
        .replace(
          /from 'ik-course\/(\w+)'/g,
          (_, layer: string) => `from '${resolve(ROOT, 'src', layer, 'index.ts')}'`,
        )
        .replaceAll('import.meta.resolve(`ik-course/clips/', `(\`${pathToFileURL(CLIPS).href}/`);
      mkdirSync(OUT, { recursive: true });
      const file = resolve(OUT, `snippet-${i + 1}.ts`);
      writeFileSync(file, source);
      const printed: string[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(' '));
      });
      try {
        await import(/* @vite-ignore */ `${pathToFileURL(file).href}?t=${Date.now()}`);
      } finally {
        log.mockRestore();
      }
      expect(printed).toEqual(expected);
    }, 60_000);
  });
});
