import type { ParamError } from '../demos/params';
import { RENDERER_KINDS, type RendererKind } from '../render/renderer-kind';

/** Page-level options an embed URL may carry besides the demo's own parameters. */
export interface EmbedOptions {
  demo: string | null;
  renderer: RendererKind;
  tree: boolean;
  theme: 'light' | 'dark' | null;
  demoParams: Record<string, string>;
  errors: ParamError[];
}

export const EMBED_KEYS = ['demo', 'renderer', 'tree', 'theme'] as const;

/** Splits `?demo=look-at&renderer=webgl&tree=false&targetX=40` into page options and demo params. */
export function parseEmbedQuery(search: string): EmbedOptions {
  const q = new URLSearchParams(search);
  const errors: ParamError[] = [];
  const renderer = q.get('renderer') ?? 'canvas';
  const tree = q.get('tree') ?? 'true';
  if (!RENDERER_KINDS.includes(renderer as RendererKind)) {
    errors.push({
      param: 'renderer',
      message: `"renderer" must be one of ${RENDERER_KINDS.join(', ')}; got ${JSON.stringify(renderer)}.`,
    });
  }
  if (tree !== 'true' && tree !== 'false') {
    errors.push({
      param: 'tree',
      message: `"tree" (show the scene panel) must be true or false; got ${JSON.stringify(tree)}.`,
    });
  }
  const theme = q.get('theme');
  if (theme !== null && theme !== 'light' && theme !== 'dark') {
    errors.push({
      param: 'theme',
      message: `"theme" must be light or dark; got ${JSON.stringify(theme)}.`,
    });
  }
  const demoParams: Record<string, string> = {};
  for (const [k, v] of q) if (!(EMBED_KEYS as readonly string[]).includes(k)) demoParams[k] = v;
  return {
    demo: q.get('demo'),
    renderer: RENDERER_KINDS.includes(renderer as RendererKind)
      ? (renderer as RendererKind)
      : 'canvas',
    tree: tree !== 'false',
    theme: theme === 'light' || theme === 'dark' ? theme : null,
    demoParams,
    errors,
  };
}
