import { forwardKinematics } from '../src/ik/chain';
import { CHAIN_SIZES, reachOf, restChain } from './bench-setup';
import { checksum, warmUp } from './interleaved-timer';
import type { MeasuredGroup } from './measured-group';
import { restoreMatchesCopyChain } from './pose-restore';
import { notes, pairLines, pairRatios, solverTable, targetLines } from './report-sections';
import { solverGroup, targetsFor } from './solver-rows';
import { meanStep } from './target-sets';

/**
 * The solver report `npm run bench` prints (bench/run.mjs bundles this file and calls
 * runReport): per chain size, every solver cold and warm on the same seeded targets; the
 * kernels against minimal yardsticks; and the three target ratios. Not a vitest bench:
 * it must run in plain Node (see run.mjs).
 */
const TIMER = { rounds: 31, minBatchMs: 0.5 };
const WARM_UP_PASSES = 6;
/** The chain the targets are stated for. */
const TARGET_BONES = 10;

export function runReport(): Record<string, number> {
  const t0 = performance.now();
  const groups = CHAIN_SIZES.map((bones) => ({
    cold: solverGroup(bones, 'cold'),
    warm: solverGroup(bones, 'warm'),
  }));
  const all: MeasuredGroup<string>[] = groups.flatMap((g) => [g.cold, g.warm]);

  // The untimed pass that records iterations comes first, so the timed code has seen its
  // `record` branch before it is optimised (else it deoptimises mid-table). Then compile
  // everything before timing anything: a kernel first optimised for one chain size must not
  // deoptimise when the next size arrives.
  for (const g of all) g.record();
  warmUp(
    all.flatMap((g) => g.contestants),
    WARM_UP_PASSES,
  );
  for (const g of all) g.time(TIMER);

  const out: string[] = [
    'IK solver kernels: µs per solve, iterations and success (npm run bench)',
    '',
  ];
  for (const g of groups) out.push(solverTable(g), '', pairLines(g), '');
  const target = groups.find((g) => g.cold.bones === TARGET_BONES)!;
  const verdict = targetLines(target);
  out.push(verdict.text, '');
  const rest = restChain(TARGET_BONES);
  out.push(
    notes({
      rounds: TIMER.rounds,
      minBatchMs: TIMER.minBatchMs,
      warmStepOfReach: meanStep(targetsFor(TARGET_BONES, 'warm'), reachOf(TARGET_BONES)),
      restoreEquivalent: restoreMatchesCopyChain(solvedPose(), restChain(TARGET_BONES), rest),
      checksum: checksum(),
      seconds: (performance.now() - t0) / 1000,
    }),
  );
  console.log(out.join('\n'));
  return Object.assign({}, ...groups.map(pairRatios));
}

/** A pose that is not the rest pose, to check restorePose against copyChain on. */
function solvedPose() {
  const chain = restChain(TARGET_BONES);
  for (let i = 0; i < chain.count; i++) chain.angles[i] = 0.3 * Math.sin(i + 1);
  forwardKinematics(chain);
  return chain;
}
