import type { Node2D } from '../scene/node2d.ts';
import { defineNodeType } from '../scene/node-type.ts';
import { choiceProperty, nodePathProperty, pathListProperty } from '../scene/property.ts';
import type { Chain } from './chain.ts';
import { ChainIK2D } from './chain-ik-2d.ts';
import { chainIK2DType, POINTS } from './chain-ik-type.ts';
import { type FabrikOptions, solveFabrik } from './fabrik-kernel.ts';
import { POLE_MODES, type PoleMode } from './pole-bend.ts';
import type { SolveResult, Trace } from './solve-result.ts';

/**
 * FABRIK on a bone chain (seed 001 §4, seed 002 §2), with what the seed leaves out: an iteration
 * cap (its loop never ends in the dead zone), rotations written back to the bones (also under
 * negative scale), angle limits inside the passes, and poles. `polePath` names one pole for the
 * whole chain; `jointPolePaths[i]` (i = 1 … bones−1, '' for none) a pole for one interior joint.
 * `poleMode` applies them once after the passes converge (seed 002) or after every iteration.
 */
export class FABRIK2D extends ChainIK2D {
  override get typeName(): string {
    return 'FABRIK2D';
  }

  poleMode: PoleMode = 'after';
  private _polePath = '';
  private _jointPolePaths: string[] = [];
  private pole: Node2D | null = null;
  private jointPoleNodes: (Node2D | null)[] = [];
  private jointPoles = new Float64Array(0);
  private readonly options: FabrikOptions = { tolerance: 0, maxIterations: 0 };

  constructor(name = 'FABRIK2D', rootBonePath = '', tipBonePath = '', targetPath = '') {
    super(name, rootBonePath, tipBonePath, targetPath);
  }

  get polePath(): string {
    return this._polePath;
  }
  set polePath(p: string) {
    this._polePath = p;
    this.invalidate();
  }
  get jointPolePaths(): readonly string[] {
    return this._jointPolePaths;
  }
  set jointPolePaths(paths: readonly string[]) {
    this._jointPolePaths = [...paths];
    this.invalidate();
  }

  protected override resolveExtra(): string {
    const pole = this.resolveOptional('polePath', this._polePath);
    if (typeof pole === 'string') return pole;
    this.pole = pole;
    const n = this.bones.length;
    this.jointPoleNodes = [];
    for (let i = 0; i < this._jointPolePaths.length; i++) {
      const path = this._jointPolePaths[i]!;
      if (path === '') {
        this.jointPoleNodes.push(null);
        continue;
      }
      if (i < 1 || i >= n)
        return `jointPolePaths[${i}] names a pole for joint ${i}, but only joints 1 to ${n - 1} bend (joint 0 is the root, joint ${n} the tip)`;
      const node = this.resolveOptional(`jointPolePaths[${i}]`, path);
      if (typeof node === 'string') return node;
      this.jointPoleNodes.push(node);
    }
    if (this.jointPoles.length !== 2 * (n + 1)) this.jointPoles = new Float64Array(2 * (n + 1));
    return '';
  }

  protected override stampSettings(put: (v: number) => void, word: (w: string) => void): void {
    word(this.poleMode);
    put(ChainIK2D.versionOf(this.pole));
    put(this.jointPoleNodes.length);
    for (const node of this.jointPoleNodes) put(ChainIK2D.versionOf(node));
  }

  protected runKernel(chain: Chain, x: number, y: number, result: SolveResult, trace?: Trace) {
    const o = this.options;
    o.tolerance = this.toSolveDistance(this.tolerance);
    o.maxIterations = this.maxIterations;
    o.poleMode = this.poleMode;
    const pole = this.pole?.globalTransform;
    const pp = pole ? this.toSolveSpace(pole.tx, pole.ty) : null;
    o.poleX = pp ? pp.x : NaN;
    o.poleY = pp ? pp.y : NaN;
    const jp = this.jointPoles;
    const nodes = this.jointPoleNodes;
    let any = false;
    // Most chains have no joint poles: then nothing to clear or map on every solve.
    if (nodes.length > 0) jp.fill(NaN);
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      if (!node) continue;
      const g = node.globalTransform;
      const q = this.toSolveSpace(g.tx, g.ty);
      jp[2 * i] = q.x;
      jp[2 * i + 1] = q.y;
      any = true;
    }
    o.jointPoles = any ? jp : null;
    solveFabrik(chain, x, y, o, result, trace);
  }
}

export const fabrik2DType = defineNodeType<FABRIK2D>({
  name: 'FABRIK2D',
  summary:
    'FABRIK: the tip to the target, then the base back home, pass after pass; poles pick the bend.',
  class: FABRIK2D,
  base: chainIK2DType,
  create: () => new FABRIK2D(),
  properties: [
    nodePathProperty<FABRIK2D>({
      name: 'polePath',
      label: 'Pole',
      group: 'FABRIK2D',
      accepts: POINTS,
      help: 'A marker the joints bend towards (optional).',
      get: (n) => n.polePath,
      set: (n, v) => (n.polePath = v),
    }),
    choiceProperty<FABRIK2D>({
      name: 'poleMode',
      label: 'Apply poles',
      group: 'FABRIK2D',
      options: POLE_MODES,
      help: 'Once after the passes converge (seed 002), or after every iteration.',
      get: (n) => n.poleMode,
      set: (n, v) => (n.poleMode = v as PoleMode),
    }),
    pathListProperty<FABRIK2D>({
      name: 'jointPolePaths',
      label: 'Pole per joint',
      group: 'FABRIK2D',
      accepts: POINTS,
      help: 'Entry i is a pole for joint i (1 to bones − 1); "" for none.',
      get: (n) => [...n.jointPolePaths],
      set: (n, v) => (n.jointPolePaths = v),
    }),
  ],
});
