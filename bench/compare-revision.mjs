// Times an earlier revision's node tree and kernels against the working tree's, side by side in
// one process (npm run bench:revision -- <git revision> [subject filter]). Two runs of the
// solver report a minute apart differ by a third on these machines, so a before/after table
// from two runs shows the machine, not the change; interleaved in one process, the two sides
// share every slowdown. The same code bundled twice is timed too: its spread is the noise, and
// a change within it is no change.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleForNode } from './bundle.mjs';

const ROUNDS = 41;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const [rev, only = ''] = process.argv.slice(2);
if (!rev) {
  console.error('usage: npm run bench:revision -- <git revision> [part of a subject name]');
  process.exit(1);
}

const tree = mkdtempSync(join(tmpdir(), 'ik-revision-'));
try {
  execFileSync('git', ['worktree', 'add', '--detach', tree, rev], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
} catch (e) {
  rmSync(tree, { recursive: true, force: true });
  console.error(`git cannot check out "${rev}": ${String(e.stderr ?? e).trim()}`);
  process.exit(1);
}

try {
  // The revision's tree gets this side's subjects (and the installed packages, by a link).
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
  copyFileSync(join(here, 'revision-subjects.ts'), join(tree, 'bench', 'revision-subjects.ts'));
  const load = async (dir, name) =>
    import(
      pathToFileURL(await bundleForNode(join(dir, 'bench', 'revision-subjects.ts'), name)).href
    );
  const before = await load(tree, 'revision-before');
  const now = await load(root, 'revision-now');
  // The same code twice more, for the noise: each pair is timed from fresh, never against a
  // side whose code the JIT has already settled (that alone read up to 20% apart).
  const again = await load(root, 'revision-again');
  const twice = await load(root, 'revision-twice');
  const names = Object.keys(now.SUBJECTS).filter((n) => n.includes(only));
  if (names.length === 0) throw new Error(`no subject's name contains "${only}"`);
  // The median of the paired ratios and, beside it, the ratio of the two sides' mean times: a
  // side whose slow rounds (garbage collections, often) the median hides shows in the mean.
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const spread = (ratios, tx, ty) =>
    `${now.percentile(ratios, 50).toFixed(2)}× [${now.percentile(ratios, 10).toFixed(2)}–${now.percentile(ratios, 90).toFixed(2)}], means ${(mean(ty) / mean(tx)).toFixed(2)}×`;
  const width = Math.max(...names.map((n) => n.length));
  const head = `now ÷ ${rev.slice(0, 12)}`;
  console.log(`${'subject'.padEnd(width)}  ${head.padEnd(34)}  same code twice (noise)`);
  for (const name of names) {
    // Two pairs timed apart, each interleaved: the change, and the same code against itself.
    const pair = (x, y) => {
      const sides = [x.SUBJECTS[name](), y.SUBJECTS[name]()];
      now.warmUp(sides, 30);
      const [tx, ty] = now.timeInterleaved(sides, { rounds: ROUNDS, minBatchMs: 10 });
      return spread(now.pairedRatios(ty, tx), tx, ty);
    };
    console.log(`${name.padEnd(width)}  ${pair(before, now).padEnd(34)}  ${pair(again, twice)}`);
  }
  console.log(
    `\nTime per solve, paired by round (${ROUNDS} rounds, the order rotating): median [p10–p90] of the ratios, and the ratio of the mean times. Node ${process.version}.`,
  );
} finally {
  rmSync(join(tree, 'node_modules'), { force: true });
  execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root });
}
