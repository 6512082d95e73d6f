import {
  CAP_FABRIK_CCD,
  CAP_JACOBIAN,
  COLD_TARGETS,
  reachOf,
  REST_TOTAL_BEND,
  SEED,
  TARGET_RADIUS_MAX,
  TARGET_RADIUS_MIN,
  TOLERANCE_FRACTION,
  toleranceOf,
  BONE_LENGTH,
  WARM_FRAMES,
} from './bench-setup';
import type { MeasuredGroup } from './measured-group';
import { SOLVER_ROWS, type SolverRow } from './solver-rows';
import { fixed, micros, textTable } from './text-table';

type Pair = { cold: MeasuredGroup<SolverRow>; warm: MeasuredGroup<SolverRow> };

const pct = (n: number, of: number): string => `${((100 * n) / of).toFixed(1)}%`;

/** One chain size: a row per solver, cold and warm side by side. */
export function solverTable({ cold, warm }: Pair): string {
  const bones = cold.bones;
  const head = [
    'solver',
    'cold µs',
    'mean',
    'p95',
    'iters',
    'it p95',
    'reached',
    '|',
    'warm µs',
    'mean',
    'p95',
    'iters',
    'it p95',
    'reached',
  ];
  const rows: string[][] = [head];
  for (const key of SOLVER_ROWS) {
    const c = cold.get(key);
    const w = warm.get(key);
    if (!c && !w) continue;
    const cells = (g: MeasuredGroup<SolverRow>, present: boolean, solves: boolean): string[] => {
      if (!present) return ['–', '–', '–', '–', '–', '–'];
      const t = g.micros(key);
      const it = g.iterations(key);
      const count = g.get(key)!.contestant.targets.count;
      return solves
        ? [
            micros(t.median),
            micros(t.mean),
            micros(t.p95),
            fixed(it.mean, 1),
            fixed(it.p95, 0),
            pct(g.reached(key), count),
          ]
        : [micros(t.median), micros(t.mean), micros(t.p95), '', '', ''];
    };
    const label = (c ?? w)!.contestant.label;
    const solves = key !== 'restore';
    rows.push([label, ...cells(cold, !!c, solves), '|', ...cells(warm, !!w, solves)]);
  }
  const title =
    `${bones} bones × ${BONE_LENGTH} (reach ${reachOf(bones)}, tolerance ${toleranceOf(bones)}); ` +
    `cold: ${COLD_TARGETS} targets from rest, warm: ${WARM_FRAMES}-frame path`;
  return `${title}\n${textTable(rows)}`;
}

const ratioText = (r: { median: number; low: number; high: number }): string =>
  `${r.median.toFixed(2)}× [${r.low.toFixed(2)}–${r.high.toFixed(2)}]`;

/** The pairs every chain size reports, a ÷ b: kernels against yardsticks, nodes against both. */
const PAIRS: [SolverRow, SolverRow, string][] = [
  ['fabrik', 'fabrik-yardstick', 'FABRIK kernel ÷ FABRIK yardstick'],
  ['ccd', 'ccd-yardstick', 'CCD kernel ÷ CCD yardstick'],
  ['fabrik-node', 'fabrik-yardstick', 'FABRIK2D node ÷ FABRIK yardstick'],
  ['ccd-node', 'ccd-yardstick', 'CCDIK2D node ÷ CCD yardstick'],
  ['fabrik-node', 'fabrik', 'FABRIK2D node ÷ FABRIK kernel'],
  ['fabrik-tree-floor', 'fabrik-yardstick', 'angle-tree floor ÷ FABRIK yardstick'],
  ['fabrik-node', 'fabrik-tree-floor', 'FABRIK2D node ÷ angle-tree floor'],
  ['ccd-node', 'ccd', 'CCDIK2D node ÷ CCD kernel'],
];

/** Pairs only a two-bone chain has: the closed form through the node tree against itself bare. */
const TWO_BONE_PAIRS: [SolverRow, SolverRow, string][] = [
  ['two-bone-node', 'two-bone', 'TwoBoneIK2D node ÷ two-bone kernel'],
  ['two-bone-tree-floor', 'two-bone', 'two-bone angle-tree floor ÷ two-bone kernel'],
  ['two-bone-node', 'two-bone-tree-floor', 'TwoBoneIK2D node ÷ two-bone angle-tree floor'],
];
const pairsOf = (bones: number) => (bones === 2 ? [...PAIRS, ...TWO_BONE_PAIRS] : PAIRS);

/** The median of every pair's per-round ratios, named for the JSON file `npm run bench` writes. */
export function pairRatios({ cold, warm }: Pair): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [a, b, label] of pairsOf(cold.bones)) {
    out[`${cold.bones} bones, cold: ${label}`] = cold.ratio(a, b).median;
    out[`${warm.bones} bones, warm: ${label}`] = warm.ratio(a, b).median;
  }
  return out;
}

/** Kernel ÷ yardstick for every pair, and the checks that each pair solved the same problem. */
export function pairLines({ cold, warm }: Pair): string {
  const pairs = pairsOf(cold.bones);
  const rows: string[][] = [
    ['a ÷ b', 'cold', 'warm', 'reached a, b', 'same its', '|', 'reached a, b', 'same its'],
  ];
  for (const [a, b, label] of pairs) {
    const check = (g: MeasuredGroup<SolverRow>): string[] => [
      `${g.reached(a)}, ${g.reached(b)}`,
      `${g.sameIterations(a, b)}/${g.get(a)!.contestant.targets.count}`,
    ];
    rows.push([
      label,
      ratioText(cold.ratio(a, b)),
      ratioText(warm.ratio(a, b)),
      ...check(cold),
      '|',
      ...check(warm),
    ]);
  }
  const title =
    'Ratios: median [p5–p95] of per-round paired ratios. Same job: targets reached by a and by b, ' +
    'and on how many targets a and b ran the same iterations (cold | warm)';
  return `${title}\n${textTable(rows)}`;
}

/** The issue's three targets, for the 10-bone chain, warm (the game case) and cold. */
export function targetLines({ cold, warm }: Pair): { text: string; misses: string[] } {
  const targets: [SolverRow, SolverRow, string, number][] = [
    ['fabrik', 'fabrik-yardstick', 'FABRIK kernel ÷ FABRIK yardstick', 1.5],
    ['fabrik-node', 'fabrik-yardstick', 'FABRIK2D node tree ÷ FABRIK yardstick', 3],
    ['ccd', 'ccd-yardstick', 'CCD kernel ÷ CCD yardstick', 1.5],
  ];
  const verdict = (ratio: number, target: number): string =>
    ratio <= target ? 'PASS' : `MISS (${(ratio / target).toFixed(2)}× over)`;
  const misses: string[] = [];
  const rows: string[][] = [['target', 'limit', 'warm', '', 'cold', '']];
  for (const [a, b, label, limit] of targets) {
    const w = warm.ratio(a, b);
    const c = cold.ratio(a, b);
    if (w.median > limit) misses.push(`${label} (warm)`);
    rows.push([
      label,
      `≤ ${limit}×`,
      ratioText(w),
      verdict(w.median, limit),
      ratioText(c),
      verdict(c.median, limit),
    ]);
  }
  return {
    text: `Targets (${cold.bones}-bone chain; PASS/MISS on the median ratio)\n${textTable(rows)}`,
    misses,
  };
}

export interface RunFacts {
  rounds: number;
  minBatchMs: number;
  warmStepOfReach: number;
  restoreEquivalent: boolean;
  checksum: number;
  seconds: number;
}

export function notes(f: RunFacts): string {
  const lines = [
    `seed ${SEED} (mulberry32); the same targets for every solver of a chain size and mode`,
    `chains: every bone ${BONE_LENGTH} long, base at the origin; rest pose a gentle curve (${((REST_TOTAL_BEND * 180) / Math.PI).toFixed(0)}° of bend spread evenly over the bones)`,
    `tolerance ${TOLERANCE_FRACTION} × total length; caps ${CAP_FABRIK_CCD} iterations (CCD, FABRIK, the nodes), ${CAP_JACOBIAN} (Jacobian transpose, DLS)`,
    `cold: every solve starts from the rest pose (restored before each solve, also in the nodes via startFromRest); ${COLD_TARGETS} targets at radius uniform in [${TARGET_RADIUS_MIN * 100}%, ${TARGET_RADIUS_MAX * 100}%] of the reach, any angle`,
    `warm: targets move along a smooth closed seeded path (${WARM_FRAMES} frames, radius 10–90% of reach, mean step ${(f.warmStepOfReach * 100).toFixed(1)}% of reach per frame); each solve starts from the previous solve's pose, as a game's frames do`,
    `cold rows include restoring the rest pose (3 typed-array copies, the "restore alone" row); restorePose leaves exactly what copyChain leaves: ${f.restoreEquivalent ? 'checked, identical' : 'MISMATCH'}`,
    `FABRIK + chain pole: one pole at (0, −reach), applied after the passes (poleMode "after"); DLS damping 0.1 × length; Jacobian steps capped at π/4 with the safeguard on (the defaults)`,
    `reached: the tip ended within tolerance; iterations: mean and p95 over the targets (the two-bone closed form counts 0); an unreached target ran into the cap or stalled`,
    `node rows: World → Bone2D chain (each child at its parent's tip) + Marker2D target; per solve: move the target, ik.solve() (read tree, kernel, write rotations)`,
    `the FABRIK yardstick returns positions only; the kernel also derives a rotation per bone (atan2 + wrapAngle) for the node tree`,
    `angle-tree floor: the FABRIK yardstick plus the least a tree that keeps rotations as angles adds (bench/yardstick-angle-tree.ts): read the joints back from the global transforms (sqrt + atan2 a bone), turn each bone by its change of direction (atan2 a bone), show the pose (sin, cos, a matrix product a bone), measure the tip as shown; no negative scale, limits, mix, skip, status or target node`,
    `two-bone angle-tree floor: the same around our two-bone kernel (bench/yardstick-two-bone-tree.ts): read the three joints (sqrt + atan2 a bone), solveTwoBone, turn each bone by its change of relative angle, show the pose, measure the tip as shown`,
    `timing: µs per solve = batch time ÷ solves in the batch; rows of one table half are interleaved round-robin for ${f.rounds} rounds (start rotating), batches ≥ ${f.minBatchMs} ms; median and p95 over rounds (noise), iterations over targets (difficulty); everything JIT-warmed first`,
    `run: Node ${process.version} (V8 ${process.versions.v8}), ${process.platform}/${process.arch}; bundled with rolldown and run in plain Node; ${f.seconds.toFixed(1)} s; checksum ${f.checksum}`,
  ];
  return `Notes\n${lines.map((l) => `- ${l}`).join('\n')}`;
}
