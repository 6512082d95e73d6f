import { FABRIK2D } from '../../ik/fabrik-2d.ts';
import type { PoleMode } from '../../ik/pole-bend.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import type { ParamValues } from '../params.ts';
import { attachIK, buildChainRig, type ChainRig } from '../shared/chain-rig.ts';
import { fabrikMeta } from './meta.ts';

/** Bone lengths from the root; the figure takes the first `bones` of them. */
export const LENGTHS = [80, 68, 58, 48, 40, 34, 28, 24];
/** A first bone longer than all the others together: the dead zone of seed 002 Fig. 2.2. */
export const LONG_FIRST = [170, 40, 30, 24, 20, 16, 14, 12];
/** Where the chain's root joint is. */
export const BASE = { x: -60, y: 40 };
/** Where the target may be (its settings' ranges). */
export const TARGET_RANGE = { x: fabrikMeta.params.targetX, y: fabrikMeta.params.targetY };

/**
 * Lesson 5's chain: World, the Skeleton and its bones, Target, the FABRIK2D node, and a Pole
 * that is in the tree only while used.
 */
export class FabrikScene {
  readonly rig: ChainRig;
  readonly ik: FABRIK2D;
  readonly pole = new Marker2D('Pole', 'pole');
  readonly lengths: readonly number[];

  constructor(s: ParamValues<typeof fabrikMeta.params>) {
    this.lengths = (s.longFirst ? LONG_FIRST : LENGTHS).slice(0, Math.round(s.bones));
    this.rig = buildChainRig({
      lengths: this.lengths,
      curve: 0.2,
      firstRotation: -0.4,
      base: BASE,
      target: { x: s.targetX, y: s.targetY },
    });
    this.ik = attachIK(this.rig, new FABRIK2D('FABRIK2D'));
    this.ik.poleMode = s.poleMode as PoleMode;
    this.pole.position = { x: s.poleX, y: s.poleY };
    this.usePole(s.pole);
  }

  get poleOn(): boolean {
    return this.pole.parent !== null;
  }

  usePole(on: boolean): void {
    const { pole, rig, ik } = this;
    if (on && !pole.parent) rig.world.addChild(pole);
    if (!on && pole.parent) pole.parent.removeChild(pole);
    ik.polePath = on ? pole.getPathFrom(ik) : '';
  }
}
