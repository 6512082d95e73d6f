import { CAP_FABRIK_CCD, restChain, toleranceOf } from './bench-setup';
import type { Contestant, SetRecord, StartMode } from './contestant';
import type { TargetSet } from './target-sets';
import { ccdYardstickPose, createCcdYardstick, solveCcdYardstick } from './yardstick-ccd';
import { createAngleTree, showPose, solveAngleTree } from './yardstick-angle-tree';
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
 * least a tree of angles adds. Cold rows put the rest rotations back and show them before every
 * solve, as the node's startFromRest does; warm rows replay the lap from the rotations its own
 * last frame left. Success is the tip as shown, within tolerance.
 */
export function angleTreeFloor(bones: number, targets: TargetSet, mode: StartMode): Contestant {
  const rest = restChain(bones);
  const tree = createAngleTree(rest.lengths, rest.angles);
  const start = Float64Array.from(rest.angles);
  const tolerance = toleranceOf(bones);
  const cold = mode === 'cold';
  const c: Contestant = {
    label: 'angle-tree floor (FABRIK)',
    targets,
    runSet(record: SetRecord | null): number {
      let sum = 0;
      if (!cold) {
        tree.rotations.set(start);
        showPose(tree);
      }
      for (let j = 0; j < targets.count; j++) {
        if (cold) {
          tree.rotations.set(rest.angles);
          showPose(tree);
        }
        const it = solveAngleTree(tree, targets.x[j]!, targets.y[j]!, tolerance, CAP_FABRIK_CCD);
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

/**
 * The two-bone angle-tree floor as a row (see yardstick-two-bone-tree.ts): our two-bone kernel
 * with the least a tree of angles adds around it. Starts as the angle-tree floor's rows do;
 * counts the targets reached, as the kernel's row does.
 */
export function twoBoneTreeFloor(targets: TargetSet, mode: StartMode): Contestant {
  const rest = restChain(2);
  const tolerance = toleranceOf(2);
  const s = createTwoBoneTree(rest.lengths, rest.angles, tolerance);
  const start = Float64Array.from(rest.angles);
  const cold = mode === 'cold';
  const c: Contestant = {
    label: 'two-bone angle-tree floor',
    targets,
    runSet(record: SetRecord | null): number {
      let sum = 0;
      if (!cold) {
        s.tree.rotations.set(start);
        showPose(s.tree);
      }
      for (let j = 0; j < targets.count; j++) {
        if (cold) {
          s.tree.rotations.set(rest.angles);
          showPose(s.tree);
        }
        solveTwoBoneTree(s, targets.x[j]!, targets.y[j]!);
        const reached = s.tree.tipError <= tolerance;
        sum += reached ? 1 : 0;
        if (record) {
          record.iterations[j] = s.result.iterations;
          record.reached[j] = reached ? 1 : 0;
        }
      }
      return sum;
    },
  };
  if (!cold) {
    c.runSet(null);
    start.set(s.tree.rotations);
  }
  return c;
}
