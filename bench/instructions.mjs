// Counts machine instructions per solve under valgrind's callgrind (npm run bench:instructions).
// Times on a shared virtual machine swing by a third from run to run, so a change of a few
// percent cannot be seen in `npm run bench`; an instruction count barely moves (V8 with
// --single-threaded: no background compiler or GC threads). It is not a time: a cache miss or a
// slow division counts as one instruction. Use it to see what a small change does, and the
// solver report for what a solve costs.
import { execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleForNode } from './bundle.mjs';
import { inPairs } from './in-pairs.mjs';
import { saveRatios } from './save-ratios.mjs';

/** Laps counted per subject (each 240 solves), after the warm-up laps. */
const SETS = 400;

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('valgrind is not installed: apt-get install valgrind (Debian), then run again.');
  process.exit(1);
}

const bundleFile = await bundleForNode(
  join(dirname(fileURLToPath(import.meta.url)), 'instruction-subjects.ts'),
);
const { SUBJECTS, SOLVES_PER_SET } = await import(pathToFileURL(bundleFile).href);

/** Instructions callgrind counted for one run of a subject with `sets` laps. */
function count(name, sets) {
  const script = `const m = await import(${JSON.stringify(pathToFileURL(bundleFile).href)}); m.runSubject(${JSON.stringify(name)}, ${sets});`;
  const args = [
    '--tool=callgrind',
    '--callgrind-out-file=/dev/null',
    process.execPath,
    '--single-threaded',
    '--random-seed=1',
    '--hash-seed=1',
    '--input-type=module',
    '-e',
    script,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const m = /Collected : (\d+)/.exec(err);
      if (code === 0 && m) resolve(Number(m[1]));
      else reject(new Error(`valgrind on "${name}" failed (exit ${code}):\n${err.slice(-2000)}`));
    });
  });
}

const t0 = performance.now();
// `npm run bench:instructions -- node` counts only the subjects whose names contain "node".
const only = process.argv[2] ?? '';
const names = Object.keys(SUBJECTS).filter((n) => n.includes(only));
if (names.length === 0) throw new Error(`no subject's name contains "${only}"`);
const counts = await inPairs(names.flatMap((n) => [() => count(n, 0), () => count(n, SETS)]));
const perSolve = {};
names.forEach((n, i) => {
  perSolve[n] = (counts[2 * i + 1] - counts[2 * i]) / (SETS * SOLVES_PER_SET);
});

const pairs = [
  ['FABRIK kernel, 3 bones', 'FABRIK yardstick, 3 bones'],
  ['angle-tree floor, 3 bones', 'FABRIK yardstick, 3 bones'],
  ['FABRIK2D node, 3 bones', 'FABRIK yardstick, 3 bones'],
  ['FABRIK2D node, 3 bones', 'angle-tree floor, 3 bones'],
  ['FABRIK2D node, 3 bones', 'FABRIK kernel, 3 bones'],
  ['CCD kernel, 3 bones', 'CCD yardstick, 3 bones'],
  ['CCDIK2D node, 3 bones', 'CCD yardstick, 3 bones'],
  ['CCDIK2D node, 3 bones', 'CCD kernel, 3 bones'],
  ['TwoBoneIK2D node', 'two-bone kernel'],
  ['two-bone angle-tree floor', 'two-bone kernel'],
  ['TwoBoneIK2D node', 'two-bone angle-tree floor'],
];
const ratios = {};
for (const [a, b] of pairs) {
  if (!(a in SUBJECTS) || !(b in SUBJECTS)) throw new Error(`no subject for the pair ${a} ÷ ${b}`);
  if (a in perSolve && b in perSolve) ratios[`${a} ÷ ${b}`] = perSolve[a] / perSolve[b];
}

const width = Math.max(...names.map((n) => n.length), ...Object.keys(ratios).map((k) => k.length));
const lines = [
  'Instructions per solve, warm (callgrind; npm run bench:instructions)',
  '',
  ...names.map((n) => `${n.padEnd(width)}  ${Math.round(perSolve[n]).toString().padStart(6)}`),
  '',
  ...Object.entries(ratios).map(([k, v]) => `${k.padEnd(width)}  ${v.toFixed(2)}×`),
  '',
  `Each subject runs its lap ${SETS} times after the warm-up, and once with none; the difference over ${SETS} × ${SOLVES_PER_SET} solves is its count (the harness's loop and the target move included, as in the solver report). Node ${process.version}, --single-threaded; ${((performance.now() - t0) / 1000).toFixed(0)} s.`,
];
console.log(lines.join('\n'));

// A part of the subjects leaves the last whole run's ratios as they were.
if (!only) saveRatios('instructions', ratios);
