import type { Tool } from './gizmo.ts';

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

/** The canvas's keys, as its accessible name says them (after "Scene canvas."). */
export const CANVAS_KEY_HELP =
  'Tools: Q select, W move, E rotate, R scale, B bone. Arrow keys nudge the selected node (Shift: 10 units). Plus and minus zoom, F frames the scene. Markers have handles of their own: Tab to them.';
