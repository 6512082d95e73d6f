import 'katex/dist/katex.min.css';
import '../ui/styles.css';
import { demoIds } from '../demos/registry.ts';
import { sceneCodeIn } from '../playground/share/scene-hash.ts';
import { paramErrorBox } from '../ui/demo-frame.ts';
import { errorBox } from '../ui/dom.ts';
import { mountDemo } from '../ui/mount-demo.ts';
import { applyTheme, initialTheme } from '../ui/theme.ts';
import { parseEmbedQuery } from './embed-params.ts';
import { ParentLink } from './parent-link.ts';

/**
 * The chromeless embed page: one demo filling its iframe, chosen and preset by URL, e.g.
 * playground/embed.html?demo=look-at&flipRootX=true, or a playground scene carried in the
 * link's fragment (#scene=…, with its exposed properties as URL parameters). Bad parameters
 * and damaged scenes are named in the frame.
 */
const opts = parseEmbedQuery(location.search);
// A theme from the URL is the instructor's choice for this page, not the student's setting.
applyTheme(opts.theme ?? initialTheme(), false);
document.body.classList.add('embed-body');
const app = document.getElementById('app')!;
const code = sceneCodeIn(location.hash);
// A parent page may ask for auto-height (and the demo's events): see parent-link.ts.
const parent = new ParentLink(app);
/** How an embed shows its demo or scene: laid out for the frame, the page's options. */
const frameOptions = {
  renderer: opts.renderer,
  showTree: opts.tree,
  treeOpen: opts.treeOpen,
  fit: true,
  chrome: false,
  embedded: true,
  events: parent.events,
};

if (code !== null) void showScene(code);
else if (!opts.demo) {
  const message = `Say which demo to show: add ?demo=<id> to the address, or open a scene's embed link from the playground. Demos: ${demoIds().join(', ')}.`;
  app.append(errorBox(message));
  parent.attach(null, [message]);
} else {
  const frame = mountDemo(app, opts.demo, opts.demoParams, frameOptions);
  if (frame) document.title = `${frame.definition.title} · IK demo`;
  if (opts.errors.length) app.prepend(paramErrorBox(opts.errors));
  parent.attach(
    frame,
    frame
      ? [...opts.errors, ...frame.errors].map((e) => e.message)
      : [app.querySelector('.demo-error')?.textContent ?? 'No demo'],
  );
}

/** A playground scene: its code (the scene format, every node type) loads only for a scene. */
async function showScene(code: string): Promise<void> {
  const [{ decodeScene, sceneSource }, { DemoFrame }] = await Promise.all([
    import('./scene-source.ts'),
    import('../ui/demo-frame.ts'),
  ]);
  const result = await sceneSource(() => decodeScene(code), 'The scene in this link');
  if (!result.ok) {
    app.append(errorBox(result.message));
    parent.attach(null, [result.message]);
    return;
  }
  const frame = new DemoFrame(result.source, opts.demoParams, frameOptions);
  app.append(frame.element);
  document.title = `${frame.definition.title} · IK scene`;
  if (opts.errors.length) app.prepend(paramErrorBox(opts.errors));
  parent.attach(
    frame,
    [...opts.errors, ...frame.errors].map((e) => e.message),
  );
}
