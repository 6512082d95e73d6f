import type { DemoInstance, DemoSource } from '../demos/contract.ts';
import { afterFirstDemo } from './after-first-demo.ts';
import { el } from './dom.ts';

export interface FooterOptions {
  definition: DemoSource;
  /** Where "Open alone / embed" points (relative to the page). */
  embedUrl?: string;
  /** The frame-time line the frame keeps up to date. */
  perf: HTMLElement;
  /** The demo as it is now (a reset makes a new one). */
  instance(): DemoInstance | null;
}

/**
 * Under a figure: whose idea it is (linked to the Sources page), its frame time, a link that
 * opens it alone as it is now, and one that hands its scene to the playground.
 */
export function demoFooter(o: FooterOptions): HTMLElement {
  const foot = el('div', 'demo-footer');
  const credit = el('span', 'demo-credit');
  if (o.definition.credit) {
    // Each "seed 001 §2" becomes its source's short name, linked to the Sources page.
    // The sources' references load after the page's first demo runs.
    const text = o.definition.credit;
    credit.append('Idea: ', text);
    void afterFirstDemo()
      .then(() => import('./sources.ts'))
      .then(({ appendCitations, coursePageFor }) => {
        const page = o.embedUrl ?? 'playground/embed.html';
        credit.replaceChildren('Idea: ');
        appendCitations(credit, text, coursePageFor(page, location.href));
      });
  }
  foot.append(credit, o.perf);
  const link = el('a', 'demo-embed-link', 'Open alone / embed');
  // The link carries the demo's state as it is whenever it is about to be used (a click, a
  // middle-click, "copy link address", a keyboard focus), not a state from page load.
  const refresh = () => {
    const q = new URLSearchParams({ demo: o.definition.id });
    for (const [k, v] of Object.entries(o.instance()?.currentParams?.() ?? {})) q.set(k, String(v));
    link.href = `${o.embedUrl ?? 'playground/embed.html'}?${q}`;
  };
  for (const type of ['pointerenter', 'pointerdown', 'focus', 'contextmenu', 'click'])
    link.addEventListener(type, refresh);
  refresh();
  link.target = '_blank';
  link.rel = 'noopener';
  foot.append(link);
  const instance = o.instance();
  if (instance && !instance.surface) foot.append(playgroundLink(o));
  return foot;
}

/**
 * "Open in the playground": the demo's scene as it is now (after the student's drags and
 * settings) is handed to the playground page, which opens it as one undoable step.
 */
function playgroundLink(o: FooterOptions): HTMLAnchorElement {
  const base = (o.embedUrl ?? 'playground/embed.html').replace(/embed\.html$/, 'index.html');
  const link = el('a', 'demo-playground-link', 'Open in the playground');
  link.href = base;
  link.title = 'Edit this scene yourself: its node tree, as it is now, opens in the playground';
  link.target = '_blank';
  link.rel = 'noopener';
  // The scene is handed over as the link is taken (any button, Enter, or the context menu),
  // under an id the link then carries.
  // Its code (the scene format) comes after the page's first demo runs; a click before it
  // has come waits for it, then opens the playground with the scene (still within the click's
  // permission to open a window).
  let handoff: {
    demoScene: typeof import('../demos/demo-scene.ts').demoScene;
    writeHandoff: typeof import('./scene-store.ts').writeHandoff;
  } | null = null;
  const ready = afterFirstDemo()
    .then(() => Promise.all([import('../demos/demo-scene.ts'), import('./scene-store.ts')]))
    .then(([{ demoScene }, { writeHandoff }]) => (handoff = { demoScene, writeHandoff }));
  let preparedAt = -Infinity;
  const prepare = () => {
    const instance = o.instance();
    if (!instance || !handoff || performance.now() - preparedAt < 1000) return;
    preparedAt = performance.now();
    const { json, note } = handoff.demoScene(instance, o.definition.title);
    const id = handoff.writeHandoff(JSON.stringify(json), o.definition.title, note);
    link.href = id ? `${base}#handoff=${id}` : base;
  };
  link.addEventListener('pointerdown', prepare);
  link.addEventListener('contextmenu', prepare);
  link.addEventListener('click', (e) => {
    if (handoff) return prepare();
    e.preventDefault();
    void ready.then(() => {
      prepare();
      window.open(link.href, '_blank', 'noopener');
    });
  });
  link.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') prepare();
  });
  return link;
}
