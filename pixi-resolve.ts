import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * How the build reaches PixiJS (see src/render/pixi.ts for why): `pixi-lib/...` is a module of
 * pixi.js/lib itself, past the package's index; and @pixi/ui, which imports the index, gets our
 * façade of the few names it uses instead, so no page pulls the whole library through it.
 */
const PIXI_LIB = resolve(import.meta.dirname, 'node_modules/pixi.js/lib');
const FOR_UI = resolve(import.meta.dirname, 'src/render/pixi-for-ui.ts');

export const pixiAlias = [{ find: /^pixi-lib\//, replacement: `${PIXI_LIB}/` }];

export function pixiForUi(): Plugin {
  return {
    name: 'pixi-for-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'pixi.js' && importer && /[\\/]@pixi[\\/]ui[\\/]/.test(importer))
        return FOR_UI;
      return null;
    },
  };
}
