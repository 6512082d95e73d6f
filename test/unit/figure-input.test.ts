import { describe, expect, it, vi } from 'vitest';
import type { Vec2 } from '../../src/math/vec2';
import { Viewport } from '../../src/render/viewport';
import {
  type CanvasPoint,
  type FigureInputOptions,
  type InputSink,
  type PointerDetail,
  wireFigureInput,
} from '../../src/ui/figure-input';

/**
 * A canvas box without a browser: an EventTarget with the few element methods the gesture
 * module calls, drawn at `rect` on the page (here at half its layout size: a CSS transform).
 */
class FakeBox extends EventTarget {
  tabIndex = -1;
  readonly attributes = new Map<string, string>();
  readonly captured: number[] = [];
  focused = 0;
  rect = { left: 100, top: 50, width: 400, height: 300 };
  getBoundingClientRect() {
    return this.rect;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  setPointerCapture(id: number) {
    this.captured.push(id);
  }
  focus() {
    this.focused++;
  }
  closest() {
    return null;
  }
  contains() {
    return false;
  }
}

/** A viewport of 800 × 600 canvas pixels showing scene x -400…400, y -300…300 (1 px a unit). */
const viewport = () => new Viewport({ x: -400, y: -300, width: 800, height: 600 }, 800, 600);

interface PointerInit {
  id?: number;
  type?: string;
  button?: number;
  x: number;
  y: number;
  shift?: boolean;
  ctrl?: boolean;
  alt?: boolean;
  meta?: boolean;
  /** The element pressed, when it is not the bare canvas (a handle). */
  on?: { closest(s: string): unknown };
}

function pointer(box: EventTarget, type: string, p: PointerInit): void {
  const e = new Event(type, { cancelable: true });
  Object.assign(e, {
    pointerId: p.id ?? 1,
    pointerType: p.type ?? 'mouse',
    button: p.button ?? (type === 'pointermove' ? -1 : 0),
    clientX: p.x,
    clientY: p.y,
    shiftKey: p.shift ?? false,
    ctrlKey: p.ctrl ?? false,
    altKey: p.alt ?? false,
    metaKey: p.meta ?? false,
  });
  if (p.on) Object.defineProperty(e, 'target', { value: p.on });
  box.dispatchEvent(e);
}

function key(
  box: EventTarget,
  type: 'keydown' | 'keyup',
  k: string,
  mods: { shift?: boolean; ctrl?: boolean } = {},
) {
  const e = new Event(type, { cancelable: true });
  Object.assign(e, {
    key: k,
    shiftKey: mods.shift ?? false,
    ctrlKey: mods.ctrl ?? false,
    altKey: false,
    metaKey: false,
  });
  box.dispatchEvent(e);
  return e;
}

type Call =
  | { kind: 'down' | 'move' | 'up'; world: Vec2; detail: PointerDetail }
  | { kind: 'pinch'; factor: number; centre: CanvasPoint }
  | { kind: 'hover'; world: Vec2 | null };

type PointerCall = Extract<Call, { detail: PointerDetail }>;

/** An editor-like sink that records what it is told. */
function recorder() {
  const calls: Call[] = [];
  const sink: InputSink = {
    onPointer: (kind, world, detail) => calls.push({ kind, world, detail }),
    onPinch: (factor, centre) => calls.push({ kind: 'pinch', factor, centre }),
    onHover: (world) => calls.push({ kind: 'hover', world }),
  };
  return { calls, sink };
}

function wire(box: FakeBox, sink: InputSink, more: Partial<FigureInputOptions> = {}) {
  const vp = viewport();
  return wireFigureInput(box as unknown as HTMLElement, sink, {
    title: 'Scene canvas',
    viewport: () => vp,
    ...more,
  });
}

const pointerCalls = (calls: Call[]) => calls.filter((c) => c.kind !== 'hover');

describe('the gesture module: pointers', () => {
  it('gives the scene point, the canvas point (a CSS transform taken off), the pointer and its keys', () => {
    const box = new FakeBox();
    const { calls, sink } = recorder();
    wire(box, sink);
    // The box is drawn at half size: client (300, 200) is canvas pixel (400, 300), scene (0, 0).
    pointer(box, 'pointerdown', { x: 300, y: 200, id: 7, shift: true });
    pointer(box, 'pointermove', { x: 350, y: 125, id: 7, alt: true });
    pointer(box, 'pointerup', { x: 350, y: 125, id: 7 });
    const [down, move, up] = pointerCalls(calls) as PointerCall[];
    expect(down).toMatchObject({ kind: 'down', world: { x: 0, y: 0 } });
    expect(down!.detail).toMatchObject({
      screen: { x: 400, y: 300 },
      pointerId: 7,
      pointerType: 'mouse',
      button: 0,
      shift: true,
      alt: false,
    });
    expect(move).toMatchObject({ kind: 'move', world: { x: 100, y: -150 } });
    expect(move!.detail).toMatchObject({ screen: { x: 500, y: 150 }, shift: false, alt: true });
    expect(up).toMatchObject({ kind: 'up', world: { x: 100, y: -150 } });
    expect(up!.detail.end).toBe('lift');
    expect(box.captured).toEqual([7]);
  });

  it('says when the browser cancelled the pointer', () => {
    const box = new FakeBox();
    const { calls, sink } = recorder();
    wire(box, sink);
    pointer(box, 'pointerdown', { x: 300, y: 200, type: 'touch' });
    pointer(box, 'pointercancel', { x: 300, y: 200, type: 'touch' });
    const up = pointerCalls(calls).at(-1) as PointerCall;
    expect(up.kind).toBe('up');
    expect(up.detail.end).toBe('cancel');
  });

  it('takes the main mouse button alone unless told, and the middle one when told', () => {
    const figure = new FakeBox();
    const a = recorder();
    wire(figure, a.sink);
    pointer(figure, 'pointerdown', { x: 300, y: 200, button: 1 });
    pointer(figure, 'pointerdown', { x: 300, y: 200, button: 2 });
    expect(pointerCalls(a.calls)).toEqual([]);

    const editor = new FakeBox();
    const b = recorder();
    wire(editor, b.sink, { dragButtons: [0, 1] });
    pointer(editor, 'pointerdown', { x: 300, y: 200, button: 2 });
    expect(pointerCalls(b.calls)).toEqual([]);
    pointer(editor, 'pointerdown', { x: 300, y: 200, button: 1 });
    expect(pointerCalls(b.calls)).toMatchObject([{ kind: 'down', detail: { button: 1 } }]);
  });

  it('leaves a press alone where the canvas draws something that takes it (a tool bar)', () => {
    const box = new FakeBox();
    const { calls, sink } = recorder();
    // The bar covers the canvas's top 40 pixels (client y below 70 at half size).
    wire(box, { ...sink, onKey: () => false }, { pressable: (p) => p.y > 40 });
    pointer(box, 'pointerdown', { x: 120, y: 60 });
    pointer(box, 'pointermove', { x: 150, y: 120 });
    pointer(box, 'pointerup', { x: 150, y: 120 });
    expect(pointerCalls(calls)).toEqual([]);
    expect(box.focused).toBe(0);
    expect(box.captured).toEqual([]);
    // A touch on the bar is not a pinch's first finger either.
    pointer(box, 'pointerdown', { x: 120, y: 60, id: 2, type: 'touch' });
    pointer(box, 'pointerdown', { x: 300, y: 200, id: 3, type: 'touch' });
    expect(pointerCalls(calls).map((c) => c.kind)).toEqual(['down']);
    expect(box.focused).toBe(1);
  });

  it('leaves presses on a handle to the handle', () => {
    const box = new FakeBox();
    const { calls, sink } = recorder();
    wire(box, sink);
    const handle = { closest: (s: string) => (s === '.ik-handle' ? handle : null) };
    pointer(box, 'pointerdown', { x: 300, y: 200, on: handle });
    expect(pointerCalls(calls)).toEqual([]);
  });

  it('drags with one pointer at a time: another pressed meanwhile is not heard', () => {
    const box = new FakeBox();
    const { calls, sink } = recorder();
    wire(box, sink);
    pointer(box, 'pointerdown', { x: 300, y: 200, id: 1, type: 'pen' });
    pointer(box, 'pointerdown', { x: 310, y: 200, id: 2, type: 'pen' });
    pointer(box, 'pointermove', { x: 320, y: 200, id: 2, type: 'pen' });
    pointer(box, 'pointerup', { x: 320, y: 200, id: 2, type: 'pen' });
    pointer(box, 'pointermove', { x: 305, y: 200, id: 1, type: 'pen' });
    pointer(box, 'pointerup', { x: 305, y: 200, id: 1, type: 'pen' });
    expect(
      pointerCalls(calls).map((c) => c.kind === 'pinch' || [c.kind, c.detail.pointerId]),
    ).toEqual([
      ['down', 1],
      ['move', 1],
      ['up', 1],
    ]);
  });

  it('tells every move over the canvas, pressed or not, and when the pointer leaves', () => {
    const box = new FakeBox();
    const { calls, sink } = recorder();
    wire(box, sink);
    pointer(box, 'pointermove', { x: 300, y: 200 });
    pointer(box, 'pointerdown', { x: 300, y: 200 });
    pointer(box, 'pointermove', { x: 310, y: 200 });
    box.dispatchEvent(new Event('pointerleave'));
    expect(calls.map((c) => c.kind)).toEqual(['hover', 'down', 'hover', 'move', 'hover']);
    expect(calls[0]).toEqual({ kind: 'hover', world: { x: 0, y: 0 } });
    expect(calls.at(-1)).toEqual({ kind: 'hover', world: null });
  });
});

describe('the gesture module: pinch', () => {
  it('a second finger ends the drag as a pinch, then tells the spread and the centre', () => {
    const box = new FakeBox();
    const { calls, sink } = recorder();
    wire(box, sink);
    pointer(box, 'pointerdown', { x: 280, y: 200, id: 1, type: 'touch' });
    pointer(box, 'pointerdown', { x: 320, y: 200, id: 2, type: 'touch' });
    // The fingers spread from 40 to 80 client pixels apart, about client (300, 200): scene (0, 0).
    pointer(box, 'pointermove', { x: 260, y: 200, id: 1, type: 'touch' });
    pointer(box, 'pointermove', { x: 340, y: 200, id: 2, type: 'touch' });
    pointer(box, 'pointerup', { x: 260, y: 200, id: 1, type: 'touch' });
    pointer(box, 'pointermove', { x: 350, y: 200, id: 2, type: 'touch' });
    pointer(box, 'pointerup', { x: 350, y: 200, id: 2, type: 'touch' });
    const told = pointerCalls(calls);
    expect(told.map((c) => c.kind)).toEqual(['down', 'up', 'pinch', 'pinch']);
    expect((told[1] as PointerCall).detail.end).toBe('pinch');
    const [a, b] = told.slice(2) as Extract<Call, { kind: 'pinch' }>[];
    expect(a!.factor).toBeCloseTo(40 / 60);
    expect(b!.factor).toBeCloseTo(60 / 80);
    // Each step's product is the whole spread's: 40 / 80.
    expect(a!.factor * b!.factor).toBeCloseTo(0.5);
    expect(b!.centre.screen).toEqual({ x: 400, y: 300 });
    expect(b!.centre.world).toEqual({ x: 0, y: 0 });
    // After the first finger moved: client x (260 + 320) / 2 = 290, canvas pixel 380.
    expect(a!.centre.screen.x).toBeCloseTo(380);
  });
});

describe('the gesture module: keys', () => {
  it('tells Shift with a key, leaves Ctrl keys to the page, and releases held keys on blur', () => {
    const box = new FakeBox();
    const told: [string, boolean, boolean][] = [];
    wire(box, {
      keyHelp: 'Arrows nudge.',
      onKey: (k, down, mods) => {
        told.push([k, down, mods.shift]);
        return k.startsWith('Arrow');
      },
    });
    expect(box.attributes.get('aria-label')).toBe('Scene canvas. Arrows nudge.');
    expect(box.tabIndex).toBe(0);
    expect(key(box, 'keydown', 'ArrowLeft', { shift: true }).defaultPrevented).toBe(true);
    expect(key(box, 'keydown', 'F').defaultPrevented).toBe(false);
    key(box, 'keydown', 'z', { ctrl: true });
    box.dispatchEvent(new Event('blur'));
    expect(told).toEqual([
      ['ArrowLeft', true, true],
      ['f', true, false],
      ['ArrowLeft', false, false],
    ]);
  });

  it('takes Ctrl+Z only when given an undo', () => {
    const box = new FakeBox();
    wire(box, {});
    expect(key(box, 'keydown', 'z', { ctrl: true }).defaultPrevented).toBe(false);
    const undo = vi.fn(() => true);
    const other = new FakeBox();
    wire(other, {}, { undo });
    expect(key(other, 'keydown', 'z', { ctrl: true }).defaultPrevented).toBe(true);
    expect(undo).toHaveBeenCalledOnce();
  });
});

describe('the gesture module: wheel', () => {
  it('an editor’s wheel zooms at once, about the pointer, and the page does not scroll', async () => {
    const box = new FakeBox();
    const told: [number, CanvasPoint][] = [];
    const input = wire(box, { onWheel: (dy, at) => told.push([dy, at]) }, { wheelAlways: true });
    const wheel = () => {
      const e = new Event('wheel', { cancelable: true });
      Object.assign(e, {
        deltaY: -120,
        clientX: 350,
        clientY: 125,
        ctrlKey: false,
        metaKey: false,
      });
      box.dispatchEvent(e);
      return e;
    };
    // The wheel's code comes on demand: wait for it.
    await vi.waitFor(() => {
      expect(wheel().defaultPrevented).toBe(true);
    });
    expect(told.at(-1)).toEqual([-120, { screen: { x: 500, y: 150 }, world: { x: 100, y: -150 } }]);
    const n = told.length;
    input.dispose();
    wheel();
    expect(told.length).toBe(n);
  });
});
