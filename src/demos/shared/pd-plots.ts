import { DEG } from '../../math/angles.ts';
import type { PhysicsCharacter } from '../../physics/physics-character.ts';
import type { PlotControl } from '../contract.ts';
import type { PlotSpec } from '../description.ts';

/** Samples kept: one every 1/60 s of simulated time, four seconds. */
const SAMPLES = 240;

/** Lesson 16's four plots for one joint: spread into a description's `plots`. */
export const PD_PLOTS = {
  angle: { label: 'θ̂ (target) and θ (body), plotted joint', xLabel: 'last 4 s', yLabel: 'degrees' },
  torque: { label: 'τ and the limit ±τ_max', xLabel: 'last 4 s', yLabel: 'N·m' },
  gains: {
    label: 'k_s and k_d (they follow the pose)',
    xLabel: 'last 4 s',
    yLabel: 'k_s, k_d',
    logY: true,
  },
  err: { label: 'Tracking error |θ̂ − θ|, plotted joint', xLabel: 'last 4 s', yLabel: 'degrees' },
} as const satisfies Record<string, PlotSpec>;

/** The plots' series names: spread into a description's `strings`. */
export const PD_PLOT_STRINGS = {
  seriesGoal: 'θ̂',
  seriesAngle: 'θ',
  seriesTau: 'τ',
  seriesUpper: '+τ_max',
  seriesLower: '−τ_max',
  seriesKs: 'k_s',
  seriesKd: 'k_d',
  seriesError: '|θ̂ − θ|',
} as const;

/** What the plots need of a figure's kit (FigureUi). */
interface PlotUi {
  plot(name: keyof typeof PD_PLOTS): PlotControl;
  say(key: keyof typeof PD_PLOT_STRINGS): string;
}

/** A fixed-length history: the newest value at the end; NaN (not drawn) before the first. */
class History {
  readonly values = new Float64Array(SAMPLES).fill(Number.NaN);
  push(v: number): void {
    this.values.copyWithin(0, 1);
    this.values[SAMPLES - 1] = v;
  }
}

/**
 * Lesson 16's four plots for one joint: θ̂ and θ, τ with the limit band, k_s and k_d, and the
 * tracking error, over the last four seconds of simulated time (sampled from the simulation,
 * not the screen, so a slow frame rate does not stretch them).
 */
export class PDPlots {
  private readonly goal = new History();
  private readonly angle = new History();
  private readonly tau = new History();
  private readonly upper = new History();
  private readonly lower = new History();
  private readonly ks = new History();
  private readonly kd = new History();
  private readonly error = new History();
  private readonly plots: Record<keyof typeof PD_PLOTS, PlotControl>;
  private readonly names: Record<keyof typeof PD_PLOT_STRINGS, string>;

  constructor(ui: PlotUi) {
    this.plots = {
      angle: ui.plot('angle'),
      torque: ui.plot('torque'),
      gains: ui.plot('gains'),
      err: ui.plot('err'),
    };
    const keys = Object.keys(PD_PLOT_STRINGS) as (keyof typeof PD_PLOT_STRINGS)[];
    this.names = Object.fromEntries(keys.map((k) => [k, ui.say(k)])) as typeof this.names;
  }

  /** One sample of link `j`'s joint. */
  record(c: PhysicsCharacter, j: number): void {
    const t = c.tracker;
    this.goal.push(c.goal[j + 2]! * DEG);
    this.angle.push(c.pose[j + 2]! * DEG);
    this.tau.push(t.torque[j]!);
    const limit = Number.isFinite(c.settings.tauMax) ? c.settings.tauMax : Number.NaN;
    this.upper.push(limit);
    this.lower.push(-limit);
    // The log axis needs positive values; outside PD the gains still say what PD would use.
    this.ks.push(Math.max(1e-3, t.ks[j]!));
    this.kd.push(Math.max(1e-3, t.kd[j]!));
    this.error.push(Math.abs(c.error[j]!) * DEG);
  }

  draw(): void {
    const n = this.names;
    this.plots.angle.set([
      { label: n.seriesGoal, color: 'var(--plot-2)', values: this.goal.values },
      { label: n.seriesAngle, color: 'var(--plot-1)', values: this.angle.values },
    ]);
    this.plots.torque.set([
      { label: n.seriesTau, color: 'var(--plot-1)', values: this.tau.values },
      { label: n.seriesUpper, color: 'var(--plot-3)', values: this.upper.values },
      { label: n.seriesLower, color: 'var(--plot-3)', values: this.lower.values },
    ]);
    this.plots.gains.set([
      { label: n.seriesKs, color: 'var(--plot-1)', values: this.ks.values },
      { label: n.seriesKd, color: 'var(--plot-2)', values: this.kd.values },
    ]);
    this.plots.err.set([
      { label: n.seriesError, color: 'var(--plot-4)', values: this.error.values },
    ]);
  }
}
