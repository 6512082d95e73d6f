import { Container, type Renderer } from '../render/pixi';
import type { DemoDefinition, DemoInstance, DemoSource } from '../demos/contract';
import { parseParams, parsePrimary, type ParamError } from '../demos/params';
import { ChainIK2D } from '../ik/chain-ik-2d';
import { HandleLayer } from '../render/handle-layer';
import { PixiOverlayPainter } from '../render/overlay-painter';
import { createRenderer } from '../render/renderer-choice';
import { drawingResolution } from '../render/device-pixels';
import type { RendererKind } from '../render/renderer-kind';
import { SceneView } from '../render/scene-view';
import { type CanvasColors, readCanvasColors } from '../render/theme-colors';
import { Viewport } from '../render/viewport';
import type { Node } from '../scene/node';
import { Bone2D } from '../scene/bone2d';
import type { CanvasToolbar } from './canvas-toolbar';
import { afterFirstDemo, demoRan } from './after-first-demo';
import { DomControlPanel } from './control-panel';
import { sharedScheduler, type Scheduled } from './demo-scheduler';
import { el, errorBox, uniqueId } from './dom';
import { toggleFullscreen } from './fullscreen';
import { holdCard, holdFor, type Hold } from './demo-hold';
import { wireFigureInput } from './figure-input';
import type { SceneTreePanel } from './scene-tree-panel';

/** What a demo tells the page around it (the <ik-demo> element turns these into DOM events). */
export interface DemoFrameEvents {
  /** The demo's chain IK node solved to a different result. */
  solved?(detail: { error: number; iterations: number; reached: boolean }): void;
  /** The student moved a marker (pointer, touch or keys). */
  targetMoved?(detail: { name: string; x: number; y: number }): void;
}

export interface DemoFrameOptions {
  events?: DemoFrameEvents;
  renderer?: RendererKind;
  /** Show the scene-tree panel beside the canvas (default true). */
  showTree?: boolean;
  /**
   * The scene panel starts folded behind a "Scene" button on the canvas, and opens over it
   * (an embed's default: the figure keeps the frame's width).
   */
  treeFolded?: boolean;
  /**
   * Fill the box the page gives the frame (an embed's iframe): the canvas takes the height the
   * controls leave, and the controls scroll when the box is short. Otherwise the canvas is 4:3.
   */
  fit?: boolean;
  /** Show title and footer (false for the chromeless embed). */
  chrome?: boolean;
  /** Where "open in embed" links point (relative to the page). */
  embedUrl?: string;
  /** In someone else's page (an iframe embed, <ik-demo>): a heavy demo starts paused. */
  embedded?: boolean;
}

/** The phone layout's width (as styles.css): a lesson's scene panel starts folded there. */
const NARROW_SCREEN = '(max-width: 760px)';

/**
 * One demo on a page: canvas + handles + scene panel + controls, with its own error box.
 * Bad parameters are reported inside this frame (which ones, what is allowed) and the demo runs
 * with defaults in their place; a demo that throws shows its error here and nowhere else.
 */
export class DemoFrame implements Scheduled {
  readonly element = el('figure', 'demo');
  readonly errors: ParamError[];
  private readonly canvasBox = el('div', 'demo-canvas');
  private readonly panel = new DomControlPanel();
  private instance: DemoInstance | null = null;
  private renderer: Renderer | null = null;
  /** For demos that draw their own picture: their canvas and its 2D context. */
  private surface: { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } | null = null;
  private surfaceColors = readCanvasColors(null);
  private attaching: Promise<void> | null = null;
  private stage: Container | null = null;
  /** The demo's buttons on the canvas (@pixi/ui), with a full-screen toggle: they travel with it. */
  private canvasBar: CanvasToolbar | null = null;
  private view: SceneView | null = null;
  private overlay: PixiOverlayPainter | null = null;
  private handles: HandleLayer | null = null;
  private tree: SceneTreePanel | null = null;
  private viewport: Viewport | null = null;
  private near = false;
  private visible = false;
  private frames = 0;
  /** How many renderers this frame has built (one more each time it comes back from far). */
  private attaches = 0;
  /** The canvas's shape when it does not fill a given box: the demo's world's, once known. */
  private aspect = '4 / 3';
  private fit = false;
  private readonly resizeObserver = new ResizeObserver(() => this.resize());
  /** Mean time of update + draw over recent frames (ms), shown in the footer. */
  private frameMs = 0;
  private readonly perf = el('span', 'demo-perf');

  private readonly values: Record<string, unknown>;
  /** The settings the page asked to put with the canvas (a lesson block's `primary:`). */
  private readonly primary: string[] | undefined;
  private readonly main = el('div', 'demo-main');
  /** While the demo's code loads: its title and a progress line, or the failure and a retry. */
  private readonly waiting = el('div', 'demo-loading');
  private loading: Promise<boolean> | null = null;
  /** The chain IK node whose solves are reported to the page (with events.solved). */
  private solver: ChainIK2D | null = null;
  private lastError = NaN;
  private lastIterations = -1;
  private destroyed = false;
  /** Why the demo waits for a Start before it moves (reduced motion, a heavy demo), or null. */
  private hold: Hold | null;
  /** The figure's bones, which its labels keep clear of. */
  private bones: Bone2D[] = [];
  /** The instance that stopped with an error, kept so Reset can tear it down and start again. */
  private crashed: DemoInstance | null = null;
  /** The canvas's listeners for the running instance (removed on reset). */
  private input: { dispose(): void } | null = null;
  /** Elements each start adds around the instance (scene panel, footer), removed on reset. */
  private readonly perStart: HTMLElement[] = [];

  constructor(
    readonly definition: DemoSource,
    rawParams: Record<string, unknown>,
    private readonly options: DemoFrameOptions = {},
  ) {
    this.element.dataset.demo = definition.id;
    this.element.dataset.state = 'sleeping';
    const { primary, ...settings } = rawParams;
    const parsed = parseParams(definition.params, settings, `demo "${definition.id}"`);
    this.errors = parsed.ok ? [] : parsed.errors;
    this.primary = parsePrimary(definition.params, primary, this.errors);
    this.values = parsed.values;
    this.hold = holdFor(definition, this.values, options.embedded === true);
    if (options.chrome !== false) {
      const caption = el('figcaption', 'demo-title');
      caption.append(el('span', 'demo-title__text', definition.title));
      const reset = el('button', 'demo-reset', 'Reset');
      reset.type = 'button';
      reset.title = 'Back to this figure’s preset: its points, sliders and switches as first shown';
      reset.addEventListener('click', () => this.reset());
      caption.append(reset);
      this.element.append(caption);
    }
    if (this.errors.length) this.element.append(paramErrorBox(this.errors));
    this.canvasBox.setAttribute('role', 'img');
    this.canvasBox.setAttribute('aria-label', `${definition.title}. ${definition.summary}`);
    this.setFit(options.fit === true);
    this.waiting.setAttribute('role', 'status');
    this.waiting.append(el('strong', '', definition.title), el('span', 'demo-loading__line', ''));
    this.canvasBox.append(this.waiting);
    if (this.hold) {
      this.element.dataset.hold = this.hold.kind;
      const card = holdCard(this.hold, () => {
        this.hold = null;
        delete this.element.dataset.hold;
        card.remove();
        this.canvasBox.focus();
      });
      this.canvasBox.append(card);
    }
    this.main.append(this.canvasBox);
    this.element.append(this.main, this.panel.element);
    this.resizeObserver.observe(this.canvasBox);
    sharedScheduler().add(this);
  }

  /**
   * Loads the demo's code (once it comes near the screen) and starts it. Resolves false if the
   * code could not be loaded (the frame then offers a retry) or the demo failed to start.
   */
  private load(): Promise<boolean> {
    this.loading ??= (async () => {
      const line = this.waiting.querySelector('.demo-loading__line')!;
      line.textContent = 'Loading the demo…';
      this.element.dataset.state = 'loading';
      let definition: DemoDefinition;
      try {
        definition = await this.definition.load();
      } catch (e) {
        line.textContent = `The demo's code could not be loaded (${(e as Error).message}). Check the connection, then try again.`;
        const retry = el('button', 'demo-loading__retry', 'Try again');
        retry.type = 'button';
        retry.addEventListener('click', () => {
          retry.remove();
          this.loading = null;
          void this.attach();
        });
        line.append(' ', retry);
        this.element.dataset.state = 'failed';
        this.loading = null;
        return false;
      }
      return this.start(definition);
    })();
    return this.loading;
  }

  private start(definition: DemoDefinition): boolean {
    if (this.destroyed) return false;
    try {
      this.instance = definition.create(
        { controls: this.panel, primary: this.primary },
        this.values as never,
      );
    } catch (e) {
      this.waiting.remove();
      this.showError(`This demo failed to start: ${(e as Error).message}`);
      return false;
    }
    this.waiting.remove();
    const options = this.options;
    const w = this.instance.world;
    this.aspect = `${w.width} / ${w.height}`;
    this.setFit(this.fit);
    // Sized to the box now: after a Reset the box keeps its size, so no resize would come.
    const box = this.size();
    this.viewport = new Viewport(w, box.width, box.height);
    const events = options.events;
    this.handles = new HandleLayer(this.instance.root, this.viewport, {
      onFocus: (m) => {
        if (this.view) this.view.focused = m;
        if (!this.visible) this.draw();
      },
      onMove: events?.targetMoved
        ? (m) => {
            const g = m.globalTransform;
            events.targetMoved!({ name: m.name, x: g.tx, y: g.ty });
          }
        : undefined,
    });
    this.solver = events?.solved ? (this.instance.root.findAll(ChainIK2D)[0] ?? null) : null;
    this.canvasBox.append(this.handles.element);
    if (options.showTree !== false) void this.addTree(this.instance, this.treeStartsFolded());
    // Ctrl+Z (⌘Z) on the figure or a handle puts the last dragged point back.
    this.input = wireFigureInput(this.canvasBox, this.instance, {
      title: this.definition.title,
      viewport: () => this.viewport,
      undo: () => this.handles?.undo() ?? false,
      placeKeyHint: (hint) => this.element.insertBefore(hint, this.panel.element),
    });
    // Once per burst of tree changes (see the scene panel's rebuild).
    const root = this.instance.root;
    this.bones = root.findAll(Bone2D);
    let handlesQueued = false;
    root.treeChanged.connect(() => {
      if (handlesQueued) return;
      handlesQueued = true;
      queueMicrotask(() => {
        handlesQueued = false;
        this.handles?.rebuild();
        if (this.instance?.root === root) this.bones = root.findAll(Bone2D);
      });
    });
    // The footer's code (credits, links) comes with it: a chromeless embed never fetches it.
    if (options.chrome !== false) {
      const instance = this.instance;
      void import('./demo-footer').then(({ demoFooter }) => {
        if (this.instance !== instance || this.destroyed) return;
        const footer = demoFooter({
          definition: this.definition,
          embedUrl: this.options.embedUrl,
          perf: this.perf,
          instance: () => this.instance,
        });
        this.element.append(this.keep(footer));
      });
    }
    // The first frame runs at once, so readouts hold real values before the first paint.
    this.instance.update(0);
    return true;
  }

  /**
   * The scene panel, its code (and every node type's, for their icons and properties) fetched
   * with the demo's only when the panel is shown: an embed without it does not pay for it.
   */
  private async addTree(instance: DemoInstance, folded: boolean): Promise<void> {
    const slot = this.keep(el('aside', 'scene-panel scene-panel--loading'));
    const drawer = folded ? this.sceneDrawer(slot) : null;
    this.main.append(slot);
    // Folded, the panel is not needed to see the demo: it loads after the page's first demo
    // runs, or at once when the reader opens it.
    if (drawer) await Promise.race([afterFirstDemo(), drawer.opened]);
    const [{ SceneTreePanel }, { NODE_TYPES }] = await Promise.all([
      import('./scene-tree-panel'),
      import('../ik/node-types'),
    ]);
    if (this.destroyed || this.instance !== instance) return;
    const fold = instance.foldedInTree?.bind(instance);
    const types = NODE_TYPES.with(instance.nodeTypes ?? []);
    this.tree = new SceneTreePanel(instance.root, types, (node) => this.highlight(node), fold);
    this.keep(this.tree.element);
    if (drawer) drawer.fill(this.tree.element);
    else slot.replaceWith(this.tree.element);
  }

  /**
   * A folded scene panel: a "Scene" button on the canvas opens it over the figure's right side,
   * the button or Escape closes it. `opened` resolves the first time it opens; `fill` puts the
   * real panel in the placeholder's place.
   */
  private sceneDrawer(placeholder: HTMLElement): {
    opened: Promise<void>;
    fill(panel: HTMLElement): void;
  } {
    let panel = placeholder;
    const id = uniqueId('scene-panel');
    const toggle = el('button', 'scene-toggle', 'Scene ▸');
    toggle.type = 'button';
    toggle.setAttribute('aria-expanded', 'false');
    toggle.setAttribute('aria-controls', id);
    toggle.title = 'The node tree of this figure';
    let markOpened!: () => void;
    const opened = new Promise<void>((resolve) => (markOpened = resolve));
    const set = (open: boolean) => {
      panel.hidden = !open;
      toggle.textContent = open ? 'Scene ◂' : 'Scene ▸';
      toggle.setAttribute('aria-expanded', String(open));
      if (open) markOpened();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      set(false);
      toggle.focus();
    };
    const dress = (p: HTMLElement, open: boolean) => {
      p.id = id;
      p.classList.add('scene-panel--drawer');
      p.hidden = !open;
      p.addEventListener('keydown', onKey);
    };
    dress(panel, false);
    toggle.addEventListener('click', () => set(panel.hidden !== false));
    this.main.append(this.keep(toggle));
    return {
      opened,
      fill: (real) => {
        dress(real, !panel.hidden);
        panel.replaceWith(real);
        panel = real;
      },
    };
  }

  /**
   * Back to the preset: the demo is built again from the parameters the page gave (a lesson's
   * block, a URL), so every drag, slider, switch and step the student made is undone at once.
   * The renderer is built again too; the hold (Start) is not asked for twice.
   */
  reset(): void {
    // A demo that stopped with an error may be reset too: that is the way out a reader tries.
    const instance = this.instance ?? this.crashed;
    if (this.destroyed || !instance) return;
    this.crashed = null;
    this.release();
    this.input?.dispose();
    this.input = null;
    instance.destroy?.();
    this.handles?.destroy();
    this.handles = null;
    this.tree = null;
    for (const e of this.perStart.splice(0)) e.remove();
    this.panel.clear();
    this.instance = null;
    this.loading = null;
    this.solver = null;
    this.lastError = NaN;
    this.lastIterations = -1;
    void this.attach();
  }

  /** Remembers an element a start adds, to remove on reset. */
  private keep<E extends HTMLElement>(e: E): E {
    this.perStart.push(e);
    return e;
  }

  /**
   * A lesson's scene panel starts folded on a phone, so the figure's controls and what the
   * solver did come right under its canvas; an embed says which it wants.
   */
  private treeStartsFolded(): boolean {
    if (this.options.treeFolded !== undefined) return this.options.treeFolded;
    return typeof matchMedia === 'function' && matchMedia(NARROW_SCREEN).matches;
  }

  /** Fit mode (see DemoFrameOptions.fit); the embed leaves it when its parent sizes the frame. */
  setFit(fit: boolean): void {
    this.fit = fit;
    this.element.classList.toggle('demo--fit', fit);
    this.canvasBox.style.aspectRatio = fit ? '' : this.aspect;
  }

  /** The renderer's name ("canvas", "webgl", or "software" for a demo's own) once attached. */
  get rendererName(): string | null {
    return this.renderer ? this.renderer.name : this.surface ? 'software' : null;
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible) this.setNear(true);
    this.element.dataset.state = this.stateName();
  }

  /** What `data-state` says: the frame's state as the reader sees it. */
  private stateName(): string {
    if (!this.instance && this.element.dataset.state === 'failed') return 'failed';
    if (!this.instance && this.loading) return 'loading';
    if (this.renderer || this.surface) return this.visible ? 'running' : 'paused';
    return 'sleeping';
  }

  setNear(near: boolean): void {
    this.near = near;
    if (near) void this.attach();
    else this.release();
  }

  frame(dt: number): void {
    if (!this.instance || (!this.renderer && !this.surface)) return;
    // Waiting for Start: the figure stays as first drawn (on attach and on resize); it is on
    // screen, so what waits for a first demo (the canvas buttons, formulas) may come.
    if (this.hold) {
      demoRan();
      return;
    }
    const start = performance.now();
    try {
      this.instance.update(dt);
    } catch (e) {
      this.showError(`This demo stopped: ${(e as Error).message}`);
      this.crashed = this.instance;
      this.instance = null;
      return;
    }
    const drawStart = performance.now();
    this.draw();
    this.instance?.drawn?.(performance.now() - drawStart);
    demoRan();
    this.reportSolve();
    this.frameMs += (performance.now() - start - this.frameMs) * 0.1;
    if (++this.frames % 6 === 0) this.tree?.refresh();
    if (this.frames % 30 === 0) {
      this.perf.textContent = `${this.rendererName} · ${this.frameMs.toFixed(1)} ms/frame`;
      this.element.dataset.frameMs = this.frameMs.toFixed(3);
    }
  }

  destroy(): void {
    this.destroyed = true;
    sharedScheduler().remove(this);
    this.resizeObserver.disconnect();
    this.release();
    this.instance?.destroy?.();
    this.handles?.destroy();
    this.element.remove();
  }

  private highlight(node: Node | null): void {
    if (this.view) this.view.highlighted = node;
    this.instance?.highlight?.(node);
    if (!this.visible) this.draw();
  }

  /** Tells the page when the demo's chain solved to a different result. */
  private reportSolve(): void {
    const s = this.solver?.status;
    if (!s || !s.ok || (s.error === this.lastError && s.iterations === this.lastIterations)) return;
    this.lastError = s.error;
    this.lastIterations = s.iterations;
    this.options.events?.solved?.({ error: s.error, iterations: s.iterations, reached: s.reached });
  }

  private async attach(): Promise<void> {
    if (!this.instance && !(await this.load())) return;
    if (!this.near) return;
    if (this.renderer || this.surface || this.attaching || !this.instance || !this.viewport) return;
    if (this.instance.surface) {
      // The demo draws its own picture (software 3D): a plain 2D canvas, no PixiJS renderer.
      const canvas = el('canvas', 'demo-canvas__surface');
      canvas.setAttribute('aria-hidden', 'true');
      const ctx = canvas.getContext('2d');
      if (!ctx) {
        this.showError('This browser gave no 2D canvas to draw on.');
        return;
      }
      this.surface = { canvas, ctx };
      this.surfaceColors = readCanvasColors(this.element);
      this.canvasBox.prepend(canvas);
      this.element.dataset.renderer = 'software';
      this.element.dataset.state = this.visible ? 'running' : 'paused';
      this.draw();
      return;
    }
    this.attaching = (async () => {
      const started = performance.now();
      const colors = readCanvasColors(this.element);
      const { width, height } = this.size();
      const renderer = await createRenderer({
        kind: this.options.renderer ?? 'canvas',
        width,
        height,
        background: colors.background,
      });
      if (!this.near || !this.instance) {
        renderer.destroy();
        return;
      }
      this.renderer = renderer;
      const canvas = renderer.canvas as HTMLCanvasElement;
      canvas.className = 'demo-canvas__surface';
      canvas.setAttribute('aria-hidden', 'true');
      this.canvasBox.prepend(canvas);
      this.viewport!.resize(width, height);
      this.stage = new Container();
      this.view = new SceneView(this.instance.root, this.viewport!, colors);
      // Crowd drawing is its own module, fetched only by the figures that ask for it.
      if (this.instance.batched === true) {
        const view = this.view;
        void import('../render/batched-paths').then(({ BatchedPaths }) => {
          view.batch = new BatchedPaths();
          if (!this.visible) this.draw();
        });
      }
      const overlay = (this.overlay = new PixiOverlayPainter(this.viewport!, colors));
      void afterFirstDemo()
        .then(() => import('../render/label-placement'))
        .then(({ LabelPlacer }) => {
          overlay.placer = new LabelPlacer();
          if (!this.visible) this.draw();
        });
      this.stage.addChild(this.view.container, this.overlay.container);
      this.addCanvasBar();
      this.element.dataset.renderer = renderer.name;
      this.element.dataset.state = this.visible ? 'running' : 'paused';
      this.draw();
      // Creating a renderer is the cost a page pays again each time a demo comes back on screen.
      this.element.dataset.attachMs = (performance.now() - started).toFixed(1);
      this.element.dataset.attaches = String(++this.attaches);
    })()
      .catch((e: Error) => this.showError(`Could not create a renderer: ${e.message}`))
      .finally(() => (this.attaching = null));
    return this.attaching;
  }

  private release(): void {
    if (this.surface) {
      this.surface.canvas.remove();
      this.surface = null;
      this.element.dataset.state = 'sleeping';
      delete this.element.dataset.renderer;
      return;
    }
    if (!this.renderer) return;
    this.stage?.destroy({ children: true });
    this.renderer.destroy({ removeView: true });
    this.renderer = null;
    this.stage = this.view = this.overlay = null;
    this.canvasBar = null;
    delete this.element.dataset.canvasBar;
    this.element.dataset.state = 'sleeping';
    delete this.element.dataset.renderer;
  }

  private size(): { width: number; height: number } {
    const r = this.canvasBox.getBoundingClientRect();
    return { width: Math.max(1, Math.round(r.width)), height: Math.max(1, Math.round(r.height)) };
  }

  /**
   * The canvas box's size as last measured: kept by the resize observer, so a frame does not
   * measure. Measuring right after a demo's readouts and formulas changed the page forced the
   * browser to lay the whole lesson out again, every frame: 13% of a lesson 12 page's time.
   */
  private boxSize(): { width: number; height: number } {
    return (this.box ??= this.size());
  }
  private box: { width: number; height: number } | null = null;

  /**
   * The on-canvas buttons come after the page's first demo runs (their code, @pixi/ui and its
   * tweens, is not needed to see and drag a demo). A renderer released meanwhile gets none.
   */
  private addCanvasBar(): void {
    const stage = this.stage;
    if (!this.instance?.canvasButtons || !stage) return;
    void afterFirstDemo()
      .then(() => Promise.all([import('./canvas-toolbar'), import('../render/pixi-events')]))
      .then(([{ CanvasToolbar }, { enablePointerEvents }]) => {
        if (this.stage !== stage || !this.renderer) return;
        enablePointerEvents(this.renderer);
        this.buildCanvasBar(CanvasToolbar, readCanvasColors(this.element));
      });
  }

  private buildCanvasBar(Toolbar: typeof CanvasToolbar, colors: CanvasColors): void {
    const spec = this.instance?.canvasButtons;
    if (!spec || !this.stage) return;
    const box = this.canvasBox;
    this.canvasBar = new Toolbar(
      [
        ...spec.buttons,
        {
          id: 'fullscreen',
          glyph: 'Full screen',
          tip: 'The figure alone, filling the screen',
          key: 'Esc leaves',
          onPress: () => toggleFullscreen(box),
        },
      ],
      colors,
      false,
    );
    this.stage.addChild(this.canvasBar.container, this.canvasBar.tooltip);
    this.placeCanvasBar();
    this.element.dataset.canvasBar = 'ready';
    this.draw();
  }

  private placeCanvasBar(): void {
    this.canvasBar?.container.position.set(8, this.size().height - 42);
  }

  private resize(): void {
    const { width, height } = (this.box = this.size());
    this.placeCanvasBar();
    this.viewport?.resize(width, height);
    this.renderer?.resize(width, height);
    this.handles?.sync();
    this.draw();
  }

  /** Re-reads theme colours (after a light/dark switch). */
  refreshTheme(): void {
    const colors = readCanvasColors(this.element);
    this.canvasBar?.setColors(colors);
    this.surfaceColors = colors;
    this.view?.setColors(colors);
    this.overlay?.setColors(colors);
    if (this.renderer) this.renderer.background.color = colors.background;
    this.draw();
  }

  private draw(): void {
    if (this.surface && this.instance?.surface) {
      const { canvas, ctx } = this.surface;
      const { width, height } = this.boxSize();
      // Every pixel costs script time here (see drawingResolution).
      const dpr = drawingResolution();
      const w = Math.round(width * dpr);
      const h = Math.round(height * dpr);
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      this.instance.surface.draw(ctx, w, h, dpr, this.surfaceColors);
      this.handles?.sync();
      return;
    }
    if (!this.renderer || !this.stage || !this.view || !this.overlay || !this.instance) return;
    const moved = this.instance.view?.();
    if (moved && this.viewport) this.viewport.setWorld(moved);
    this.view.draw();
    if (this.canvasBar && this.instance.canvasButtons)
      this.canvasBar.setActive(this.instance.canvasButtons.active());
    this.overlay.begin();
    this.overlay.keepClearOf(this.bones);
    this.instance.drawOverlay?.(this.overlay);
    this.overlay.end();
    this.handles?.sync();
    this.renderer.render(this.stage);
  }

  private showError(message: string): void {
    // Kept with the instance's elements: a reset that starts it again takes the message away.
    const box = this.keep(errorBox(message));
    this.element.insertBefore(box, this.element.firstChild?.nextSibling ?? null);
  }
}

/** The message for bad parameters: one line per parameter, naming it and what it accepts. */
export function paramErrorBox(errors: readonly ParamError[]): HTMLElement {
  const box = errorBox();
  box.append(
    el(
      'strong',
      '',
      errors.length === 1
        ? 'One parameter was not understood; its default is used:'
        : `${errors.length} parameters were not understood; their defaults are used:`,
    ),
  );
  const list = el('ul');
  for (const e of errors) {
    const li = el('li', '', e.message);
    li.dataset.param = e.param;
    list.append(li);
  }
  box.append(list);
  return box;
}
