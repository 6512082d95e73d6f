// The solver cost guard (npm run bench:guard; CI runs it): for every IK node and kernel, warm,
// at 3 and 30 bones, two counts per solve that do not depend on the machine's speed:
// - instructions, counted by valgrind's callgrind (node --single-threaded: no background
//   compiler or GC threads, so a count repeats within about 0.2%);
// - bytes allocated, as the heap grows over laps with a young generation too big to be
//   collected meanwhile (repeats within about 1 byte).
// Each is compared with bench/guard-baseline.json: more than 5% over (bytes: 5% and 8 bytes, so
// a baseline of 0 may not move) fails the run, and the table says which subject and by how much.
// `npm run bench:guard -- --update` writes the baseline from this machine's counts (commit it
// with the change that moved them, saying why). No time is measured or asserted here.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleForNode } from './bundle.mjs';
import { inPairs } from './in-pairs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const BASELINE = join(here, 'guard-baseline.json');
const RISE = 0.05;
const BYTES_SLACK = 8;
/** Laps before counting (every function optimised), and laps counted. */
const WARM_UP = 150;
const COUNTED = 100;
const ALLOC_LAPS = 20;

const update = process.argv.includes('--update');
const only = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '';

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('valgrind is not installed: apt-get install valgrind (Debian), then run again.');
  process.exit(1);
}

const bundle = pathToFileURL(
  await bundleForNode(join(here, 'guard-subjects.ts'), 'guard-subjects'),
).href;
const { SUBJECTS, SOLVES_PER_SET } = await import(bundle);
const names = Object.keys(SUBJECTS).filter((n) => n.includes(only));
if (names.length === 0) throw new Error(`no subject's name contains "${only}"`);

/** Instructions callgrind counted for one run of a subject with `sets` counted laps. */
function instructions(name, sets) {
  const script = `const m = await import(${JSON.stringify(bundle)}); m.runSubject(${JSON.stringify(name)}, ${WARM_UP}, ${sets});`;
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath];
  args.push('--single-threaded', '--random-seed=1', '--hash-seed=1', '--input-type=module');
  args.push('-e', script);
  return run('valgrind', args, (out, err) => {
    const m = /Collected : (\d+)/.exec(err);
    return m ? Number(m[1]) : null;
  });
}

/** Bytes allocated per solve: the least heap growth of three spans of ALLOC_LAPS laps. */
function bytes(name) {
  const script = `
    import v8 from 'node:v8';
    const m = await import(${JSON.stringify(bundle)});
    const c = m.SUBJECTS[${JSON.stringify(name)}]();
    for (let k = 0; k < ${WARM_UP}; k++) c.runSet(null);
    let least = Infinity;
    for (let rep = 0; rep < 3; rep++) {
      const before = v8.getHeapStatistics().used_heap_size;
      for (let k = 0; k < ${ALLOC_LAPS}; k++) c.runSet(null);
      const grown = v8.getHeapStatistics().used_heap_size - before;
      least = Math.min(least, grown / (${ALLOC_LAPS} * ${SOLVES_PER_SET}));
    }
    console.log(least);`;
  const args = ['--single-threaded', '--max-semi-space-size=512', '--min-semi-space-size=512'];
  args.push('--input-type=module', '-e', script);
  return run(process.execPath, args, (out) => (out.trim() ? Number(out.trim()) : null));
}

function run(cmd, args, read) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const value = code === 0 ? read(out, err) : null;
      if (value !== null && Number.isFinite(value)) resolve(value);
      else reject(new Error(`${cmd} failed (exit ${code}):\n${err.slice(-2000)}`));
    });
  });
}

const t0 = performance.now();
const jobs = names.flatMap((n) => [
  () => instructions(n, 0),
  () => instructions(n, COUNTED),
  () => bytes(n),
]);
const results = await inPairs(jobs);
const now = {};
names.forEach((n, i) => {
  const [zero, counted, b] = results.slice(3 * i, 3 * i + 3);
  now[n] = {
    instructions: Math.round((counted - zero) / (COUNTED * SOLVES_PER_SET)),
    bytes: Math.round(Math.max(0, b) * 10) / 10,
  };
});

const base = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : {};
const failures = [];
const width = Math.max(...names.map((n) => n.length));
const lines = [
  `Per warm solve: instructions (callgrind) and bytes allocated, against ${BASELINE.slice(here.length - 5)}`,
  '',
  `${'subject'.padEnd(width)}  instructions (baseline)    bytes (baseline)`,
];
for (const n of names) {
  const b = base[n];
  const c = now[n];
  const fmt = (v, was) => `${String(v).padStart(7)} (${was === undefined ? 'none' : was})`;
  lines.push(
    `${n.padEnd(width)}  ${fmt(c.instructions, b?.instructions).padEnd(24)}  ${fmt(c.bytes, b?.bytes)}`,
  );
  if (!b) {
    if (!update) failures.push(`${n}: no baseline (run npm run bench:guard -- --update)`);
    continue;
  }
  if (c.instructions > b.instructions * (1 + RISE))
    failures.push(
      `${n}: ${c.instructions} instructions a solve, ${((c.instructions / b.instructions - 1) * 100).toFixed(1)}% over the baseline's ${b.instructions}`,
    );
  if (c.bytes > b.bytes * (1 + RISE) + BYTES_SLACK)
    failures.push(`${n}: ${c.bytes} bytes allocated a solve, against the baseline's ${b.bytes}`);
}
lines.push(
  '',
  `${names.length} subjects, ${WARM_UP} laps of warm-up, ${COUNTED} counted (${SOLVES_PER_SET} solves a lap); Node ${process.version}; ${((performance.now() - t0) / 1000).toFixed(0)} s.`,
);
console.log(lines.join('\n'));

if (update) {
  const next = only ? { ...base, ...now } : now;
  writeFileSync(BASELINE, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`Wrote ${BASELINE}.`);
} else if (failures.length) {
  console.error(`\nThe solver cost guard failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
} else console.log('\nEvery subject is within 5% of its baseline.');
