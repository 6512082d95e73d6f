import '../ui/styles.css';
import './playground.css';
import { firstOf, quote, type ParamError } from '../demos/params.ts';
import { RENDERER_KINDS, type RendererKind } from '../render/renderer-kind.ts';
import { el, errorBox } from '../ui/dom.ts';
import { siteHeader } from '../ui/site-header.ts';
import { applyTheme, initialTheme } from '../ui/theme.ts';
import { PlaygroundApp } from './playground-app.ts';

/**
 * The playground page: build a node tree, rig it with IK, watch the solvers, save and share.
 * `?renderer=webgl` draws with WebGL instead of the Canvas renderer (see the README).
 */
applyTheme(initialTheme(), false);
document.body.classList.add('pg-body');
const app = document.getElementById('app')!;
const header = siteHeader('../index.html', 'Playground', [['Demo gallery', 'gallery.html']]);
const main = el('main', 'pg');
main.id = 'main';
app.append(header, main);

const repeated: ParamError[] = [];
const asked =
  firstOf('renderer', new URLSearchParams(location.search).getAll('renderer'), repeated) ??
  'canvas';
const renderer: RendererKind = RENDERER_KINDS.includes(asked as RendererKind)
  ? (asked as RendererKind)
  : 'canvas';
const playground = new PlaygroundApp(main, renderer);
if (asked !== renderer)
  playground.say(
    `"renderer" must be one of ${RENDERER_KINDS.join(', ')}; got ${quote(asked)}. Drawing with canvas.`,
  );
else if (repeated.length) playground.say(repeated[0]!.message);
playground
  .start()
  .catch((e: Error) => main.prepend(errorBox(`The playground could not start: ${e.message}`)));
