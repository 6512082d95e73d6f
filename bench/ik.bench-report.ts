// The 3D walking IK system (seed 000) in Node: what its descents cost per new clip frame (the
// seed's gradient descent against the course's Levenberg–Marquardt, with the terms they end at,
// its Tables 4.1/4.2), and what IK adds to a tick of the walker and to a whole frame with the
// software renderer drawing lesson 15's view (its Table 5.1: 8.3 ms with IK against 7.14 ms
// without, 1.16×). Walkers are timed interleaved round by round, never apart. Run by
// `npm run bench` through bench/run.mjs (bundled first, as the solver report is).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TERRAINS } from '../src/demos/shared/terrains-3d';
import { OrbitCamera } from '../src/render/raster/orbit-camera';
import { rgba } from '../src/render/raster/raster-target';
import { SectionSkirt } from '../src/render/raster/section-skirt';
import { SoftwareRenderer } from '../src/render/raster/software-renderer';
import { SkeletonCapsules } from '../src/render/raster/skeleton-capsules';
import { terrainGeometry, type TerrainGeometry } from '../src/render/raster/walk3d-geometry';
import { type DescentRecord, IKWalker, type IKWalkerOptions } from '../src/walk3d/ik-walker';
import { IK_DESCENT } from '../src/walk3d/leg-ik';
import { type Rig, rigFromBvh } from '../src/walk3d/rig';
import { TerrainSet } from '../src/walk3d/terrain3d';
import { findLegs, type IKRigDef } from '../src/walk3d/walk-analysis';
import { mean, median, pairedRatios, percentile } from './stats';
import { fixed, micros, textTable } from './text-table';

const HZ = 60;
const DT = 1 / HZ;
/** A round: one simulated second of one walker, then the next walker's same second. */
const TICKS_PER_ROUND = HZ;
/** Simulated seconds per pass; every pass starts fresh walkers at the lesson's start. */
const SECONDS = 60;
const WALKER_PASSES = 4;
/** The whole frame costs ~50× a walker tick: one pass of half the time, short rounds. */
const FRAME_TICKS_PER_ROUND = 10;
const FRAME_SECONDS = 30;
const WARM_SECONDS = 8;
/** Steering: straight for 3 s, then turning left for 3 s (the demo's full turn rate), repeated. */
const STRAIGHT_S = 3;
const TURN_S = 3;
const START = TERRAINS.basic.start;
const W = 960;
const H = 540;
/** Lesson 15's camera (walk3d-stage with its demo's settings). */
const PITCH = 0.2;
const VIEW_HEIGHT = 18;
const SECTION = 1.2;
const SEED_TABLE_5_1 = { off: 7.14, on: 8.3 };
const SEED_TABLE_4_1 = {
  af1: 0.6984,
  bf2: 0.3749,
  cf3: 0.091,
  F: 1.1642,
  Fmax: 23.0851,
  steps: 27.0242,
};
/** solveLM's default, which the walker calls it with. */
const LM_MAX_STEPS = 50;
/** Room for every descent of the walker passes (21 clip frames/s at the default play rate). */
const DESCENT_CAPACITY = 64 * SECONDS * WALKER_PASSES;

const BACKGROUND = rgba(250, 250, 245);

type Options = Pick<IKWalkerOptions, 'ik' | 'correctStrides' | 'fastSolver'>;

/** Every descent one walker ran: its figures, in preallocated arrays. */
class Descents {
  count = 0;
  readonly steps = new Float64Array(DESCENT_CAPACITY);
  readonly us = new Float64Array(DESCENT_CAPACITY);
  readonly af1 = new Float64Array(DESCENT_CAPACITY);
  readonly bf2 = new Float64Array(DESCENT_CAPACITY);
  readonly cf3 = new Float64Array(DESCENT_CAPACITY);
  readonly F = new Float64Array(DESCENT_CAPACITY);
  /** Clip frames the walk reached, each a chance for a descent. */
  newFrames = 0;

  add(d: DescentRecord): void {
    const i = this.count++;
    if (i >= DESCENT_CAPACITY) throw new Error('more descents than DESCENT_CAPACITY');
    this.steps[i] = d.steps;
    this.us[i] = d.ms * 1000;
    this.af1[i] = d.af1;
    this.bf2[i] = d.bf2;
    this.cf3[i] = d.cf3;
    this.F[i] = d.F;
  }

  view(a: Float64Array): Float64Array {
    return a.subarray(0, this.count);
  }
}

interface Contestant {
  label: string;
  options: Options;
  walker: IKWalker;
  last: DescentRecord | null;
  descents: Descents;
  /** ms per tick, one sample per round. */
  samples: number[];
  /** µs in descents per round (the walker's own timing of its solves). */
  descentUs: number[];
  /** Drawing state, for the whole-frame rows (each view has its own cut face and body). */
  draw: { camera: OrbitCamera; skirt: SectionSkirt; body: SkeletonCapsules } | null;
}

interface World {
  rig: Rig;
  def: IKRigDef;
  terrain: TerrainSet;
  geometry: TerrainGeometry;
  start: [number, number];
}

function loadWorld(): World {
  const dir = join(process.cwd(), 'public', 'clips');
  const bvh = (name: string) => readFileSync(join(dir, `${name}.bvh`), 'utf8');
  const rig = rigFromBvh(bvh('walk'), bvh('idle'));
  const def = findLegs(rig.skeleton, rig.scale);
  if (typeof def === 'string') throw new Error(`the shipped walk has no legs: ${def}`);
  const fields = TERRAINS.basic.fields();
  const terrain = new TerrainSet();
  for (const f of fields) terrain.add(f);
  return { rig, def, terrain, geometry: terrainGeometry(fields[0]!), start: TERRAINS.basic.start };
}

function contestant(label: string, options: Options): Contestant {
  return {
    label,
    options,
    walker: null as unknown as IKWalker, // made by freshWalkers
    last: null,
    descents: new Descents(),
    samples: [],
    descentUs: [],
    draw: null,
  };
}

/** New walkers at the lesson's start (the same path for all), and their drawing state. */
function freshWalkers(world: World, cs: Contestant[], draws: boolean): void {
  for (const c of cs) {
    const w = new IKWalker(world.def, world.rig.walkWithTravel, world.rig.idle, world.terrain, {
      x: world.start[0],
      y: world.start[1],
    });
    Object.assign(w.options, c.options);
    c.walker = w;
    c.last = null;
    if (draws) {
      const camera = new OrbitCamera();
      camera.pitch = PITCH;
      camera.viewHeight = VIEW_HEIGHT;
      camera.distance = VIEW_HEIGHT / (2 * Math.tan(camera.fovY / 2));
      camera.section = SECTION;
      c.draw = {
        camera,
        skirt: new SectionSkirt(),
        body: new SkeletonCapsules(world.rig.skeleton),
      };
    }
  }
}

const turnAt = (tick: number): number => ((tick / HZ) % (STRAIGHT_S + TURN_S) < STRAIGHT_S ? 0 : 1);

// Hoisted so the timed loop builds no option objects.
const TERRAIN_MESH = {
  faceColors: null as unknown as Uint32Array,
  vertexColors: null as unknown as Uint32Array,
  prelit: true,
  cull: false,
  cut: true,
};
const SKIRT_MESH = { prelit: true, cull: false, depthWrite: false };
const BODY_MESH = {
  faceColors: null as unknown as Uint32Array,
  vertexColors: null as unknown as Uint32Array,
};

let sink = 0;
/** How far any walker got from the start (the path must stay on the terrain). */
let farthest = 0;

/**
 * One frame as lesson 15 draws it (without its debug curves, as the seed's release build had
 * none): the terrain, the cut face, the walker's capsules, and the frame copied out (in a page,
 * putImageData).
 */
function drawFrame(
  c: Contestant,
  world: World,
  renderer: SoftwareRenderer,
  out: Uint8ClampedArray,
  ground: (x: number, y: number) => number,
): void {
  const { camera, skirt, body } = c.draw!;
  const w = c.walker;
  w.aimPoint(camera.target);
  camera.yaw = w.facing;
  renderer.begin(camera, BACKGROUND);
  renderer.mesh(world.geometry.positions, world.geometry.indices, 0, TERRAIN_MESH);
  if (skirt.update(camera, ground))
    renderer.mesh(skirt.positions, skirt.indices, skirt.color, SKIRT_MESH);
  body.update(w.matrices);
  BODY_MESH.faceColors = body.faceColors;
  BODY_MESH.vertexColors = body.vertexColors;
  renderer.mesh(body.positions, body.indices, 0, BODY_MESH);
  out.set(renderer.target.bytes);
  sink += out[4 * (W * (H >> 1) + (W >> 1))]!;
}

/** `ticks` ticks of one walker from tick `t0`, its descents recorded; returns ms. */
function runTicks(
  c: Contestant,
  t0: number,
  ticks: number,
  frame: ((c: Contestant) => void) | null,
): number {
  const w = c.walker;
  const d = c.descents;
  let us = 0;
  const start = performance.now();
  for (let t = t0; t < t0 + ticks; t++) {
    w.turn = turnAt(t);
    w.update(DT);
    if (w.walk.onNewFrame) d.newFrames++;
    const rec = w.lastDescent;
    if (rec !== c.last && rec) {
      c.last = rec;
      d.add(rec);
      us += rec.ms * 1000;
    }
    if (frame) frame(c);
  }
  const ms = performance.now() - start;
  // Checked once a round, outside the timing (a round walks a few units at most).
  const from = Math.hypot(w.position[0]! - START[0], w.position[1]! - START[1]);
  if (from > farthest) farthest = from;
  c.descentUs.push(us);
  return ms;
}

/**
 * Rounds of `perRound` ticks, each round every walker once (the first walker rotating), over
 * `passes` passes of `seconds` from fresh walkers. One sample per walker per round: ms per tick.
 */
function runGroup(
  world: World,
  cs: Contestant[],
  o: { passes: number; seconds: number; perRound: number; record: boolean },
  frame: ((c: Contestant) => void) | null,
): void {
  const rounds = Math.round((o.seconds * HZ) / o.perRound);
  for (let p = 0; p < o.passes; p++) {
    freshWalkers(world, cs, frame !== null);
    for (let r = 0; r < rounds; r++)
      for (let k = 0; k < cs.length; k++) {
        const c = cs[(r + k) % cs.length]!;
        const ms = runTicks(c, r * o.perRound, o.perRound, frame);
        if (o.record) c.samples.push(ms / o.perRound);
      }
  }
}

function reset(cs: Contestant[]): void {
  for (const c of cs) {
    c.descents = new Descents();
    c.samples = [];
    c.descentUs = [];
  }
}

const ratioText = (v: number[]): string =>
  `${fixed(median(v), 3)}× [${fixed(percentile(v, 5), 3)}–${fixed(percentile(v, 95), 3)}]`;

/** The greatest distance between walkers' hips at the end: they walked the same path. */
const spread = (cs: Contestant[]): number =>
  Math.max(
    ...cs.map((c) =>
      Math.hypot(
        c.walker.position[0]! - cs[0]!.walker.position[0]!,
        c.walker.position[1]! - cs[0]!.walker.position[1]!,
      ),
    ),
  );

export function runReport(): Record<string, number> {
  const began = performance.now();
  const world = loadWorld();
  const defaults = new IKWalker(world.def, world.rig.walkWithTravel, world.rig.idle, null);
  const clipFps = 1 / defaults.walk.analysis.frameTime;
  const framesPerSecond = clipFps * defaults.playRate;

  const gd = contestant('IK on, seed descent', {
    ik: true,
    correctStrides: true,
    fastSolver: false,
  });
  const lm = contestant('IK on, Levenberg–Marquardt', {
    ik: true,
    correctStrides: true,
    fastSolver: true,
  });
  const off = contestant('IK off', { ik: false, correctStrides: true, fastSolver: false });
  const base = contestant('IK off, strides uncorrected (seed’s baseline)', {
    ik: false,
    correctStrides: false,
    fastSolver: false,
  });
  const walkers = [gd, lm, off, base];

  const renderer = new SoftwareRenderer(W, H);
  const out = new Uint8ClampedArray(W * H * 4);
  const ground = (x: number, y: number) => world.terrain.heightAt(x, y);
  TERRAIN_MESH.faceColors = world.geometry.litColors;
  TERRAIN_MESH.vertexColors = world.geometry.smoothColors;
  const frame = (c: Contestant) => drawFrame(c, world, renderer, out, ground);
  const fOn = contestant('IK on, seed descent', gd.options);
  const fOff = contestant('IK off', off.options);
  const frames = [fOn, fOff];

  // Warm-up: every walker and every frame path compiled by the JIT before anything is timed.
  const warm = { passes: 1, seconds: WARM_SECONDS, record: false };
  runGroup(world, walkers, { ...warm, perRound: TICKS_PER_ROUND }, null);
  runGroup(world, frames, { ...warm, seconds: 2, perRound: FRAME_TICKS_PER_ROUND }, frame);
  reset(walkers);
  reset(frames);
  farthest = 0;

  const timed = { passes: WALKER_PASSES, seconds: SECONDS, record: true };
  runGroup(world, walkers, { ...timed, perRound: TICKS_PER_ROUND }, null);
  const walkerSpread = spread(walkers);
  const frameRun = { ...timed, passes: 1, seconds: FRAME_SECONDS };
  runGroup(world, frames, { ...frameRun, perRound: FRAME_TICKS_PER_ROUND }, frame);
  const frameSpread = spread(frames);

  console.log(
    `\n3D walking IK (seed 000) on the seed's basic terrain, ${HZ} Hz ticks, clip at ${fixed(clipFps, 0)} fps × play rate ${defaults.playRate} = ${fixed(framesPerSecond, 0)} new clip frames/s (Node ${process.version})`,
  );

  // 1. Descents per new clip frame.
  const rows = [['descent', 'frames', 'descents', 'steps', 'p95', 'max', 'at cap', 'µs', 'p95']];
  const terms = [['descent', 'a·f1', 'b·f2', 'c·f3', 'F', 'F p95', 'F max']];
  for (const c of [gd, lm]) {
    const d = c.descents;
    const steps = d.view(d.steps);
    const us = d.view(d.us);
    const cap = c.options.fastSolver ? LM_MAX_STEPS : IK_DESCENT.maxIterations;
    const label = c.options.fastSolver
      ? `Levenberg–Marquardt (≤ ${LM_MAX_STEPS} solves)`
      : `seed: gradient descent (lr ${IK_DESCENT.learningRate}, ≤ ${IK_DESCENT.maxIterations})`;
    rows.push([
      label,
      String(d.newFrames),
      String(d.count),
      fixed(mean(steps), 1),
      fixed(percentile(steps, 95), 0),
      fixed(percentile(steps, 100), 0),
      String(steps.filter((v) => v >= cap).length),
      micros(mean(us)),
      micros(percentile(us, 95)),
    ]);
    const F = d.view(d.F);
    terms.push([
      label,
      fixed(mean(d.view(d.af1)), 3),
      fixed(mean(d.view(d.bf2)), 3),
      fixed(mean(d.view(d.cf3)), 3),
      fixed(mean(F), 3),
      fixed(percentile(F, 95), 3),
      fixed(percentile(F, 100), 2),
    ]);
  }
  const s = SEED_TABLE_4_1;
  rows.push(['seed Table 4.1 (its own terrain)', '', '', fixed(s.steps, 1), '', '28', '', '', '']);
  terms.push([
    'seed Table 4.1 (its own terrain)',
    fixed(s.af1, 3),
    fixed(s.bf2, 3),
    fixed(s.cf3, 3),
    fixed(s.F, 3),
    '',
    fixed(s.Fmax, 2),
  ]);
  console.log(
    `\nDescents: one per new clip frame (both legs' angles at once), ${WALKER_PASSES} passes × ${SECONDS} s; steps per descent, µs as the walker times its solve (means, p95 over descents)`,
  );
  console.log(textTable(rows));
  console.log(
    `Time in descents, seed ÷ Levenberg–Marquardt, paired per round: ${ratioText(pairedRatios(gd.descentUs, lm.descentUs))}`,
  );
  console.log(`\nWhere the descents end: mean weighted terms (seed's Table 4.1 columns)`);
  console.log(textTable(terms));

  // 2. Per tick: the walker alone, then the whole frame.
  const tickTable = (cs: Contestant[], refs: Contestant[]): string => {
    const t = [['', 'ms/tick', 'p95', 'share of 60 Hz', ...refs.map((r) => `÷ ${r.label}`)]];
    for (const c of cs) {
      const ms = median(c.samples);
      t.push([
        c.label,
        fixed(ms, 3),
        fixed(percentile(c.samples, 95), 3),
        `${fixed((ms / (1000 / 60)) * 100, 1)}%`,
        ...refs.map((r) => (c === r ? '' : ratioText(pairedRatios(c.samples, r.samples)))),
      ]);
    }
    return textTable(t);
  };
  console.log(
    `\nWalker update only (trajectories, stride correction, IK, pose): ${WALKER_PASSES} passes × ${(SECONDS * HZ) / TICKS_PER_ROUND} rounds of ${TICKS_PER_ROUND} ticks; median [p5–p95] of per-round paired ratios`,
  );
  console.log(tickTable(walkers, [off, base]));
  console.log(
    `\nWhole frame: walker update + ${W}×${H} software render of lesson 15's view (orthographic, ${VIEW_HEIGHT} units high, pitch ${PITCH}, ground cut ${SECTION} in front; terrain ${world.geometry.indices.length / 3} triangles + ${fOn.draw!.body.bones.length} capsules) + copying the frame out; 1 pass × ${(FRAME_SECONDS * HZ) / FRAME_TICKS_PER_ROUND} rounds of ${FRAME_TICKS_PER_ROUND} ticks`,
  );
  console.log(tickTable(frames, [fOff]));

  // Against Table 5.1. The whole frame's ratio measured directly cannot resolve IK's share (a
  // few µs against ~10 ms of drawing and its noise); composed: the walker rows' difference over
  // the measured IK-off frame, which the walker-only rows measure far more tightly.
  // What IK adds per tick: the median of per-round paired differences (a round's noise cancels).
  const added = (a: Contestant, b: Contestant) =>
    median(a.samples.map((v, r) => v - b.samples[r]!));
  const ikAdds = added(gd, off);
  const ikAndStridesAdd = added(gd, base);
  const wOff = median(off.samples);
  const wBase = median(base.samples);
  const frameOff = median(fOff.samples);
  const frameBase = frameOff - wOff + wBase;
  const seed = SEED_TABLE_5_1;
  const t51 = [
    ['IK on ÷ off', 'walker only', 'whole frame', 'composed', 'IK adds ms/tick'],
    [
      'this run, IK off (the rest the same)',
      fixed(median(pairedRatios(gd.samples, off.samples)), 3),
      fixed(median(pairedRatios(fOn.samples, fOff.samples)), 3),
      fixed(1 + ikAdds / frameOff, 4),
      fixed(ikAdds, 4),
    ],
    [
      'this run, the seed’s baseline (strides uncorrected too)',
      fixed(median(pairedRatios(gd.samples, base.samples)), 3),
      '',
      fixed(1 + ikAndStridesAdd / frameBase, 4),
      fixed(ikAndStridesAdd, 4),
    ],
    [
      'seed Table 5.1, one character, one terrain',
      '',
      fixed(seed.on / seed.off, 3),
      '',
      fixed(seed.on - seed.off, 2),
    ],
  ];
  console.log(
    `\nAgainst the seed's Table 5.1 (${seed.on} ms per frame with IK, ${seed.off} without)`,
  );
  console.log(textTable(t51));

  const notes = [
    `path: from (${world.start.join(', ')}) facing +Y, ${STRAIGHT_S} s straight then ${TURN_S} s turning left at turnSpeed ${defaults.turnSpeed} rad per clip second, repeated; never farther than ${fixed(farthest, 1)} from the start at a round's end (the terrain spans ±100); at the end the walkers stood within ${fixed(walkerSpread, 3)} (walker rows) and ${fixed(frameSpread, 3)} (frame rows) of each other`,
    `options: validateStrides and alignFeet off; stride correction on except in the seed's baseline (its Table 5.1 baseline ran "without IK adjustment and without dynamic-trajectory correction")`,
    `a descent: LegIK over both legs' ${world.def.legs.reduce((n, l) => n + l.joints.length, 0)} hinge angles, stopping when no angle moves 1e-3; "at cap": descents that ran out of steps; µs: the walker's own performance.now() around the solve, without the clip sampling and writing around it (the per-tick rows include those)`,
    `composed: 1 + (walker IK on − off, median of per-round paired differences: the "IK adds" column) ÷ the measured IK-off frame (for the seed's baseline, that frame minus the stride correction's share); the measured whole-frame ratio is shown for honesty, its noise is far larger than IK's share`,
    `seed's Table 5.1: FPS by FRAPS of a C++ engine drawing with a GPU at ~140 fps, clips at 30 fps; here ${fixed(HZ / framesPerSecond, 2)} ticks per clip frame, so IK runs on ${fixed((100 * framesPerSecond) / HZ, 0)}% of ticks (the seed: ~${fixed((100 * 30) / 140, 0)}% of its frames); lesson 15's debug curves are not drawn (the seed's release build had none)`,
    `timing: rows of a table interleaved round-robin (first walker rotating), fresh walkers per pass, everything JIT-warmed first (${WARM_SECONDS} s of every walker, 2 s of every frame); ms/tick median and p95 over rounds; run ${fixed((performance.now() - began) / 1000, 1)} s; checksum ${sink}`,
  ];
  console.log(`\nNotes\n${notes.map((l) => `- ${l}`).join('\n')}`);
  return {
    'walker: seed descent ÷ Levenberg–Marquardt, time in descents': median(
      pairedRatios(gd.descentUs, lm.descentUs),
    ),
    'walker update: IK on ÷ IK off': median(pairedRatios(gd.samples, off.samples)),
    'whole frame: IK on ÷ IK off, composed': 1 + ikAdds / frameOff,
  };
}
