import { CCDIK2D } from '../../ik/ccd-ik-2d.ts';
import type { CCDOrder } from '../../ik/ccd-kernel.ts';
import type { ParamValues } from '../params.ts';
import { attachIK, buildChainRig, type ChainRig } from '../shared/chain-rig.ts';
import { ccdMeta } from './meta.ts';

/** Bone lengths from the root; the figure takes the first `bones` of them. */
export const LENGTHS = [80, 68, 58, 48, 40, 34, 28, 24];
/** Where the chain's root joint is. */
export const BASE = { x: -60, y: 40 };
/** Where the target may be (its settings' ranges). */
export const TARGET_RANGE = { x: ccdMeta.params.targetX, y: ccdMeta.params.targetY };

export interface CcdScene {
  rig: ChainRig;
  ik: CCDIK2D;
  /** The number of bones (fixed when the figure is built). */
  n: number;
}

/** Lesson 4's chain: World, the Skeleton and its 2–8 bones in a gentle curve, Target, CCDIK2D. */
export function buildCcdScene(s: ParamValues<typeof ccdMeta.params>): CcdScene {
  const n = Math.round(s.bones);
  const rig = buildChainRig({
    lengths: LENGTHS.slice(0, n),
    curve: 0.18,
    firstRotation: -0.35,
    base: BASE,
    target: { x: s.targetX, y: s.targetY },
  });
  const ik = attachIK(rig, new CCDIK2D('CCDIK2D'));
  ik.order = s.order as CCDOrder;
  return { rig, ik, n };
}
