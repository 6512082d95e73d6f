import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { m3Apply, m3Mul, m3TRS, type M3 } from './oracle';

/**
 * The library as a game developer gets it: `npm pack` (which builds lib/), the tarball installed
 * into a fresh Node project, a plain .mjs script importing the package by name, no bundler. The
 * script builds a 3-bone chain under a mirrored (−1, 1) parent and under a stretched (2, 0.5)
 * one and solves both; this test checks the tips with its own matrices.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'ik-pack-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SCRIPT = `
import { Bone2D, Marker2D, Node2D, processTree } from 'ik-course/scene';
import { FABRIK2D } from 'ik-course/ik';

const out = [];
for (const scale of [{ x: -1, y: 1 }, { x: 2, y: 0.5 }]) {
  const world = new Node2D('World');
  const parent = world.addChild(new Node2D('Parent'));
  parent.position = { x: 4, y: -1 };
  parent.rotation = 0.3;
  parent.scale = scale;
  const upper = parent.addChild(new Bone2D('Upper', 3));
  const fore = upper.addBone('Fore', 2, 0.4);
  fore.addBone('Hand', 1, 0.2);
  const target = world.addChild(new Marker2D('Target', 'target'));
  target.position = { x: 5, y: 2 };
  const ik = world.addChild(new FABRIK2D('IK', '../Parent/Upper', '../Parent/Upper/Fore/Hand', '../Target'));
  ik.tolerance = 1e-4;
  processTree(world, 1 / 60);
  const bones = ik.getBones();
  out.push({ scale, rotations: bones.map((b) => b.rotation), reached: ik.status.reached, warning: ik.status.warning });
}
console.log(JSON.stringify(out));
`;

const FALL = `
import { PhysicsCharacter, PhysicsScene, squatTrack } from 'ik-course/physics';
const scene = new PhysicsScene([{ x: -5, y: 0 }, { x: 5, y: 0 }]);
const c = scene.add(new PhysicsCharacter(scene.world, scene.ground, squatTrack()));
const standing = c.pose[1];
c.setMode('ragdoll');
for (let i = 0; i < 360; i++) scene.step();
console.log(JSON.stringify({ standing, lying: c.pose[1], finite: [...c.pose].every(Number.isFinite) }));
`;

/** Every entry imported in a strict TypeScript project, each used where its types matter. */
const CONSUMER = `
import { mulberry32 } from 'ik-course/math';
import { Bone2D, Marker2D, Node2D, processTree } from 'ik-course/scene';
import { FABRIK2D, solveFabrik, chainFrom, createResult, type SolveResult } from 'ik-course/ik';
import { approach } from 'ik-course/procedural';
import { parseBvh, RIG_HEIGHT } from 'ik-course/walk3d';
import { PhysicsScene } from 'ik-course/physics';

const world = new Node2D('World');
const bone: Bone2D = world.addChild(new Bone2D('Upper', 3));
const target = world.addChild(new Marker2D('Target', 'target'));
const ik = world.addChild(new FABRIK2D('IK', '../Upper', '../Upper', '../Target'));
ik.tolerance = 1e-3;
processTree(world, 1 / 60);
const r: SolveResult = solveFabrik(chainFrom([1, 1]), 1, 1, { tolerance: 1e-3, maxIterations: 10 }, createResult());
const reached: boolean = r.reached && ik.status.reached;
const n: number = mulberry32(1)() + approach(0, 1, 0.5, 1 / 60) + RIG_HEIGHT + bone.length + target.position.x;
const scene = new PhysicsScene([{ x: -1, y: 0 }, { x: 1, y: 0 }]);
scene.step();
export const used = [reached, n, typeof parseBvh];
`;

/** The PixiJS entry, as a game uses it: its own Pixi, a sprite bound to a bone. */
const PIXI_CONSUMER = `
import { Container, Sprite, Ticker } from 'pixi.js';
import { Bone2D, Node2D } from 'ik-course/scene';
import { IKRig, type DebugOptions } from 'ik-course/pixi';

const world = new Node2D('World');
const bone = world.addChild(new Bone2D('Upper', 3));
const rig: Container = new IKRig({ root: world, ticker: new Ticker(), autoUpdate: false });
const sprite: Sprite = (rig as IKRig).attach(bone, new Sprite());
const debug: DebugOptions = { bones: true, lineWidth: 2 };
(rig as IKRig).debug = debug;
(rig as IKRig).update(1 / 60);
export const used = [sprite];
`;

const WALK = `
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rigFromBvh } from 'ik-course/walk3d';
const bvh = (name) => readFileSync(fileURLToPath(import.meta.resolve('ik-course/clips/' + name + '.bvh')), 'utf8');
const rig = rigFromBvh(bvh('walk'), bvh('idle'));
console.log(JSON.stringify({ joints: rig.skeleton.joints.length, finite: Number.isFinite(rig.scale) }));
`;
const TSC = resolve(ROOT, 'node_modules/typescript/bin/tsc');

it('npm pack, install the tarball in a fresh project, import by name in plain Node: both chains reach exactly', () => {
  const npm = (args: string[], cwd: string) =>
    execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', tmp], ROOT)) as {
    filename: string;
    files: { path: string }[];
  }[];
  const files = packed[0]!.files.map((f) => f.path);
  // The tarball holds the library and its types, not the site or its sources.
  expect(files).toContain('lib/ik.js');
  expect(files).toContain('lib/types/ik/index.d.ts');
  expect(files.some((f) => f.startsWith('src/') || f.startsWith('dist/'))).toBe(false);
  const project = join(tmp, 'game');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'game', private: true, type: 'module' }),
  );
  // No dependencies to fetch: the library has none.
  npm(['install', '--offline', '--no-audit', '--no-fund', join(tmp, packed[0]!.filename)], project);
  writeFileSync(join(project, 'solve.mjs'), SCRIPT);
  const result = JSON.parse(
    execFileSync(process.execPath, ['solve.mjs'], { cwd: project, encoding: 'utf8' }),
  ) as {
    scale: { x: number; y: number };
    rotations: number[];
    reached: boolean;
    warning: string;
  }[];
  expect(result).toHaveLength(2);
  for (const r of result) {
    // The tip by this test's own matrices: world → parent → Upper → Fore → Hand.
    let m: M3 = m3TRS(4, -1, 0.3, r.scale.x, r.scale.y);
    m = m3Mul(m, m3TRS(0, 0, r.rotations[0]!, 1, 1));
    m = m3Mul(m, m3TRS(3, 0, r.rotations[1]!, 1, 1));
    m = m3Mul(m, m3TRS(2, 0, r.rotations[2]!, 1, 1));
    const tip = m3Apply(m, 1, 0);
    expect(Math.hypot(tip.x - 5, tip.y - 2), JSON.stringify(r)).toBeLessThan(1e-4);
    expect(r.reached).toBe(true);
    expect(r.warning).toBe('');
  }
  // The physics entry carries planck.js in its bundle: a ragdoll falls in plain Node, no install.
  expect(files).toContain('lib/physics.js');
  writeFileSync(join(project, 'fall.mjs'), FALL);
  const fall = JSON.parse(
    execFileSync(process.execPath, ['fall.mjs'], { cwd: project, encoding: 'utf8' }),
  ) as { standing: number; lying: number; finite: boolean };
  expect(fall.finite).toBe(true);
  // Down from about a metre to the ground, and not through it.
  expect(fall.standing).toBeGreaterThan(0.8);
  expect(fall.lying).toBeLessThan(0.5);
  expect(fall.lying).toBeGreaterThan(0);

  // The shipped clips, read by name as the README's walking examples do.
  writeFileSync(join(project, 'walk.mjs'), WALK);
  const walked = JSON.parse(
    execFileSync(process.execPath, ['walk.mjs'], { cwd: project, encoding: 'utf8' }),
  ) as { joints: number; finite: boolean };
  expect(walked.joints).toBeGreaterThan(20);
  expect(walked.finite).toBe(true);

  // TypeScript users: strict, skipLibCheck off, no planck installed, in both module resolutions
  // a project uses; and the types do their job: a call that cannot be fails to compile.
  const tsc = (dir: string) => {
    try {
      execFileSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8', stdio: 'pipe' });
      return '';
    } catch (e) {
      return String((e as { stdout: string }).stdout);
    }
  };
  /** Compiles `code` (must pass) and `code` + `wrong` (must fail with `error`) in both resolutions. */
  const typesCheck = (name: string, lib: string[], code: string, wrong: string, error: RegExp) => {
    for (const resolution of ['nodenext', 'bundler']) {
      const dir = join(project, `${name}-${resolution}`);
      execFileSync('mkdir', ['-p', dir]);
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: resolution === 'nodenext' ? 'nodenext' : 'esnext',
            moduleResolution: resolution,
            lib,
            types: [],
            strict: true,
            skipLibCheck: false,
            noEmit: true,
          },
          files: ['main.ts'],
        }),
      );
      writeFileSync(join(dir, 'main.ts'), code);
      expect(tsc(dir), resolution).toBe('');
      writeFileSync(join(dir, 'main.ts'), `${code}\n${wrong}\n`);
      expect(tsc(dir), resolution).toMatch(error);
    }
  };
  typesCheck(
    'ts',
    ['ES2022'],
    CONSUMER,
    "new FABRIK2D('x').thisMethodDoesNotExist();",
    /error TS2339: Property 'thisMethodDoesNotExist' does not exist on type 'FABRIK2D'/,
  );
  expect(existsSync(join(project, 'node_modules', 'planck'))).toBe(false);

  // ik-course/pixi needs the game's own PixiJS (an optional peer dependency: npm installed none
  // above, and every other entry compiled without it). With pixi.js present, it types in both
  // resolutions too, and a wrong call fails.
  expect(existsSync(join(project, 'node_modules', 'pixi.js'))).toBe(false);
  symlinkSync(join(ROOT, 'node_modules', 'pixi.js'), join(project, 'node_modules', 'pixi.js'));
  typesCheck(
    'ts-pixi',
    ['ES2022', 'DOM'],
    PIXI_CONSUMER,
    '(rig as IKRig).attach(world);',
    /error TS2554: Expected 2 arguments, but got 1/,
  );
}, 240_000);
