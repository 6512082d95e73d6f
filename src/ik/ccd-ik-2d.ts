import { defineNodeType } from '../scene/node-type.ts';
import { choiceProperty } from '../scene/property.ts';
import type { Chain } from './chain.ts';
import { ChainIK2D } from './chain-ik-2d.ts';
import { chainIK2DType } from './chain-ik-type.ts';
import { type CCDOptions, type CCDOrder, solveCCD } from './ccd-kernel.ts';
import type { SolveResult, Trace } from './solve-result.ts';

export { CCD_ORDERS } from './ccd-orders.ts';
import { CCD_ORDERS } from './ccd-orders.ts';

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

  protected override stampSettings(_put: (v: number) => void, word: (w: string) => void): void {
    word(this.order);
  }

  protected runKernel(chain: Chain, x: number, y: number, result: SolveResult, trace?: Trace) {
    const o = this.options;
    o.tolerance = this.toSolveDistance(this.tolerance);
    o.maxIterations = this.maxIterations;
    o.order = this.order;
    solveCCD(chain, x, y, o, result, trace);
  }
}

export const ccdIK2DType = defineNodeType<CCDIK2D>({
  name: 'CCDIK2D',
  summary:
    'Cyclic coordinate descent: turns one bone at a time, tip to root, until the tip reaches.',
  class: CCDIK2D,
  base: chainIK2DType,
  create: () => new CCDIK2D(),
  properties: [
    choiceProperty<CCDIK2D>({
      name: 'order',
      label: 'Sweep order',
      group: 'CCDIK2D',
      options: CCD_ORDERS,
      help: 'Tip to root (the usual order) or root to tip.',
      get: (n) => n.order,
      set: (n, v) => (n.order = v as CCDOrder),
    }),
  ],
});
