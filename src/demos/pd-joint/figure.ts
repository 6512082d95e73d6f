import { DEG, toRadians, wrapAngle } from '../../math/angles';
import { fromAngle } from '../../math/vec2';
import {
  analyticGains,
  criticalResidual,
  dampingRatio,
  N_SEED,
  N_TEN,
  PHYSICS_DT,
  springResidual,
} from '../../physics/gains';
import { OneJoint } from '../../physics/one-joint';
import { Node2D } from '../../scene/node2d';
import { PARAMS, pdJointMeta } from './meta';
import { defineDemo } from '../contract';
import { buildChain } from '../shared/build-chain';
import { Every, FORMULA_PERIOD } from '../shared/every';
import { num, tex } from '../shared/format';
import { schemaSliders, tHatAndN } from '../shared/pd-controls';

/** The engine's step in lesson 16's character, used here too. */
const STEP = PHYSICS_DT;
const LENGTH = 150;
/** Steps recorded after a release: up to 2 t̂ with t̂ at most 1 s. */
const MAX_SAMPLES = Math.ceil((2 * PARAMS.tHat.max) / STEP) + 1;

/** A fraction as a percentage, with two decimals below 1% (the seed's n leaves 0.08%). */
const percent = (f: number): string => `${num(100 * f, Math.abs(f) < 0.01 ? 2 : 1)}%`;

function dampingWords(zeta: number): string {
  if (!Number.isFinite(zeta)) return 'no spring: nothing pulls it back';
  if (zeta < 0.97) return 'under-damped: it overshoots and swings';
  if (zeta <= 1.03) return 'critically damped: fastest with no overshoot';
  return 'over-damped: no overshoot, but it creeps in slowly';
}

/**
 * Lesson 16's first figure: one bar on a hinge, driven by the PD law alone. The student drags
 * the dashed target arm and lets go (or presses J), and the error curve since that moment is
 * drawn over the ideal spring-damper's for the same gains and over the critically damped
 * curves for the seed's n = 9.49 and the n = 3.89 that really leaves 10% at t̂.
 */
export const pdJointDemo = defineDemo({
  ...pdJointMeta,
  create({ controls }, params) {
    const root = new Node2D('Hinge');
    const [bar] = buildChain(root, [{ name: 'Bar', length: LENGTH, rotation: 0 }]);
    const joint = new OneJoint();
    joint.theta = joint.goal = toRadians(-30);
    bar!.rotation = joint.theta;

    // The curves: measured since the last release, and three from theory over 0 … 2 t̂.
    const measured = new Float64Array(MAX_SAMPLES).fill(Number.NaN);
    const ideal = new Float64Array(MAX_SAMPLES).fill(Number.NaN);
    const tenPercent = new Float64Array(MAX_SAMPLES).fill(Number.NaN);
    const seed = new Float64Array(MAX_SAMPLES).fill(Number.NaN);
    let samples = 0;
    let recorded = -1;
    let jumpError = 0;
    let overshoot = 0;
    const gains = { ks: 0, kd: 0 };

    const apply = () => {
      joint.inertia = params.inertia;
      if (params.gains === 'analytic') analyticGains(params.inertia, params.tHat, params.n, gains);
      else {
        gains.ks = params.ks;
        gains.kd = params.kd;
      }
      joint.ks = gains.ks;
      joint.kd = gains.kd;
      samples = Math.min(MAX_SAMPLES, Math.round((2 * params.tHat) / STEP) + 1);
      const omega = Math.sqrt(gains.ks / params.inertia);
      const zeta = dampingRatio(params.inertia, gains.ks, gains.kd);
      for (let i = 0; i < MAX_SAMPLES; i++) {
        const t = i * STEP;
        const inside = i < samples;
        // With no spring nothing pulls the bar back: the whole error stays.
        ideal[i] = !inside ? Number.NaN : gains.ks > 0 ? springResidual(t, omega, zeta) : 1;
        tenPercent[i] = inside ? criticalResidual(t, params.tHat / N_TEN) : Number.NaN;
        seed[i] = inside ? criticalResidual(t, params.tHat / N_SEED) : Number.NaN;
        if (!inside) measured[i] = Number.NaN;
      }
    };
    apply();

    /** The target moves to `goal` now: record the error from here on. */
    const letGo = (goal: number) => {
      joint.goal = wrapAngle(goal);
      jumpError = joint.error;
      measured.fill(Number.NaN);
      overshoot = 0;
      recorded = Math.abs(jumpError) > 1e-3 ? 0 : -1;
      if (recorded === 0) measured[0] = 1;
    };
    let jumpSign = 1;
    const jump = () => {
      letGo(joint.goal + jumpSign * toRadians(params.jump));
      jumpSign = -jumpSign;
    };

    let dragging: number | null = null;
    let carry = 0;

    controls.button({
      id: 'jump-now',
      label: 'Jump the target',
      title: 'Move the target by the jump size, alternately each way: key J',
      onClick: jump,
    });
    controls.choice({
      id: 'gains',
      label: PARAMS.gains.label,
      options: PARAMS.gains.options,
      value: params.gains,
      onChange: (v) => {
        params.gains = v;
        apply();
      },
    });
    const slider = schemaSliders(controls, PARAMS, params, apply, {
      inertia: ' kg·m²',
      tHat: ' s',
      jump: '°',
    });
    slider('inertia');
    tHatAndN(controls, slider, params, apply);
    slider('ks');
    slider('kd');
    slider('jump');

    const zetaOut = controls.readout({ id: 'zeta', label: 'Damping ratio ζ' });
    const leftOut = controls.readout({ id: 'left', label: 'Error left at t̂' });
    const overOut = controls.readout({ id: 'overshoot', label: 'Largest overshoot' });
    const gainsOut = controls.readout({ id: 'gains-now', label: 'Gains' });
    const formula = controls.formula({ id: 'gains-formula' });
    const plot = controls.plot({
      id: 'response',
      label: 'Error left since you let go, as a fraction of the jump',
      xLabel: `steps of 1/120 s, 0 … 2t̂ (the line marks t̂)`,
      yLabel: 'error ÷ jump',
    });
    const slow = new Every(FORMULA_PERIOD);

    const stepOnce = () => {
      joint.step(STEP);
      if (recorded < 0 || recorded >= samples - 1) return;
      recorded++;
      const f = joint.error / jumpError;
      measured[recorded] = f;
      overshoot = Math.max(overshoot, -f);
    };

    return {
      root,
      world: { x: -190, y: -190, width: 380, height: 380 },
      keyHelp:
        'J jumps the target; ← and → turn it by 15° (each is a jump). Drag on the figure to aim the dashed target arm and let go.',
      onKey(key, down) {
        if (key === 'j' || key === 'J') {
          if (down) jump();
          return true;
        }
        if (key === 'ArrowLeft' || key === 'ArrowRight') {
          if (down) letGo(joint.goal + (key === 'ArrowLeft' ? -1 : 1) * toRadians(15));
          return true;
        }
        return false;
      },
      onPointer(kind, at) {
        const angle = Math.atan2(at.y, at.x);
        if (kind === 'down' || (kind === 'move' && dragging !== null)) dragging = angle;
        else if (kind === 'up' && dragging !== null) {
          letGo(dragging);
          dragging = null;
        }
      },
      update(dt) {
        carry = Math.min(carry + Math.min(dt, 0.1), 0.1);
        // Bounded: at most 12 steps a frame, whatever the frame time.
        while (carry >= STEP) {
          carry -= STEP;
          stepOnce();
        }
        bar!.rotation = joint.theta;
        const zeta = dampingRatio(params.inertia, gains.ks, gains.kd);
        zetaOut.set(`${Number.isFinite(zeta) ? num(zeta, 2) : '∞'}: ${dampingWords(zeta)}`);
        const atT = Math.round(params.tHat / STEP);
        const omega = Math.sqrt(gains.ks / params.inertia);
        leftOut.set(
          recorded >= atT
            ? `${percent(measured[atT]!)} of the jump (the ideal spring-damper: ${percent(ideal[atT]!)})`
            : recorded >= 0
              ? 'measuring…'
              : 'drag the target and let go, or press J',
        );
        overOut.set(recorded >= 0 ? `${num(100 * overshoot, 1)}% of the jump` : '—');
        gainsOut.set(
          `k_s = ${num(gains.ks, 1)} N·m/rad, k_d = ${num(gains.kd, 2)} N·m·s/rad, τ = ${num(joint.torque, 1)} N·m; ω·Δt = ${num(omega * STEP, 2)}${omega * STEP > 1 ? ' (the step is too long for this spring)' : ''}`,
        );
        if (slow.tick(dt)) {
          formula.set(
            params.gains === 'analytic'
              ? `t_c = \\tfrac{\\hat t}{n} = \\tfrac{${tex(params.tHat, 2)}}{${tex(params.n, 2)}} = ${tex(params.tHat / params.n, 3)}\\,\\text{s},\\quad k_s = \\tfrac{m}{t_c^2} = ${tex(gains.ks, 1)},\\quad k_d = \\tfrac{2m}{t_c} = ${tex(gains.kd, 2)}`
              : `\\zeta = \\frac{k_d}{2\\sqrt{m\\,k_s}} = \\frac{${tex(gains.kd, 2)}}{2\\sqrt{${tex(params.inertia, 2)}\\cdot ${tex(gains.ks, 1)}}} = ${Number.isFinite(zeta) ? tex(zeta, 2) : '\\infty'}`,
          );
          plot.set(
            [
              {
                label: 'this joint (120 steps/s)',
                color: 'var(--plot-1)',
                values: measured.subarray(0, samples),
              },
              {
                label: 'ideal spring-damper, these gains',
                color: 'var(--plot-2)',
                values: ideal.subarray(0, samples),
              },
              {
                label: `n = ${num(N_TEN, 2)}`,
                color: 'var(--plot-3)',
                values: tenPercent.subarray(0, samples),
              },
              {
                label: `n = ${num(N_SEED, 2)} (seed)`,
                color: 'var(--plot-4)',
                values: seed.subarray(0, samples),
              },
            ],
            atT,
          );
        }
      },
      drawOverlay(p) {
        const o = { x: 0, y: 0 };
        const goal = dragging ?? joint.goal;
        const tip = fromAngle(goal, LENGTH);
        p.line(o, tip, { color: 'target', width: 2, dash: 6 });
        p.circle(tip, 9, { color: 'target', width: 2, fill: 'target', fillAlpha: 0.35 });
        p.text('θ̂', fromAngle(goal, LENGTH + 22), { color: 'target' });
        // The error θ̂ − θ as an arc, and the torque as an arrow turning the bar.
        const err = wrapAngle(goal - joint.theta);
        if (Math.abs(err) > 0.01) {
          p.arc(o, 95, joint.theta, joint.theta + err, { color: 'target', width: 2 });
          p.text(`${num(err * DEG, 1)}°`, fromAngle(joint.theta + err / 2, 118), {
            color: 'target',
          });
        }
        const tauScale = gains.ks * Math.abs(jumpError) || 1;
        const sweep = Math.max(-1, Math.min(1, joint.torque / tauScale)) * 1.2;
        if (Math.abs(sweep) > 0.02)
          p.arcPx(o, 30, joint.theta, joint.theta + sweep, {
            color: 'boneOutline',
            width: 3,
            arrow: true,
          });
        p.text('θ', fromAngle(joint.theta, LENGTH + 22), { color: 'boneOutline' });
        p.dot(o, 5, 'boneOutline');
      },
      currentParams: () => ({ ...params }),
    };
  },
});
