import type { DemoInstance } from '../demos/contract.ts';
import { ChainIK2D } from '../ik/chain-ik-2d.ts';
import type { RendererKind } from '../render/renderer-kind.ts';
import type { Node } from '../scene/node.ts';
import { CanvasHost } from './canvas-host.ts';
import { afterFirstDemo } from './after-first-demo.ts';
import type { FigureLayout } from './figure-layout.ts';
import { FigureView } from './figure-view.ts';
import type { SceneTreePanel } from './scene-tree-panel.ts';

/** What a figure tells the page around it (the <ik-demo> element turns these into DOM events). */
export interface DemoFrameEvents {
  /** The figure's chain IK node solved to a different result. */
  solved?(detail: { error: number; iterations: number; reached: boolean }): void;
  /** The student moved a marker (pointer, touch or keys). */
  targetMoved?(detail: { name: string; x: number; y: number }): void;
}

export interface RunningOptions {
  renderer: RendererKind;
  events?: DemoFrameEvents;
  showTree: boolean;
  title: string;
  /** Where the "Keys: …" line goes. */
  placeKeyHint(hint: HTMLElement): void;
  /** The element whose data attributes say what is ready. */
  marks: HTMLElement;
}

/**
 * One start of a figure: its instance on a canvas host, its picture, its input and its scene
 * tab. A Reset throws it away whole and starts another; the frame around it stays.
 */
export class RunningFigure {
  readonly host: CanvasHost;
  readonly view: FigureView;
  private input: { dispose(): void } | null = null;
  private tree: SceneTreePanel | null = null;
  private frames = 0;
  private destroyed = false;
  /** The chain IK node whose solves are reported to the page (with events.solved). */
  private readonly solver: ChainIK2D | null;
  private lastSolve = '';

  constructor(
    readonly instance: DemoInstance,
    layout: FigureLayout,
    private readonly o: RunningOptions,
    /** Draws again when the figure is not being animated (a handle focused, a resize). */
    private readonly redraw: () => void,
  ) {
    this.host = new CanvasHost(layout.canvasBox, o.renderer, (size) => {
      this.view.resize(size);
      this.redraw();
    });
    const targetMoved = o.events?.targetMoved;
    this.view = new FigureView(
      instance,
      this.host,
      {
        onFocus: () => this.redraw(),
        onMove: targetMoved
          ? (m) => {
              const g = m.globalTransform;
              targetMoved({ name: m.name, x: g.tx, y: g.ty });
            }
          : undefined,
      },
      o.marks,
    );
    this.solver = o.events?.solved ? (instance.root.findAll(ChainIK2D)[0] ?? null) : null;
    // The figure's keys, wheel and bare-canvas gestures, and Ctrl+Z (⌘Z) for its handles,
    // come after the page's first demo runs: the handles drag and take Tab and arrows without.
    void afterFirstDemo()
      .then(() => import('./figure-input.ts'))
      .then(({ wireFigureInput }) => {
        if (this.destroyed) return;
        this.input = wireFigureInput(layout.canvasBox, instance, {
          title: o.title,
          viewport: () => this.view.viewport,
          undo: () => this.view.handles.undo(),
          placeKeyHint: o.placeKeyHint,
        });
        o.marks.dataset.input = 'ready';
      });
    // The scene tab's code comes with the tab (after the page's first demo, or when opened).
    if (o.showTree)
      void Promise.race([afterFirstDemo(), layout.sceneWanted])
        .then(() => import('./figure-scene-tab.ts'))
        .then(({ loadSceneTab }) =>
          loadSceneTab(
            layout,
            instance,
            (n) => this.highlight(n),
            () => !this.destroyed,
          ),
        )
        .then((tree) => (this.tree = tree));
  }

  /** Creates the renderer (or the figure's own 2D canvas); false if it was not wanted any more. */
  async attach(stillWanted: () => boolean): Promise<boolean> {
    if (this.instance.surface) {
      if (!this.host.attachSurface()) throw new Error('This browser gave no 2D canvas to draw on.');
      return true;
    }
    const started = performance.now();
    if (!(await this.host.attach(() => stillWanted() && !this.destroyed))) return false;
    this.view.attach(this.redraw);
    // Creating a renderer is the cost a page pays again each time a figure comes back on screen.
    const marks = this.o.marks.dataset;
    marks.attachMs = (performance.now() - started).toFixed(1);
    marks.attaches = String(Number(marks.attaches ?? 0) + 1);
    return true;
  }

  release(): void {
    this.host.release();
    this.view.detach();
  }

  /** One frame: the figure moves on by `dt`, then is drawn. Throws what the figure throws. */
  frame(dt: number): number {
    this.instance.update(dt);
    const drawStart = performance.now();
    this.view.draw();
    this.instance.drawn?.(performance.now() - drawStart);
    this.reportSolve();
    if (++this.frames % 6 === 0) this.tree?.refresh();
    return this.frames;
  }

  highlight(node: Node | null): void {
    this.view.highlight(node);
    this.instance.highlight?.(node);
    this.redraw();
  }

  destroy(): void {
    this.destroyed = true;
    this.input?.dispose();
    delete this.o.marks.dataset.input;
    this.instance.destroy?.();
    this.view.destroy();
    this.host.destroy();
  }

  /** Tells the page when the figure's chain solved to a different result. */
  private reportSolve(): void {
    const s = this.solver?.status;
    if (!s || !s.ok) return;
    const key = `${s.error} ${s.iterations}`;
    if (key === this.lastSolve) return;
    this.lastSolve = key;
    this.o.events?.solved?.({ error: s.error, iterations: s.iterations, reached: s.reached });
  }
}
