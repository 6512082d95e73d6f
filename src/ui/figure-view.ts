import type { DemoInstance } from '../demos/contract.ts';
import { HandleLayer } from '../render/handle-layer.ts';
import { PixiOverlayPainter } from '../render/overlay-painter.ts';
import { SceneView } from '../render/scene-view.ts';
import type { CanvasColors } from '../render/theme-colors.ts';
import { Viewport } from '../render/viewport.ts';
import { Bone2D } from '../scene/bone2d.ts';
import type { Marker2D } from '../scene/marker2d.ts';
import type { Node } from '../scene/node.ts';
import { afterFirstDemo } from './after-first-demo.ts';
import type { CanvasHost, CanvasSize } from './canvas-host.ts';
import type { CanvasToolbar } from './canvas-toolbar.ts';
import { toggleFullscreen } from './fullscreen.ts';

/**
 * The room left round a figure's content: 4% of the canvas's shorter side, at least 12 px. A
 * figure that draws its own picture fills the canvas itself: its pointer maps with none.
 */
const marginFor = (s: CanvasSize, own: boolean) =>
  own ? 0 : Math.max(12, 0.04 * Math.min(s.width, s.height));

/**
 * A figure's picture on its canvas host: the node tree (SceneView), the figure's overlay with
 * its labels placed clear of each other, the bones and the guides, the draggable handles, and
 * the buttons drawn on the canvas. The view fits the figure's content bounds (following them
 * when the content moves) into whatever canvas the page gives, with a margin.
 */
export class FigureView {
  readonly viewport: Viewport;
  readonly handles: HandleLayer;
  private scene: SceneView | null = null;
  private overlay: PixiOverlayPainter | null = null;
  private canvasBar: CanvasToolbar | null = null;
  private bones: Bone2D[];
  private colors: CanvasColors;

  constructor(
    private readonly instance: DemoInstance,
    private readonly host: CanvasHost,
    handleEvents: { onFocus(m: Marker2D | null): void; onMove?(m: Marker2D): void },
    /** The element whose data attributes say what is ready (the figure's, for checks). */
    private readonly marks: HTMLElement,
  ) {
    const size = host.size;
    this.viewport = new Viewport(
      instance.world,
      size.width,
      size.height,
      marginFor(size, !!instance.surface),
    );
    this.colors = host.colors();
    this.handles = new HandleLayer(instance.root, this.viewport, {
      onFocus: (m) => {
        if (this.scene) this.scene.focused = m;
        handleEvents.onFocus(m);
      },
      onMove: handleEvents.onMove,
    });
    host.box.append(this.handles.element);
    this.bones = instance.root.findAll(Bone2D);
    // Once per burst of tree changes (a script adding a crowd node by node).
    let queued = false;
    instance.root.treeChanged.connect(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        this.handles.rebuild();
        this.bones = instance.root.findAll(Bone2D);
      });
    });
  }

  /** Builds the picture on the host's new stage (after each attach of a renderer). */
  attach(redraw: () => void): void {
    const stage = this.host.stage;
    if (!stage) return;
    this.scene = new SceneView(this.instance.root, this.viewport, this.colors);
    // Crowd drawing is its own module, fetched only by the figures that ask for it.
    if (this.instance.batched === true) {
      const scene = this.scene;
      void import('../render/batched-paths.ts').then(({ BatchedPaths }) => {
        scene.batch = new BatchedPaths();
        redraw();
      });
    }
    const overlay = (this.overlay = new PixiOverlayPainter(this.viewport, this.colors));
    void afterFirstDemo()
      .then(() => import('../render/label-placement.ts'))
      .then(({ LabelPlacer }) => {
        overlay.placer = new LabelPlacer();
        this.marks.dataset.labels = 'placed';
        redraw();
      });
    stage.addChild(this.scene.container, overlay.container);
    this.addCanvasBar(redraw);
  }

  /** The renderer was released: what was built on its stage went with it. */
  detach(): void {
    this.scene = this.overlay = this.canvasBar = null;
    delete this.marks.dataset.canvasBar;
    delete this.marks.dataset.labels;
  }

  resize(size: CanvasSize): void {
    this.viewport.marginPx = marginFor(size, !!this.instance.surface);
    this.viewport.resize(size.width, size.height);
    this.canvasBar?.container.position.set(8, size.height - 42);
    this.handles.sync();
  }

  setColors(colors: CanvasColors): void {
    this.colors = colors;
    this.canvasBar?.setColors(colors);
    this.scene?.setColors(colors);
    this.overlay?.setColors(colors);
  }

  highlight(node: Node | null): void {
    if (this.scene) this.scene.highlighted = node;
  }

  /** The overlay's label boxes in the last frame (canvas pixels), for checks of the page. */
  labelBoxes(): { x: number; y: number; width: number; height: number }[] {
    if (this.host.surface) return this.instance.surface?.labelBoxes?.() ?? [];
    return this.overlay?.labelBoxes() ?? [];
  }

  draw(): void {
    const i = this.instance;
    if (this.host.surface && i.surface) {
      const colors = this.colors;
      this.host.drawSurface((ctx, w, h, dpr) => i.surface!.draw(ctx, w, h, dpr, colors));
      this.handles.sync();
      return;
    }
    if (!this.scene || !this.overlay) return;
    const moved = i.view?.();
    if (moved) this.viewport.setWorld(moved);
    this.scene.draw();
    if (this.canvasBar && i.canvasButtons) this.canvasBar.setActive(i.canvasButtons.active());
    this.overlay.begin();
    this.overlay.keepClearOf(this.bones);
    i.drawOverlay?.(this.overlay);
    this.overlay.end();
    this.handles.sync();
    this.host.render();
  }

  destroy(): void {
    this.handles.destroy();
  }

  /**
   * The figure's buttons drawn on the canvas (@pixi/ui), with a full-screen toggle: they travel
   * with it into full screen. Their code comes after the page's first demo runs.
   */
  private addCanvasBar(redraw: () => void): void {
    const stage = this.host.stage;
    const spec = this.instance.canvasButtons;
    if (!spec || !stage) return;
    void afterFirstDemo()
      .then(() => Promise.all([import('./canvas-toolbar.ts'), import('../render/pixi-events.ts')]))
      .then(([{ CanvasToolbar }, { enablePointerEvents }]) => {
        if (this.host.stage !== stage || !this.host.renderer) return;
        enablePointerEvents(this.host.renderer);
        const fullScreen = {
          id: 'fullscreen',
          glyph: 'Full screen',
          tip: 'The figure alone, filling the screen',
          key: 'Esc leaves',
          onPress: () => toggleFullscreen(this.host.box),
        };
        this.canvasBar = new CanvasToolbar([...spec.buttons, fullScreen], this.colors, false);
        stage.addChild(this.canvasBar.container, this.canvasBar.tooltip);
        this.canvasBar.container.position.set(8, this.host.size.height - 42);
        this.marks.dataset.canvasBar = 'ready';
        redraw();
      });
  }
}
