import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

/**
 * DESIGN.md's "Layers in src/", checked over every import in src/: static imports, `import type`,
 * re-exports, `import()` and `typeof import()` with a string literal (TypeScript's own scanner
 * finds them, so an import in a comment or a string is not one).
 *
 * - A folder imports only its own layer or lower ones.
 * - The top tier's folders never import each other both ways: each may import only the ones
 *   after it in TOP_TIER (pieces two of them share move down, into ui/ or a lower layer).
 * - Layers 1–6 are the library game developers install: no PixiJS.
 */
const LAYERS: Record<string, number> = {
  math: 1,
  scene: 2,
  ik: 3,
  procedural: 4,
  walk3d: 5,
  physics: 6,
  render: 7, // render/raster too
  demos: 8,
  course: 9,
  embed: 9,
  playground: 9,
  ui: 9,
};

/** The one direction allowed between two folders of layer 9: earlier imports later. */
const TOP_TIER = ['course', 'embed', 'playground', 'ui'];

const LIBRARY_LAYERS = 6;
const PIXI = /^(pixi\.js|pixi-lib\/|@pixi\/)/;

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

interface Import {
  /** The importing file, relative to the repository: "src/ui/demo-footer.ts". */
  file: string;
  line: number;
  specifier: string;
}

function importsOf(path: string): Import[] {
  const text = readFileSync(path, 'utf8');
  const file = relative(ROOT, path).split(sep).join('/');
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => ({
    file,
    line: text.slice(0, f.pos).split('\n').length,
    specifier: f.fileName,
  }));
}

/** The top folder under src/ that `path` is in, or null for src/ itself or outside it. */
function folderOf(path: string): string | null {
  const rel = relative(SRC, path).split(sep);
  return rel.length > 1 && rel[0] !== '..' ? rel[0]! : null;
}

const layerName = (folder: string) => `${folder} (${LAYERS[folder]})`;

/** What rule `imp` breaks, or null when it keeps them all. */
function brokenRule(imp: Import): string | null {
  const fromFolder = folderOf(join(ROOT, imp.file));
  if (fromFolder === null || LAYERS[fromFolder] === undefined)
    return `src/${fromFolder ?? ''} is in no layer of DESIGN.md; add it to the layers (and to this test)`;
  const from = LAYERS[fromFolder];
  if (!imp.specifier.startsWith('.')) {
    return from <= LIBRARY_LAYERS && PIXI.test(imp.specifier)
      ? `layers 1–6 have no PixiJS, and ${layerName(fromFolder)} is one of them`
      : null;
  }
  const target = resolve(dirname(join(ROOT, imp.file)), imp.specifier.replace(/\?.*$/, ''));
  const toFolder = folderOf(target);
  if (toFolder === null || toFolder === fromFolder) return null;
  const to = LAYERS[toFolder];
  if (to === undefined) return `src/${toFolder} is in no layer of DESIGN.md`;
  if (to > from)
    return `a lower layer never imports a higher one: ${layerName(fromFolder)} imports ${layerName(toFolder)}`;
  if (to === from && TOP_TIER.indexOf(toFolder) < TOP_TIER.indexOf(fromFolder))
    return (
      `folders of layer 9 do not import each other both ways; the one way allowed is ` +
      `${toFolder} → ${fromFolder} (order ${TOP_TIER.join(' → ')}), so move what ${fromFolder} ` +
      `needs from ${toFolder} down a layer`
    );
  return null;
}

const IMPORTS = tsFiles(SRC).flatMap(importsOf);

it('finds the imports it checks (static, type, re-export, dynamic)', () => {
  expect(IMPORTS.length).toBeGreaterThan(500);
  const at = (file: string) => IMPORTS.filter((i) => i.file === file).map((i) => i.specifier);
  // A dynamic import() and a `typeof import()` are seen as well as static ones.
  expect(at('src/ui/demo-footer.ts')).toContain('./sources.ts');
  expect(at('src/course/course-app.ts')).toContain('../ui/sources.ts');
});

it('every import in src/ keeps the layers of DESIGN.md', () => {
  const broken = IMPORTS.flatMap((imp) => {
    const rule = brokenRule(imp);
    return rule ? [`${imp.file}:${imp.line} imports '${imp.specifier}': ${rule}`] : [];
  });
  expect(broken).toEqual([]);
});

it('names the file, its import and the rule for an import that breaks one', () => {
  const imp = (file: string, specifier: string) => brokenRule({ file, line: 1, specifier });
  expect(imp('src/scene/node.ts', '../render/pixi')).toMatch(/scene \(2\) imports render \(7\)/);
  expect(imp('src/physics/ragdoll.ts', '../walk3d/skeleton')).toBeNull();
  expect(imp('src/walk3d/x.ts', '../physics/ragdoll')).toMatch(/lower layer never imports/);
  expect(imp('src/ui/x.ts', '../course/sources')).toMatch(/course → ui/);
  expect(imp('src/playground/x.ts', '../embed/ik-demo')).toMatch(/embed → playground/);
  expect(imp('src/course/x.ts', '../ui/styles.css?inline')).toBeNull();
  expect(imp('src/ik/x.ts', 'pixi-lib/scene/text/Text')).toMatch(/no PixiJS/);
  expect(imp('src/render/x.ts', 'pixi-lib/scene/text/Text')).toBeNull();
  expect(imp('src/widgets/x.ts', '../ui/dom')).toMatch(/src\/widgets is in no layer/);
});
