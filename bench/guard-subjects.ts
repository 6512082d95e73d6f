import { SEED, WARM_FRAMES, reachOf } from './bench-setup';
import type { Contestant } from './contestant';
import { ccdKernel, fabrikKernel, jacobianKernel, twoBoneKernel } from './kernel-contestants';
import { nodeSolver } from './node-contestants';
import { warmPath } from './target-sets';

/**
 * What the solver cost guard counts (bench/guard.mjs, in CI): every IK node and kernel, warm,
 * at 3 and 30 bones (the two-bone solvers at 2), on the solver report's warm lap. Warm only: a
 * game's frames start from the last pose. The guard counts instructions under callgrind and
 * bytes allocated, both per solve, and compares them with bench/guard-baseline.json.
 */
const path = (bones: number) => warmPath(SEED, WARM_FRAMES, reachOf(bones));

export const SUBJECTS: Record<string, () => Contestant> = {};
for (const n of [3, 30]) {
  SUBJECTS[`FABRIK2D node, ${n} bones`] = () => nodeSolver('FABRIK2D', n, path(n), 'warm');
  SUBJECTS[`CCDIK2D node, ${n} bones`] = () => nodeSolver('CCDIK2D', n, path(n), 'warm');
  SUBJECTS[`JacobianIK2D node, ${n} bones`] = () => nodeSolver('JacobianIK2D', n, path(n), 'warm');
  SUBJECTS[`FABRIK kernel, ${n} bones`] = () => fabrikKernel(n, path(n), 'warm', false);
  SUBJECTS[`CCD kernel, ${n} bones`] = () => ccdKernel(n, path(n), 'warm');
  SUBJECTS[`DLS kernel, ${n} bones`] = () => jacobianKernel(n, path(n), 'warm', 'dls');
}
SUBJECTS['TwoBoneIK2D node, 2 bones'] = () => nodeSolver('TwoBoneIK2D', 2, path(2), 'warm');
SUBJECTS['two-bone kernel, 2 bones'] = () => twoBoneKernel(path(2), 'warm');

/** Solves in one lap (every subject runs the same lap length). */
export const SOLVES_PER_SET = WARM_FRAMES;

/**
 * Builds one subject, runs its lap `warmUp` times (every function optimised by then), then
 * `sets` more, and returns the iterations' sum (a checksum: the work was done). The driver runs
 * it with `sets` 0 and N and takes the difference, so start-up and warm-up cancel out.
 */
export function runSubject(name: string, warmUp: number, sets: number): number {
  const make = SUBJECTS[name];
  if (!make) throw new Error(`no subject "${name}"`);
  const c = make();
  let sum = 0;
  for (let k = 0; k < warmUp + sets; k++) sum += c.runSet(null);
  return sum;
}
