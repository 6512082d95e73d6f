import { describe, expect, it } from 'vitest';
import { CAP_FABRIK_CCD, restChain, toleranceOf } from '../../bench/bench-setup';
import { coldTargets, warmPath } from '../../bench/target-sets';
import { createAngleTree, showPose, solveAngleTree } from '../../bench/yardstick-angle-tree';
import { createFabrikYardstick, solveFabrikYardstick } from '../../bench/yardstick-fabrik';
import { createTwoBoneTree, solveTwoBoneTree } from '../../bench/yardstick-two-bone-tree';
import { chainFrom, forwardKinematics } from '../../src/ik/chain';
import { createResult } from '../../src/ik/solve-result';
import { solveTwoBone, type TwoBoneOptions } from '../../src/ik/two-bone-kernel';

/**
 * The bench's angle-tree floor must do the node's job, or its row under FABRIK2D's would
 * understate what a tree of angles costs: after every solve the tree it shows (checked here by
 * our own forward kinematics from its rotations) puts every joint where the yardstick put it,
 * and the tip reaches exactly the targets the yardstick reaches.
 */
describe('the angle-tree floor (bench)', () => {
  for (const bones of [2, 3, 10]) {
    for (const mode of ['warm', 'cold'] as const) {
      it(`${bones} bones, ${mode}: shows the yardstick's pose and reaches what it reaches`, () => {
        const rest = restChain(bones);
        const reach = 10 * bones;
        const targets = mode === 'warm' ? warmPath(11, 240, reach) : coldTargets(11, 128, reach);
        const tolerance = toleranceOf(bones);
        const tree = createAngleTree(rest.lengths, rest.angles);
        const plain = createFabrikYardstick(rest.lengths, rest.positions);
        let reachedBoth = 0;
        for (let j = 0; j < targets.count; j++) {
          if (mode === 'cold') {
            tree.rotations.set(rest.angles);
            showPose(tree);
            plain.positions.set(rest.positions);
          }
          const x = targets.x[j]!;
          const y = targets.y[j]!;
          solveAngleTree(tree, x, y, tolerance, CAP_FABRIK_CCD);
          solveFabrikYardstick(plain, x, y, tolerance, CAP_FABRIK_CCD);
          // Our own forward kinematics of the tree's rotations: joint i at the sum of the
          // bones before it, each along the running sum of rotations.
          let angle = 0;
          let jx = 0;
          let jy = 0;
          for (let i = 0; i < bones; i++) {
            angle += tree.rotations[i]!;
            jx += 10 * Math.cos(angle);
            jy += 10 * Math.sin(angle);
            expect(Math.abs(jx - plain.positions[2 * i + 2]!)).toBeLessThan(1e-9);
            expect(Math.abs(jy - plain.positions[2 * i + 3]!)).toBeLessThan(1e-9);
          }
          expect(Math.abs(tree.tipError - Math.hypot(jx - x, jy - y))).toBeLessThan(1e-9);
          const plainError = Math.hypot(
            plain.positions[2 * bones]! - x,
            plain.positions[2 * bones + 1]! - y,
          );
          expect(tree.tipError <= tolerance).toBe(plainError <= tolerance);
          if (plainError <= tolerance) reachedBoth++;
        }
        // Not a vacuous check: most targets of the bench's sets are reached.
        expect(reachedBoth).toBeGreaterThan(targets.count * 0.9);
      });
    }
  }
});

/**
 * The same for the two-bone floor (under TwoBoneIK2D's row): the tree it shows, by our own
 * forward kinematics, puts the elbow and the tip where the bare kernel puts them from the same
 * start, and the tip on every target within reach.
 */
describe('the two-bone angle-tree floor (bench)', () => {
  for (const mode of ['warm', 'cold'] as const) {
    it(`${mode}: shows the kernel's pose and reaches every target within reach`, () => {
      const rest = restChain(2);
      const targets = mode === 'warm' ? warmPath(11, 240, 20) : coldTargets(11, 128, 20);
      const tolerance = toleranceOf(2);
      const floor = createTwoBoneTree(rest.lengths, rest.angles, tolerance);
      const bare = chainFrom(rest.lengths, rest.angles);
      const options: TwoBoneOptions = { bend: 1, tolerance, poleX: NaN, poleY: NaN };
      const result = createResult();
      for (let j = 0; j < targets.count; j++) {
        if (mode === 'cold') {
          floor.tree.rotations.set(rest.angles);
          showPose(floor.tree);
          bare.angles.set(rest.angles);
          forwardKinematics(bare);
        }
        const x = targets.x[j]!;
        const y = targets.y[j]!;
        solveTwoBoneTree(floor, x, y);
        solveTwoBone(bare, x, y, options, result);
        let angle = 0;
        let jx = 0;
        let jy = 0;
        for (let i = 0; i < 2; i++) {
          angle += floor.tree.rotations[i]!;
          jx += 10 * Math.cos(angle);
          jy += 10 * Math.sin(angle);
          expect(Math.abs(jx - bare.positions[2 * i + 2]!)).toBeLessThan(1e-9);
          expect(Math.abs(jy - bare.positions[2 * i + 3]!)).toBeLessThan(1e-9);
        }
        const error = Math.hypot(jx - x, jy - y);
        expect(Math.abs(floor.tree.tipError - error)).toBeLessThan(1e-9);
        if (Math.hypot(x, y) <= 20) expect(error).toBeLessThanOrEqual(tolerance);
      }
    });
  }
});
