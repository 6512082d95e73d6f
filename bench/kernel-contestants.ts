import { solveCCD, type CCDOptions } from '../src/ik/ccd-kernel';
import { type FabrikOptions, solveFabrik } from '../src/ik/fabrik-kernel';
import {
  DEFAULT_DAMPING,
  DEFAULT_MAX_STEP,
  type JacobianMethod,
  type JacobianOptions,
  solveJacobian,
} from '../src/ik/jacobian-kernel';
import { createResult } from '../src/ik/solve-result';
import { solveTwoBone, type TwoBoneOptions } from '../src/ik/two-bone-kernel';
import { CAP_FABRIK_CCD, CAP_JACOBIAN, poleOf, restChain, toleranceOf } from './bench-setup';
import type { Contestant, SetRecord, StartMode } from './contestant';
import { restorePose } from './pose-restore';
import type { TargetSet } from './target-sets';

/*
 * The bare kernels, one factory per kernel. Each factory has its own loop on purpose: V8 keeps
 * call-site feedback per function literal, so a shared "loop over targets calling solve()"
 * would see several kernels at one call site, go megamorphic and stop inlining, slowing every
 * row by a different amount. Option objects are built the way the IK nodes build theirs
 * (same literal, same property order), so the kernels see one object shape in the bench and in
 * the node tree alike.
 */

/** The warm rows' start pose: where one lap of the path from rest leaves the chain. */
function warmStart(c: Contestant, chain: ReturnType<typeof restChain>, start: typeof chain): void {
  c.runSet(null);
  restorePose(start, chain);
}

export function ccdKernel(bones: number, targets: TargetSet, mode: StartMode): Contestant {
  const rest = restChain(bones);
  const chain = restChain(bones);
  const start = restChain(bones);
  const options: CCDOptions = { tolerance: 0, maxIterations: 0 };
  options.tolerance = toleranceOf(bones);
  options.maxIterations = CAP_FABRIK_CCD;
  options.order = 'tip-to-root';
  const result = createResult();
  const cold = mode === 'cold';
  const c: Contestant = {
    label: 'CCD (tip-to-root)',
    targets,
    runSet(record: SetRecord | null): number {
      let sum = 0;
      if (!cold) restorePose(chain, start);
      for (let j = 0; j < targets.count; j++) {
        if (cold) restorePose(chain, rest);
        solveCCD(chain, targets.x[j]!, targets.y[j]!, options, result);
        sum += result.iterations;
        if (record) {
          record.iterations[j] = result.iterations;
          record.reached[j] = result.reached ? 1 : 0;
        }
      }
      return sum;
    },
  };
  if (!cold) warmStart(c, chain, start);
  return c;
}

export function fabrikKernel(
  bones: number,
  targets: TargetSet,
  mode: StartMode,
  withPole: boolean,
): Contestant {
  const rest = restChain(bones);
  const chain = restChain(bones);
  const start = restChain(bones);
  const pole = poleOf(bones);
  const options: FabrikOptions = { tolerance: 0, maxIterations: 0 };
  options.tolerance = toleranceOf(bones);
  options.maxIterations = CAP_FABRIK_CCD;
  options.poleMode = 'after';
  options.poleX = withPole ? pole.x : NaN;
  options.poleY = withPole ? pole.y : NaN;
  options.jointPoles = null;
  const result = createResult();
  const cold = mode === 'cold';
  const c: Contestant = {
    label: withPole ? 'FABRIK + chain pole' : 'FABRIK',
    targets,
    runSet(record: SetRecord | null): number {
      let sum = 0;
      if (!cold) restorePose(chain, start);
      for (let j = 0; j < targets.count; j++) {
        if (cold) restorePose(chain, rest);
        solveFabrik(chain, targets.x[j]!, targets.y[j]!, options, result);
        sum += result.iterations;
        if (record) {
          record.iterations[j] = result.iterations;
          record.reached[j] = result.reached ? 1 : 0;
        }
      }
      return sum;
    },
  };
  if (!cold) warmStart(c, chain, start);
  return c;
}

export function jacobianKernel(
  bones: number,
  targets: TargetSet,
  mode: StartMode,
  method: JacobianMethod,
): Contestant {
  const rest = restChain(bones);
  const chain = restChain(bones);
  const start = restChain(bones);
  const options: JacobianOptions = { method: 'dls', tolerance: 0, maxIterations: 0 };
  options.method = method;
  options.damping = DEFAULT_DAMPING;
  options.maxStep = DEFAULT_MAX_STEP;
  options.safeguard = true;
  options.tolerance = toleranceOf(bones);
  options.maxIterations = CAP_JACOBIAN;
  const result = createResult();
  const cold = mode === 'cold';
  const c: Contestant = {
    label: method === 'dls' ? 'DLS (damping 0.1)' : 'Jacobian transpose',
    targets,
    runSet(record: SetRecord | null): number {
      let sum = 0;
      if (!cold) restorePose(chain, start);
      for (let j = 0; j < targets.count; j++) {
        if (cold) restorePose(chain, rest);
        solveJacobian(chain, targets.x[j]!, targets.y[j]!, options, result);
        sum += result.iterations;
        if (record) {
          record.iterations[j] = result.iterations;
          record.reached[j] = result.reached ? 1 : 0;
        }
      }
      return sum;
    },
  };
  if (!cold) warmStart(c, chain, start);
  return c;
}

/** The closed form; only for a 2-bone chain. Its checksum counts reached targets (0 iterations). */
export function twoBoneKernel(targets: TargetSet, mode: StartMode): Contestant {
  const rest = restChain(2);
  const chain = restChain(2);
  const start = restChain(2);
  const options: TwoBoneOptions = { bend: 1, tolerance: 0, poleX: NaN, poleY: NaN };
  options.tolerance = toleranceOf(2);
  const result = createResult();
  const cold = mode === 'cold';
  const c: Contestant = {
    label: 'two-bone (law of cosines)',
    targets,
    runSet(record: SetRecord | null): number {
      let sum = 0;
      if (!cold) restorePose(chain, start);
      for (let j = 0; j < targets.count; j++) {
        if (cold) restorePose(chain, rest);
        solveTwoBone(chain, targets.x[j]!, targets.y[j]!, options, result);
        sum += result.reached ? 1 : 0;
        if (record) {
          record.iterations[j] = result.iterations;
          record.reached[j] = result.reached ? 1 : 0;
        }
      }
      return sum;
    },
  };
  if (!cold) warmStart(c, chain, start);
  return c;
}

/** Cold rows' overhead on its own: restoring the rest pose before each solve, no solve. */
export function restoreOnly(bones: number, targets: TargetSet): Contestant {
  const rest = restChain(bones);
  const chain = restChain(bones);
  return {
    label: '(rest-pose restore alone)',
    targets,
    runSet(): number {
      let sum = 0;
      for (let j = 0; j < targets.count; j++) {
        restorePose(chain, rest);
        sum += chain.positions[2 * bones]!;
      }
      return sum;
    },
  };
}
