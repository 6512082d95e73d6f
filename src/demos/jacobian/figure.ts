import { DEG, wrapAngle } from '../../math/angles';
import type { Vec2 } from '../../math/vec2';
import { jacobianSteps, newJacobianSteps, tipMotion } from '../../ik/jacobian-steps';
import type { OverlayPainter, Paint } from '../../render/overlay-painter';
import { JACOBIAN_METHODS, jacobianMeta } from './meta';
import { defineDemo } from '../contract';
import { buildChainRig } from '../shared/chain-rig';
import { Every, FORMULA_PERIOD } from '../shared/every';
import { num, tex } from '../shared/format';

const LENGTHS = [120, 100, 80];
const REACH = LENGTHS.reduce((a, b) => a + b, 0);
/** Column arrows show where the tip goes if its joint turns by this much (0.25 rad ≈ 14°). */
const COLUMN_SCALE = 0.25;
/** Step arrows longer than this are drawn cut short, with their true length written. */
const LONGEST = 260;
const COLORS: Record<(typeof JACOBIAN_METHODS)[number], Paint> = {
  transpose: 'series1',
  'pseudo-inverse': 'series3',
  dls: 'series2',
};

function arrow(
  p: OverlayPainter,
  from: Vec2,
  d: Vec2,
  color: Paint,
  label: string,
  width = 2.5,
): void {
  const len = Math.hypot(d.x, d.y);
  if (len < 1e-6) return;
  const k = len > LONGEST ? LONGEST / len : 1;
  const to = { x: from.x + d.x * k, y: from.y + d.y * k };
  p.line(from, to, { color, width, dash: k < 1 ? 5 : undefined });
  const ux = d.x / len;
  const uy = d.y / len;
  for (const s of [1, -1])
    p.line(
      to,
      { x: to.x - 10 * ux - 5 * s * uy, y: to.y - 10 * uy + 5 * s * ux },
      { color, width: 2.5 },
    );
  p.text(k < 1 ? `${label} (${num(len, 0)} long)` : label, to, {
    color,
    offsetPx: { x: 8, y: -8 },
  });
}

/**
 * The Jacobian lesson's figure: a three-bone arm, its target, J's columns drawn at the tip, and
 * the tip motion J·Δθ each method asks for. Step applies the chosen method once; straightening
 * the arm makes J lose a direction, and the pseudo-inverse's step explodes while DLS stays tame.
 */
export const jacobianDemo = defineDemo({
  ...jacobianMeta,
  create({ controls }, params) {
    const rig = buildChainRig({
      lengths: LENGTHS,
      curve: 0.5,
      firstRotation: -0.6,
      base: { x: -160, y: 60 },
      target: { x: params.targetX, y: params.targetY },
    });
    const n = LENGTHS.length;
    const steps = newJacobianSteps(n);
    const positions = new Float64Array(2 * n + 2);
    const motion = { x: 0, y: 0 };
    const read = () => {
      rig.bones.forEach((b, i) => {
        const g = b.globalPosition;
        positions[2 * i] = g.x;
        positions[2 * i + 1] = g.y;
      });
      const tip = rig.bones[n - 1]!.tipGlobalPosition;
      positions[2 * n] = tip.x;
      positions[2 * n + 1] = tip.y;
      const t = rig.target.globalPosition;
      return jacobianSteps(positions, t.x - tip.x, t.y - tip.y, params.lambda * REACH, steps);
    };
    const stepOf = (m: string) =>
      m === 'transpose'
        ? steps.transpose
        : m === 'pseudo-inverse'
          ? steps.pseudoInverse
          : steps.dls;
    const pick = () => stepOf(params.method);
    const step = () => {
      read();
      const d = pick();
      rig.bones.forEach((b, i) => (b.rotation = wrapAngle(b.rotation + d[i]!)));
    };
    /** Almost straight (0.02 rad at each joint): J has all but lost the sideways direction. */
    const straighten = () => {
      rig.bones.forEach((b, i) => (b.rotation = i === 0 ? 0 : 0.02));
    };

    controls.button({
      id: 'step',
      stepBar: true,
      label: 'Step',
      title: 'One step of the chosen method: key S',
      onClick: step,
    });
    controls.button({
      id: 'straighten',
      label: 'Straighten the arm',
      title: 'Every joint at 0: J loses a direction (key A)',
      onClick: straighten,
    });
    controls.choice({
      id: 'method',
      label: 'Step with',
      options: JACOBIAN_METHODS,
      value: params.method,
      onChange: (v) => (params.method = v),
    });
    controls.slider({
      id: 'lambda',
      label: 'DLS λ (× chain length)',
      min: 0,
      max: 0.5,
      step: 0.01,
      value: params.lambda,
      onInput: (v) => (params.lambda = v),
    });
    const sigmaOut = controls.readout({
      id: 'sigma',
      label: 'σ₁, σ₂ (easiest, hardest direction)',
    });
    const sizes = controls.readout({
      id: 'step-sizes',
      label: 'Largest joint turn a step asks for',
    });
    const errorOut = controls.readout({ id: 'error', label: 'Tip to target' });
    const formula = controls.formula({ id: 'steps' });
    const slow = new Every(FORMULA_PERIOD);
    const largest = (d: Float64Array) => Math.max(...Array.from(d, Math.abs)) * DEG;

    return {
      root: rig.world,
      world: { x: -340, y: -240, width: 680, height: 480 },
      keyHelp: 'S takes one step with the chosen method; A straightens the arm.',
      onKey(key, down) {
        const k = key.toLowerCase();
        if (k !== 's' && k !== 'a') return false;
        if (down) (k === 's' ? step : straighten)();
        return true;
      },
      update(dt) {
        const s = read();
        const [s1, s2] = s.sigma;
        sigmaOut.set(
          `${num(s1, 1)}, ${num(s2, 1)}${s2 > 1e-9 ? ` (ratio ${num(s1 / s2, 1)})` : ' (J has lost a direction)'}`,
        );
        sizes.set(
          `transpose ${num(largest(s.transpose), 1)}°, pseudo-inverse ${num(largest(s.pseudoInverse), 1)}°, DLS ${num(largest(s.dls), 1)}°`,
        );
        errorOut.set(
          num(
            Math.hypot(
              positions[2 * n]! - rig.target.globalPosition.x,
              positions[2 * n + 1]! - rig.target.globalPosition.y,
            ),
            2,
          ),
        );
        if (slow.tick(dt))
          formula.set(
            `J_i = \\hat z \\times (e - p_i),\\quad \\Delta\\theta_{\\text{DLS}} = J^{\\mathsf T}(JJ^{\\mathsf T} + \\lambda^2 I)^{-1} e_t,\\quad \\lambda = ${tex(params.lambda * REACH, 1)}`,
          );
      },
      drawOverlay(p) {
        // positions and steps are as update() read them this frame.
        const tip = { x: positions[2 * n]!, y: positions[2 * n + 1]! };
        for (let i = 0; i < n; i++) {
          const col = {
            x: steps.columns[2 * i]! * COLUMN_SCALE,
            y: steps.columns[2 * i + 1]! * COLUMN_SCALE,
          };
          arrow(p, tip, col, 'muted', `J${'₁₂₃'[i]}`);
        }
        const t = rig.target.globalPosition;
        p.line(tip, t, { color: 'target', width: 1.5, dash: 4 });
        for (const m of JACOBIAN_METHODS) {
          const d = stepOf(m);
          tipMotion(steps.columns, d, motion);
          // The pseudo-inverse's arrow wide and underneath: DLS's often lies along it.
          arrow(p, tip, motion, COLORS[m], '', m === 'pseudo-inverse' ? 7 : 2.5);
        }
        // A legend in the corner: the arrows end close together near the target.
        JACOBIAN_METHODS.forEach((m, i) =>
          p.text(
            `━ ${m === 'dls' ? 'DLS' : m} step (J·Δθ)`,
            { x: -330, y: -212 + 22 * i },
            { color: COLORS[m], pinned: true },
          ),
        );
        p.text(
          '━ J₁, J₂, J₃: the tip’s velocity per joint (× 0.25 rad)',
          { x: -330, y: -212 + 66 },
          { color: 'muted', pinned: true },
        );
      },
      currentParams: () => ({
        method: params.method,
        lambda: params.lambda,
        targetX: rig.target.position.x,
        targetY: rig.target.position.y,
      }),
    };
  },
});
