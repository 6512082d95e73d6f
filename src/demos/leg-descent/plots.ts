import { toDegrees } from '../../math/angles.ts';
import type { FigureUi } from '../figure-ui.ts';
import { costContours, pathPairs } from '../shared/cost-map.ts';
import type { Iterate, LegPoser } from '../shared/leg-poser.ts';
import type { legDescentFigure } from './description.ts';
import { SOLVERS } from './meta.ts';

type Ui = FigureUi<typeof legDescentFigure>;

/** A term on a log scale: never 0. */
const floor = (runs: readonly Iterate[], term: (r: Iterate) => number) =>
  runs.map((r) => Math.max(1e-6, term(r)));

/**
 * Lesson 14's two plots: the terms per iteration (the seed's Figs. 4.7/4.8) with the other
 * solver's F, and the cost over the two angles with both descents' paths and the iterate shown.
 * The contours are made again only when a new solve replaced the runs.
 */
export class DescentPlots {
  private mapFor: readonly Iterate[] | null = null;
  private contours: Float64Array = new Float64Array(0);
  private readonly grad = new Float64Array(2);
  private readonly probe = new Float64Array(2);

  constructor(private readonly ui: Ui) {}

  show(l: LegPoser): void {
    const { ui } = this;
    const run = l.run;
    const other = l.solver === SOLVERS[0] ? SOLVERS[1] : SOLVERS[0];
    ui.plot('terms').set(
      [
        { label: ui.say('reach'), color: 'var(--plot-1)', values: floor(run, (r) => r.af1) },
        { label: ui.say('likeClip'), color: 'var(--plot-2)', values: floor(run, (r) => r.bf2) },
        { label: ui.say('likeLast'), color: 'var(--plot-3)', values: floor(run, (r) => r.cf3) },
        { label: ui.say('F'), color: 'var(--plot-4)', values: floor(run, (r) => r.F) },
        {
          label: ui.say('otherF', { solver: other }),
          color: 'var(--plot-5)',
          values: floor(l.runs[other], (r) => r.F),
        },
      ],
      l.shown,
    );
    this.showMap(l, run[l.shown]!);
  }

  private showMap(l: LegPoser, it: Iterate): void {
    const { ui } = this;
    const gd = l.runs[SOLVERS[0]];
    const lm = l.runs[SOLVERS[1]];
    if (this.mapFor !== gd) {
      this.mapFor = gd;
      this.contours = costContours(
        (hip, knee) => {
          this.probe[0] = hip;
          this.probe[1] = knee;
          l.ik.evaluate(this.probe, this.grad);
          return l.ik.terms.F;
        },
        [gd, lm],
      );
    }
    ui.plot('cost-map').set([
      { label: ui.say('contours'), color: 'var(--plot-5)', values: this.contours },
      { label: SOLVERS[0], color: 'var(--plot-1)', values: pathPairs(gd) },
      { label: SOLVERS[1], color: 'var(--plot-4)', values: pathPairs(lm) },
      {
        label: ui.say('shown'),
        color: 'var(--fg)',
        values: Float64Array.of(toDegrees(it.theta[0]), toDegrees(it.theta[1])),
      },
    ]);
  }
}
