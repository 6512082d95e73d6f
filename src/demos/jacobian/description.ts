import { describeFigure } from '../description.ts';
import { jacobianMeta } from './meta.ts';

/**
 * Lesson 6's figure as the student sees it: J's columns drawn at the arm's tip, the tip move
 * each of the three methods asks for, J's singular values and the joint turns each step wants.
 */
export const jacobianFigure = describeFigure({
  ...jacobianMeta,
  help: {
    method: 'The method Step takes one step with: the transpose, the pseudo-inverse or DLS.',
    show: 'What is drawn on the arm: J’s columns at the tip, the downhill turns Jᵀe at the joints, or J’s two directions at the tip.',
    clamp:
      'Scale each step so no joint turns more than 45°, as the course’s Jacobian solver does (its maxStep).',
    lambda:
      'DLS’s damping λ, in chain lengths: the arm is 300 long, so 0.1 is 30 units. At 0, DLS is the pseudo-inverse.',
  },
  actions: {
    step: {
      label: 'Step',
      key: 'S',
      stepBar: true,
      help: 'One step of the method chosen in Step with',
    },
    straighten: {
      label: 'Straighten the arm',
      key: 'A',
      primary: true,
      help: 'Every joint almost at 0: J all but loses a direction',
    },
  },
  readouts: {
    sigma: { label: 'σ₁, σ₂ (easiest, hardest direction)', primary: true },
    'step-sizes': { label: 'Largest joint turn a step asks for', primary: true },
    downhill: { label: 'Jᵀe, per joint', primary: true },
    measured: { label: '−∂E/∂θ, measured by turning each joint', primary: true },
    kept: { label: 'DLS keeps σ²/(σ²+λ²) along u₁, u₂', primary: true },
    clamp: { label: 'The solver’s clamp scales the chosen step by' },
    error: { label: 'Tip to target', digits: 2 },
  },
  formulas: {
    steps: { label: 'J’s columns and the DLS step, with λ in scene units' },
  },
  keyHelp: 'S takes one step with the chosen method; A straightens the arm.',
  // The arm from its base (−160, 60), as set and after Straighten the arm (its columns then
  // point down to y 140), the target and the arrows at the tip; the legend in the band on top.
  bounds: { x: -170, y: -125, width: 330, height: 270 },
  strings: {
    sigma: '{s1}, {s2} (ratio {ratio})',
    sigmaLost: '{s1}, {s2} (J has lost a direction)',
    sizes: 'transpose {transpose}°, pseudo-inverse {pseudoInverse}°, DLS {dls}°',
    column: 'J{i}',
    cutShort: '{name} ({length} long)',
    legendTranspose: '━ transpose step (J·Δθ)',
    legendPseudoInverse: '━ pseudo-inverse step (J·Δθ)',
    legendDls: '━ DLS step (J·Δθ)',
    keptNow: '{k1} along u₁, {k2} along u₂',
    clampNow: '{k} (largest turn {from}° → {to}°)',
    gradientAt: 'Jᵀe{i} = {value}',
    direction: 'σ{k}u{k} (σ{k} = {sigma})',
    legendGradient: '↻ Jᵀe: each joint’s downhill turn',
    legendDirections: '◯ tip moves for 0.25 rad: σ₁u₁, σ₂u₂',
    legendClamped: '━ the chosen step, clamped to 45°',
    legendColumns: '━ J₁, J₂, J₃: the tip’s velocity per joint (× 0.25 rad)',
  },
});
