import { el } from '../ui/dom.ts';
import type { EditorCanvas } from './canvas/editor-canvas.ts';
import { TOOL_INFO } from './canvas/tool-info.ts';

/**
 * The line under the canvas: the tool in use, the zoom and where the pointer is in scene units;
 * zoom and framing buttons (for touch and mouse users who do not use keys); whether the solvers
 * run every frame; and the keys, for everyone.
 */
export class StatusBar {
  readonly element = el('div', 'pg-status');

  constructor(canvas: EditorCanvas) {
    const tool = el('span', 'pg-status__tool');
    const zoom = el('span', 'pg-status__zoom');
    const where = el('span', 'pg-status__where');
    const showTool = () => {
      const t = TOOL_INFO[canvas.currentTool];
      tool.textContent = `${t.name} (${t.key})`;
      tool.title = t.tip;
    };
    const showZoom = () => (zoom.textContent = `${canvas.zoomPercent}%`);
    canvas.toolChanged.connect(showTool);
    canvas.pointerMoved.connect((p) => {
      where.textContent = p ? `x ${p.x.toFixed(1)}, y ${p.y.toFixed(1)}` : '';
      showZoom();
    });
    const button = (label: string, title: string, run: () => void) => {
      const b = el('button', 'pg-status__button', label);
      b.type = 'button';
      b.title = title;
      b.setAttribute('aria-label', title);
      b.addEventListener('click', () => {
        run();
        showZoom();
      });
      return b;
    };
    const solve = el('label', 'pg-status__solve');
    const box = el('input');
    box.type = 'checkbox';
    box.checked = true;
    box.dataset.control = 'solving';
    box.addEventListener('change', () => (canvas.solving = box.checked));
    solve.append(box, document.createTextNode(' Solve every frame'));
    solve.title = 'Off: IK nodes hold still, so you can pose the bones by hand';
    const keys = el('details', 'pg-keys');
    keys.append(
      el('summary', '', 'Keys'),
      el(
        'p',
        '',
        'Canvas: Q select, W move, E rotate, R scale, B bone; arrows nudge the selected node (Shift: 10 units); + and − zoom, F frames the scene; drag empty space to pan, the wheel or two fingers to zoom. ' +
          'Scene tree: arrows move the selection, F2 renames, Delete deletes, Ctrl+D duplicates, Ctrl+A or Insert adds a child, Alt+arrows reorder and move out of or under a sibling. ' +
          'Solver (an IK node selected): S step, P play, J jump to the end, L back to live. Everywhere: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+S save.',
      ),
    );
    this.element.append(
      tool,
      zoom,
      where,
      el('span', 'spacer'),
      button('−', 'Zoom out (−)', () => canvas.zoom(0.8)),
      button('+', 'Zoom in (+)', () => canvas.zoom(1.25)),
      button('Fit', 'Frame the whole scene (F)', () => canvas.frameAll()),
      solve,
      keys,
    );
    showTool();
    showZoom();
  }
}
