import 'katex/dist/katex.min.css';
import '../ui/styles.css';
import { allowedValues } from '../demos/params';
import { DEMOS } from '../demos/registry';
import { el, errorBox } from '../ui/dom';
import { mountDemo } from '../ui/mount-demo';
import { siteHeader } from '../ui/site-header';
import { applyTheme, initialTheme } from '../ui/theme';
import { parseEmbedQuery } from './embed-params';
import { paramErrorBox } from '../ui/demo-frame';

/**
 * The demo gallery for instructors: every demo live, its parameters (name, allowed values,
 * default) and a ready-to-paste iframe snippet.
 * - `?demo=<id>&<param>=<value>…` previews a preset at the top, exactly as an embed would show it.
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
const raw = query.get('copies') ?? '1';
const only = query.get('only');
query.delete('copies');
query.delete('only');
const opts = parseEmbedQuery(query.toString());
if (opts.errors.length) main.append(paramErrorBox(opts.errors));
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
}
const copies = Number(raw);
let count = 1;
if (!Number.isInteger(copies) || copies < 1 || copies > 16) {
  main.append(
    errorBox(
      `"copies" must be a whole number from 1 to 16; got ${JSON.stringify(raw)}. Showing each demo once.`,
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
        `"only" names demos that do not exist: ${unknown.join(', ')}. Demos: ${DEMOS.map((d) => d.id).join(', ')}.`,
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
      const table = el('table', 'gallery__params');
      table.innerHTML =
        '<thead><tr><th>Parameter</th><th>Meaning</th><th>Allowed</th><th>Default</th></tr></thead>';
      const body = el('tbody');
      for (const [name, spec] of Object.entries(def.params)) {
        const tr = el('tr');
        tr.append(
          el('td', '', name),
          el('td', '', spec.label),
          el('td', '', allowedValues(spec)),
          el('td', '', String(spec.default)),
        );
        body.append(tr);
      }
      table.append(body);
      const snippet = el('textarea', 'gallery__snippet');
      snippet.readOnly = true;
      snippet.rows = 2;
      snippet.setAttribute('aria-label', `Embed snippet for ${def.title}`);
      snippet.value = `<iframe src="${new URL(`embed.html?demo=${def.id}`, location.href).href}" width="720" height="560" style="border:0" title="${def.title}"></iframe>`;
      section.append(table, el('p', '', 'Embed it:'), snippet);
    }
    main.append(section);
  }
}
