import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../../src/ik/node-types';
import type { Vec2 } from '../../src/math/vec2';
import { EditorDrags } from '../../src/playground/canvas/editor-drags';
import { canvasKey } from '../../src/playground/canvas/editor-keys';
import type { Tool } from '../../src/playground/canvas/gizmo';
import { SceneEditor } from '../../src/playground/editor/scene-editor';
import { Viewport } from '../../src/render/viewport';
import { Bone2D } from '../../src/scene/bone2d';
import type { Node2D } from '../../src/scene/node2d';
import type { PointerDetail } from '../../src/ui/figure-input';

/**
 * The editor canvas's drags as the gesture module feeds them, without a browser: a viewport of
 * 800 × 600 pixels showing scene x -400…400, y -300…300 at one pixel a unit, so a scene point
 * (x, y) is canvas pixel (x + 400, y + 300).
 */
function setUp(tool: Tool = 'select') {
  const editor = new SceneEditor(NODE_TYPES);
  const viewport = new Viewport({ x: -400, y: -300, width: 800, height: 600 }, 800, 600);
  const panned: Vec2[] = [];
  const host = {
    editor,
    viewport,
    tool,
    pan: (dx: number, dy: number) => panned.push({ x: dx, y: dy }),
  };
  const drags = new EditorDrags(host);
  const screenOf = (p: Vec2) => ({ x: p.x + 400, y: p.y + 300 });
  const detail = (p: Vec2, more: Partial<PointerDetail> = {}): PointerDetail => ({
    screen: screenOf(p),
    pointerId: 1,
    pointerType: 'mouse',
    button: 0,
    shift: false,
    alt: false,
    ctrl: false,
    meta: false,
    ...more,
  });
  /** Press at `from`, move to each point, release at the last (`end`: how it ended). */
  const drag = (from: Vec2, to: Vec2[], end: PointerDetail['end'] = 'lift', more = {}) => {
    drags.pointer('down', from, detail(from, more));
    for (const p of to) drags.pointer('move', p, detail(p, { ...more, button: -1 }));
    const last = to.at(-1) ?? from;
    drags.pointer('up', last, detail(last, { ...more, end }));
  };
  return { editor, drags, drag, panned, host };
}

const steps = (a: Vec2, b: Vec2, n = 5): Vec2[] =>
  Array.from({ length: n }, (_, i) => ({
    x: a.x + ((b.x - a.x) * (i + 1)) / n,
    y: a.y + ((b.y - a.y) * (i + 1)) / n,
  }));

describe('the editor canvas’s drags', () => {
  it('dragging a node moves it as one undo step, and selects it', () => {
    const { editor, drag } = setUp('select');
    const node = editor.addNode(editor.root, 'Marker2D', { x: 50, y: 20 }) as Node2D;
    editor.select(null);
    drag({ x: 50, y: 20 }, steps({ x: 50, y: 20 }, { x: 120, y: -40 }));
    expect(editor.selected).toBe(node);
    expect(node.globalPosition.x).toBeCloseTo(120);
    expect(node.globalPosition.y).toBeCloseTo(-40);
    expect(editor.history.undoLabel).toMatch(/^Move /);
    editor.undo();
    expect(node.globalPosition).toEqual({ x: 50, y: 20 });
    // One undo undid the whole drag: the one before it was adding the marker.
    expect(editor.history.undoLabel).toMatch(/^Add /);
  });

  it('a cancelled pointer puts the node back and records nothing', () => {
    const { editor, drag } = setUp('move');
    const node = editor.addNode(editor.root, 'Marker2D', { x: 50, y: 20 }) as Node2D;
    const label = editor.history.undoLabel;
    drag({ x: 50, y: 20 }, steps({ x: 50, y: 20 }, { x: 90, y: 90 }), 'cancel');
    expect(node.globalPosition).toEqual({ x: 50, y: 20 });
    expect(editor.history.undoLabel).toBe(label);
  });

  it('draws a bone with the bone tool as one undo step; a second finger drops it instead', () => {
    const { editor, drag } = setUp('bone');
    drag({ x: 0, y: 0 }, steps({ x: 0, y: 0 }, { x: 60, y: 80 }));
    const bone = editor.selected as Bone2D;
    expect(bone).toBeInstanceOf(Bone2D);
    expect(bone.length).toBeCloseTo(100);
    expect(editor.history.undoLabel).toBe('Draw a bone');
    // From its tip a new one chains on; a pinch starting meanwhile leaves no bone behind.
    drag({ x: 60, y: 80 }, steps({ x: 60, y: 80 }, { x: 100, y: 80 }), 'pinch');
    expect(bone.children).toHaveLength(0);
    expect(editor.selected).toBe(bone);
  });

  it('empty space pans; a click there clears the selection; the middle button pans over a node', () => {
    const { editor, drag, panned } = setUp('select');
    const node = editor.addNode(editor.root, 'Marker2D', { x: 50, y: 20 }) as Node2D;
    editor.select(node);
    drag({ x: -200, y: -100 }, [
      { x: -190, y: -95 },
      { x: -170, y: -90 },
    ]);
    expect(panned).toEqual([
      { x: 10, y: 5 },
      { x: 20, y: 5 },
    ]);
    expect(editor.selected).toBe(node);
    drag({ x: -200, y: -100 }, []);
    expect(editor.selected).toBe(null);
    drag({ x: 50, y: 20 }, [{ x: 60, y: 20 }], 'lift', { button: 1 });
    expect(node.globalPosition).toEqual({ x: 50, y: 20 });
    expect(panned.at(-1)).toEqual({ x: 10, y: 0 });
  });
});

describe('the editor canvas’s keys', () => {
  it('arrows nudge the selected node (Shift: 10) as one merged step; Escape cancels a drag, then the selection', () => {
    const { editor, drags } = setUp('move');
    const node = editor.addNode(editor.root, 'Marker2D', { x: 0, y: 0 }) as Node2D;
    editor.select(node);
    const zooms: number[] = [];
    const host = {
      editor,
      drags,
      zoom: (f: number) => zooms.push(f),
      frameAll: () => zooms.push(0),
    };
    expect(canvasKey('ArrowRight', false, host)).toBe(true);
    expect(canvasKey('ArrowDown', true, host)).toBe(true);
    expect(node.globalPosition).toEqual({ x: 1, y: 10 });
    editor.undo();
    expect(node.globalPosition).toEqual({ x: 0, y: 0 });
    expect(
      canvasKey('+', false, host) && canvasKey('-', false, host) && canvasKey('f', false, host),
    ).toBe(true);
    expect(zooms).toEqual([1.25, 0.8, 0]);
    expect(canvasKey('x', false, host)).toBe(false);

    const at = { x: 0, y: 0 };
    const d = {
      screen: { x: 400, y: 300 },
      pointerId: 1,
      pointerType: 'mouse',
      button: 0,
      shift: false,
      alt: false,
      ctrl: false,
      meta: false,
    };
    drags.pointer('down', at, d);
    drags.pointer('move', { x: 30, y: 0 }, { ...d, screen: { x: 430, y: 300 } });
    expect(node.globalPosition.x).toBeCloseTo(30);
    canvasKey('Escape', false, host);
    expect(node.globalPosition).toEqual({ x: 0, y: 0 });
    expect(editor.selected).toBe(node);
    canvasKey('Escape', false, host);
    expect(editor.selected).toBe(null);
    // With nothing selected the arrows are the page's.
    expect(canvasKey('ArrowLeft', false, host)).toBe(false);
  });
});
