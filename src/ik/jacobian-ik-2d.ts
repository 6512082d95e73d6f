import { registerFields, registerNodeType } from '../scene/scene-json';
import type { Chain } from './chain';
import { ChainIK2D } from './chain-ik-2d';
import './chain-ik-json';
import {
  DEFAULT_DAMPING,
  DEFAULT_MAX_STEP,
  JACOBIAN_METHODS,
  type JacobianMethod,
  type JacobianOptions,
  solveJacobian,
} from './jacobian-kernel';
import type { SolveResult, Trace } from './solve-result';

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

  protected runKernel(chain: Chain, x: number, y: number, result: SolveResult, trace?: Trace) {
    const o = this.options;
    o.method = this.method;
    o.damping = this.damping;
    o.maxStep = this.maxStep;
    o.safeguard = this.safeguard;
    o.tolerance = this.tolerance;
    o.maxIterations = this.maxIterations;
    solveJacobian(chain, x, y, o, result, trace);
  }
}

registerNodeType('JacobianIK2D', () => new JacobianIK2D());
registerFields<JacobianIK2D>({
  owner: JacobianIK2D,
  write: (n) => ({
    method: n.method,
    damping: n.damping,
    maxStep: n.maxStep,
    safeguard: n.safeguard,
  }),
  read: (n, f) => {
    n.method = f.oneOf('method', JACOBIAN_METHODS, 'dls');
    n.damping = f.number('damping', DEFAULT_DAMPING, { min: 0 });
    n.maxStep = f.number('maxStep', DEFAULT_MAX_STEP, { min: 0 });
    n.safeguard = f.boolean('safeguard', true);
  },
});
