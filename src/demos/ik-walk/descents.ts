import type { IKWalker } from '../../walk3d/ik-walker.ts';
import type { RunningStats } from '../../walk3d/running-stats.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num, tex } from '../shared/format.ts';
import type { ikWalkFigure } from './description.ts';

type Ui = FigureUi<typeof ikWalkFigure>;

/** Descents kept for the plot. */
const HISTORY = 90;
const TERMS = ['af1', 'bf2', 'cf3'] as const;

/**
 * Every descent the main walker runs: the last one's terms and steps as it comes, its running
 * statistics (the seed's Tables 4.1/4.2) and the last descents' terms plotted at the readouts'
 * pace, and the cost F with its means as a formula.
 */
export class Descents {
  private readonly trace = { af1: [] as number[], bf2: [] as number[], cf3: [] as number[] };
  private last: unknown = null;

  constructor(private readonly ui: Ui) {}

  /** Forgets the plotted descents (the walker's own statistics are cleared by its owner). */
  clear(): void {
    for (const list of Object.values(this.trace)) list.length = 0;
  }

  /** A new descent, if the walker ran one since the last frame: kept, and read out. */
  record(w: IKWalker): void {
    const { ui } = this;
    const d = w.lastDescent;
    if (!d || d === this.last) return;
    this.last = d;
    for (const k of TERMS) {
      this.trace[k].push(Math.max(1e-4, d[k]));
      if (this.trace[k].length > HISTORY) this.trace[k].shift();
    }
    ui.readout('last').set(
      ui.say('terms', {
        af1: num(d.af1, 3),
        bf2: num(d.bf2, 3),
        cf3: num(d.cf3, 3),
        F: num(d.F, 3),
      }),
    );
    // One descent takes tens of µs, below the browser's 0.1 ms timer step: show the mean.
    const ms = w.stats.ms;
    const time = ms.count ? num(ms.mean * 1000, 0) : ui.say('none');
    ui.readout('steps').set(ui.say('steps', { steps: d.steps, time }));
  }

  show(w: IKWalker): void {
    const { ui } = this;
    const st = w.stats;
    const stat = (s: RunningStats, d = 3) =>
      s.count
        ? ui.say('stat', {
            mean: num(s.mean, d),
            sd: num(s.std, d),
            min: num(s.min, d),
            max: num(s.max, d),
            n: s.count,
          })
        : ui.say('none');
    ui.readout('stats-af1').set(stat(st.af1));
    ui.readout('stats-bf2').set(stat(st.bf2));
    ui.readout('stats-cf3').set(stat(st.cf3));
    ui.readout('stats-F').set(stat(st.F));
    ui.readout('stats-steps').set(stat(st.steps, 1));
    const { trace } = this;
    ui.plot('descents').set([
      { label: ui.say('reach'), color: 'var(--plot-1)', values: trace.af1 },
      { label: ui.say('likeClip'), color: 'var(--plot-2)', values: trace.bf2 },
      { label: ui.say('likeLast'), color: 'var(--plot-3)', values: trace.cf3 },
    ]);
    const none = `\\text{${ui.say('none')}}`;
    const mean = st.F.count ? tex(st.F.mean, 3) : none;
    const steps = st.steps.count ? tex(st.steps.mean, 1) : none;
    ui.formula('cost').set(
      `F = a f_1 + b f_2 + c f_3,\\quad \\bar F = ${mean},\\ \\overline{\\text{${ui.say('texSteps')}}} = ${steps}`,
    );
  }
}
