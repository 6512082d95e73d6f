import { newMark } from '../../render/raster/walk3d-view.ts';
import type { IKWalker } from '../../walk3d/ik-walker.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num } from '../shared/format.ts';
import { RecentMax } from '../shared/recent-max.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';
import type { ikWalkFigure } from './description.ts';

type Ui = FigureUi<typeof ikWalkFigure>;

/**
 * Lesson 15's feet: each foot's gap (a planted foot off its height, a swinging one over the
 * ground), the worst of the last 5 s, and a mark on the picture at a planted foot more than
 * 0.05 off its height, as in lesson 12: a line from the ankle to where it should be.
 */
export class FootGaps {
  readonly gaps = new Float64Array(2);
  readonly planted = new Uint8Array(2);
  private readonly worstSink = new RecentMax(5);
  private readonly worstSwing = new RecentMax(5);
  private readonly marks = [0, 1].map((row) => newMark('', row));

  constructor(
    private readonly ui: Ui,
    private readonly stage: Walk3DStage<IKWalker>,
  ) {}

  clear(): void {
    this.worstSink.clear();
    this.worstSwing.clear();
  }

  measure(dt: number): void {
    const { gaps, planted } = this;
    const w = this.stage.walker;
    w.footGaps(gaps, planted);
    let sink = 0;
    let below = 0;
    for (let c = 0; c < 2; c++) {
      if (planted[c]) sink = Math.max(sink, -gaps[c]!);
      else below = Math.max(below, -gaps[c]!);
      this.mark(w, c);
    }
    const marks = this.stage.view.marks;
    marks.length = 0;
    for (const m of this.marks) if (m.text) marks.push(m);
    // The last 5 s of walking: paused (play rate 0), nothing happens, so nothing ages out and
    // the picture's corner stays as it was.
    const walked = w.playRate > 0 ? dt : 0;
    this.worstSink.add(sink, walked);
    this.worstSwing.add(below, walked);
  }

  private mark(w: IKWalker, c: number): void {
    const mark = this.marks[c]!;
    const g = this.gaps[c]!;
    if (!this.planted[c] || Math.abs(g) <= 0.05) {
      mark.text = '';
      return;
    }
    w.jointPosition(w.rig.legs[c]!.ee, mark.from);
    mark.to.set(mark.from);
    mark.to[2] = mark.from[2]! - g;
    mark.color = g < 0 ? '#d03030' : '#2f6fd0';
    const values = { side: this.ui.say(c ? 'right' : 'left'), gap: num(Math.abs(g), 2) };
    mark.text = this.ui.say(g < 0 ? 'markIn' : 'markFloating', values);
  }

  /** The readouts and the picture's corner, at the readouts' pace rather than every frame. */
  show(): void {
    const { ui, gaps, planted } = this;
    const foot = (c: number, short: boolean) =>
      ui.say('foot', {
        side: ui.say(c ? (short ? 'rightShort' : 'right') : short ? 'leftShort' : 'left'),
        state: ui.say(planted[c] ? 'planted' : 'swing'),
        gap: num(gaps[c]!, 2),
      });
    const sink = num(this.worstSink.value, 2);
    const below = num(this.worstSwing.value, 2);
    // The feet on the picture itself, beside the walker (the readouts below have more).
    this.stage.cornerNote = ui.say('corner', {
      left: foot(0, true),
      right: foot(1, true),
      sink,
      below,
    });
    ui.readout('feet').set(ui.say('pair', { left: foot(0, false), right: foot(1, false) }));
    ui.readout('worst').set(ui.say('pair', { left: sink, right: below }));
  }
}
