import figureCss from '../ui/figure.css?inline';
import type { DemoSource } from '../demos/contract.ts';
import { quote, setOwn } from '../demos/params.ts';
import { DemoFrame, type DemoFrameEvents, paramErrorBox } from '../ui/demo-frame.ts';
import { afterFirstDemo } from '../ui/after-first-demo.ts';
import { el, errorBox } from '../ui/dom.ts';
import { type EmbedOptions, parseEmbedQuery } from './embed-params.ts';
import { OWN, isHostAttribute } from './host-attributes.ts';

/**
 * A figure's CSS (figure.css: none of the course's pages), scoped to the element: its custom properties hang on the element's root
 * instead of the document's, so the demo is themed without touching the host page.
 */
const SHADOW_CSS = `:host { display: block; } :host([height]) .ik-demo-root { height: 100%; } .ik-demo-root { font-family: system-ui, sans-serif; line-height: 1.5; color: var(--fg); background: var(--bg); }
${figureCss.replaceAll(':root', '.ik-demo-root')}`;

/**
 * KaTeX's CSS, for the live formulas, which typeset after the page's first demo runs: it comes
 * then too. Its @font-face rules go to the document (inside a shadow root they are ignored),
 * the rest into each element's shadow root.
 */
let katexCss: Promise<string> | null = null;
function loadKatexCss(): Promise<string> {
  return (katexCss ??= afterFirstDemo()
    .then(() => import('katex/dist/katex.min.css?inline'))
    .then(({ default: css }) => {
      const faces = Array.from(css.matchAll(/@font-face\s*{[^}]*}/g), (m) => m[0]);
      const style = document.createElement('style');
      style.dataset.ikDemo = 'katex-fonts';
      style.textContent = faces.join('\n');
      document.head.append(style);
      return css.replace(/@font-face\s*{[^}]*}/g, '');
    }));
}

export interface DemoLookup {
  find(id: string): DemoSource | undefined;
  ids(): string[];
  paramNames(): string[];
}

/**
 * `<ik-demo demo="fabrik" bones="5" pole="true">`: one demo on any page, from one script tag.
 * Attributes are the demo's parameters, checked by the same schema as a lesson's or an embed's
 * (a bad one is named in the element with what it accepts); changing one starts the demo again
 * with it. `scene="<code>"` (a share link's code) or `src="scene.json"` shows a playground
 * scene instead. `theme="light|dark"` (default: the page's prefers-color-scheme). The element
 * fires `ik-solved` {error, iterations, reached}, `ik-target-moved` {name, x, y} and `ik-error`
 * {messages}; removed from the page, it releases everything it holds.
 */
export function defineIkDemo(lookup: DemoLookup): void {
  if (customElements.get('ik-demo')) return;

  class IkDemoElement extends HTMLElement {
    static get observedAttributes(): string[] {
      return [...OWN, ...lookup.paramNames().map((n) => n.toLowerCase())];
    }

    private readonly shadow = this.attachShadow({ mode: 'open' });
    private readonly host = el('div', 'ik-demo-root');
    private frame: DemoFrame | null = null;
    private pending = false;
    private generation = 0;

    constructor() {
      super();
      const style = document.createElement('style');
      style.textContent = SHADOW_CSS;
      this.shadow.append(style, this.host);
      void loadKatexCss().then((css) => {
        const katex = document.createElement('style');
        katex.textContent = css;
        style.after(katex);
      });
    }

    connectedCallback(): void {
      this.schedule();
    }

    disconnectedCallback(): void {
      this.generation++;
      this.frame?.destroy();
      this.frame = null;
      this.host.replaceChildren();
    }

    attributeChangedCallback(): void {
      if (this.isConnected) this.schedule();
    }

    /** Several attributes set in a row rebuild the demo once. */
    private schedule(): void {
      if (this.pending) return;
      this.pending = true;
      queueMicrotask(() => {
        this.pending = false;
        if (this.isConnected) void this.render();
      });
    }

    private async render(): Promise<void> {
      const generation = ++this.generation;
      this.frame?.destroy();
      this.frame = null;
      this.host.replaceChildren();
      const options = this.pageOptions();
      this.style.width = this.size('width');
      this.style.height = this.size('height');
      const source = await this.source();
      if (generation !== this.generation || !source) return;
      // HTML lower-cases attribute names: targetx is the parameter targetX.
      const byLower = new Map(Object.keys(source.params).map((k) => [k.toLowerCase(), k]));
      const params: Record<string, string> = {};
      for (const { name, value } of this.attributes)
        if (!isHostAttribute(name)) setOwn(params, byLower.get(name) ?? name, value);
      const events: DemoFrameEvents = {
        solved: (detail) => this.fire('ik-solved', detail),
        targetMoved: (detail) => this.fire('ik-target-moved', detail),
      };
      const frame = new DemoFrame(source, params, {
        renderer: options.renderer,
        showTree: options.tree,
        treeOpen: options.treeOpen,
        // A height fixed by the page: the figure takes what the controls leave, as in an iframe.
        fit: this.hasAttribute('height'),
        chrome: false,
        embedded: true,
        events,
      });
      this.frame = frame;
      this.host.append(frame.element);
      if (frame.errors.length)
        this.fire('ik-error', { messages: frame.errors.map((e) => e.message) });
    }

    /** The demo or scene to show, or null after saying what was wrong in the element. */
    private async source(): Promise<DemoSource | null> {
      const scene = this.getAttribute('scene');
      const src = this.getAttribute('src');
      if (scene !== null || src !== null) {
        // The scene format and every node type load only for an element that shows a scene.
        const { decodeScene, sceneSource } = await import('./scene-source.ts');
        const result = await sceneSource(
          async () => {
            if (scene !== null) return decodeScene(scene);
            const response = await fetch(new URL(src!, document.baseURI));
            if (!response.ok)
              throw new Error(`${quote(src!)} could not be fetched (HTTP ${response.status}).`);
            return response.text();
          },
          scene !== null ? 'The scene in "scene"' : quote(src!),
        );
        if (result.ok) return result.source;
        this.fail(result.message);
        return null;
      }
      const id = this.getAttribute('demo');
      const found = id ? lookup.find(id) : undefined;
      if (!found) {
        this.fail(
          id
            ? `There is no demo called ${quote(id)}. Demos: ${lookup.ids().join(', ')}.`
            : `Say which demo to show: <ik-demo demo="…">. Demos: ${lookup.ids().join(', ')}.`,
        );
        return null;
      }
      return found;
    }

    private fail(message: string): void {
      this.host.append(errorBox(message));
      this.fire('ik-error', { messages: [message] });
    }

    private fire(type: string, detail: unknown): void {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }

    /**
     * The page options (theme, tree, renderer), checked by the same rules and messages as an
     * iframe embed's address; what was wrong is shown above the figure and its default used.
     */
    private pageOptions(): EmbedOptions {
      const q = new URLSearchParams();
      for (const key of ['theme', 'tree', 'renderer'] as const) {
        const value = this.getAttribute(key);
        if (value !== null) q.set(key, value);
      }
      const options = parseEmbedQuery(q.toString());
      this.host.dataset.theme =
        options.theme ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
      if (options.errors.length) this.host.append(paramErrorBox(options.errors));
      return options;
    }

    /** `width="720"` means pixels; any CSS length is taken as it is; none leaves CSS in charge. */
    private size(name: 'width' | 'height'): string {
      const v = this.getAttribute(name);
      if (v === null || v.trim() === '') return '';
      return /^\d+(\.\d+)?$/.test(v.trim()) ? `${v.trim()}px` : v.trim();
    }
  }

  customElements.define('ik-demo', IkDemoElement);
}
