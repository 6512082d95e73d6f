import type { DemoInstance } from '../demos/contract';
import type { Vec2 } from '../math/vec2';
import { clientToWorld } from '../render/pointer-mapping';
import type { Viewport } from '../render/viewport';
import { el } from './dom';

/** What a figure's input needs from the frame around it. */
export interface FigureInputOptions {
  /** The figure's title, for the canvas's accessible name. */
  title: string;
  /** The viewport as it is now (read at each event: a zoom changes it). */
  viewport(): Viewport | null;
  /** Ctrl+Z (⌘Z): puts the last dragged point back; false when there was nothing to undo. */
  undo(): boolean;
  /** Where the "Keys: …" line goes (the frame puts it above its controls). */
  placeKeyHint(hint: HTMLElement): void;
}

export type InputSink = Pick<
  DemoInstance,
  'onKey' | 'keyHelp' | 'onWheel' | 'onDropFile' | 'onDropLarge' | 'onPointer' | 'onPinch'
>;

/**
 * Keys, wheel, dropped files, pointer, touch and pinch on a figure's canvas box, for the demos
 * that ask for them; and Ctrl+Z for its handles. The box becomes focusable (Tab or a click),
 * says which keys it takes, and releases held keys when it loses focus so a spider does not
 * walk on for ever after an alt-tab. `dispose` removes every listener and hint it added (a
 * figure reset to its preset wires its new instance again).
 */
export function wireFigureInput(
  box: HTMLElement,
  sink: InputSink,
  options: FigureInputOptions,
): { dispose(): void } {
  const abort = new AbortController();
  const on = <K extends keyof HTMLElementEventMap>(
    type: K,
    fn: (e: HTMLElementEventMap[K]) => void,
    passive?: boolean,
  ) =>
    box.addEventListener(type, fn, {
      signal: abort.signal,
      ...(passive === undefined ? {} : { passive }),
    });
  const added: HTMLElement[] = [];
  const worldOf = (e: PointerEvent): Vec2 =>
    clientToWorld(options.viewport()!, box.getBoundingClientRect(), { x: e.clientX, y: e.clientY });

  on('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z')
      if (options.undo()) e.preventDefault();
  });
  // Each handler is called on the sink, as a method: a class-based demo keeps its `this`.
  if (sink.onKey)
    wireKeys(box, (key, down) => sink.onKey!(key, down), sink.keyHelp, options, on, added);
  // The wheel and dropped files serve the 3D figures alone: their code comes only with them.
  if (sink.onWheel || sink.onDropFile)
    void import('./figure-input-wheel').then(({ wireWheel, wireDrop }) => {
      if (abort.signal.aborted) return;
      if (sink.onWheel) wireWheel(box, (dy) => sink.onWheel!(dy), on, added);
      if (sink.onDropFile)
        wireDrop(box, (name, text) => sink.onDropFile!(name, text), on, sink.onDropLarge);
    });
  if (sink.onPointer || sink.onKey || sink.onPinch) wirePointer(box, sink, worldOf, on);
  return {
    dispose() {
      abort.abort();
      for (const e of added) e.remove();
    },
  };
}

export type On = <K extends keyof HTMLElementEventMap>(
  type: K,
  fn: (e: HTMLElementEventMap[K]) => void,
  passive?: boolean,
) => void;

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
  const hint = el('p', 'demo-keys', `Keys (click the figure or Tab to it first): ${help}`);
  options.placeKeyHint(hint);
  added.push(hint);
  // Letters lower-cased: "d" pressed, Shift pressed, "D" released is still the same key.
  const keyOf = (e: KeyboardEvent) => (e.key.length === 1 ? e.key.toLowerCase() : e.key);
  const held = new Set<string>();
  on('keydown', (e) => {
    // Only the canvas itself: arrows on a focused handle inside it move the handle.
    if (e.target !== box || e.altKey || e.ctrlKey || e.metaKey) return;
    const key = keyOf(e);
    if (onKey(key, true)) {
      e.preventDefault();
      held.add(key);
    }
  });
  on('keyup', (e) => {
    const key = keyOf(e);
    if (held.delete(key)) onKey(key, false);
  });
  on('blur', () => {
    for (const k of held) onKey(k, false);
    held.clear();
  });
}

/** Drags on the bare canvas (handles take their own pointers), and a two-finger pinch. */
function wirePointer(
  box: HTMLElement,
  sink: InputSink,
  worldOf: (e: PointerEvent) => Vec2,
  on: On,
): void {
  let pointer: number | null = null;
  const touches = new Map<number, { x: number; y: number }>();
  let spread = 0;
  // A pointer the browser no longer knows (lifted already) cannot be captured: carry on.
  const capture = (id: number) => {
    try {
      box.setPointerCapture(id);
    } catch {
      /* the moves still arrive while the pointer stays over the figure */
    }
  };
  const fingersApart = () => {
    const [a, b] = [...touches.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  on('pointerdown', (e) => {
    // Handles sit above the canvas and take their own pointers; this is the bare canvas.
    if ((e.target as Element).closest('.ik-handle')) return;
    // The Start card of a held figure is a button, not the figure: capturing the pointer
    // here would send its click to the canvas box, and Start would never start.
    if ((e.target as Element).closest('.demo-hold')) return;
    if (sink.onKey) box.focus({ preventScroll: true });
    if (e.pointerType === 'touch' && sink.onPinch) {
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) {
        capture(e.pointerId);
        // The second finger turns a drag into a pinch: the drag ends where it was.
        if (pointer !== null) {
          sink.onPointer?.('up', worldOf(e));
          pointer = null;
        }
        spread = fingersApart();
        return;
      }
    }
    if (!sink.onPointer || (e.pointerType === 'mouse' && e.button !== 0)) return;
    if (touches.size > 1) return;
    pointer = e.pointerId;
    capture(e.pointerId);
    sink.onPointer('down', worldOf(e));
  });
  on('pointermove', (e) => {
    if (touches.has(e.pointerId)) {
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) {
        const d = fingersApart();
        if (spread > 0 && d > 0) sink.onPinch!(spread / d);
        spread = d;
        return;
      }
    }
    if (e.pointerId === pointer) sink.onPointer!('move', worldOf(e));
  });
  const end = (e: PointerEvent) => {
    touches.delete(e.pointerId);
    if (touches.size < 2) spread = 0;
    if (e.pointerId !== pointer) return;
    pointer = null;
    sink.onPointer!('up', worldOf(e));
  };
  on('pointerup', end);
  on('pointercancel', end);
}
