import type { Vec2 } from '../../math/vec2.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { SceneEditor } from '../editor/scene-editor.ts';
import type { EditorDrags } from './editor-drags.ts';

/** What the canvas's own keys act on. */
export interface KeyHost {
  readonly editor: SceneEditor;
  readonly drags: EditorDrags;
  zoom(factor: number): void;
  frameAll(): void;
}

const ARROWS: Record<string, Vec2> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * A key pressed on the focused canvas (the gesture module has left out those with Ctrl, Alt or
 * ⌘, and those on a handle): arrows nudge the selected node (Shift: 10 units) as one merged
 * undo step, Escape drops the drag or the selection, + and − zoom, F frames the scene. The
 * tool and solver keys are the page's (they work from anywhere). True for a key it used.
 */
export function canvasKey(key: string, shift: boolean, host: KeyHost): boolean {
  const { editor } = host;
  const dir = ARROWS[key];
  if (dir) {
    const selected = editor.selected;
    if (!(selected instanceof Node2D) || selected === editor.root) return false;
    const step = shift ? 10 : 1;
    const g = selected.globalPosition;
    const to = { x: g.x + dir.x * step, y: g.y + dir.y * step };
    const parent = selected.parent2D;
    editor.setProperty(selected, 'position', parent ? parent.toLocal(to) : to, true);
    return true;
  }
  if (key === 'Escape') {
    if (host.drags.active) host.drags.end(true);
    else editor.select(null);
  } else if (key === '+' || key === '=') host.zoom(1.25);
  else if (key === '-' || key === '_') host.zoom(0.8);
  else if (key === 'f') host.frameAll();
  else return false;
  return true;
}
