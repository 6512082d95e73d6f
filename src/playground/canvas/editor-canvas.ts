import { Container, type Renderer } from '../../render/pixi';
import type { Vec2 } from '../../math/vec2';
import { HandleLayer } from '../../render/handle-layer';
import { type OverlayPainter, PixiOverlayPainter } from '../../render/overlay-painter';
import { createRenderer } from '../../render/renderer-choice';
import { enablePointerEvents } from '../../render/pixi-events';
import type { RendererKind } from '../../render/renderer-kind';
import { niceStep, SceneView } from '../../render/scene-view';
import { readCanvasColors } from '../../render/theme-colors';
import { Viewport } from '../../render/viewport';
import { Bone2D } from '../../scene/bone2d';
import type { Marker2D } from '../../scene/marker2d';
import { type Node, processTree } from '../../scene/node';
import { Node2D } from '../../scene/node2d';
import type { ViewRect } from '../../scene/scene-json';
import { Signal } from '../../scene/signal';
import { el } from '../../ui/dom';
import { toggleFullscreen } from '../../ui/fullscreen';
import type { SceneEditor } from '../editor/scene-editor';
import { boneFromDrag } from './bone-tool';
import { boundsOf, type Camera, cameraFor, panBy, viewRect, zoomAt } from './camera';
import { scenePoints } from './scene-bounds';
import { CanvasToolbar, type ToolbarButton } from '../../ui/canvas-toolbar';
import { dragResult, type DragStart, dragStart, GIZMO, partAt, type Tool } from './gizmo';
import { pickNode } from './hit-test';

type Drag =
  | { kind: 'gizmo'; node: Node2D; start: DragStart; pointerId: number; label: string }
  | { kind: 'bone'; bone: Bone2D; parent: Node; from: Vec2; startPx: Vec2; pointerId: number }
  | { kind: 'pan'; last: Vec2; pointerId: number; moved: number }
  | { kind: 'pinch'; spread: number };

/** What each tool is called, its key and what a drag does with it. */
export const TOOL_INFO: Record<Tool, { glyph: string; name: string; key: string; tip: string }> = {
  select: { glyph: '⬚', name: 'Select', key: 'Q', tip: 'Select: click a node; drag it to move it' },
  move: {
    glyph: '✥',
    name: 'Move',
    key: 'W',
    tip: 'Move: drag the square, or an arrow for one axis; Shift snaps to the grid',
  },
  rotate: {
    glyph: '⟳',
    name: 'Rotate',
    key: 'E',
    tip: 'Rotate: drag the ring; Shift snaps to 15°',
  },
  scale: {
    glyph: '⤢',
    name: 'Scale',
    key: 'R',
    tip: 'Scale: drag an axis end, or the square for both; past the origin mirrors; Shift snaps',
  },
  bone: {
    glyph: '◢+',
    name: 'Bone',
    key: 'B',
    tip: 'Bone: drag to draw a bone under the selected node; from a bone’s tip, it chains on',
  },
};

const TOOL_LABEL: Record<string, string> = { free: 'Move', x: 'Move', y: 'Move', ring: 'Rotate' };

/**
 * The playground's canvas: the scene drawn by the course's SceneView, the selected node's
 * gizmo, and every pointer, touch, wheel and key gesture that edits the scene through the
 * editor (so each drag is one undo step). Draggable markers keep their DOM handles (keyboard
 * and screen readers reach them); the tool modes live on the canvas as a @pixi/ui toolbar.
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
  private renderer: Renderer | null = null;
  private readonly stage = new Container();
  private view: SceneView | null = null;
  private overlay: PixiOverlayPainter | null = null;
  private handles: HandleLayer | null = null;
  private readonly viewport = new Viewport({ x: -400, y: -300, width: 800, height: 600 });
  private camera: Camera = { cx: 0, cy: 0, scale: 1 };
  private tool: Tool = 'select';
  private drag: Drag | null = null;
  private readonly touches = new Map<number, Vec2>();
  private readout: { text: string; at: Vec2 } | null = null;
  private toolbar: CanvasToolbar | null = null;
  private stepBar: CanvasToolbar | null = null;
  private stepButtons: readonly ToolbarButton[] = [];
  private stepActive: readonly string[] = [];
  private size = { width: 1, height: 1 };
  private rafId = 0;
  private last = 0;
  private framed = false;
  /** The tree the view draws; a different editor.root means a new scene to bind. */
  private boundRoot: Node | null = null;
  private readonly resizeObserver = new ResizeObserver(() => this.resize());

  constructor(
    private readonly editor: SceneEditor,
    private readonly rendererKind: RendererKind = 'canvas',
  ) {
    const box = this.element;
    box.tabIndex = 0;
    box.setAttribute('role', 'application');
    box.setAttribute('aria-roledescription', 'scene canvas');
    box.setAttribute(
      'aria-label',
      'Scene canvas. Tools: Q select, W move, E rotate, R scale, B bone. Arrow keys nudge the selected node (Shift: 10 units). Plus and minus zoom, F frames the scene. Markers have handles of their own: Tab to them.',
    );
    this.wireInput();
    editor.changed.connect((kind) => {
      if (kind === 'selection') return;
      // A new tree (a file, a preset, undoing one) gets a new view and its own framing; any
      // other edit keeps the view, the camera and the handles (and the focus on one).
      if (this.boundRoot !== editor.root) this.bindScene();
      else this.handles?.rebuild();
      this.dropStaleDrag();
    });
    this.resizeObserver.observe(box);
  }

  get currentTool(): Tool {
    return this.tool;
  }

  setTool(tool: Tool): void {
    if (tool === this.tool) return;
    this.tool = tool;
    this.toolbar?.setActive([tool]);
    this.element.dataset.tool = tool;
    this.toolChanged.emit(tool);
  }

  /** The Step / Play / Live buttons on the canvas ([] hides them). */
  setStepButtons(buttons: readonly ToolbarButton[], active: readonly string[] = []): void {
    this.stepButtons = buttons;
    this.stepActive = active;
    this.rebuildStepBar();
  }

  setStepActive(active: readonly string[]): void {
    this.stepActive = active;
    this.stepBar?.setActive(active);
  }

  async start(): Promise<void> {
    const colors = readCanvasColors(this.element);
    this.size = this.measure();
    this.renderer = await createRenderer({
      kind: this.rendererKind,
      width: this.size.width,
      height: this.size.height,
      background: colors.background,
    });
    // The toolbar's buttons take taps (the playground loads its toolbar with the page).
    enablePointerEvents(this.renderer);
    const canvas = this.renderer.canvas as HTMLCanvasElement;
    canvas.className = 'pg-canvas__surface';
    canvas.setAttribute('aria-hidden', 'true');
    this.element.prepend(canvas);
    this.overlay = new PixiOverlayPainter(this.viewport, colors);
    this.bindScene();
    this.buildToolbar();
    this.element.dataset.renderer = this.renderer.name;
    this.element.dataset.tool = this.tool;
    this.last = performance.now();
    const tick = (now: number) => {
      const dt = Math.min(0.1, Math.max(0, (now - this.last) / 1000));
      this.last = now;
      this.frame(dt);
      this.rafId = requestAnimationFrame(tick);
    };
    this.rafId = requestAnimationFrame(tick);
  }

  /** Re-reads the theme's colours (after a light/dark switch). */
  refreshTheme(): void {
    const colors = readCanvasColors(this.element);
    this.view?.setColors(colors);
    this.overlay?.setColors(colors);
    this.toolbar?.setColors(colors);
    this.stepBar?.setColors(colors);
    if (this.renderer) this.renderer.background.color = colors.background;
  }

  /** The view the scene file should open with: what the canvas shows now. */
  get shownRect(): ViewRect {
    return viewRect(this.camera, this.size.width, this.size.height);
  }

  /** The canvas alone on the screen (its toolbars are drawn on it, so they come along). */
  toggleFullscreen(): void {
    toggleFullscreen(this.element);
  }

  /** Fits the whole scene in the canvas. */
  frameAll(): void {
    this.camera = cameraFor(
      boundsOf(scenePoints(this.editor.root)),
      this.size.width,
      this.size.height,
    );
    this.applyCamera();
  }

  zoom(factor: number, at?: Vec2): void {
    const p = at ?? { x: this.size.width / 2, y: this.size.height / 2 };
    this.camera = zoomAt(this.camera, factor, p, this.size.width, this.size.height);
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

  // ── Scene and camera ───────────────────────────────────────────────────────────────────

  private bindScene(): void {
    if (!this.overlay) return;
    this.dropStaleDrag();
    this.boundRoot = this.editor.root;
    this.stage.removeChildren();
    this.view?.container.destroy({ children: true });
    const colors = readCanvasColors(this.element);
    this.view = new SceneView(this.editor.root, this.viewport, colors);
    this.view.highlighted = this.editor.selected;
    this.stage.addChild(this.view.container, this.overlay.container);
    if (this.toolbar) this.stage.addChild(this.toolbar.container, this.toolbar.tooltip);
    if (this.stepBar) this.stage.addChild(this.stepBar.container, this.stepBar.tooltip);
    this.handles?.destroy();
    this.handles = new HandleLayer(
      this.editor.root,
      this.viewport,
      {
        // Tabbing through a handle shows it focused but leaves the selection (and the inspector)
        // alone; taking hold of it with a pointer selects it, as clicking a node does.
        onFocus: (m) => {
          if (this.view) this.view.focused = m;
        },
        onGrab: (m) => {
          this.editor.select(m);
          this.editor.beginGesture('Move', m, ['position']);
        },
        onRelease: () => this.editor.endGesture(),
        move: (m, global, how) => this.moveMarker(m, global, how),
      },
      // The camera goes anywhere, and handles with it: only the view bounds them.
      { bounds: null },
    );
    this.element.append(this.handles.element);
    const view = this.editor.view;
    if (view) {
      this.camera = cameraFor(view, this.size.width, this.size.height);
      this.applyCamera();
    } else this.frameAll();
    this.framed = true;
  }

  /**
   * A drag whose node left the scene, or whose gesture an edit cancelled (undo, delete, a new
   * scene), must stop acting: its pointer still moves, but nothing it held is there.
   */
  private dropStaleDrag(): void {
    const d = this.drag;
    if (!d) return;
    if (d.kind === 'gizmo' && !this.editor.gestureOn(d.node)) this.drag = null;
    else if (d.kind === 'bone' && d.parent.root !== this.editor.root) {
      d.bone.parent?.removeChild(d.bone);
      this.drag = null;
    }
    if (!this.drag) this.readout = null;
  }

  private moveMarker(m: Marker2D, global: Vec2, how: 'pointer' | 'key'): void {
    if (how === 'pointer') {
      m.globalPosition = global;
      return;
    }
    const parent = m.parent2D;
    this.editor.setProperty(m, 'position', parent ? parent.toLocal(global) : global, true);
  }

  private applyCamera(): void {
    this.viewport.resize(this.size.width, this.size.height);
    this.viewport.setWorld(viewRect(this.camera, this.size.width, this.size.height));
    this.handles?.sync();
  }

  private measure(): { width: number; height: number } {
    const r = this.element.getBoundingClientRect();
    return { width: Math.max(1, Math.round(r.width)), height: Math.max(1, Math.round(r.height)) };
  }

  private resize(): void {
    const size = this.measure();
    if (size.width === this.size.width && size.height === this.size.height) return;
    this.size = size;
    this.renderer?.resize(size.width, size.height);
    if (!this.framed) return;
    this.applyCamera();
    this.placeToolbars();
  }

  // ── Toolbars ───────────────────────────────────────────────────────────────────────────

  private buildToolbar(): void {
    const colors = readCanvasColors(this.element);
    this.toolbar = new CanvasToolbar(
      [
        ...(Object.keys(TOOL_INFO) as Tool[]).map((t) => ({
          id: t,
          glyph: TOOL_INFO[t].glyph,
          tip: TOOL_INFO[t].tip,
          key: TOOL_INFO[t].key,
          onPress: () => this.setTool(t),
        })),
        {
          id: 'fullscreen',
          glyph: 'Full screen',
          tip: 'The canvas alone, filling the screen, tools and all',
          key: 'Esc leaves',
          onPress: () => this.toggleFullscreen(),
        },
      ],
      colors,
    );
    this.toolbar.setActive([this.tool]);
    this.stage.addChild(this.toolbar.container, this.toolbar.tooltip);
    this.rebuildStepBar();
    this.placeToolbars();
  }

  private rebuildStepBar(): void {
    if (!this.overlay) return;
    if (this.stepBar) {
      this.stepBar.container.destroy({ children: true });
      this.stepBar.tooltip.destroy({ children: true });
      this.stepBar = null;
    }
    if (this.stepButtons.length === 0) return;
    this.stepBar = new CanvasToolbar(this.stepButtons, readCanvasColors(this.element), false);
    this.stepBar.setActive(this.stepActive);
    this.stage.addChild(this.stepBar.container, this.stepBar.tooltip);
    this.placeToolbars();
  }

  private placeToolbars(): void {
    this.toolbar?.container.position.set(8, 8);
    this.stepBar?.container.position.set(8, this.size.height - 42);
  }

  // ── Input ──────────────────────────────────────────────────────────────────────────────

  private local(e: { clientX: number; clientY: number }): Vec2 {
    const r = this.element.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private world(screen: Vec2): Vec2 {
    return this.viewport.toWorld(screen);
  }

  private wireInput(): void {
    const box = this.element;
    box.addEventListener('pointerdown', (e) => this.pointerDown(e));
    box.addEventListener('pointermove', (e) => this.pointerMove(e));
    box.addEventListener('pointerup', (e) => this.pointerUp(e, false));
    box.addEventListener('pointercancel', (e) => this.pointerUp(e, true));
    box.addEventListener('pointerleave', () => this.pointerMoved.emit(null));
    box.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        this.zoom(Math.pow(1.0015, -e.deltaY), this.local(e));
      },
      { passive: false },
    );
    box.addEventListener('keydown', (e) => this.key(e));
  }

  private pointerDown(e: PointerEvent): void {
    if ((e.target as Element).closest('.ik-handle')) return;
    const p = this.local(e);
    if (this.toolbar?.hits(p) || this.stepBar?.hits(p)) return;
    this.element.focus({ preventScroll: true });
    if (e.pointerType === 'touch') {
      this.touches.set(e.pointerId, p);
      if (this.touches.size === 2) {
        this.endDrag(false);
        this.drag = { kind: 'pinch', spread: this.spread() };
        return;
      }
    }
    if (this.drag) return;
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 1) return;
    this.capture(e.pointerId);
    if (e.button === 1) {
      this.drag = { kind: 'pan', last: p, pointerId: e.pointerId, moved: 0 };
      return;
    }
    const at = this.world(p);
    const selected = this.editor.selected;
    if (this.tool === 'bone') {
      this.startBone(at, p, e.pointerId);
      return;
    }
    if (selected instanceof Node2D && selected.root === this.editor.root) {
      const part = partAt(this.tool, selected, p, (q) => this.viewport.toScreen(q));
      if (part) {
        this.startGizmo(selected, part, at, e.pointerId);
        return;
      }
    }
    const hit = pickNode(this.editor.root, at, 1 / this.viewport.scale);
    if (hit) {
      this.editor.select(hit);
      if (
        hit instanceof Node2D &&
        hit !== this.editor.root &&
        (this.tool === 'select' || this.tool === 'move')
      )
        this.startGizmo(hit, 'free', at, e.pointerId);
      else this.drag = { kind: 'pan', last: p, pointerId: e.pointerId, moved: 0 };
      return;
    }
    this.drag = { kind: 'pan', last: p, pointerId: e.pointerId, moved: 0 };
  }

  private startGizmo(node: Node2D, part: DragStart['part'], at: Vec2, pointerId: number): void {
    const label = TOOL_LABEL[part] ?? 'Scale';
    const names = part === 'ring' ? ['rotation'] : label === 'Scale' ? ['scale'] : ['position'];
    this.editor.beginGesture(label, node, names);
    const cushion = GIZMO.axis / 2 / this.viewport.scale;
    this.drag = {
      kind: 'gizmo',
      node,
      start: dragStart(node, part, at, cushion),
      pointerId,
      label,
    };
  }

  private startBone(at: Vec2, screen: Vec2, pointerId: number): void {
    const parent = this.editor.selected ?? this.editor.root;
    let from = at;
    if (parent instanceof Bone2D) {
      const tip = parent.tipGlobalPosition;
      const near = 12 / this.viewport.scale;
      if (Math.hypot(tip.x - at.x, tip.y - at.y) <= near) from = tip;
    }
    const bone = new Bone2D('Bone', 0);
    parent.addChild(bone);
    const shape = boneFromDrag(bone.parent2D?.globalTransform ?? null, from, from, false);
    bone.position = shape.position;
    this.drag = { kind: 'bone', bone, parent, from, startPx: screen, pointerId };
  }

  private pointerMove(e: PointerEvent): void {
    const p = this.local(e);
    if (this.touches.has(e.pointerId)) this.touches.set(e.pointerId, p);
    const at = this.world(p);
    this.pointerMoved.emit(at);
    const d = this.drag;
    if (!d) return;
    if (d.kind === 'pinch') {
      const spread = this.spread();
      if (d.spread > 0 && spread > 0) this.zoom(spread / d.spread, this.midpoint());
      d.spread = spread;
      return;
    }
    if (d.pointerId !== e.pointerId) return;
    if (d.kind === 'pan') {
      this.camera = panBy(this.camera, p.x - d.last.x, p.y - d.last.y);
      d.moved += Math.abs(p.x - d.last.x) + Math.abs(p.y - d.last.y);
      d.last = p;
      this.applyCamera();
    } else if (d.kind === 'gizmo') {
      const r = dragResult(d.start, at, e.shiftKey, niceStep(12 / this.viewport.scale));
      const n = d.node;
      if (r.globalPosition) {
        n.globalPosition = r.globalPosition;
        const g = n.globalPosition;
        this.readout = { text: `position (${g.x.toFixed(1)}, ${g.y.toFixed(1)})`, at };
      }
      if (r.rotation !== undefined) {
        n.rotation = r.rotation;
        this.readout = { text: `rotation ${((r.rotation * 180) / Math.PI).toFixed(1)}°`, at };
      }
      if (r.scale) {
        n.scale = r.scale;
        this.readout = { text: `scale (${r.scale.x.toFixed(2)}, ${r.scale.y.toFixed(2)})`, at };
      }
    } else if (d.kind === 'bone') {
      const space = d.bone.parent2D;
      const shape = boneFromDrag(space?.globalTransform ?? null, d.from, at, e.shiftKey);
      d.bone.rotation = shape.rotation;
      // With Shift the angle snaps; the length still follows the pointer along it.
      d.bone.length = e.shiftKey
        ? Math.max(0, projectLength(space, d.from, at, shape.rotation))
        : shape.length;
      this.readout = {
        text: `length ${d.bone.length.toFixed(1)}, rotation ${((shape.rotation * 180) / Math.PI).toFixed(1)}°`,
        at,
      };
    }
  }

  private pointerUp(e: PointerEvent, cancelled: boolean): void {
    this.touches.delete(e.pointerId);
    const d = this.drag;
    if (!d) return;
    if (d.kind === 'pinch') {
      if (this.touches.size < 2) this.drag = null;
      return;
    }
    if (d.pointerId !== e.pointerId) return;
    if (d.kind === 'pan' && d.moved < 4 && !cancelled) {
      // A click on empty canvas: nothing selected.
      const hit = pickNode(this.editor.root, this.world(this.local(e)), 1 / this.viewport.scale);
      if (!hit) this.editor.select(null);
    }
    if (d.kind === 'bone' && !cancelled && d.parent.root === this.editor.root) {
      const p = this.local(e);
      const dragged = Math.hypot(p.x - d.startPx.x, p.y - d.startPx.y);
      d.bone.parent?.removeChild(d.bone);
      this.drag = null;
      this.readout = null;
      if (dragged < 4) {
        const hit = pickNode(this.editor.root, this.world(p), 1 / this.viewport.scale);
        this.editor.select(hit);
        return;
      }
      d.bone.setRestFromPose();
      d.bone.name = 'Bone2D';
      this.editor.insert(d.parent, d.bone, d.parent.children.length, 'Draw a bone');
      this.editor.select(d.bone);
      return;
    }
    this.endDrag(cancelled);
  }

  private endDrag(cancelled: boolean): void {
    const d = this.drag;
    this.drag = null;
    this.readout = null;
    if (!d) return;
    if (d.kind === 'gizmo') {
      if (cancelled) this.editor.cancelGesture();
      else this.editor.endGesture();
    } else if (d.kind === 'bone') d.bone.parent?.removeChild(d.bone);
  }

  private key(e: KeyboardEvent): void {
    if (e.target !== this.element || e.ctrlKey || e.metaKey || e.altKey) return;
    const selected = this.editor.selected;
    const arrows: Record<string, Vec2> = {
      ArrowLeft: { x: -1, y: 0 },
      ArrowRight: { x: 1, y: 0 },
      ArrowUp: { x: 0, y: -1 },
      ArrowDown: { x: 0, y: 1 },
    };
    const dir = arrows[e.key];
    if (dir && selected instanceof Node2D && selected !== this.editor.root) {
      e.preventDefault();
      const step = e.shiftKey ? 10 : 1;
      const g = selected.globalPosition;
      const to = { x: g.x + dir.x * step, y: g.y + dir.y * step };
      const parent = selected.parent2D;
      this.editor.setProperty(selected, 'position', parent ? parent.toLocal(to) : to, true);
      return;
    }
    if (e.key === 'Escape') {
      if (this.drag) this.endDrag(true);
      else this.editor.select(null);
      e.preventDefault();
    } else if (e.key === '+' || e.key === '=') {
      this.zoom(1.25);
      e.preventDefault();
    } else if (e.key === '-' || e.key === '_') {
      this.zoom(0.8);
      e.preventDefault();
    } else if (e.key === 'f' || e.key === 'F') {
      this.frameAll();
      e.preventDefault();
    }
  }

  private capture(id: number): void {
    try {
      this.element.setPointerCapture(id);
    } catch {
      /* the pointer is already gone; moves still arrive while it is over the canvas */
    }
  }

  private spread(): number {
    const [a, b] = [...this.touches.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  private midpoint(): Vec2 {
    const [a, b] = [...this.touches.values()];
    return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : { x: 0, y: 0 };
  }

  // ── Drawing ────────────────────────────────────────────────────────────────────────────

  private draw(): void {
    if (!this.renderer || !this.view || !this.overlay) return;
    this.view.highlighted = this.editor.selected;
    this.view.draw();
    const p = this.overlay;
    p.begin();
    this.drawExtra?.(p);
    this.drawGizmo(p);
    if (this.readout) p.text(this.readout.text, this.readout.at, { offsetPx: { x: 14, y: 10 } });
    p.end();
    this.handles?.sync();
    this.renderer.render(this.stage);
  }

  private drawGizmo(p: OverlayPainter): void {
    const node = this.editor.selected;
    if (this.tool === 'bone') {
      const tip = node instanceof Bone2D ? node.tipGlobalPosition : null;
      if (tip) p.dot(tip, 5, 'accent');
      return;
    }
    if (!(node instanceof Node2D) || node.root !== this.editor.root) return;
    const o = node.globalPosition;
    const px = 1 / this.viewport.scale;
    const g = node.globalTransform;
    const end = (ax: number, ay: number) => {
      const l = Math.hypot(ax, ay) || 1;
      return { x: o.x + (ax / l) * GIZMO.axis * px, y: o.y + (ay / l) * GIZMO.axis * px };
    };
    const square = (c: Vec2, color: string) => {
      const h = 5 * px;
      p.polygon(
        [
          { x: c.x - h, y: c.y - h },
          { x: c.x + h, y: c.y - h },
          { x: c.x + h, y: c.y + h },
          { x: c.x - h, y: c.y + h },
        ],
        { color, fill: color, fillAlpha: 0.6, width: 1.5 },
      );
    };
    if (this.tool === 'move') {
      const x = end(1, 0);
      const y = end(0, 1);
      p.line(o, x, { color: 'target', width: 2.5 });
      p.line(o, y, { color: 'accent', width: 2.5 });
      p.dot(x, 5, 'target');
      p.dot(y, 5, 'accent');
      square(o, 'highlight');
    } else if (this.tool === 'rotate') {
      p.arcPx(o, GIZMO.ring, 0, Math.PI * 2, { color: 'highlight', width: 2.5 });
      const a = Math.atan2(g.b, g.a);
      p.line(
        o,
        { x: o.x + Math.cos(a) * GIZMO.ring * px, y: o.y + Math.sin(a) * GIZMO.ring * px },
        { color: 'highlight', width: 1.5 },
      );
    } else if (this.tool === 'scale') {
      const x = end(g.a, g.b);
      const y = end(g.c, g.d);
      p.line(o, x, { color: 'target', width: 2.5 });
      p.line(o, y, { color: 'accent', width: 2.5 });
      square(x, 'target');
      square(y, 'accent');
      square(o, 'highlight');
    }
  }
}

/** How far along a snapped direction the pointer is (the bone tool with Shift). */
function projectLength(space: Node2D | null, from: Vec2, to: Vec2, rotation: number): number {
  const a = space ? space.toLocal(from) : from;
  const b = space ? space.toLocal(to) : to;
  return (b.x - a.x) * Math.cos(rotation) + (b.y - a.y) * Math.sin(rotation);
}
