import { describeFigure } from '../description';
import { jacobianMeta } from './meta';

/**
 * Lesson 6's figure as the student sees it: J's columns drawn at the arm's tip, the tip move
 * each of the three methods asks for, J's singular values and the joint turns each step wants.
 */
export const jacobianFigure = describeFigure({
  ...jacobianMeta,
  help: {
    method: 'The method Step takes one step with: the transpose, the pseudo-inverse or DLS.',
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
    legendColumns: '━ J₁, J₂, J₃: the tip’s velocity per joint (× 0.25 rad)',
  },
});
