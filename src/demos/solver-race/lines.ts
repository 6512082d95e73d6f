import type { FigureUi } from '../figure-ui.ts';
import { num } from '../shared/format.ts';
import type { RaceRecord } from '../shared/race-runner.ts';
import type { solverRaceFigure } from './description.ts';

type Say = FigureUi<typeof solverRaceFigure>['say'];

/** A lane's readout for its whole solve: iterations, time, evenness, outcome. */
export function solveLine(say: Say, micros: number, r: RaceRecord): string {
  const n = r.status.iterations;
  const time = Number.isFinite(micros)
    ? say('micros', { micros: micros < 10 ? micros.toFixed(1) : Math.round(micros) })
    : say('timing');
  return say('solveLine', {
    iterations: n === 1 ? say('iterationsOne') : say('iterationsMany', { n }),
    time,
    even: Math.round(r.evenness * 100),
    tip: Math.round(r.tipShare * 100),
    outcome: outcome(say, r),
  });
}

/** A lane's readout at iteration k of the replay: where it is, its error, whether it is done. */
export function iterationLine(say: Say, r: RaceRecord, k: number): string {
  const last = r.poses.length - 1;
  const at = Math.min(k, last);
  const state = at === 0 ? say('startPose') : at < last ? say('stillGoing') : outcome(say, r);
  return say('iterationLine', { at, last, error: num(r.errors[at]!, 2), state });
}

function outcome(say: Say, r: RaceRecord): string {
  const s = r.status;
  if (s.reached) return say('reached');
  if (s.reachability !== 'reachable') return say('unreachable', { reachability: s.reachability });
  return say(s.stalled ? 'stuck' : 'capped');
}
