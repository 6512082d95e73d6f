import { firstOf, quote, rawParams, type ParamError } from '../demos/params.ts';
import { RENDERER_KINDS, type RendererKind } from '../render/renderer-kind.ts';

/** Page-level options an embed URL may carry besides the demo's own parameters. */
export interface EmbedOptions {
  demo: string | null;
  renderer: RendererKind;
  /** Show the scene panel at all (tree=false: no). */
  tree: boolean;
  /** tree=true: the panel beside the figure; by default it is folded behind a button. */
  treeOpen: boolean;
  theme: 'light' | 'dark' | null;
  /**
   * The demo's parameters as written, own keys only; a name given more than once holds all its
   * values (parseParams uses the first and reports the others).
   */
  demoParams: Record<string, string | string[]>;
  errors: ParamError[];
}

export const EMBED_KEYS = ['demo', 'renderer', 'tree', 'theme'] as const;

/**
 * Splits `?demo=look-at&renderer=webgl&tree=false&targetX=40` into page options and demo params.
 * A repeated option is reported and its first value used, the same rule as for demo params.
 */
export function parseEmbedQuery(search: string): EmbedOptions {
  const q = new URLSearchParams(search);
  const errors: ParamError[] = [];
  const demo = firstOf('demo', q.getAll('demo'), errors);
  const renderer = firstOf('renderer', q.getAll('renderer'), errors) ?? 'canvas';
  const tree = firstOf('tree', q.getAll('tree'), errors) ?? 'folded';
  const theme = firstOf('theme', q.getAll('theme'), errors);
  if (!RENDERER_KINDS.includes(renderer as RendererKind)) {
    errors.push({
      param: 'renderer',
      message: `"renderer" must be one of ${RENDERER_KINDS.join(', ')}; got ${quote(renderer)}.`,
    });
  }
  if (tree !== 'true' && tree !== 'false' && tree !== 'folded') {
    errors.push({
      param: 'tree',
      message: `"tree" must be true, folded or false; got ${quote(tree)}. It places the scene panel: beside the figure, folded behind a button (the default), or nowhere.`,
    });
  }
  if (theme !== null && theme !== 'light' && theme !== 'dark') {
    errors.push({
      param: 'theme',
      message: `"theme" must be light or dark; got ${quote(theme)}.`,
    });
  }
  const pageKeys: readonly string[] = EMBED_KEYS;
  return {
    demo,
    renderer: RENDERER_KINDS.includes(renderer as RendererKind)
      ? (renderer as RendererKind)
      : 'canvas',
    tree: tree !== 'false',
    treeOpen: tree === 'true',
    theme: theme === 'light' || theme === 'dark' ? theme : null,
    demoParams: rawParams([...q].filter(([k]) => !pageKeys.includes(k))),
    errors,
  };
}
