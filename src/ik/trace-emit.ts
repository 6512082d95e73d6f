import { norm } from '../math/vec2.ts';
import type { Chain } from './chain.ts';
import type { Trace, TracePass } from './solve-result.ts';

/**
 * Reports one sub-step with a copy of the chain's joint positions (from `chain.positions`, or
 * from `chain.work` when `fromWork` is set: FABRIK's mid-pass ghosts). Only called when a trace
 * is attached, so the copy never costs an untraced solve anything.
 */
export function emit(
  trace: Trace,
  chain: Chain,
  pass: TracePass,
  iteration: number,
  index: number,
  turn: number,
  targetX: number,
  targetY: number,
  fromWork = false,
  valid = true,
  wanted = turn,
): void {
  const source = fromWork ? chain.work : chain.positions;
  const positions = source.slice();
  const n = chain.count;
  const error = norm(positions[2 * n]! - targetX, positions[2 * n + 1]! - targetY);
  trace({ pass, iteration, index, turn, wanted, error, positions, valid });
}
