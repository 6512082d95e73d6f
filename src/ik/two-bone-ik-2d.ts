import type { Node2D } from '../scene/node2d.ts';
import { defineNodeType } from '../scene/node-type.ts';
import { booleanProperty, nodePathProperty, numberProperty } from '../scene/property.ts';
import type { Chain } from './chain.ts';
import { ChainIK2D } from './chain-ik-2d.ts';
import { chainIK2DType, POINTS } from './chain-ik-type.ts';
import type { SolveResult, Trace } from './solve-result.ts';
import { solveTwoBone, type TwoBoneOptions } from './two-bone-kernel.ts';

/**
 * Two bones that meet at an elbow, solved by the law of cosines (seed 001 §2): Godot's
 * TwoBoneIK modification, but correct under negative scale on any ancestor. `flipBend` puts the
 * elbow on the other side; it is read in the skeleton's own space, so mirroring the skeleton
 * mirrors the bend with it. An optional pole marker picks the side instead. Angle limits do not
 * apply (a closed form has no room for them): use CCDIK2D or FABRIK2D for limited joints.
 */
export class TwoBoneIK2D extends ChainIK2D {
  override get typeName(): string {
    return 'TwoBoneIK2D';
  }

  flipBend = false;
  /**
   * Spine's IK constraint softness (scene units, ≥ 0): within this distance of full reach the arm
   * slows, so it never snaps straight; the tip then misses the target by up to this much.
   */
  softness = 0;
  private _polePath = '';
  private pole: Node2D | null = null;
  /** Reused every solve, so solving allocates nothing. */
  private readonly options: TwoBoneOptions = {
    bend: 1,
    tolerance: 0,
    poleX: NaN,
    poleY: NaN,
    softness: 0,
  };

  constructor(name = 'TwoBoneIK2D', rootBonePath = '', tipBonePath = '', targetPath = '') {
    super(name, rootBonePath, tipBonePath, targetPath);
  }

  /** Path to a marker whose side of the shoulder–target line the elbow goes to ('' for none). */
  get polePath(): string {
    return this._polePath;
  }
  set polePath(p: string) {
    this._polePath = p;
    this.invalidate();
  }

  /** The elbow's side in screen terms: the skeleton's bend, mirrored if its space is mirrored. */
  get screenBend(): 1 | -1 {
    const mirrored = this.sigma.length > 0 && this.sigma[0]! < 0;
    return this.flipBend !== mirrored ? -1 : 1;
  }

  /**
   * The side the last solve bent the elbow to, in screen terms: the pole's side when a pole
   * decided it, else `screenBend`. What a readout of the solve's formula must use.
   */
  get solvedBend(): 1 | -1 {
    return this.options.usedBend ?? this.screenBend;
  }

  protected override resolveExtra(): string {
    if (this.bones.length !== 2)
      return `TwoBoneIK2D needs exactly two bones from the root bone to the tip bone; this chain has ${this.bones.length}`;
    const pole = this.resolveOptional('polePath', this._polePath);
    if (typeof pole === 'string') return pole;
    this.pole = pole;
    return '';
  }

  protected override stampSettings(put: (v: number) => void): void {
    put(this.flipBend ? 1 : 0);
    put(this.softness);
    put(ChainIK2D.versionOf(this.pole));
  }

  protected runKernel(chain: Chain, x: number, y: number, result: SolveResult, trace?: Trace) {
    const o = this.options;
    const pole = this.pole?.globalTransform;
    const pp = pole ? this.toSolveSpace(pole.tx, pole.ty) : null;
    o.bend = this.screenBend;
    o.poleX = pp ? pp.x : NaN;
    o.poleY = pp ? pp.y : NaN;
    o.tolerance = this.toSolveDistance(this.tolerance);
    o.softness = this.toSolveDistance(this.softness);
    solveTwoBone(chain, x, y, o, result, trace);
  }
}

export const twoBoneIK2DType = defineNodeType<TwoBoneIK2D>({
  name: 'TwoBoneIK2D',
  summary: 'Two bones and an elbow, solved in one step by the law of cosines.',
  class: TwoBoneIK2D,
  base: chainIK2DType,
  create: () => new TwoBoneIK2D(),
  properties: [
    booleanProperty<TwoBoneIK2D>({
      name: 'flipBend',
      label: 'Flip the bend',
      group: 'TwoBoneIK2D',
      help: 'Puts the elbow on the other side; mirrors with the skeleton.',
      get: (n) => n.flipBend,
      set: (n, v) => (n.flipBend = v),
    }),
    nodePathProperty<TwoBoneIK2D>({
      name: 'polePath',
      label: 'Pole',
      group: 'TwoBoneIK2D',
      accepts: POINTS,
      help: 'A marker whose side of the shoulder–target line the elbow goes to (optional).',
      get: (n) => n.polePath,
      set: (n, v) => (n.polePath = v),
    }),
    numberProperty<TwoBoneIK2D>({
      name: 'softness',
      label: 'Softness',
      group: 'TwoBoneIK2D',
      min: 0,
      unit: 'scene units',
      help: 'How far from full reach the arm starts to slow, so it never snaps straight (Spine’s softness).',
      get: (n) => n.softness,
      set: (n, v) => (n.softness = v),
    }),
  ],
});
