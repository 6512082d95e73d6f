import { registerFields, registerNodeType } from '../scene/scene-json';
import type { Chain } from './chain';
import { ChainIK2D } from './chain-ik-2d';
import './chain-ik-json';
import { type CCDOptions, type CCDOrder, solveCCD } from './ccd-kernel';
import type { SolveResult, Trace } from './solve-result';

export const CCD_ORDERS: readonly CCDOrder[] = ['tip-to-root', 'root-to-tip'];

/**
 * Cyclic coordinate descent on a bone chain (seed 001 §3, seed 002 §1.4), as Godot's CCDIK
 * modification: sweeps from the tip to the root (or the reverse), per-bone angle limits in each
 * bone's local space, an iteration cap and a tolerance. Correct under any negative scale.
 */
export class CCDIK2D extends ChainIK2D {
  override get typeName(): string {
    return 'CCDIK2D';
  }

  order: CCDOrder = 'tip-to-root';
  private readonly options: CCDOptions = { tolerance: 0, maxIterations: 0 };

  constructor(name = 'CCDIK2D', rootBonePath = '', tipBonePath = '', targetPath = '') {
    super(name, rootBonePath, tipBonePath, targetPath);
  }

  protected runKernel(chain: Chain, x: number, y: number, result: SolveResult, trace?: Trace) {
    const o = this.options;
    o.tolerance = this.tolerance;
    o.maxIterations = this.maxIterations;
    o.order = this.order;
    solveCCD(chain, x, y, o, result, trace);
  }
}

registerNodeType('CCDIK2D', () => new CCDIK2D());
registerFields<CCDIK2D>({
  owner: CCDIK2D,
  write: (n) => ({ order: n.order }),
  read: (n, f) => {
    n.order = f.oneOf('order', CCD_ORDERS, 'tip-to-root');
  },
});
