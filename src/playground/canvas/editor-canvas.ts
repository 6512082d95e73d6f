import type { Vec2 } from '../../math/vec2.ts';
import type { HandleLayer } from '../../render/handle-layer.ts';
import { type OverlayPainter, PixiOverlayPainter } from '../../render/overlay-painter.ts';
import { enablePointerEvents } from '../../render/pixi-events.ts';
import type { RendererKind } from '../../render/renderer-kind.ts';
import { SceneView } from '../../render/scene-view.ts';
import { Viewport } from '../../render/viewport.ts';
import { type Node, processTree } from '../../scene/node.ts';
import type { ViewRect } from '../../scene/scene-json.ts';
import { Signal } from '../../scene/signal.ts';
import { CanvasHost, type CanvasSize } from '../../ui/canvas-host.ts';
import type { ToolbarButton } from '../../ui/canvas-toolbar.ts';
import { el } from '../../ui/dom.ts';
import { wireFigureInput } from '../../ui/figure-input.ts';
import { toggleFullscreen } from '../../ui/fullscreen.ts';
import type { SceneEditor } from '../editor/scene-editor.ts';
import { boundsOf, type Camera, cameraFor, panBy, viewRect, zoomAt } from './camera.ts';
import { EditorDrags } from './editor-drags.ts';
import { canvasKey, type KeyHost } from './editor-keys.ts';
import { EditorToolbars } from './editor-toolbars.ts';
import type { Tool } from './gizmo.ts';
import { drawGizmo } from './gizmo-draw.ts';
import { markerHandles } from './marker-handles.ts';
import { scenePoints } from './scene-bounds.ts';
import { CANVAS_KEY_HELP } from './tool-info.ts';

/** The wheel's zoom per pixel of scroll (a notch of 100 px: about ×1.16). */
const WHEEL_ZOOM = 1.0015;

/**
 * The playground's canvas: the scene drawn by the course's SceneView on the shared canvas host,
 * the selected node's gizmo, and the gestures that edit the scene through the editor (so each
 * drag is one undo step), all taken from the one gesture module the figures use. Draggable
 * markers keep their DOM handles (keyboard and screen readers reach them); the tools and the
 * solver's step bar live on the canvas (editor-toolbars), the drags in editor-drags.
 */
export class EditorCanvas {
  readonly element = el('div', 'pg-canvas');
  readonly toolChanged = new Signal<Tool>();
  /** Scene point under the pointer, for the status bar (null: off the canvas). */
  readonly pointerMoved = new Signal<Vec2 | null>();
  /** Runs each frame after the tree is processed and before drawing (the solver panel). */
  onFrame: ((dt: number) => void) | null = null;
  /** Draws over the scene each frame (the solver's sub-steps). */
  drawExtra: ((p: OverlayPainter) => void) | null = null;
  /** Solve every frame (off: the tree holds still while you pose it by hand). */
  solving = true;
  private readonly host: CanvasHost;
  private readonly drags: EditorDrags;
  private readonly toolbars: EditorToolbars;
  private view: SceneView | null = null;
  private overlay: PixiOverlayPainter | null = null;
  private handles: HandleLayer | null = null;
  private readonly viewport = new Viewport({ x: -400, y: -300, width: 800, height: 600 });
  private camera: Camera = { cx: 0, cy: 0, scale: 1 };
  private tool: Tool = 'select';
  private last = 0;
  private framed = false;
  /** The tree the view draws; a different editor.root means a new scene to bind. */
  private boundRoot: Node | null = null;

  constructor(
    private readonly editor: SceneEditor,
    rendererKind: RendererKind = 'canvas',
  ) {
    this.element.setAttribute('aria-roledescription', 'scene canvas');
    this.host = new CanvasHost(
      this.element,
      rendererKind,
      (s) => this.resized(s),
      'pg-canvas__surface',
    );
    const canvas = this;
    this.drags = new EditorDrags({
      editor,
      viewport: this.viewport,
      get tool() {
        return canvas.tool;
      },
      pan: (dx, dy) => {
        this.camera = panBy(this.camera, dx, dy);
        this.applyCamera();
      },
    });
    this.toolbars = new EditorToolbars(() => this.host.colors(), {
      tool: (t) => this.setTool(t),
      fullscreen: () => this.toggleFullscreen(),
    });
    this.wireInput();
    editor.changed.connect((kind) => {
      if (kind === 'selection') return;
      // A new tree (a file, a preset, undoing one) gets a new view and its own framing; any
      // other edit keeps the view, the camera and the handles (and the focus on one).
      if (this.boundRoot !== editor.root) this.bindScene();
      else this.handles?.rebuild();
      this.drags.dropStale();
    });
  }

  get currentTool(): Tool {
    return this.tool;
  }

  setTool(tool: Tool): void {
    if (tool === this.tool) return;
    this.tool = tool;
    this.toolbars.setTool(tool);
    this.element.dataset.tool = tool;
    this.toolChanged.emit(tool);
  }

  /** The Step / Play / Live buttons on the canvas ([] hides them). */
  setStepButtons(buttons: readonly ToolbarButton[], active: readonly string[] = []): void {
    this.toolbars.setStepButtons(buttons, active);
  }

  setStepActive(active: readonly string[]): void {
    this.toolbars.setStepActive(active);
  }

  async start(): Promise<void> {
    await this.host.attach(() => true);
    const stage = this.host.stage;
    if (!this.host.renderer || !stage) return;
    // The tool bar's buttons take taps (the playground loads its tool bar with the page).
    enablePointerEvents(this.host.renderer);
    this.overlay = new PixiOverlayPainter(this.viewport, this.host.colors());
    this.bindScene();
    this.toolbars.build(stage, this.tool, this.host.size);
    this.element.dataset.renderer = this.host.name ?? '';
    this.element.dataset.tool = this.tool;
    this.last = performance.now();
    const tick = (now: number) => {
      const dt = Math.min(0.1, Math.max(0, (now - this.last) / 1000));
      this.last = now;
      this.frame(dt);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  /** Re-reads the theme's colours (after a light/dark switch). */
  refreshTheme(): void {
    const colors = this.host.colors();
    this.view?.setColors(colors);
    this.overlay?.setColors(colors);
    this.toolbars.setColors(colors);
    this.host.setBackground(colors.background);
  }

  /** The view the scene file should open with: what the canvas shows now. */
  get shownRect(): ViewRect {
    const { width, height } = this.host.size;
    return viewRect(this.camera, width, height);
  }

  /** The canvas alone on the screen (its tool bars are drawn on it, so they come along). */
  toggleFullscreen(): void {
    toggleFullscreen(this.element);
  }

  /** Fits the whole scene in the canvas. */
  frameAll(): void {
    const { width, height } = this.host.size;
    this.camera = cameraFor(boundsOf(scenePoints(this.editor.root)), width, height);
    this.applyCamera();
  }

  /** Zooms by `factor` about a canvas point (its centre unless told). */
  zoom(factor: number, at?: Vec2): void {
    const { width, height } = this.host.size;
    const p = at ?? { x: width / 2, y: height / 2 };
    this.camera = zoomAt(this.camera, factor, p, width, height);
    this.applyCamera();
  }

  get zoomPercent(): number {
    return Math.round(this.camera.scale * 100);
  }

  /** A scene point, for placing new nodes where the student is looking. */
  get centre(): Vec2 {
    return { x: this.camera.cx, y: this.camera.cy };
  }

  /** Advances one frame: solvers (unless paused), the frame hook, then the picture. */
  frame(dt: number): void {
    if (this.solving) processTree(this.editor.root, dt);
    this.onFrame?.(dt);
    this.draw();
  }

  /** Pointer, touch, pinch, wheel and keys, through the gesture module the figures use. */
  private wireInput(): void {
    const keys: KeyHost = {
      editor: this.editor,
      drags: this.drags,
      zoom: (f) => this.zoom(f),
      frameAll: () => this.frameAll(),
    };
    wireFigureInput(
      this.element,
      {
        keyHelp: CANVAS_KEY_HELP,
        onKey: (key, down, mods) => down && canvasKey(key, mods.shift, keys),
        onPointer: (kind, at, detail) => this.drags.pointer(kind, at, detail),
        onPinch: (factor, centre) => this.zoom(1 / factor, centre.screen),
        onWheel: (dy, at) => this.zoom(Math.pow(WHEEL_ZOOM, -dy), at.screen),
        onHover: (at) => this.pointerMoved.emit(at),
      },
      {
        title: 'Scene canvas',
        viewport: () => this.viewport,
        // The middle button pans wherever it presses; the main one does what the tool does.
        dragButtons: [0, 1],
        pressable: (p) => !this.toolbars.hits(p),
        wheelAlways: true,
      },
    );
  }

  private bindScene(): void {
    const stage = this.host.stage;
    if (!this.overlay || !stage) return;
    this.drags.dropStale();
    this.boundRoot = this.editor.root;
    stage.removeChildren();
    this.view?.container.destroy({ children: true });
    this.view = new SceneView(this.editor.root, this.viewport, this.host.colors());
    this.view.highlighted = this.editor.selected;
    stage.addChild(this.view.container, this.overlay.container);
    this.toolbars.addTo(stage);
    this.handles?.destroy();
    this.handles = markerHandles(this.editor, this.viewport, (m) => {
      if (this.view) this.view.focused = m;
    });
    this.element.append(this.handles.element);
    const view = this.editor.view;
    if (view) {
      const { width, height } = this.host.size;
      this.camera = cameraFor(view, width, height);
      this.applyCamera();
    } else this.frameAll();
    this.framed = true;
  }

  private applyCamera(): void {
    const { width, height } = this.host.size;
    this.viewport.resize(width, height);
    this.viewport.setWorld(viewRect(this.camera, width, height));
    this.handles?.sync();
  }

  private resized(size: CanvasSize): void {
    if (!this.framed) return;
    this.applyCamera();
    this.toolbars.place(size);
  }

  private draw(): void {
    if (!this.host.renderer || !this.view || !this.overlay) return;
    this.view.highlighted = this.editor.selected;
    this.view.draw();
    const p = this.overlay;
    p.begin();
    this.drawExtra?.(p);
    drawGizmo(p, this.tool, this.editor.selected, this.editor.root, this.viewport.scale);
    const r = this.drags.readout;
    if (r) p.text(r.text, r.at, { offsetPx: { x: 14, y: 10 } });
    p.end();
    this.handles?.sync();
    this.host.render();
  }
}
