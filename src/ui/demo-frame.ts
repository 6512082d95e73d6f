import type { DemoDefinition, DemoSource } from '../demos/contract.ts';
import { parseParams, parsePrimary, type ParamError } from '../demos/params.ts';
import type { RendererKind } from '../render/renderer-kind.ts';
import { demoRan } from './after-first-demo.ts';
import { DomControlPanel } from './control-panel.ts';
import { holdFor, type Hold } from './demo-hold.ts';
import { sharedScheduler, type Scheduled } from './demo-scheduler.ts';
import { el, errorBox } from './dom.ts';
import { paramErrorBox } from './param-error-box.ts';
import { FigureLayout } from './figure-layout.ts';
import { FigureLoading } from './figure-loading.ts';
import { type DemoFrameEvents, RunningFigure } from './running-figure.ts';

export type { DemoFrameEvents } from './running-figure.ts';
export { paramErrorBox } from './param-error-box.ts';

export interface DemoFrameOptions {
  events?: DemoFrameEvents;
  renderer?: RendererKind;
  /** Give the figure's dock a Scene tab with its node tree (default true). */
  showTree?: boolean;
  /** Open the Scene tab first instead of the controls (an embed's `tree=true`). */
  treeOpen?: boolean;
  /** Fill the box the page gives (an embed's iframe); otherwise the screen sets the height. */
  fit?: boolean;
  /** Show title and footer (false for the chromeless embed). */
  chrome?: boolean;
  /** Where "open in embed" links point (relative to the page). */
  embedUrl?: string;
  /** In someone else's page (an iframe embed, <ik-demo>): a heavy demo starts paused. */
  embedded?: boolean;
}

/**
 * One figure on a page: its layout (canvas, and beside or under it the controls and the scene),
 * its loading, its start and Reset, and its place in the page's animation loop. Bad parameters
 * are reported inside this frame (which ones, what is allowed) and the figure runs with defaults
 * in their place; a figure that throws shows its error here and nowhere else.
 */
export class DemoFrame implements Scheduled {
  readonly errors: ParamError[];
  private readonly layout: FigureLayout;
  private readonly panel = new DomControlPanel();
  private readonly loadingCard: FigureLoading;
  private readonly values: Record<string, unknown>;
  /** The settings the page asked to put with the canvas (a lesson block's `primary:`). */
  private readonly primary: string[] | undefined;
  private running: RunningFigure | null = null;
  private loading: Promise<boolean> | null = null;
  private attaching: Promise<boolean> | null = null;
  private near = false;
  private visible = false;
  private destroyed = false;
  /** The figure stopped with an error: it stays as it was until Reset. */
  private crashed = false;
  /** Why the figure waits for a Start before it moves (reduced motion, a heavy demo), or null. */
  private hold: Hold | null;
  /** Mean time of update + draw over recent frames (ms), shown in the footer. */
  private frameMs = 0;
  private readonly perf = el('span', 'demo-perf');
  /** Elements each start adds (a footer, an error), removed on Reset. */
  private readonly perStart: HTMLElement[] = [];

  constructor(
    readonly definition: DemoSource,
    rawParams: Record<string, unknown>,
    private readonly options: DemoFrameOptions = {},
  ) {
    const { primary, ...settings } = rawParams;
    const parsed = parseParams(definition.params, settings, `demo "${definition.id}"`);
    this.errors = parsed.ok ? [] : parsed.errors;
    this.primary = parsePrimary(definition.params, primary, this.errors);
    this.values = parsed.values;
    this.hold = holdFor(definition, this.values, options.embedded === true);
    this.layout = new FigureLayout(definition, this.panel.element, options.showTree !== false);
    const figure = this.layout.element;
    figure.dataset.demo = definition.id;
    // For checks of the page (a browser test asks the figure where its labels went).
    Object.defineProperty(figure, 'labelBoxes', { value: () => this.labelBoxes() });
    figure.dataset.state = 'sleeping';
    if (options.chrome !== false) this.layout.caption(definition.title, () => this.reset());
    if (this.errors.length) figure.append(paramErrorBox(this.errors));
    this.layout.mount();
    if (options.treeOpen) this.layout.show('scene');
    this.setFit(options.fit === true);
    this.loadingCard = new FigureLoading(definition.title);
    this.layout.canvasBox.append(this.loadingCard.element);
    if (this.hold) this.showHold(this.hold);
    sharedScheduler().add(this);
  }

  get element(): HTMLElement {
    return this.layout.element;
  }

  /** The renderer's name ("canvas", "webgl", or "software" for a figure's own) once attached. */
  get rendererName(): string | null {
    return this.running?.host.name ?? null;
  }

  /** The overlay's label boxes in the last frame (canvas pixels), for checks of the page. */
  labelBoxes(): { x: number; y: number; width: number; height: number }[] {
    return this.running?.view.labelBoxes() ?? [];
  }

  /** Fit mode (see DemoFrameOptions.fit); the embed leaves it when its parent sizes the frame. */
  setFit(fit: boolean): void {
    this.element.classList.toggle('demo--fit', fit);
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible) this.setNear(true);
    this.mark();
  }

  setNear(near: boolean): void {
    this.near = near;
    if (near) void this.attach();
    else this.running?.release();
    this.mark();
  }

  frame(dt: number): void {
    const r = this.running;
    if (!r?.host.attached || this.crashed) return;
    // Waiting for Start: the figure stays as first drawn; what waits for a first demo may come.
    if (this.hold) return demoRan();
    const start = performance.now();
    let frames: number;
    try {
      frames = r.frame(dt);
    } catch (e) {
      return this.crash(`This demo stopped: ${(e as Error).message}`);
    }
    demoRan();
    this.frameMs += (performance.now() - start - this.frameMs) * 0.1;
    if (frames % 30 === 0) {
      this.perf.textContent = `${this.rendererName} · ${this.frameMs.toFixed(1)} ms/frame`;
      this.element.dataset.frameMs = this.frameMs.toFixed(3);
    }
  }

  /**
   * Back to the preset: the figure is built again from the parameters the page gave (a lesson's
   * block, a URL), so every drag, slider, switch and step the student made is undone at once.
   * The hold (Start) is not asked for twice.
   */
  reset(): void {
    if (this.destroyed) return;
    this.crashed = false;
    this.running?.destroy();
    this.running = null;
    for (const e of this.perStart.splice(0)) e.remove();
    this.panel.clear();
    this.loading = null;
    this.mark();
    void this.attach();
  }

  /** Re-reads theme colours (after a light/dark switch). */
  refreshTheme(): void {
    const colors = this.running?.host.colors();
    if (!colors) return;
    this.running!.view.setColors(colors);
    this.running!.host.setBackground(colors.background);
    this.draw();
  }

  destroy(): void {
    this.destroyed = true;
    sharedScheduler().remove(this);
    this.running?.destroy();
    this.running = null;
    this.element.remove();
  }

  /** Loads the figure's code (once it comes near the screen) and starts it. */
  private load(): Promise<boolean> {
    this.loading ??= (async () => {
      this.loadingCard.loading();
      this.element.dataset.state = 'loading';
      let definition: DemoDefinition;
      try {
        definition = await this.definition.load();
      } catch (e) {
        this.loadingCard.failed(e as Error, () => void this.attach());
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
    let instance;
    try {
      const context = { controls: this.panel, primary: this.primary };
      instance = definition.create(context, this.values as never);
    } catch (e) {
      this.loadingCard.done();
      this.crash(`This demo failed to start: ${(e as Error).message}`);
      return false;
    }
    this.loadingCard.done();
    const w = instance.world;
    this.element.style.setProperty('--figure-aspect', `${w.width} / ${w.height}`);
    this.running = new RunningFigure(
      instance,
      this.layout,
      {
        renderer: this.options.renderer ?? 'canvas',
        events: this.options.events,
        showTree: this.options.showTree !== false,
        title: this.definition.title,
        placeKeyHint: (hint) => this.panel.note(hint),
        marks: this.element,
      },
      () => this.draw(),
    );
    if (this.options.chrome !== false) this.addFooter();
    // The first frame runs at once, so readouts hold real values before the first paint.
    instance.update(0);
    return true;
  }

  private async attach(): Promise<void> {
    if (!this.running && !(await this.load())) return;
    const r = this.running;
    if (!this.near || !r || r.host.attached || this.attaching || this.crashed) return;
    this.attaching = r.attach(() => this.near && this.running === r);
    try {
      if (await this.attaching) this.draw();
    } catch (e) {
      this.crash(`Could not create a renderer: ${(e as Error).message}`);
    } finally {
      this.attaching = null;
      this.mark();
    }
  }

  /** Draws when the animation loop does not (a paused figure, a handle focused, a resize). */
  private draw(): void {
    if (!this.visible || this.hold) this.running?.view.draw();
  }

  /** What `data-state` and `data-renderer` say: the frame's state as the reader sees it. */
  private mark(): void {
    const d = this.element.dataset;
    const name = this.rendererName;
    if (name) d.renderer = name;
    else delete d.renderer;
    if (d.state === 'failed' && !this.running) return;
    if (!this.running) d.state = this.loading ? 'loading' : 'sleeping';
    else d.state = name ? (this.visible ? 'running' : 'paused') : 'sleeping';
  }

  private showHold(hold: Hold): void {
    this.element.dataset.hold = hold.kind;
    void import('./demo-hold-card.ts').then(({ holdCard }) => {
      const card = holdCard(hold, () => {
        this.hold = null;
        delete this.element.dataset.hold;
        card.remove();
        this.layout.canvasBox.focus();
      });
      this.layout.canvasBox.append(card);
    });
  }

  /** The footer's code (credits, links) comes with it: a chromeless embed never fetches it. */
  private addFooter(): void {
    const running = this.running;
    void import('./demo-footer.ts').then(({ demoFooter }) => {
      if (this.running !== running || this.destroyed) return;
      const footer = demoFooter({
        definition: this.definition,
        embedUrl: this.options.embedUrl,
        perf: this.perf,
        instance: () => this.running?.instance ?? null,
      });
      this.perStart.push(footer);
      this.element.append(footer);
    });
  }

  /** Shows what went wrong; the figure stops, and Reset starts it again. */
  private crash(message: string): void {
    this.crashed = true;
    this.running?.release();
    const box = errorBox(message);
    this.perStart.push(box);
    this.element.insertBefore(box, this.layout.body);
    this.mark();
  }
}
