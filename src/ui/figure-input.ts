import type { DemoInstance } from '../demos/contract.ts';
import type { Vec2 } from '../math/vec2.ts';
import { clientToScreen } from '../render/pointer-mapping.ts';
import type { Viewport } from '../render/viewport.ts';
import { el } from './dom.ts';

/** What a canvas's input needs from the page around it (a figure's frame, the playground). */
export interface FigureInputOptions {
  /** The canvas's name, for its accessible name. */
  title: string;
  /** The viewport as it is now (read at each event: a zoom changes it). */
  viewport(): Viewport | null;
  /** Ctrl+Z (⌘Z): puts the last dragged point back; false when there was nothing to undo. */
  undo?(): boolean;
  /** Where the "Keys: …" line goes (the frame puts it above its controls); none without it. */
  placeKeyHint?(hint: HTMLElement): void;
  /** Mouse buttons a drag starts with: the main one (0) unless told (the editor pans with 1). */
  dragButtons?: readonly number[];
  /**
   * False where something drawn on the canvas takes the press itself (a tool bar's buttons,
   * served by Pixi's own events): the press then starts no drag, no pinch and takes no focus.
   */
  pressable?(screen: Vec2): boolean;
  /** The wheel zooms without a click first (an editor that fills the page, not a lesson's figure). */
  wheelAlways?: boolean;
}

/** A point on the canvas: in the viewport's pixels (from the box's top left) and in the scene. */
export interface CanvasPoint {
  screen: Vec2;
  world: Vec2;
}

/** What a pointer event says beyond the scene point, for a sink that needs it (the editor). */
export interface PointerDetail {
  /** Where on the canvas, in the viewport's pixels. */
  screen: Vec2;
  pointerId: number;
  pointerType: string;
  /** The button pressed or released (0 main, 1 middle); -1 on a move. */
  button: number;
  shift: boolean;
  alt: boolean;
  ctrl: boolean;
  meta: boolean;
  /**
   * On 'up', how the drag ended: the pointer lifted, the browser cancelled it, or a second
   * finger turned it into a pinch (it ends where it was, neither a click nor a drop).
   */
  end?: 'lift' | 'cancel' | 'pinch';
}

export interface KeyMods {
  shift: boolean;
}

/**
 * What a canvas takes from the gesture module. A demo's instance is one (its handlers take the
 * first arguments alone); the playground's editor canvas is another and reads the rest.
 */
export interface InputSink {
  /** A key pressed (`down`) or released on the focused canvas; true for keys it uses. */
  onKey?(key: string, down: boolean, mods: KeyMods): boolean;
  keyHelp?: string;
  /** The wheel over the canvas, and where the pointer is (an editor zooms about it). */
  onWheel?(deltaY: number, at: CanvasPoint): void;
  onDropFile?(name: string, text: string): void;
  onDropLarge?: DemoInstance['onDropLarge'];
  /** One pointer pressed, moved while pressed, and released (or cancelled) on the bare canvas. */
  onPointer?(kind: 'down' | 'move' | 'up', world: Vec2, detail: PointerDetail): void;
  /** Two fingers: their last distance over the new one (below 1 as they spread), and their centre. */
  onPinch?(factor: number, centre: CanvasPoint): void;
  /** Every pointer move over the canvas, pressed or not; null when the pointer leaves it. */
  onHover?(world: Vec2 | null): void;
}

export type On = <K extends keyof HTMLElementEventMap>(
  type: K,
  fn: (e: HTMLElementEventMap[K]) => void,
  passive?: boolean,
) => void;

/** The canvas point under `client` (an event's clientX/Y), by the one screen→world mapping. */
export type PointAt = (client: Vec2) => CanvasPoint;

/**
 * Keys, wheel, dropped files, pointer, touch and pinch on a canvas box: the one gesture module
 * for the figures (what each demo asks for) and the playground's editor canvas. The box becomes
 * focusable (Tab or a click), says which keys it takes, and releases held keys when it loses
 * focus so a spider does not walk on for ever after an alt-tab. `dispose` removes every
 * listener and hint it added (a figure reset to its preset wires its new instance again).
 */
export function wireFigureInput(
  box: HTMLElement,
  sink: InputSink,
  options: FigureInputOptions,
): { dispose(): void } {
  const abort = new AbortController();
  const on: On = (type, fn, passive) =>
    box.addEventListener(type, fn, {
      signal: abort.signal,
      ...(passive === undefined ? {} : { passive }),
    });
  const added: HTMLElement[] = [];
  const pointAt: PointAt = (client) => {
    const rect = box.getBoundingClientRect();
    const vp = options.viewport();
    if (!vp) {
      const screen = { x: client.x - rect.left, y: client.y - rect.top };
      return { screen, world: screen };
    }
    const screen = clientToScreen(vp, rect, client);
    return { screen, world: vp.toWorld(screen) };
  };

  const undo = options.undo;
  if (undo)
    on('keydown', (e) => {
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z')
        if (undo()) e.preventDefault();
    });
  // Each handler is called on the sink, as a method: a class-based demo keeps its `this`.
  if (sink.onKey)
    wireKeys(
      box,
      (key, down, mods) => sink.onKey!(key, down, mods),
      sink.keyHelp,
      options,
      on,
      added,
    );
  // The wheel and dropped files serve the 3D figures and the editor: their code comes with them.
  if (sink.onWheel || sink.onDropFile)
    void import('./figure-input-wheel.ts').then(({ wireWheel, wireDrop }) => {
      if (abort.signal.aborted) return;
      if (sink.onWheel) {
        const always = options.wheelAlways === true;
        wireWheel(box, { onWheel: (dy, at) => sink.onWheel!(dy, at), pointAt, always }, on, added);
      }
      if (sink.onDropFile)
        wireDrop(box, (name, text) => sink.onDropFile!(name, text), on, sink.onDropLarge);
    });
  if (sink.onPointer || sink.onKey || sink.onPinch || sink.onHover)
    wirePointer(box, sink, options, pointAt, on);
  return {
    dispose() {
      abort.abort();
      for (const e of added) e.remove();
    },
  };
}

function wireKeys(
  box: HTMLElement,
  onKey: NonNullable<InputSink['onKey']>,
  keyHelp: string | undefined,
  options: FigureInputOptions,
  on: On,
  added: HTMLElement[],
): void {
  box.tabIndex = 0;
  const help = keyHelp ?? 'This figure takes keys when focused.';
  box.setAttribute('aria-label', `${options.title}. ${help}`);
  box.setAttribute('role', 'application');
  if (options.placeKeyHint) {
    const hint = el('p', 'demo-keys', `Keys (click the figure or Tab to it first): ${help}`);
    options.placeKeyHint(hint);
    added.push(hint);
  }
  // Letters lower-cased: "d" pressed, Shift pressed, "D" released is still the same key.
  const keyOf = (e: KeyboardEvent) => (e.key.length === 1 ? e.key.toLowerCase() : e.key);
  const held = new Set<string>();
  on('keydown', (e) => {
    // Only the canvas itself: arrows on a focused handle inside it move the handle.
    if (e.target !== box || e.altKey || e.ctrlKey || e.metaKey) return;
    const key = keyOf(e);
    if (onKey(key, true, { shift: e.shiftKey })) {
      e.preventDefault();
      held.add(key);
    }
  });
  on('keyup', (e) => {
    const key = keyOf(e);
    if (held.delete(key)) onKey(key, false, { shift: e.shiftKey });
  });
  on('blur', () => {
    for (const k of held) onKey(k, false, { shift: false });
    held.clear();
  });
}

const clientOf = (e: MouseEvent): Vec2 => ({ x: e.clientX, y: e.clientY });

function detailOf(e: PointerEvent, screen: Vec2, end?: PointerDetail['end']): PointerDetail {
  return {
    screen,
    pointerId: e.pointerId,
    pointerType: e.pointerType,
    button: e.button,
    shift: e.shiftKey,
    alt: e.altKey,
    ctrl: e.ctrlKey,
    meta: e.metaKey,
    ...(end ? { end } : {}),
  };
}

/**
 * Drags on the bare canvas (handles take their own pointers), and a two-finger pinch. One
 * pointer drags at a time: another pressed meanwhile is left alone, except a second finger,
 * which turns the drag into a pinch.
 */
function wirePointer(
  box: HTMLElement,
  sink: InputSink,
  options: FigureInputOptions,
  pointAt: PointAt,
  on: On,
): void {
  const buttons = options.dragButtons ?? [0];
  let pointer: number | null = null;
  const touches = new Map<number, Vec2>();
  let spread = 0;
  // A pointer the browser no longer knows (lifted already) cannot be captured: carry on.
  const capture = (id: number) => {
    try {
      box.setPointerCapture(id);
    } catch {
      /* the moves still arrive while the pointer stays over the canvas */
    }
  };
  const twoFingers = () => {
    const [a, b] = [...touches.values()];
    return a && b ? { apart: Math.hypot(a.x - b.x, a.y - b.y), mid: midpoint(a, b) } : null;
  };
  on('pointerdown', (e) => {
    const target = e.target as Element;
    // Handles sit above the canvas and take their own pointers; this is the bare canvas.
    if (target.closest('.ik-handle')) return;
    // The Start card of a held figure is a button, not the figure: capturing the pointer
    // here would send its click to the canvas box, and Start would never start.
    if (target.closest('.demo-hold')) return;
    const at = pointAt(clientOf(e));
    if (options.pressable && !options.pressable(at.screen)) return;
    if (sink.onKey) box.focus({ preventScroll: true });
    if (e.pointerType === 'touch' && sink.onPinch) {
      touches.set(e.pointerId, clientOf(e));
      if (touches.size === 2) {
        capture(e.pointerId);
        // The second finger turns a drag into a pinch: the drag ends where it was.
        if (pointer !== null) {
          sink.onPointer?.('up', at.world, detailOf(e, at.screen, 'pinch'));
          pointer = null;
        }
        spread = twoFingers()?.apart ?? 0;
        return;
      }
    }
    if (!sink.onPointer || pointer !== null || touches.size > 1) return;
    if (e.pointerType === 'mouse' && !buttons.includes(e.button)) return;
    pointer = e.pointerId;
    capture(e.pointerId);
    sink.onPointer('down', at.world, detailOf(e, at.screen));
  });
  on('pointermove', (e) => {
    const at = sink.onHover || e.pointerId === pointer ? pointAt(clientOf(e)) : null;
    if (at) sink.onHover?.(at.world);
    if (touches.has(e.pointerId)) {
      touches.set(e.pointerId, clientOf(e));
      const two = touches.size === 2 ? twoFingers() : null;
      if (two) {
        if (spread > 0 && two.apart > 0) sink.onPinch!(spread / two.apart, pointAt(two.mid));
        spread = two.apart;
        return;
      }
    }
    if (at && e.pointerId === pointer) sink.onPointer!('move', at.world, detailOf(e, at.screen));
  });
  const end = (e: PointerEvent, how: 'lift' | 'cancel') => {
    touches.delete(e.pointerId);
    if (touches.size < 2) spread = 0;
    if (e.pointerId !== pointer) return;
    pointer = null;
    const at = pointAt(clientOf(e));
    sink.onPointer!('up', at.world, detailOf(e, at.screen, how));
  };
  on('pointerup', (e) => end(e, 'lift'));
  on('pointercancel', (e) => end(e, 'cancel'));
  if (sink.onHover) on('pointerleave', () => sink.onHover!(null));
}

const midpoint = (a: Vec2, b: Vec2): Vec2 => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
