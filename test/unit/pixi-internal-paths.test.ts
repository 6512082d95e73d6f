import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { pixiAlias } from '../../pixi-resolve';

/**
 * src/ reaches into PixiJS past its index (`pixi-lib/...`, see src/render/pixi.ts), and those
 * paths are not PixiJS's public API: a release may move or rename a module. package.json pins
 * pixi.js with `~` for that reason; this test is the net under the pin. It lists every such path
 * in src/ and resolves each the way the build does (the alias in pixi-resolve.ts, then Vite's
 * first extension, .mjs) and the way tsc does (tsconfig's `paths`, the .d.ts), and checks that
 * each name we take from it is still exported there.
 */
const ROOT = resolve(import.meta.dirname, '../..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

interface InternalImport {
  file: string;
  path: string;
  /** The names taken from it ([] for an import done for its side effects). */
  names: string[];
}

/** The value names in `{ a, b as c }`: types exist only in the .d.ts, checked as a whole. */
const names = (elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[]) =>
  elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).getText());

/** Every `pixi-lib/...` import in `path`: static, re-export or `const { X } = await import()`. */
function internalImportsOf(path: string): InternalImport[] {
  const file = relative(ROOT, path).split(sep).join('/');
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: InternalImport[] = [];
  const add = (specifier: ts.Node | undefined, taken: string[]) => {
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('pixi-lib/'))
      found.push({ file, path: specifier.text, names: taken });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const bindings = node.importClause?.namedBindings;
      const values = bindings && ts.isNamedImports(bindings) && !node.importClause!.isTypeOnly;
      add(node.moduleSpecifier, values ? names(bindings.elements) : []);
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      const values = clause && ts.isNamedExports(clause) && !node.isTypeOnly;
      add(node.moduleSpecifier, values ? names(clause.elements) : []);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      // `const { X } = await import('pixi-lib/...')`: the names are the pattern's.
      const declaration = node.parent.parent;
      const pattern =
        ts.isAwaitExpression(node.parent) && ts.isVariableDeclaration(declaration)
          ? declaration.name
          : null;
      add(
        node.arguments[0],
        pattern && ts.isObjectBindingPattern(pattern)
          ? pattern.elements.map((e) => (e.propertyName ?? e.name).getText())
          : [],
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const INTERNAL = tsFiles(join(ROOT, 'src')).flatMap(internalImportsOf);

/** Where the build's alias sends `path` (pixi-resolve.ts, used by vite and vitest configs). */
function aliased(path: string): string {
  const rule = pixiAlias.find((a) => a.find.test(path));
  if (!rule) throw new Error(`no alias in pixi-resolve.ts matches '${path}'`);
  return path.replace(rule.find, rule.replacement);
}

/** Where tsconfig's `paths` sends `path` (tsc's view of the same import). */
function typed(path: string): string {
  const config = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  const [target] = config.compilerOptions.paths['pixi-lib/*']!;
  return resolve(ROOT, target!.replace('*', path.slice('pixi-lib/'.length)));
}

/** The names an esbuild/rollup-built .mjs exports: its `export { a, b as c }` lines. */
function exportedBy(mjs: string): Set<string> {
  const text = readFileSync(mjs, 'utf8');
  const exported = new Set<string>();
  for (const m of text.matchAll(/^export\s*\{([^}]*)\}/gm))
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) exported.add(name);
    }
  return exported;
}

it('lists the PixiJS internal paths src/ imports', () => {
  const paths = new Set(INTERNAL.map((i) => i.path));
  // About two dozen, in src/render only (the one door to PixiJS); a new one is fine, this
  // test checks it like the others.
  expect(paths.size).toBeGreaterThan(20);
  expect(new Set(INTERNAL.map((i) => i.file.split('/').slice(0, 2).join('/')))).toEqual(
    new Set(['src/render']),
  );
  // The dynamic import()s of the renderers are among them.
  expect(paths).toContain('pixi-lib/rendering/renderers/canvas/CanvasRenderer');
});

it('each PixiJS internal path resolves to a module of the installed pixi.js, with the names we take', () => {
  const missing: string[] = [];
  for (const { file, path, names: taken } of INTERNAL) {
    const built = `${aliased(path)}.mjs`;
    const types = `${typed(path)}.d.ts`;
    if (!existsSync(built)) missing.push(`${file} imports '${path}': no ${relative(ROOT, built)}`);
    if (!existsSync(types)) missing.push(`${file} imports '${path}': no ${relative(ROOT, types)}`);
    if (!existsSync(built)) continue;
    const exported = exportedBy(built);
    for (const name of taken)
      if (!exported.has(name))
        missing.push(
          `${file} imports ${name} from '${path}': ${relative(ROOT, built)} does not export it`,
        );
  }
  expect(missing).toEqual([]);
});
