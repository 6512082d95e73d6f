import type { Vec2 } from '../../math/vec2.ts';
import { HandleLayer } from '../../render/handle-layer.ts';
import type { Viewport } from '../../render/viewport.ts';
import type { Marker2D } from '../../scene/marker2d.ts';
import type { SceneEditor } from '../editor/scene-editor.ts';

/**
 * The markers' DOM handles on the editor canvas: pointer, touch, and Tab + arrows move them,
 * through the editor, one undo step each. `onFocus` shows the handle Tab is on.
 */
export function markerHandles(
  editor: SceneEditor,
  viewport: Viewport,
  onFocus: (m: Marker2D | null) => void,
): HandleLayer {
  return new HandleLayer(
    editor.root,
    viewport,
    {
      // Tabbing through a handle shows it focused but leaves the selection (and the inspector)
      // alone; taking hold of it with a pointer selects it, as clicking a node does.
      onFocus,
      onGrab: (m) => {
        editor.select(m);
        editor.beginGesture('Move', m, ['position']);
      },
      onRelease: () => editor.endGesture(),
      move: (m, global, how) => moveMarker(editor, m, global, how),
    },
    // The camera goes anywhere, and handles with it: only the view bounds them.
    { bounds: null },
  );
}

/** A drag moves the marker (the gesture records it); a key nudge is an edit of its own. */
function moveMarker(editor: SceneEditor, m: Marker2D, global: Vec2, how: 'pointer' | 'key'): void {
  if (how === 'pointer') {
    m.globalPosition = global;
    return;
  }
  const parent = m.parent2D;
  editor.setProperty(m, 'position', parent ? parent.toLocal(global) : global, true);
}
