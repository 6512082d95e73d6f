import { newMark } from '../../render/raster/walk3d-view.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num, tex } from '../shared/format.ts';
import type { Walk3DStage } from '../shared/walk3d-stage.ts';
import type { ClipPlayer } from './clip-player.ts';
import type { walkAnalysisFigure } from './description.ts';
import type { WalkReading } from './reading.ts';

type Ui = FigureUi<typeof walkAnalysisFigure>;

/**
 * The frame on show: which foot is planted and its support height, a mark at each ankle saying
 * so, the two plots with their cursor on it, and the step's support height as a formula.
 */
export class FrameView {
  private readonly marks = [0, 1].map((row) => newMark('', row));

  constructor(
    private readonly ui: Ui,
    private readonly stage: Walk3DStage<ClipPlayer>,
    private readonly reading: WalkReading,
  ) {}

  /** The frame the clip is in now. */
  frame(): number {
    const a = this.reading.analysis;
    return Math.min(a.frames - 1, Math.floor(this.stage.walker.time / a.frameTime + 1e-9));
  }

  show(): void {
    const { ui } = this;
    const a = this.reading.analysis;
    const f = this.frame();
    const [l, r] = a.feet;
    const state = (k: number) => ui.say(a.feet[k]!.support[f] ? 'planted' : 'stepping');
    ui.readout('now').set(ui.say('now', { frame: f, left: state(0), right: state(1) }));
    const height = (k: number) => num(a.feet[k]!.supportHeight[f]!, 2);
    ui.readout('height').set(ui.say('pair', { left: height(0), right: height(1) }));
    this.markFeet(f);
    ui.plot('movement').set(
      [
        { label: ui.say('leftFoot'), color: 'var(--plot-1)', values: l.displacement },
        { label: ui.say('rightFoot'), color: 'var(--plot-4)', values: r.displacement },
        { label: ui.say('dMinLine'), color: 'var(--plot-5)', values: this.reading.dMinSeries },
      ],
      f,
    );
    const own = this.reading.own;
    ui.plot('support').set(
      [
        { label: ui.say('leftOwn'), color: 'var(--plot-1)', values: own[0]! },
        { label: ui.say('leftUsed'), color: 'var(--plot-1)', values: l.support },
        { label: ui.say('rightOwn'), color: 'var(--plot-4)', values: own[1]! },
        { label: ui.say('rightUsed'), color: 'var(--plot-4)', values: r.support },
      ],
      f,
    );
    const t = (key: 'texStep' | 'texStart' | 'texEnd' | 'texLeft') => `\\text{${ui.say(key)}}`;
    ui.formula('heights').set(
      `h_{${t('texStep')}}(f) = h_{${t('texStart')}} + (h_{${t('texEnd')}} - h_{${t('texStart')}}) \\frac{f - f_0}{f_1 - f_0}, \\quad h_{${t('texLeft')}}(${f}) = ${tex(l.supportHeight[f]!, 2)}`,
    );
  }

  /** A line from each ankle down to the floor, green planted, orange stepping. */
  private markFeet(f: number): void {
    const { ui } = this;
    const p = this.stage.walker;
    const a = this.reading.analysis;
    this.reading.def.legs.forEach((leg, k) => {
      const m = this.marks[k]!;
      p.jointPosition(leg.ee, m.from);
      m.to.set(m.from);
      m.to[2] = 0;
      const planted = a.feet[k]!.support[f];
      m.color = planted ? '#1e9650' : '#e6781e';
      const side = ui.say(k ? 'right' : 'left');
      m.text = ui.say('mark', { side, state: ui.say(planted ? 'planted' : 'stepping') });
    });
    const marks = this.stage.view.marks;
    marks.length = 0;
    marks.push(...this.marks);
  }
}
