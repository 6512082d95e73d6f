import { SEED, WARM_FRAMES, reachOf } from './bench-setup';
import type { Contestant } from './contestant';
import { ccdKernel, fabrikKernel, twoBoneKernel } from './kernel-contestants';
import { nodeSolver } from './node-contestants';
import { warmPath } from './target-sets';
import {
  angleTreeFloor,
  ccdYardstick,
  fabrikYardstick,
  twoBoneTreeFloor,
} from './yardstick-contestants';

/**
 * What `npm run bench:instructions` counts (bench/instructions.mjs runs this bundle under
 * callgrind): the short chains a leg is made of, warm, as the solver report's rows build them.
 * Warm only: a game's frames start from the last pose, and a cold row's count would be mostly
 * the restore.
 */
export const SUBJECTS: Record<string, () => Contestant> = {
  'FABRIK yardstick, 3 bones': () => fabrikYardstick(3, path(3), 'warm'),
  'angle-tree floor, 3 bones': () => angleTreeFloor(3, path(3), 'warm'),
  'FABRIK kernel, 3 bones': () => fabrikKernel(3, path(3), 'warm', false),
  'FABRIK2D node, 3 bones': () => nodeSolver('FABRIK2D', 3, path(3), 'warm'),
  'CCD yardstick, 3 bones': () => ccdYardstick(3, path(3), 'warm'),
  'CCD kernel, 3 bones': () => ccdKernel(3, path(3), 'warm'),
  'CCDIK2D node, 3 bones': () => nodeSolver('CCDIK2D', 3, path(3), 'warm'),
  'two-bone kernel': () => twoBoneKernel(path(2), 'warm'),
  'two-bone angle-tree floor': () => twoBoneTreeFloor(path(2), 'warm'),
  'TwoBoneIK2D node': () => nodeSolver('TwoBoneIK2D', 2, path(2), 'warm'),
};

/** The solver report's warm lap for a chain of this size. */
const path = (bones: number) => warmPath(SEED, WARM_FRAMES, reachOf(bones));

/** Passes over the lap before counting starts: enough for every function to be optimised. */
const WARM_UP_SETS = 400;

/**
 * Builds one subject, runs its lap WARM_UP_SETS times, then `sets` more. The driver runs this
 * twice, with `sets` 0 and N, and divides the difference by the solves in N laps: start-up,
 * compilation and warm-up cancel out.
 */
export function runSubject(name: string, sets: number): number {
  const make = SUBJECTS[name];
  if (!make) throw new Error(`no subject "${name}"`);
  const c = make();
  let sum = 0;
  for (let k = 0; k < WARM_UP_SETS + sets; k++) sum += c.runSet(null);
  return sum;
}

/** Solves in one lap (every subject runs the same lap length). */
export const SOLVES_PER_SET = WARM_FRAMES;
