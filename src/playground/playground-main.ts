import '../ui/styles.css';
import './playground.css';
import { RENDERER_KINDS, type RendererKind } from '../render/renderer-kind';
import { el, errorBox } from '../ui/dom';
import { applyTheme, initialTheme, themeToggle } from '../ui/theme';
import { PlaygroundApp } from './playground-app';

/**
 * The playground page: build a node tree, rig it with IK, watch the solvers, save and share.
 * `?renderer=webgl` draws with WebGL instead of the Canvas renderer (see the README).
 */
applyTheme(initialTheme(), false);
document.body.classList.add('pg-body');
const app = document.getElementById('app')!;
const header = el('header', 'site-header');
const home = el('a', 'site-title', 'Inverse kinematics, by dragging');
home.href = '../index.html';
const gallery = el('a', 'site-link', 'Demo gallery');
gallery.href = 'gallery.html';
header.append(
  home,
  el('span', 'pg-title', 'Playground'),
  el('span', 'spacer'),
  gallery,
  themeToggle(),
);
const main = el('main', 'pg');
main.id = 'main';
app.append(header, main);

const asked = new URLSearchParams(location.search).get('renderer') ?? 'canvas';
const renderer: RendererKind = RENDERER_KINDS.includes(asked as RendererKind)
  ? (asked as RendererKind)
  : 'canvas';
const playground = new PlaygroundApp(main, renderer);
if (asked !== renderer)
  playground.say(
    `"renderer" must be one of ${RENDERER_KINDS.join(', ')}; got ${JSON.stringify(asked)}. Drawing with canvas.`,
  );
playground
  .start()
  .catch((e: Error) => main.prepend(errorBox(`The playground could not start: ${e.message}`)));
