import { COLD_TARGETS, reachOf, SEED, WARM_FRAMES } from './bench-setup';
import type { Contestant, StartMode } from './contestant';
import {
  ccdKernel,
  fabrikKernel,
  jacobianKernel,
  restoreOnly,
  twoBoneKernel,
} from './kernel-contestants';
import { MeasuredGroup } from './measured-group';
import { nodeSolver } from './node-contestants';
import { coldTargets, type TargetSet, warmPath } from './target-sets';
import {
  angleTreeFloor,
  ccdYardstick,
  fabrikYardstick,
  twoBoneTreeFloor,
} from './yardstick-contestants';

/** The rows of a chain's table, in print order. */
export const SOLVER_ROWS = [
  'ccd',
  'ccd-yardstick',
  'fabrik',
  'fabrik-yardstick',
  'fabrik-pole',
  'transpose',
  'dls',
  'two-bone',
  'fabrik-tree-floor',
  'two-bone-tree-floor',
  'fabrik-node',
  'ccd-node',
  'two-bone-node',
  'restore',
] as const;
export type SolverRow = (typeof SOLVER_ROWS)[number];

/**
 * The same seeded targets for every row of a chain size and mode: cold, points scattered in the
 * reach ring; warm, one lap of a smooth path. One seed for all sizes: targets scale with reach.
 */
export function targetsFor(bones: number, mode: StartMode): TargetSet {
  return mode === 'cold'
    ? coldTargets(SEED, COLD_TARGETS, reachOf(bones))
    : warmPath(SEED, WARM_FRAMES, reachOf(bones));
}

export function solverGroup(bones: number, mode: StartMode): MeasuredGroup<SolverRow> {
  const t = targetsFor(bones, mode);
  const rows: Partial<Record<SolverRow, Contestant>> = {
    ccd: ccdKernel(bones, t, mode),
    'ccd-yardstick': ccdYardstick(bones, t, mode),
    fabrik: fabrikKernel(bones, t, mode, false),
    'fabrik-yardstick': fabrikYardstick(bones, t, mode),
    'fabrik-pole': fabrikKernel(bones, t, mode, true),
    transpose: jacobianKernel(bones, t, mode, 'transpose'),
    dls: jacobianKernel(bones, t, mode, 'dls'),
    'fabrik-tree-floor': angleTreeFloor(bones, t, mode),
    'fabrik-node': nodeSolver('FABRIK2D', bones, t, mode),
    'ccd-node': nodeSolver('CCDIK2D', bones, t, mode),
  };
  if (bones === 2) {
    rows['two-bone'] = twoBoneKernel(t, mode);
    rows['two-bone-tree-floor'] = twoBoneTreeFloor(t, mode);
    rows['two-bone-node'] = nodeSolver('TwoBoneIK2D', bones, t, mode);
  }
  if (mode === 'cold') rows.restore = restoreOnly(bones, t);
  return new MeasuredGroup(bones, mode, rows);
}
