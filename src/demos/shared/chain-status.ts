import type { ChainIKStatus } from '../../ik/chain-ik-2d.ts';
import type { ChainUi } from './chain-demo-core.ts';
import { num } from './format.ts';

type Say = ChainUi['say'];

/**
 * The outcome of a solve in words. `counted`: the solve from the rest pose, whose count is news
 * (at the last sub-step); a frame's warm solve is not counted here (its readout says it).
 */
export function statusText(
  s: ChainIKStatus,
  say: Say,
  o: { solver: string; cap: number; counted: boolean },
): string {
  if (!s.ok) return s.message;
  const warn = s.warning ? say('warning', { warning: s.warning }) : '';
  const count = (n: number) => (n === 1 ? say('countOne') : say('countMany', { n }));
  const n = { count: count(s.iterations) };
  const inCount = o.counted ? say('inCount', n) : '';
  const afterCount = o.counted ? say('afterCount', n) : '';
  if (s.reached) return say('reached', { inCount, warn });
  // Out of reach with no limits, the straight chain is the answer and no iteration runs. With
  // limits the chain may not straighten: the solver iterates to the nearest pose it can find.
  if (s.reachability === 'beyond' && s.iterations === 0) return say('straight', { warn });
  const { solver } = o;
  if (s.reachability === 'beyond')
    return say('heldStraight', { solver, error: num(s.error, 1), afterCount, warn });
  if (s.reachability === 'dead-zone') return say('deadZone', { warn });
  if (s.stalled) return say('stalled', { solver, warn });
  if (s.capped) return say('capped', { count: count(o.cap), warn });
  return say('notReached', { warn });
}
