import { type Chain, createChain } from '../src/ik/chain';
import { createResult, type SolveResult } from '../src/ik/solve-result';
import { solveTwoBone, type TwoBoneOptions } from '../src/ik/two-bone-kernel';
import { type AngleTree, createAngleTree, showPose, wrap } from './yardstick-angle-tree';

/**
 * The least a tree that keeps each bone's rotation as an angle must add to the two-bone kernel,
 * as flat arrays: the floor under TwoBoneIK2D's node row, as the angle-tree floor is under
 * FABRIK2D's. Per solve it
 * 1. reads the three joints back from the two bones' global transforms, with each segment's
 *    length (sqrt) and direction (atan2), into the kernel's chain;
 * 2. solves with our two-bone kernel (solveTwoBone, the one the node runs);
 * 3. turns each bone by the change of its relative angle;
 * 4. shows the pose (sin, cos and one matrix product a bone);
 * 5. measures the tip as shown against the target.
 * Nothing else: no negative scale, limits, mix, poles, skip, status or target node.
 */
export interface TwoBoneTree {
  readonly tree: AngleTree;
  readonly chain: Chain;
  readonly options: TwoBoneOptions;
  readonly result: SolveResult;
  /** Relative angles as read (what the write compares the kernel's answer with). */
  readonly readAngles: Float64Array;
}

export function createTwoBoneTree(
  lengths: Float64Array,
  rotations: Float64Array,
  tolerance: number,
): TwoBoneTree {
  return {
    tree: createAngleTree(lengths, rotations),
    chain: createChain(2),
    options: { bend: 1, tolerance, poleX: NaN, poleY: NaN },
    result: createResult(),
    readAngles: new Float64Array(2),
  };
}

/** Steps 1–5 for one target; the error is left in `tree.tipError`. */
export function solveTwoBoneTree(s: TwoBoneTree, tx: number, ty: number): void {
  const t = s.tree;
  const c = s.chain;
  const G = t.globals;
  const P = c.positions;
  P[0] = G[4]!;
  P[1] = G[5]!;
  P[2] = G[10]!;
  P[3] = G[11]!;
  P[4] = G[6]! * t.lengths[1]! + G[10]!;
  P[5] = G[7]! * t.lengths[1]! + G[11]!;
  c.baseX = P[0];
  c.baseY = P[1];
  c.baseAngle = 0;
  let prev = 0;
  for (let i = 0; i < 2; i++) {
    const dx = P[2 * i + 2]! - P[2 * i]!;
    const dy = P[2 * i + 3]! - P[2 * i + 1]!;
    const dir = Math.atan2(dy, dx);
    c.lengths[i] = Math.sqrt(dx * dx + dy * dy);
    c.directions[i] = dir;
    const a = wrap(dir - prev);
    c.angles[i] = a;
    s.readAngles[i] = a;
    prev = dir;
  }
  solveTwoBone(c, tx, ty, s.options, s.result);
  for (let i = 0; i < 2; i++)
    t.rotations[i] = wrap(t.rotations[i]! + wrap(c.angles[i]! - s.readAngles[i]!));
  showPose(t);
  const ex = G[6]! * t.lengths[1]! + G[10]! - tx;
  const ey = G[7]! * t.lengths[1]! + G[11]! - ty;
  t.tipError = Math.sqrt(ex * ex + ey * ey);
}
