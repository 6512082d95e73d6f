import type { Vec2 } from '../math/vec2.ts';
import { Marker2D } from '../scene/marker2d.ts';
import type { Node } from '../scene/node.ts';
import { clientToWorld, PointerGrab } from './pointer-mapping.ts';
import type { Viewport, WorldRect } from './viewport.ts';

export interface HandleEvents {
  /** A handle gained (marker) or lost (null) keyboard focus or a drag. */
  onFocus?(marker: Marker2D | null): void;
  /** A marker was moved by pointer, touch or keyboard. */
  onMove?(marker: Marker2D): void;
  /** A pointer took hold of a marker's handle, or let it go (an editor makes the drag one step). */
  onGrab?(marker: Marker2D): void;
  onRelease?(marker: Marker2D): void;
  /**
   * Moves a marker to a global point instead of the layer setting it (an editor records arrow-key
   * moves as undoable edits). `how` says whether a pointer drag or a key asked.
   */
  move?(marker: Marker2D, global: Vec2, how: 'pointer' | 'key'): void;
}

export interface HandleOptions {
  /**
   * Where handles may go, in scene units, besides the visible view. Left out: the viewport's
   * world rect grown by HANDLE_MARGIN (`handleBounds`), which demos' parameter ranges cover, so
   * a link written after any drag is accepted. `null`: the visible view only.
   */
  bounds?: WorldRect | null;
}

/**
 * How far past its world rect a handle may go, as a fraction of the rect's width (on x) and
 * height (on y): room for a letterboxed canvas, which shows more than the rect on one axis.
 */
export const HANDLE_MARGIN = 0.1;

/** The world rect grown by `margin` of its size on each side: where a demo's handles may go. */
export function handleBounds(world: WorldRect, margin = HANDLE_MARGIN): WorldRect {
  return {
    x: world.x - world.width * margin,
    y: world.y - world.height * margin,
    width: world.width * (1 + 2 * margin),
    height: world.height * (1 + 2 * margin),
  };
}

/**
 * Half a handle's hit circle (`.ik-handle`, 44 px): a handle kept this far inside its canvas is
 * whole, so a press on it lands on it, not on what stands beside the canvas.
 */
export const HANDLE_RADIUS_PX = 22;

/**
 * Where a handle asked to go to `p` goes: into the visible view, its whole circle inside (so it
 * is never dragged out of reach), then into `bounds` (so it never leaves what its demo's parameters can say). Pointer
 * drags and arrow keys both move through here.
 */
export function clampHandle(
  viewport: Viewport,
  p: Vec2,
  bounds: WorldRect | null = handleBounds(viewport.world),
): Vec2 {
  const v = viewport.clampToView(p, HANDLE_RADIUS_PX);
  if (!bounds) return v;
  return {
    x: Math.min(bounds.x + bounds.width, Math.max(bounds.x, v.x)),
    y: Math.min(bounds.y + bounds.height, Math.max(bounds.y, v.y)),
  };
}

/** Screen pixels an arrow key moves a handle; Shift multiplies it. */
export const KEY_STEP_PX = 4;
/** How many moves Ctrl+Z can take back. */
export const UNDO_DEPTH = 50;
export const KEY_STEP_SHIFT_FACTOR = 10;

/**
 * Draggable markers get a real DOM element laid over the canvas: one element handles mouse,
 * touch and pen (pointer events with capture), and keyboard (Tab to focus, arrows to move,
 * Shift for bigger steps), and screen readers can name it. The canvas only draws the marker.
 * Being DOM, handles also survive the demo's renderer being released while off screen.
 */
export class HandleLayer {
  readonly element: HTMLDivElement;
  private handles = new Map<Marker2D, HTMLDivElement>();
  /** Where each handle was last put, so unchanged handles cost a comparison a frame. */
  private readonly placed = new WeakMap<
    HTMLDivElement,
    { sx: number; sy: number; gx: number; gy: number; name: string; role: string }
  >();
  private dragging: { marker: Marker2D; pointerId: number; grab: PointerGrab } | null = null;
  /** Where markers were before each of the last moves, newest last (see `undo`). */
  private readonly undoStack: { marker: Marker2D; x: number; y: number }[] = [];
  /** The marker the last arrow-key move went to, while no other move came between. */
  private lastKeyed: Marker2D | null = null;

  constructor(
    private readonly root: Node,
    private readonly viewport: Viewport,
    private readonly events: HandleEvents = {},
    private readonly options: HandleOptions = {},
  ) {
    this.element = document.createElement('div');
    this.element.className = 'ik-handles';
    this.rebuild();
  }

  /** Re-reads the tree's draggable markers (call when the tree changes). */
  rebuild(): void {
    const wanted = this.root.findAll(Marker2D).filter((m) => m.draggable);
    for (const [marker, el] of this.handles) {
      if (!wanted.includes(marker)) {
        el.remove();
        this.handles.delete(marker);
      }
    }
    for (const marker of wanted) {
      const el = this.handles.get(marker);
      if (!el) this.handles.set(marker, this.createHandle(marker));
      else if (!el.classList.contains(`ik-handle--${marker.role}`)) {
        // The role changed (an editor's inspector): the handle takes its look.
        for (const c of [...el.classList]) if (c.startsWith('ik-handle--')) el.classList.remove(c);
        el.classList.add(`ik-handle--${marker.role}`);
      }
      if (el) el.dataset.node = marker.name;
    }
    this.sync();
  }

  /** Moves every handle element over its marker; call once per drawn frame. */
  sync(): void {
    const v = this.viewport;
    for (const [marker, el] of this.handles) {
      const g = marker.globalTransform;
      const sx = g.tx * v.scale + v.offsetX;
      const sy = g.ty * v.scale + v.offsetY;
      // Called every frame: only a handle whose marker or view moved is touched.
      const last = this.placed.get(el);
      if (
        last &&
        last.sx === sx &&
        last.sy === sy &&
        last.gx === g.tx &&
        last.gy === g.ty &&
        last.name === marker.name &&
        last.role === marker.role
      )
        continue;
      this.placed.set(el, { sx, sy, gx: g.tx, gy: g.ty, name: marker.name, role: marker.role });
      el.style.transform = `translate(${sx.toFixed(1)}px, ${sy.toFixed(1)}px)`;
      el.setAttribute(
        'aria-label',
        `${marker.name} (${marker.role}) at x ${g.tx.toFixed(1)}, y ${g.ty.toFixed(1)}. Arrow keys move it; Shift moves further.`,
      );
    }
  }

  handleFor(marker: Marker2D): HTMLDivElement | undefined {
    return this.handles.get(marker);
  }

  destroy(): void {
    this.element.remove();
    this.handles.clear();
  }

  private createHandle(marker: Marker2D): HTMLDivElement {
    const el = document.createElement('div');
    el.className = `ik-handle ik-handle--${marker.role}`;
    el.tabIndex = 0;
    el.setAttribute('role', 'button');
    el.setAttribute('aria-roledescription', 'draggable point');
    el.dataset.node = marker.name;
    el.addEventListener('pointerdown', (e) => this.onPointerDown(e, marker, el));
    el.addEventListener('pointermove', (e) => this.onPointerMove(e, marker));
    const end = (e: PointerEvent) => {
      if (this.dragging?.pointerId === e.pointerId) {
        this.dragging = null;
        // A press that moved nothing (a click to focus) is no move to undo.
        const top = this.undoStack.at(-1);
        const g = marker.globalPosition;
        if (top && top.marker === marker && top.x === g.x && top.y === g.y) this.undoStack.pop();
        el.classList.remove('is-dragging');
        this.events.onRelease?.(marker);
        if (document.activeElement !== el) this.events.onFocus?.(null);
      }
    };
    el.addEventListener('pointerup', end);
    el.addEventListener('pointercancel', end);
    el.addEventListener('keydown', (e) => this.onKey(e, marker));
    el.addEventListener('focus', () => this.events.onFocus?.(marker));
    el.addEventListener('blur', () => this.events.onFocus?.(null));
    this.element.appendChild(el);
    return el;
  }

  /** The scene point under the pointer (the layer covers the canvas exactly). */
  private worldAt(e: PointerEvent): Vec2 {
    return clientToWorld(this.viewport, this.element.getBoundingClientRect(), {
      x: e.clientX,
      y: e.clientY,
    });
  }

  /**
   * Puts the last dragged (or key-moved) marker back where it was before that move, as Ctrl+Z
   * does in an editor; up to UNDO_DEPTH moves back. False when there is nothing to undo.
   */
  undo(): boolean {
    this.lastKeyed = null;
    let last = this.undoStack.pop();
    // A marker no longer shown (the figure rebuilt its scene) has nothing to put back.
    while (last && !this.handles.has(last.marker)) last = this.undoStack.pop();
    if (!last) return false;
    const { marker, x, y } = last;
    // Through the same path as a move, so a demo that moves more than the marker follows too.
    if (this.events.move) this.events.move(marker, { x, y }, 'key');
    else marker.globalPosition = { x, y };
    this.sync();
    this.events.onMove?.(marker);
    return true;
  }

  /** Remembers where a marker is before a move; a run of arrow presses on one is one move. */
  private remember(marker: Marker2D, how: 'pointer' | 'key'): void {
    if (how === 'key' && this.lastKeyed === marker) return;
    this.lastKeyed = how === 'key' ? marker : null;
    const g = marker.globalPosition;
    this.undoStack.push({ marker, x: g.x, y: g.y });
    if (this.undoStack.length > UNDO_DEPTH) this.undoStack.shift();
  }

  private onPointerDown(e: PointerEvent, marker: Marker2D, el: HTMLDivElement): void {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    e.preventDefault();
    this.remember(marker, 'pointer');
    el.focus({ preventScroll: true });
    el.setPointerCapture(e.pointerId);
    el.classList.add('is-dragging');
    // Keep the offset between the pointer and the marker so it does not jump under the finger.
    const grab = new PointerGrab(this.worldAt(e), marker.globalPosition);
    this.dragging = { marker, pointerId: e.pointerId, grab };
    this.events.onFocus?.(marker);
    this.events.onGrab?.(marker);
  }

  private onPointerMove(e: PointerEvent, marker: Marker2D): void {
    const d = this.dragging;
    if (!d || d.marker !== marker || d.pointerId !== e.pointerId) return;
    const { x, y } = d.grab.follow(this.worldAt(e));
    // Shift held snaps to whole scene units: a point set exactly, by hand.
    this.moveTo(marker, e.shiftKey ? { x: Math.round(x), y: Math.round(y) } : { x, y }, 'pointer');
  }

  private onKey(e: KeyboardEvent, marker: Marker2D): void {
    const dir: Record<string, Vec2> = {
      ArrowLeft: { x: -1, y: 0 },
      ArrowRight: { x: 1, y: 0 },
      ArrowUp: { x: 0, y: -1 },
      ArrowDown: { x: 0, y: 1 },
    };
    const d = dir[e.key];
    if (!d) return;
    e.preventDefault();
    const step = (KEY_STEP_PX * (e.shiftKey ? KEY_STEP_SHIFT_FACTOR : 1)) / this.viewport.scale;
    this.remember(marker, 'key');
    const g = marker.globalPosition;
    this.moveTo(marker, { x: g.x + d.x * step, y: g.y + d.y * step }, 'key');
  }

  private moveTo(marker: Marker2D, world: Vec2, how: 'pointer' | 'key'): void {
    // Left out, the bounds are the viewport's world (a demo's world rect), grown by the margin.
    const at = clampHandle(this.viewport, world, this.options.bounds);
    if (this.events.move) this.events.move(marker, at, how);
    else marker.globalPosition = at;
    this.sync();
    this.events.onMove?.(marker);
  }
}
