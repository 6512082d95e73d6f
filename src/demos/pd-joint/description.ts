import { describeFigure } from '../description.ts';
import { nActions, PD_HELP } from '../shared/pd-controls.ts';
import { pdJointMeta } from './meta.ts';

/**
 * Lesson 16's one-joint figure as the student sees it: a bar on a hinge pulled by the PD law,
 * its damping ratio and the error left at t̂ read out, and the error since the last release
 * plotted over the ideal spring-damper's and the critically damped curves.
 */
export const pdJointFigure = describeFigure({
  ...pdJointMeta,
  help: {
    ...PD_HELP,
    inertia: 'The bar’s moment of inertia about its hinge: analytic gains grow with it.',
    jump: 'How far Jump the target moves the target, alternately each way.',
  },
  actions: {
    'jump-now': {
      label: 'Jump the target',
      key: 'J',
      help: 'Move the target by the jump size, alternately each way',
      primary: true,
    },
    ...nActions(true),
  },
  readouts: {
    zeta: { label: 'Damping ratio ζ', primary: true },
    left: { label: 'Error left at t̂', primary: true },
    overshoot: { label: 'Largest overshoot', primary: true },
    'gains-now': { label: 'Gains and torque now' },
  },
  formulas: {
    'gains-formula': {
      label:
        'The gains from m, t̂ and n (analytic), or the damping ratio (manual), with the figure’s numbers',
    },
  },
  plots: {
    response: {
      label: 'Error left since you let go, as a fraction of the jump',
      xLabel: 'steps of 1/120 s, 0 … 2t̂ (the line marks t̂)',
      yLabel: 'error ÷ jump',
      primary: true,
    },
  },
  // The bar (150 long) and the target's disc at its tip, whichever way they point.
  bounds: { x: -160, y: -160, width: 320, height: 320 },
  keyHelp:
    'J jumps the target; ← and → turn it by 15° (each is a jump). Drag on the figure to aim the dashed target arm and let go.',
  strings: {
    noSpring: 'no spring: nothing pulls it back',
    underDamped: 'under-damped: it overshoots and swings',
    critical: 'critically damped: fastest with no overshoot',
    overDamped: 'over-damped: no overshoot, but it creeps in slowly',
    zeta: '{zeta}: {words}',
    leftAt: '{measured} of the jump (the ideal spring-damper: {ideal})',
    measuring: 'measuring…',
    letGo: 'drag the target and let go, or press J',
    overshoot: '{percent}% of the jump',
    noJump: '—',
    gainsNow: 'k_s = {ks} N·m/rad, k_d = {kd} N·m·s/rad, τ = {tau} N·m; ω·Δt = {stepRatio}',
    gainsNowTooStiff:
      'k_s = {ks} N·m/rad, k_d = {kd} N·m·s/rad, τ = {tau} N·m; ω·Δt = {stepRatio} (the step is too long for this spring)',
    seriesJoint: 'this joint (120 steps/s)',
    seriesIdeal: 'ideal spring-damper, these gains',
    seriesTen: 'n = {n}',
    seriesSeed: 'n = {n} (seed)',
    targetLabel: 'θ̂',
    barLabel: 'θ',
    errorLabel: '{angle}°',
  },
});
