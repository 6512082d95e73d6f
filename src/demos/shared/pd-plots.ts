import { DEG } from '../../math/angles';
import type { PhysicsCharacter } from '../../physics/physics-character';
import type { ControlPanel, PlotControl } from '../contract';

/** Samples kept: one every 1/60 s of simulated time, four seconds. */
const SAMPLES = 240;

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
  private readonly plots: Record<'angle' | 'torque' | 'gains' | 'error', PlotControl>;

  constructor(controls: ControlPanel) {
    const plot = (id: string, label: string, yLabel: string, logY = false) =>
      controls.plot({ id, label, xLabel: 'last 4 s', yLabel, logY });
    this.plots = {
      angle: plot('angle', 'θ̂ (target) and θ (body), plotted joint', 'degrees'),
      torque: plot('torque', 'τ and the limit ±τ_max', 'N·m'),
      gains: plot('gains', 'k_s and k_d (they follow the pose)', 'k_s, k_d', true),
      error: plot('err', 'Tracking error |θ̂ − θ|, plotted joint', 'degrees'),
    };
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
    this.plots.angle.set([
      { label: 'θ̂', color: 'var(--plot-2)', values: this.goal.values },
      { label: 'θ', color: 'var(--plot-1)', values: this.angle.values },
    ]);
    this.plots.torque.set([
      { label: 'τ', color: 'var(--plot-1)', values: this.tau.values },
      { label: '+τ_max', color: 'var(--plot-3)', values: this.upper.values },
      { label: '−τ_max', color: 'var(--plot-3)', values: this.lower.values },
    ]);
    this.plots.gains.set([
      { label: 'k_s', color: 'var(--plot-1)', values: this.ks.values },
      { label: 'k_d', color: 'var(--plot-2)', values: this.kd.values },
    ]);
    this.plots.error.set([{ label: '|θ̂ − θ|', color: 'var(--plot-4)', values: this.error.values }]);
  }
}
