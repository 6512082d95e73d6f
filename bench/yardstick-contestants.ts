import { CAP_FABRIK_CCD, restChain, toleranceOf } from './bench-setup';
import type { Contestant, SetRecord, StartMode } from './contestant';
import type { TargetSet } from './target-sets';
import { ccdYardstickPose, createCcdYardstick, solveCcdYardstick } from './yardstick-ccd';
import { type AngleTree, createAngleTree, showPose, solveAngleTree } from './yardstick-angle-tree';
import { createFabrikYardstick, solveFabrikYardstick } from './yardstick-fabrik';
import { createTwoBoneTree, solveTwoBoneTree } from './yardstick-two-bone-tree';

/*
 * The yardsticks as table rows, on the kernels' terms: same chain, rest pose, targets, tolerance
 * and cap; cold rows restore the rest pose before every solve, warm rows replay the lap from the
 * pose their own last frame left. Success is judged as for the kernels: tip within tolerance.
 */

export function fabrikYardstick(bones: number, targets: TargetSet, mode: StartMode): Contestant {
  const rest = restChain(bones);
  const s = createFabrikYardstick(rest.lengths, rest.positions);
  const start = Float64Array.from(rest.positions);
  const tolerance = toleranceOf(bones);
  const tip = 2 * bones;
  const cold = mode === 'cold';
  const c: Contestant = {
    label: 'FABRIK yardstick',
    targets,
    runSet(record: SetRecord | null): number {
      let sum = 0;
      if (!cold) s.positions.set(start);
      for (let j = 0; j < targets.count; j++) {
        if (cold) s.positions.set(rest.positions);
        const tx = targets.x[j]!;
        const ty = targets.y[j]!;
        const it = solveFabrikYardstick(s, tx, ty, tolerance, CAP_FABRIK_CCD);
        sum += it;
        if (record) {
          record.iterations[j] = it;
          const error = Math.hypot(s.positions[tip]! - tx, s.positions[tip + 1]! - ty);
          record.reached[j] = error <= tolerance ? 1 : 0;
        }
      }
      return sum;
    },
  };
  if (!cold) {
    c.runSet(null);
    start.set(s.positions);
  }
  return c;
}

export function ccdYardstick(bones: number, targets: TargetSet, mode: StartMode): Contestant {
  const rest = restChain(bones);
  const s = createCcdYardstick(rest.lengths, rest.angles, rest.baseX, rest.baseY, rest.baseAngle);
  const startAngles = Float64Array.from(s.angles);
  const startPositions = Float64Array.from(s.positions);
  const tolerance = toleranceOf(bones);
  const tip = 2 * bones;
  const cold = mode === 'cold';
  const c: Contestant = {
    label: 'CCD yardstick',
    targets,
    runSet(record: SetRecord | null): number {
      let sum = 0;
      if (!cold) {
        s.angles.set(startAngles);
        s.positions.set(startPositions);
      }
      for (let j = 0; j < targets.count; j++) {
        if (cold) {
          s.angles.set(rest.angles);
          s.positions.set(rest.positions);
        }
        const tx = targets.x[j]!;
        const ty = targets.y[j]!;
        const it = solveCcdYardstick(s, tx, ty, tolerance, CAP_FABRIK_CCD);
        sum += it;
        if (record) {
          record.iterations[j] = it;
          const error = Math.hypot(s.positions[tip]! - tx, s.positions[tip + 1]! - ty);
          record.reached[j] = error <= tolerance ? 1 : 0;
        }
      }
      return sum;
    },
  };
  if (!cold) {
    c.runSet(null);
    startAngles.set(s.angles);
    ccdYardstickPose(s);
    startPositions.set(s.positions);
  }
  return c;
}

/**
 * The angle-tree floor as a row (see yardstick-angle-tree.ts): the FABRIK yardstick plus the
 * least a tree of angles adds.
 */
export function angleTreeFloor(bones: number, targets: TargetSet, mode: StartMode): Contestant {
  const rest = restChain(bones);
  const tree = createAngleTree(rest.lengths, rest.angles);
  const tolerance = toleranceOf(bones);
  return angleTreeRow('angle-tree floor (FABRIK)', tree, rest.angles, targets, mode, (x, y) =>
    solveAngleTree(tree, x, y, tolerance, CAP_FABRIK_CCD),
  );
}

/**
 * The two-bone angle-tree floor as a row (see yardstick-two-bone-tree.ts): our two-bone kernel
 * with the least a tree of angles adds around it.
 */
export function twoBoneTreeFloor(targets: TargetSet, mode: StartMode): Contestant {
  const rest = restChain(2);
  const s = createTwoBoneTree(rest.lengths, rest.angles, toleranceOf(2));
  return angleTreeRow('two-bone angle-tree floor', s.tree, rest.angles, targets, mode, (x, y) => {
    solveTwoBoneTree(s, x, y);
    return s.result.iterations;
  });
}

/**
 * A floor's row: cold rows put the rest rotations back and show them before every solve, as the
 * node's startFromRest does; warm rows replay the lap from the rotations its own last frame
 * left. `solve` returns the iterations it ran; success is the tip as shown, within tolerance.
 */
function angleTreeRow(
  label: string,
  tree: AngleTree,
  restRotations: Float64Array,
  targets: TargetSet,
  mode: StartMode,
  solve: (x: number, y: number) => number,
): Contestant {
  const tolerance = toleranceOf(tree.count);
  const start = Float64Array.from(restRotations);
  const cold = mode === 'cold';
  const c: Contestant = {
    label,
    targets,
    runSet(record: SetRecord | null): number {
      let sum = 0;
      if (!cold) {
        tree.rotations.set(start);
        showPose(tree);
      }
      for (let j = 0; j < targets.count; j++) {
        if (cold) {
          tree.rotations.set(restRotations);
          showPose(tree);
        }
        const it = solve(targets.x[j]!, targets.y[j]!);
        sum += it;
        if (record) {
          record.iterations[j] = it;
          record.reached[j] = tree.tipError <= tolerance ? 1 : 0;
        }
      }
      return sum;
    },
  };
  if (!cold) {
    c.runSet(null);
    start.set(tree.rotations);
  }
  return c;
}
