import { toDegrees } from '../../math/angles.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { OverlayPainter, Paint } from '../../render/overlay-painter.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num } from '../shared/format.ts';
import { BoxPainter, drawWorldAxes, project } from './box.ts';
import type { rotationOrderFigure } from './description.ts';
import { AXES, BOOK_Y, PANEL_X, type RotationOrderScene, type Turn } from './scene.ts';

type Ui = FigureUi<typeof rotationOrderFigure>;

/** Scene units to the book's unit: the book reaches at most 70 units from its centre (the centres: scene.ts). */
export const BOOK_SCALE = 38;
const TOP = -112;
const BOTTOM = 104;
/** The line between the two panels. */
const DIVIDER = [
  { x: 0, y: TOP },
  { x: 0, y: BOTTOM },
] as const;
const DIVIDER_STYLE = { color: 'axis', width: 1 } as const;
/**
 * The world's axes, bottom right in each panel (clear of the dashed axes' ends: +x runs to the
 * bottom left, +y to the right, −z straight down), and their length.
 */
const AXES_AT = { dx: 68, y: 90 };
const AXES_LENGTH = 18;
/** How far the dashed axis of the turn under way reaches each side of the book's centre. */
const AXIS_REACH = 84;
/** …and up or down: z's line stops short of the steps written above the book. */
const AXIS_REACH_UP = 60;
const AXIS_COLORS: readonly [Paint, Paint, Paint] = ['target', 'accent', 'pole'];
const AXIS_COLOR: Readonly<Record<string, Paint>> = { x: 'target', y: 'accent', z: 'pole' };
/** Pixels a label takes per character (13 px type), to centre it. */
const CHAR_PX = 7;

/** One side of the figure: its title, its turns in order and its book. */
interface Panel {
  centre: Vec2;
  title: 'titleAB' | 'titleBA';
  names: readonly [string, string];
  box: BoxPainter;
}

/**
 * The two panels: each a title, its two turns ticked off as they are done, the axis of the
 * turn under way (dashed, through the book), the book and the world's axes.
 */
export class RotationOrderOverlay {
  private readonly panels: readonly Panel[] = [
    {
      centre: { x: -PANEL_X, y: BOOK_Y },
      title: 'titleAB',
      names: ['A', 'B'],
      box: new BoxPainter(),
    },
    {
      centre: { x: PANEL_X, y: BOOK_Y },
      title: 'titleBA',
      names: ['B', 'A'],
      box: new BoxPainter(),
    },
  ];
  private readonly tip = { x: 0, y: 0 };
  private readonly end = { x: 0, y: 0 };
  private readonly start = { x: 0, y: 0 };
  private readonly anchor = { x: 0, y: 0 };
  private readonly axisNames: readonly [string, string, string];

  constructor(private readonly ui: Ui) {
    this.axisNames = [ui.say('x'), ui.say('y'), ui.say('z')];
  }

  draw(p: OverlayPainter, scene: RotationOrderScene): void {
    p.line(DIVIDER[0], DIVIDER[1], DIVIDER_STYLE);
    this.drawPanel(p, this.panels[0]!, [scene.a, scene.b], scene.left, scene.turned);
    this.drawPanel(p, this.panels[1]!, [scene.b, scene.a], scene.right, scene.turned);
  }

  private drawPanel(
    p: OverlayPainter,
    panel: Panel,
    turns: readonly [Turn, Turn],
    q: ArrayLike<number>,
    turned: number,
  ): void {
    const { ui, anchor } = this;
    const { centre } = panel;
    anchor.x = centre.x;
    anchor.y = TOP;
    const title = ui.say(panel.title);
    p.text(title, anchor, {
      size: 15,
      pinned: true,
      offsetPx: { x: -title.length * 4, y: 0 },
    });
    for (let i = 0; i < 2; i++) {
      const turn = turns[i]!;
      const done = turned >= i + 1;
      const now = !done && turned > i;
      const line = ui.say(done ? 'stepDone' : now ? 'stepNow' : 'stepNext', {
        name: panel.names[i]!,
        angle: num(toDegrees(turn.angle), 0),
        axis: ui.say(turn.axis === 'y' ? 'y' : turn.axis === 'z' ? 'z' : 'x'),
      });
      p.text(line, anchor, {
        color: now ? 'accent' : done ? 'text' : 'muted',
        pinned: true,
        offsetPx: { x: (-line.length * CHAR_PX) / 2, y: 22 + 18 * i },
      });
    }
    if (turned < 2) {
      const i = turned < 1 ? 0 : 1;
      this.drawTurnAxis(p, centre, turns[i]!, panel.names[i]!);
    }
    panel.box.draw(p, q, centre, BOOK_SCALE);
    anchor.x = centre.x + AXES_AT.dx;
    anchor.y = AXES_AT.y;
    drawWorldAxes(p, anchor, AXES_LENGTH, this.axisNames, this.tip, AXIS_COLORS);
  }

  /**
   * The world axis the turn under way (or next) is about, dashed through the book's centre and
   * drawn under it, as long on screen whichever axis it is; its turn's name at its + end.
   */
  private drawTurnAxis(p: OverlayPainter, centre: Vec2, turn: Turn, name: string): void {
    const axis = AXES[turn.axis] ?? AXES.x!;
    const color = AXIS_COLOR[turn.axis] ?? 'target';
    project(this.end, axis, centre, 1);
    const dx = this.end.x - centre.x;
    const dy = this.end.y - centre.y;
    const k = Math.min(AXIS_REACH / (Math.hypot(dx, dy) || 1), AXIS_REACH_UP / Math.abs(dy));
    this.end.x = centre.x + k * dx;
    this.end.y = centre.y + k * dy;
    this.start.x = centre.x - k * dx;
    this.start.y = centre.y - k * dy;
    p.line(this.start, this.end, { color, width: 2, dash: 4 });
    p.text(name, this.end, { color, offsetPx: { x: dx >= 0 ? 4 : -14, y: -18 } });
  }
}
