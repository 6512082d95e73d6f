import type { Chain } from './chain.ts';

/**
 * What a solver throws when it is called with input no answer can come from: a chain whose
 * lengths, angles or base are not finite numbers, or options outside their range. The message
 * names the field, what it was and what is allowed. (A target that is not a finite point is
 * not an error: the solve reports `reachability: 'invalid'` and leaves the chain as it was,
 * because targets come from pointers and physics, where a NaN can happen mid-game.)
 */
export class IKInputError extends RangeError {
  override name = 'IKInputError';
}

const show = (v: unknown): string =>
  typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? String(v));

/**
 * The one rule for every iterative solver's options, or null when they keep it:
 * `tolerance` a finite number ≥ 0, `maxIterations` a number ≥ 0 (Infinity means the cap of
 * MAX_ITERATIONS_LIMIT). Nodes show the message in their status; kernels throw it.
 */
export function optionsProblem(tolerance: unknown, maxIterations: unknown): string | null {
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0)
    return `tolerance is ${show(tolerance)}: it must be a finite number of scene units, 0 or more.`;
  if (typeof maxIterations !== 'number' || Number.isNaN(maxIterations) || maxIterations < 0)
    return `maxIterations is ${show(maxIterations)}: it must be a number, 0 or more (Infinity means the largest cap, 100 000).`;
  return null;
}

/** The chain's first non-finite or negative number, said in words, or null when it has none. */
export function chainProblem(chain: Chain): string | null {
  if (!Number.isFinite(chain.baseX) || !Number.isFinite(chain.baseY))
    return `the chain's base is (${chain.baseX}, ${chain.baseY}): it must be a finite point.`;
  if (!Number.isFinite(chain.baseAngle))
    return `the chain's base angle is ${chain.baseAngle}: it must be a finite number of radians.`;
  for (let i = 0; i < chain.count; i++) {
    const l = chain.lengths[i]!;
    // `l >= 0` is false for NaN too.
    if (!(l >= 0) || l === Infinity)
      return `bone ${i}'s length is ${l}: lengths must be finite numbers, 0 or more.`;
    if (!Number.isFinite(chain.angles[i]!))
      return `bone ${i}'s angle is ${chain.angles[i]}: angles must be finite numbers of radians.`;
  }
  return null;
}

/**
 * Throws IKInputError when the chain or the options break the rules above. The kernels call it
 * only when their own quick test fails (reach.ts: the tip not finite, an option out of range),
 * so a negative length, which leaves the tip finite, is not looked for on every solve: nothing
 * in the library makes one (chainFrom and Bone2D refuse them).
 */
export function checkInput(
  chain: Chain,
  options: { tolerance: number; maxIterations: number },
): void {
  const problem = optionsProblem(options.tolerance, options.maxIterations) ?? chainProblem(chain);
  if (problem !== null) throw new IKInputError(problem);
}
