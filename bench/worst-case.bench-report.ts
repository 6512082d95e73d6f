import type { Chain } from '../src/ik/chain';
import { solveCCD } from '../src/ik/ccd-kernel';
import { solveFabrik } from '../src/ik/fabrik-kernel';
import { solveJacobian } from '../src/ik/jacobian-kernel';
import { createResult, type SolveResult } from '../src/ik/solve-result';
import { curledChain } from '../test/unit/curled-chain';
import { median } from './stats';

/**
 * The longest single calls the solvers can be asked to make (issue 17, item 4): a 1 000-bone
 * Jacobian solve at its default cap, FABRIK and CCD with limits towards an unreachable target at
 * the largest cap. Prints the milliseconds of one call (median of 5) and what stopped it.
 * `node bench/run.mjs bench/worst-case.bench-report.ts`
 */
function time(label: string, make: () => Chain, run: (c: Chain, r: SolveResult) => void): void {
  const times: number[] = [];
  let r = createResult();
  for (let k = 0; k < 5; k++) {
    const c = make();
    r = createResult();
    const t0 = performance.now();
    run(c, r);
    times.push(performance.now() - t0);
  }
  const why = r.reached
    ? 'reached'
    : r.stalled
      ? 'stalled'
      : r.capped
        ? `capped${r.workBound ? ' by the work bound' : ''}`
        : 'stopped';
  console.log(
    `${label.padEnd(58)} ${median(times).toFixed(1).padStart(7)} ms  ${String(r.iterations).padStart(6)} iterations  ${why}`,
  );
}

export function runReport(): void {
  console.log('One call, median of 5 (ms), and what stopped it:');
  time(
    'Jacobian DLS, 1 000 bones, cap 200, target beyond reach',
    () => curledChain(1000, null),
    (c, r) =>
      solveJacobian(
        c,
        2000,
        5,
        { method: 'dls', tolerance: 1e-3, maxIterations: 200, closedFormWhenUnreachable: false },
        r,
      ),
  );
  time(
    'Jacobian DLS, 1 000 bones, cap 200, reachable target',
    () => curledChain(1000, null),
    (c, r) => solveJacobian(c, 300, 400, { method: 'dls', tolerance: 1e-3, maxIterations: 200 }, r),
  );
  time(
    'Jacobian transpose, 1 000 bones, cap 200, reachable target',
    () => curledChain(1000, null),
    (c, r) =>
      solveJacobian(c, 300, 400, { method: 'transpose', tolerance: 1e-3, maxIterations: 200 }, r),
  );
  for (const n of [10, 50])
    time(
      `FABRIK, ${n} bones, limits ±0.2, unreachable, cap 100 000`,
      () => curledChain(n, 0.2),
      (c, r) => solveFabrik(c, -n, 0.5, { tolerance: 1e-3, maxIterations: 100_000 }, r),
    );
  for (const n of [10, 50])
    time(
      `CCD, ${n} bones, limits ±0.2, unreachable, cap 100 000`,
      () => curledChain(n, 0.2),
      (c, r) => solveCCD(c, -n, 0.5, { tolerance: 1e-3, maxIterations: 100_000 }, r),
    );
  time(
    'FABRIK, 1 000 bones, no limits, reachable, cap 100 000',
    () => curledChain(1000, null),
    (c, r) => solveFabrik(c, 300, 400, { tolerance: 1e-9, maxIterations: 100_000 }, r),
  );
  time(
    'FABRIK, 200 bones, pole every iteration, cap 100 000',
    () => curledChain(200, null),
    (c, r) =>
      solveFabrik(
        c,
        60,
        80,
        {
          tolerance: 1e-12,
          maxIterations: 100_000,
          poleX: 0,
          poleY: 200,
          poleMode: 'every-iteration',
        },
        r,
      ),
  );
}
