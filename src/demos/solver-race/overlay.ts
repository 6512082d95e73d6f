import type { OverlayPainter } from '../../render/overlay-painter.ts';
import type { FigureUi } from '../figure-ui.ts';
import { drawReach } from '../shared/chain-overlay.ts';
import { num } from '../shared/format.ts';
import type { solverRaceFigure } from './description.ts';
import { PANEL, type Lane } from './lanes.ts';

/**
 * The panes' dividing lines; in each pane its solver's name and error pinned in its corner, the
 * line from the tip to the target, and how far the arm reaches.
 */
export function drawRace(
  p: OverlayPainter,
  ui: FigureUi<typeof solverRaceFigure>,
  lanes: readonly Lane[],
): void {
  p.line({ x: -PANEL.width, y: 0 }, { x: PANEL.width, y: 0 }, { color: 'axis', width: 2 });
  p.line({ x: 0, y: -PANEL.height }, { x: 0, y: PANEL.height }, { color: 'axis', width: 2 });
  for (const l of lanes) {
    const corner = {
      x: l.panel.position.x - PANEL.width / 2,
      y: l.panel.position.y - PANEL.height / 2,
    };
    const tip = l.bones[l.bones.length - 1]!.tipGlobalPosition;
    const t = l.target.globalPosition;
    const error = num(Math.hypot(tip.x - t.x, tip.y - t.y), 2);
    p.text(ui.say('paneTitle', { name: l.name, error }), corner, {
      color: l.color,
      size: 15,
      offsetPx: { x: 10, y: 8 },
      pinned: true,
    });
    p.line(tip, t, { color: 'target', width: 1, alpha: 0.6 });
    // How far this pane's arm reaches (and its dead zone), as lessons 4 and 5 draw it.
    drawReach(p, l.ik.currentChain, false);
  }
}
