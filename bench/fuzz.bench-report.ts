import { fuzzSolvers } from '../test/fuzz/solver-fuzz';

/** `npm run fuzz`: the solver fuzz at full size (100 000 cases; FUZZ_CASES, FUZZ_SEED). */
export function runReport(): void {
  const cases = Number(process.env.FUZZ_CASES ?? 100_000);
  const seed = Number(process.env.FUZZ_SEED ?? 17);
  const t0 = performance.now();
  const c = fuzzSolvers(cases, seed);
  const { firstProblems, ...counts } = c;
  console.log(
    `Solver fuzz, ${cases} cases, seed ${seed}, ${((performance.now() - t0) / 1000).toFixed(1)} s:`,
  );
  for (const [k, v] of Object.entries(counts))
    console.log(
      `  ${k.padEnd(22)} ${typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(2) : v}`,
    );
  for (const p of firstProblems) console.log(`  ! ${p}`);
  if (firstProblems.length) process.exitCode = 1;
}
