import 'katex/dist/katex.min.css';
import '../ui/styles.css';
import { firstOf, quote, type ParamError } from '../demos/params.ts';
import { DEMOS, demoIds, findDemo } from '../demos/registry.ts';
import { el, errorBox } from '../ui/dom.ts';
import { mountDemo } from '../ui/mount-demo.ts';
import { paramTable } from '../ui/param-table.ts';
import { siteHeader } from '../ui/site-header.ts';
import { applyTheme, initialTheme } from '../ui/theme.ts';
import { EMBED_KEYS, parseEmbedQuery } from './embed-params.ts';
import { iframeSnippet } from '../ui/embed-snippet.ts';
import { paramErrorBox } from '../ui/demo-frame.ts';

/**
 * The demo gallery for instructors: every demo live, its parameters (name, allowed values,
 * default) and a ready-to-paste iframe snippet.
 * - `?demo=<id>&<param>=<value>…` previews a preset at the top, exactly as an embed would show it,
 *   with that preset's own snippet and link.
 * - `?renderer=webgl` draws with WebGL instead of the Canvas renderer.
 * - `?copies=N` (1–16) repeats each demo N times: a stress test for pages with many demos
 *   (far-off-screen demos release their renderer and get it back when scrolled to).
 * - `?only=<id>,<id>…` shows just those demos (in the gallery's order).
 */
applyTheme(initialTheme(), false);
const app = document.getElementById('app')!;
const header = siteHeader('../index.html', 'Demo gallery', [['Playground', 'index.html']]);
const main = el('main', 'gallery');
main.append(
  el('h1', '', 'Demo gallery'),
  el(
    'p',
    'lead',
    'Every demo of the course, with the parameters you can preset in a lesson block or an embed URL.',
  ),
);
app.append(header, main);

const query = new URLSearchParams(location.search);
const pageErrors: ParamError[] = [];
const raw = firstOf('copies', query.getAll('copies'), pageErrors) ?? '1';
const only = firstOf('only', query.getAll('only'), pageErrors);
query.delete('copies');
query.delete('only');
const opts = parseEmbedQuery(query.toString());
const errors = [...pageErrors, ...opts.errors];
if (errors.length) main.append(paramErrorBox(errors));
if (opts.demo) {
  const section = el('section', 'gallery__preview');
  section.append(el('h2', '', 'Preview of your preset'));
  const slot = el('div');
  section.append(slot);
  main.append(section);
  mountDemo(slot, opts.demo, opts.demoParams, {
    renderer: opts.renderer,
    showTree: opts.tree,
    embedUrl: 'embed.html',
  });
  const def = findDemo(opts.demo);
  if (def) section.append(...embedThis(presetQuery(query), def.title, 'your preset'));
}
const copies = Number(raw);
let count = 1;
if (!Number.isInteger(copies) || copies < 1 || copies > 16) {
  main.append(
    errorBox(
      `"copies" must be a whole number from 1 to 16; got ${quote(raw)}. Showing each demo once.`,
    ),
  );
} else count = copies;

let shown = DEMOS;
if (only !== null) {
  const ids = only.split(',').map((id) => id.trim());
  const unknown = ids.filter((id) => !DEMOS.some((d) => d.id === id));
  if (unknown.length)
    main.append(
      errorBox(
        `"only" names demos that do not exist: ${unknown.map(quote).join(', ')}. Demos: ${demoIds().join(', ')}.`,
      ),
    );
  shown = DEMOS.filter((d) => ids.includes(d.id));
  if (shown.length === 0) shown = DEMOS;
}

for (let c = 0; c < count; c++) {
  for (const def of shown) {
    const section = el('section', 'gallery__demo');
    section.append(
      el('h2', '', count > 1 ? `${def.title} (${c + 1})` : def.title),
      el('p', '', def.summary),
    );
    const slot = el('div');
    section.append(slot);
    mountDemo(slot, def.id, {}, { embedUrl: 'embed.html', renderer: opts.renderer });
    if (c === 0) {
      const table = paramTable(def.params, `Parameters of ${def.title}`, def.describe());
      section.append(table, ...embedThis(new URLSearchParams({ demo: def.id }), def.title));
    }
    main.append(section);
  }
}

/**
 * The preset as an embed URL's query: the demo first, then each parameter once with the value
 * the preview uses (the first), in the order given.
 */
function presetQuery(q: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of [...EMBED_KEYS, ...q.keys()]) {
    const value = q.get(key);
    if (value !== null && !out.has(key)) out.set(key, value);
  }
  return out;
}

/** "Embed it:", the iframe snippet to copy, and a link that opens the embed alone. */
function embedThis(q: URLSearchParams, title: string, what = title): HTMLElement[] {
  const src = new URL(`embed.html?${q}`, location.href).href;
  const snippet = el('textarea', 'gallery__snippet');
  snippet.readOnly = true;
  snippet.rows = 2;
  snippet.setAttribute('aria-label', `Embed snippet for ${what}`);
  snippet.value = iframeSnippet(src, title);
  const open = el('a', 'gallery__open', 'Open it alone');
  open.href = src;
  open.target = '_blank';
  open.rel = 'noopener';
  const intro = el('p', '', 'Embed it: ');
  intro.append(open);
  return [intro, snippet];
}
