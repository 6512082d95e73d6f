import { N_SEED, N_TEN } from '../../physics/gains.ts';
import type { FigureUi } from '../figure-ui.ts';
import { num, tex } from '../shared/format.ts';
import type { pdJointFigure } from './description.ts';
import { type PdJointScene, STEP } from './scene.ts';

type Ui = FigureUi<typeof pdJointFigure>;

/** A fraction as a percentage, with two decimals below 1% (the seed's n leaves 0.08%). */
const percent = (f: number): string => `${num(100 * f, Math.abs(f) < 0.01 ? 2 : 1)}%`;

function dampingWords(ui: Ui, zeta: number): string {
  if (!Number.isFinite(zeta)) return ui.say('noSpring');
  if (zeta < 0.97) return ui.say('underDamped');
  if (zeta <= 1.03) return ui.say('critical');
  return ui.say('overDamped');
}

/** ζ and what it means, the error left at t̂, the overshoot, and the gains and torque now. */
export function showReadouts(ui: Ui, scene: PdJointScene): void {
  const { zeta, omega, atT, recorded, measured, ideal, gains } = scene;
  ui.readout('zeta').set(
    ui.say('zeta', {
      zeta: Number.isFinite(zeta) ? num(zeta, 2) : '∞',
      words: dampingWords(ui, zeta),
    }),
  );
  ui.readout('left').set(
    recorded >= atT
      ? ui.say('leftAt', { measured: percent(measured[atT]!), ideal: percent(ideal[atT]!) })
      : ui.say(recorded >= 0 ? 'measuring' : 'letGo'),
  );
  ui.readout('overshoot').set(
    recorded >= 0
      ? ui.say('overshoot', { percent: num(100 * scene.overshoot, 1) })
      : ui.say('noJump'),
  );
  ui.readout('gains-now').set(
    ui.say(omega * STEP > 1 ? 'gainsNowTooStiff' : 'gainsNow', {
      ks: num(gains.ks, 1),
      kd: num(gains.kd, 2),
      tau: num(scene.joint.torque, 1),
      stepRatio: num(omega * STEP, 2),
    }),
  );
}

/** Analytic: t_c, k_s and k_d from m, t̂ and n. Manual: the damping ratio from the gains. */
export function showFormula(ui: Ui, scene: PdJointScene): void {
  const s = ui.values;
  const { gains, zeta } = scene;
  ui.formula('gains-formula').set(
    s.gains === 'analytic'
      ? `t_c = \\tfrac{\\hat t}{n} = \\tfrac{${tex(s.tHat, 2)}}{${tex(s.n, 2)}} = ${tex(s.tHat / s.n, 3)}\\,\\text{s},\\quad k_s = \\tfrac{m}{t_c^2} = ${tex(gains.ks, 1)},\\quad k_d = \\tfrac{2m}{t_c} = ${tex(gains.kd, 2)}`
      : `\\zeta = \\frac{k_d}{2\\sqrt{m\\,k_s}} = \\frac{${tex(gains.kd, 2)}}{2\\sqrt{${tex(s.inertia, 2)}\\cdot ${tex(gains.ks, 1)}}} = ${Number.isFinite(zeta) ? tex(zeta, 2) : '\\infty'}`,
  );
}

/** The error since the release over the ideal spring-damper's and the two critical curves. */
export function showPlot(ui: Ui, scene: PdJointScene): void {
  const n = scene.samples;
  ui.plot('response').set(
    [
      {
        label: ui.say('seriesJoint'),
        color: 'var(--plot-1)',
        values: scene.measured.subarray(0, n),
      },
      { label: ui.say('seriesIdeal'), color: 'var(--plot-2)', values: scene.ideal.subarray(0, n) },
      {
        label: ui.say('seriesTen', { n: num(N_TEN, 2) }),
        color: 'var(--plot-3)',
        values: scene.tenPercent.subarray(0, n),
      },
      {
        label: ui.say('seriesSeed', { n: num(N_SEED, 2) }),
        color: 'var(--plot-4)',
        values: scene.seed.subarray(0, n),
      },
    ],
    scene.atT,
  );
}
