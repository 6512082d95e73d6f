import type { TargetSet } from './target-sets';

/** Per-target outcome of one untimed pass, for the iteration and success columns. */
export interface SetRecord {
  readonly iterations: Float64Array;
  readonly reached: Uint8Array;
}

export type StartMode = 'cold' | 'warm';

/**
 * One row of a table: a solver on one chain, in one start mode. `runSet` solves every target of
 * the set once: cold, each solve starts from the rest pose; warm, the set starts from the pose
 * its own last frame left (the path is a closed loop) and each solve from the previous one's.
 * It returns a checksum (iterations summed) that the timer keeps, so nothing is optimised away.
 * With a record it also notes each target's iterations and success (untimed passes only).
 */
export interface Contestant {
  readonly label: string;
  readonly targets: TargetSet;
  runSet(record: SetRecord | null): number;
}

export const newRecord = (count: number): SetRecord => ({
  iterations: new Float64Array(count),
  reached: new Uint8Array(count),
});
