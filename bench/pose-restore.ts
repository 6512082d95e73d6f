import { type Chain, copyChain } from '../src/ik/chain';

/**
 * Puts `from`'s pose into `to` (same lengths, base and limits): what `copyChain` does, minus its
 * forward kinematics. `from` already satisfies the invariant (positions and directions match its
 * angles), so copying all three keeps it in `to`. copyChain would recompute them with a cos and
 * a sin per bone, which a cold-start row would then time as part of every solve; the yardsticks
 * restore with plain copies too. `checkRestoreMatchesCopyChain` proves the equivalence per run.
 */
export function restorePose(to: Chain, from: Chain): void {
  to.angles.set(from.angles);
  to.positions.set(from.positions);
  to.directions.set(from.directions);
}

/** True if restorePose leaves exactly the state copyChain leaves (checked once per run). */
export function restoreMatchesCopyChain(from: Chain, scratchA: Chain, scratchB: Chain): boolean {
  copyChain(from, scratchA);
  restorePose(scratchB, from);
  const same = (a: Float64Array, b: Float64Array) => a.every((v, i) => Object.is(v, b[i]));
  return (
    same(scratchA.angles, scratchB.angles) &&
    same(scratchA.positions, scratchB.positions) &&
    same(scratchA.directions, scratchB.directions)
  );
}
