import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DEMOS } from '../../src/demos/registry';
import { loadedDemo } from './loaded-demos';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = resolve(ROOT, 'src');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every function (declaration, method, arrow, accessor) in a file, with its length in lines. */
function functionsOf(path: string): { name: string; line: number; lines: number }[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const out: { name: string; line: number; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = (node as ts.FunctionLikeDeclaration).name;
      out.push({
        name: named ? named.getText(source) : '(anonymous)',
        line: start + 1,
        lines: end - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').length - 1;

describe('the demo layer and the pages keep small pieces (issue 37)', () => {
  it('no function over 120 lines in src/demos, src/ui or src/playground', () => {
    const long = ['demos', 'ui', 'playground']
      .flatMap((d) => tsFiles(resolve(SRC, d)))
      .flatMap((f) =>
        functionsOf(f)
          .filter((fn) => fn.lines > 120)
          .map((fn) => `${relative(ROOT, f)}:${fn.line} ${fn.name} (${fn.lines} lines)`),
      );
    expect(long).toEqual([]);
  });

  it('the figure frame and the playground canvas are thin: 300 lines each at most', () => {
    for (const f of ['src/ui/demo-frame.ts', 'src/playground/canvas/editor-canvas.ts'])
      expect(lines(resolve(ROOT, f)), f).toBeLessThanOrEqual(300);
  });

  it('every demo is a folder with its meta, description and figure, built on the kit', () => {
    for (const { id } of DEMOS) {
      const folder = resolve(SRC, 'demos', id);
      for (const part of ['meta.ts', 'description.ts', 'figure.ts'])
        expect(statSync(resolve(folder, part)).isFile(), `${id}/${part}`).toBe(true);
      expect(loadedDemo(id)?.description, `${id} is built with defineFigure`).toBeDefined();
    }
    // No figure left as one file beside the folders.
    const loose = readdirSync(resolve(SRC, 'demos')).filter((f) =>
      DEMOS.some((d) => f === `${d.id}.ts`),
    );
    expect(loose).toEqual([]);
  });

  it('no control built by hand inside a figure: its code never reaches the page’s panel', () => {
    const byHand = DEMOS.flatMap(({ id }) =>
      tsFiles(resolve(SRC, 'demos', id)).flatMap((f) => {
        const text = readFileSync(f, 'utf8');
        const found = [
          ...text.matchAll(
            /\bcontrols\.(slider|toggle|choice|button|holdButton|text|file|plot|readout|formula)\(|\bparamSlider\(|\bControlPanel\b|document\.createElement|\bel\(/g,
          ),
        ];
        return found.map((m) => `${relative(ROOT, f)}: ${m[0]}`);
      }),
    );
    expect(byHand).toEqual([]);
  });
});
