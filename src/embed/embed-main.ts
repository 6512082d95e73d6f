import 'katex/dist/katex.min.css';
import '../ui/styles.css';
import { DEMOS } from '../demos/registry';
import { paramErrorBox } from '../ui/demo-frame';
import { errorBox } from '../ui/dom';
import { mountDemo } from '../ui/mount-demo';
import { applyTheme, initialTheme } from '../ui/theme';
import { parseEmbedQuery } from './embed-params';

/**
 * The chromeless embed page: one demo filling its iframe, chosen and preset by URL, e.g.
 * playground/embed.html?demo=look-at&flipRootX=true. Bad parameters are named in the frame.
 */
const opts = parseEmbedQuery(location.search);
// A theme from the URL is the instructor's choice for this page, not the student's setting.
applyTheme(opts.theme ?? initialTheme(), false);
document.body.classList.add('embed-body');
const app = document.getElementById('app')!;

if (!opts.demo) {
  app.append(
    errorBox(
      `Say which demo to show: add ?demo=<id> to the address. Demos: ${DEMOS.map((d) => d.id).join(', ')}.`,
    ),
  );
} else {
  const frame = mountDemo(app, opts.demo, opts.demoParams, {
    renderer: opts.renderer,
    showTree: opts.tree,
    chrome: false,
  });
  if (frame) document.title = `${frame.definition.title} · IK demo`;
  if (opts.errors.length) app.prepend(paramErrorBox(opts.errors));
}
