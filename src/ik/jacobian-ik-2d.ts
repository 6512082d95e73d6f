import { defineNodeType } from '../scene/node-type.ts';
import {
  angleProperty,
  booleanProperty,
  choiceProperty,
  numberProperty,
} from '../scene/property.ts';
import type { Chain } from './chain.ts';
import { ChainIK2D } from './chain-ik-2d.ts';
import { chainIK2DType } from './chain-ik-type.ts';
import {
  DEFAULT_DAMPING,
  DEFAULT_MAX_STEP,
  JACOBIAN_METHODS,
  type JacobianMethod,
  type JacobianOptions,
  solveJacobian,
} from './jacobian-kernel.ts';
import type { SolveResult, Trace } from './solve-result.ts';

/**
 * The Jacobian comparison solvers of seed 002 §1.4 as a node: the transpose method with the
 * seed's adaptive step (eq. 14), or damped least squares with an adjustable λ.
 */
export class JacobianIK2D extends ChainIK2D {
  override get typeName(): string {
    return 'JacobianIK2D';
  }

  method: JacobianMethod = 'dls';
  /** DLS λ as a fraction of the chain's length. */
  damping = DEFAULT_DAMPING;
  /** Largest turn of any joint per iteration (radians). */
  maxStep = DEFAULT_MAX_STEP;
  /** Halve a step that makes the error worse (off: watch the methods overshoot and circle). */
  safeguard = true;
  private readonly options: JacobianOptions = { method: 'dls', tolerance: 0, maxIterations: 0 };

  constructor(name = 'JacobianIK2D', rootBonePath = '', tipBonePath = '', targetPath = '') {
    super(name, rootBonePath, tipBonePath, targetPath);
    this.maxIterations = 200;
  }

  protected override stampSettings(put: (v: number) => void, word: (w: string) => void): void {
    word(this.method);
    put(this.damping);
    put(this.maxStep);
    put(this.safeguard ? 1 : 0);
  }

  protected runKernel(chain: Chain, x: number, y: number, result: SolveResult, trace?: Trace) {
    const o = this.options;
    o.method = this.method;
    o.damping = this.damping;
    o.maxStep = this.maxStep;
    o.safeguard = this.safeguard;
    o.tolerance = this.toSolveDistance(this.tolerance);
    o.maxIterations = this.maxIterations;
    solveJacobian(chain, x, y, o, result, trace);
  }
}

export const jacobianIK2DType = defineNodeType<JacobianIK2D>({
  name: 'JacobianIK2D',
  summary: 'Jacobian transpose or damped least squares: every joint turns a little at once.',
  class: JacobianIK2D,
  base: chainIK2DType,
  create: () => new JacobianIK2D(),
  properties: [
    choiceProperty<JacobianIK2D>({
      name: 'method',
      label: 'Method',
      group: 'JacobianIK2D',
      options: JACOBIAN_METHODS,
      help: 'The transpose with seed 002’s adaptive step, or damped least squares.',
      get: (n) => n.method,
      set: (n, v) => (n.method = v as JacobianMethod),
    }),
    numberProperty<JacobianIK2D>({
      name: 'damping',
      label: 'Damping λ',
      group: 'JacobianIK2D',
      min: 0,
      step: 0.01,
      unit: 'of the chain’s length',
      get: (n) => n.damping,
      set: (n, v) => (n.damping = v),
    }),
    angleProperty<JacobianIK2D>({
      name: 'maxStep',
      label: 'Largest turn per iteration',
      group: 'JacobianIK2D',
      min: 0,
      max: Math.PI,
      get: (n) => n.maxStep,
      set: (n, v) => (n.maxStep = v),
    }),
    booleanProperty<JacobianIK2D>({
      name: 'safeguard',
      label: 'Halve steps that make it worse',
      group: 'JacobianIK2D',
      get: (n) => n.safeguard,
      set: (n, v) => (n.safeguard = v),
    }),
  ],
});
