// Lesson 15's numbers, measured again: the protocol behind every number the lesson gives for the
// walker as it now is (its costs come from ik.bench-report.ts), run under both support rules
// side by side, so a change to the walker can be checked against the text.
// These are simulations with fixed ticks, not timings: the same code gives the same numbers on
// any machine. Run by `npm run measure:walking` (about 20 s). Numbers the lesson quotes for the
// seed's way or for earlier versions of this walker are not here: that code is gone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TERRAINS } from '../src/demos/shared/terrains-3d';
import { IKWalker, type IKWalkerOptions } from '../src/walk3d/ik-walker';
import { type Rig, rigFromBvh } from '../src/walk3d/rig';
import { SEED_TERRAINS, TerrainSet } from '../src/walk3d/terrain3d';
import {
  findLegs,
  type IKRigDef,
  SUPPORT_RULES,
  type SupportRule,
} from '../src/walk3d/walk-analysis';
import { clipFeet, terrainOf } from '../test/unit/capture-walks';
import { mulberry32 } from './prng';
import { fixed, textTable } from './text-table';

/** The lesson's three starting points on `basic`: its own start, and two across the hills. */
const STARTS: [number, number][] = [TERRAINS.basic.start, [-40, 30], [40, 30]];
/** A walk keeps within this distance of where it started, so it stays on the hills. */
const RADIUS = 40;
/** How often the wandering walker picks a new turn (s), and the seeds of its choices. */
const CHOICE_S = 2;
const MINUTE = 60;

interface Path {
  start: [number, number];
  /** A seeded wander (turns picked every 2 s, home when too far), or straight ahead, or a circle. */
  steer: 'wander' | 'straight' | 'circle';
  seed: number;
  /** rad/s at full turn; the walker's own (the page's) unless given. */
  turnSpeed?: number;
}

interface FeetMeasure {
  /** Planted feet, |gap| below which 95% of planted samples lie (the page's footGaps). */
  p95: number;
  /** The deepest planted foot (max −gap). */
  sink: number;
  /** The deepest swinging foot below the ground. */
  swing: number;
  /** The deepest planted sink in each 5 s of walking (the page's last-5-s readout, sampled). */
  windows: number[];
  /** Frozen by validation: deepest planted sink while frozen, and in the 2 s after walking on. */
  frozenSink: number;
  resumedSink: number;
  /** How much deeper any planted foot went while frozen than when the walk froze. */
  frozenGrowth: number;
  /** The same two, counting only frames where the clip has the foot flat (test/unit's clipFeet). */
  frozenFlat: number;
  resumedFlat: number;
  F: number;
  steps: number;
  /** Ticks on which the clip passed more than one frame. */
  skipped: number;
  ticks: number;
}

/** A character as the walks read it: its rig, its legs, and its clip's flat-footed frames. */
interface Figure {
  rig: Rig;
  def: IKRigDef;
  feet: ReturnType<typeof clipFeet>;
}

function figureOf(rig: Rig): Figure {
  const def = findLegs(rig.skeleton, rig.scale) as IKRigDef;
  return { rig, def, feet: clipFeet(rig, def) };
}

function walk(
  { rig, def, feet: flatFeet }: Figure,
  terrain: TerrainSet,
  rule: SupportRule,
  path: Path,
  o: Partial<IKWalkerOptions> = {},
  seconds = MINUTE,
  hz = 60,
  /** The descent's b (the pull towards the clip's angles), when not the seed's. */
  b?: number,
): FeetMeasure {
  const w = new IKWalker(
    def,
    rig.walkWithTravel,
    rig.idle,
    terrain,
    { x: path.start[0], y: path.start[1] },
    rule,
  );
  Object.assign(w.options, o);
  if (path.turnSpeed !== undefined) w.turnSpeed = path.turnSpeed;
  // The weights are the seed's and not an option of the walker: reached past its privacy here.
  if (b !== undefined) (w as unknown as { ik: { b: number } }).ik.b = b;
  const gaps = new Float64Array(2);
  const planted = new Uint8Array(2);
  const samples: number[] = [];
  const windows: number[] = [];
  let sink = 0;
  let swing = 0;
  let windowSink = 0;
  let frozenSink = 0;
  let resumedSink = 0;
  let frozenFlat = 0;
  let resumedFlat = 0;
  let resumedTick = -Infinity;
  let skipped = 0;
  let turn = 0;
  const random = mulberry32(path.seed);
  /** Per foot: its sink when the walk froze (its frame, so whether it is planted, is held). */
  const atFreeze = new Float64Array(2);
  let frozenGrowth = 0;
  const ticks = Math.round(seconds * hz);
  for (let i = 0; i < ticks; i++) {
    const t = i / hz;
    if (path.steer === 'circle') turn = 1;
    else if (path.steer === 'wander' && i % Math.round(CHOICE_S * hz) === 0) {
      turn = [-1, 0, 0, 1][Math.floor(random() * 4)]!;
    }
    if (path.steer === 'wander') {
      const dx = path.start[0] - w.position[0]!;
      const dy = path.start[1] - w.position[1]!;
      // Too far out: turn towards the start (facing is about Z from +Y, so forward is (−sin, cos)).
      if (Math.hypot(dx, dy) > RADIUS) {
        const cross = -Math.sin(w.facing) * dy - Math.cos(w.facing) * dx;
        turn = cross >= 0 ? 1 : -1;
      }
    }
    w.turn = turn;
    const before = w.walk.frame;
    const was = w.walk.fixed;
    w.update(1 / hz);
    if (was && !w.walk.fixed) resumedTick = i;
    const n = w.walk.analysis.frames;
    if (!w.walk.fixed && (w.walk.frame - before + n) % n > 1) skipped++;
    w.footGaps(gaps, planted);
    for (let c = 0; c < 2; c++) {
      const g = gaps[c]!;
      if (!Number.isFinite(g)) continue;
      // The page's last-5-s readout starts at "Back to the start", first second included.
      if (planted[c]) windowSink = Math.max(windowSink, -g);
      if (t < 1) continue; // the first steps start from the clip's own pose
      if (planted[c]) {
        samples.push(Math.abs(g));
        sink = Math.max(sink, -g);
        if (w.walk.fixed) {
          frozenSink = Math.max(frozenSink, -g);
          if (!was) atFreeze[c] = -g;
          else frozenGrowth = Math.max(frozenGrowth, -g - atFreeze[c]!);
        } else if (i - resumedTick <= 2 * hz) resumedSink = Math.max(resumedSink, -g);
      } else swing = Math.max(swing, -g);
      const f = w.walk.frame;
      if (flatFeet.planted[c]![f]) {
        const ee = def.legs[c]!.ee;
        const m = w.matrices;
        const x = m[16 * ee + 12]!;
        const y = m[16 * ee + 13]!;
        const flatGap = m[16 * ee + 14]! - w.ground(x, y) - flatFeet.height[c]![f]!;
        if (w.walk.fixed) frozenFlat = Math.max(frozenFlat, -flatGap);
        else if (i - resumedTick <= 2 * hz) resumedFlat = Math.max(resumedFlat, -flatGap);
      }
    }
    if ((i + 1) % (5 * hz) === 0) {
      windows.push(windowSink);
      windowSink = 0;
    }
  }
  samples.sort((a, b) => a - b);
  return {
    p95: samples[Math.floor(samples.length * 0.95)] ?? NaN,
    sink,
    swing,
    windows,
    frozenSink,
    resumedSink,
    frozenGrowth,
    frozenFlat,
    resumedFlat,
    F: w.stats.F.mean,
    steps: w.stats.steps.mean,
    skipped,
    ticks,
  };
}

const range = (xs: number[], d = 2) => {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo.toFixed(d) === hi.toFixed(d) ? fixed(lo, d) : `${fixed(lo, d)}–${fixed(hi, d)}`;
};

export function runReport(): null {
  const dir = join(process.cwd(), 'public', 'clips');
  const bvh = (name: string) => readFileSync(join(dir, `${name}.bvh`), 'utf8');
  const humanoid = figureOf(rigFromBvh(bvh('walk'), bvh('idle')));
  const strider = figureOf(rigFromBvh(bvh('strider-walk'), bvh('strider-idle')));
  const basic = terrainOf(SEED_TERRAINS.basic());
  const three = terrainOf(SEED_TERRAINS.three());
  const flat = terrainOf(TERRAINS.flat.fields());
  const wanders: Path[] = STARTS.map((start, k) => ({ start, steer: 'wander', seed: 7 + k }));
  const straight: Path = { start: TERRAINS.basic.start, steer: 'straight', seed: 0 };
  const rules = SUPPORT_RULES;
  const rows: string[][] = [];
  const row = (claim: string, values: (rule: SupportRule) => string) =>
    rows.push([claim, ...rules.map(values)]);

  const each = <T>(f: (rule: SupportRule) => T) =>
    Object.fromEntries(rules.map((r) => [r, f(r)])) as Record<SupportRule, T>;
  // The table: a minute of wandering from each start, IK off and on.
  const on = each((r) => wanders.map((p) => walk(humanoid, basic, r, p)));
  const off = each((r) => wanders.map((p) => walk(humanoid, basic, r, p, { ik: false })));
  row('table: planted p95, IK off', (r) => range(off[r].map((m) => m.p95)));
  row('table: planted p95, IK on', (r) => range(on[r].map((m) => m.p95)));
  row('table: deepest planted, IK off', (r) => range(off[r].map((m) => m.sink)));
  row('table: deepest planted, IK on', (r) => range(on[r].map((m) => m.sink)));
  row('table: deepest swing, IK off', (r) => range(off[r].map((m) => m.swing)));
  row('table: deepest swing, IK on', (r) => range(on[r].map((m) => m.swing)));
  row('mean F a descent', (r) => range(on[r].map((m) => m.F)));
  row('steps a descent', (r) =>
    range(
      on[r].map((m) => m.steps),
      1,
    ),
  );
  const lm = each((r) => wanders.map((p) => walk(humanoid, basic, r, p, { fastSolver: true })));
  row('faster solver: steps a descent', (r) =>
    range(
      lm[r].map((m) => m.steps),
      1,
    ),
  );
  row('faster solver: mean F', (r) => range(lm[r].map((m) => m.F)));
  row('mean F per path, descent / faster solver', (r) =>
    on[r].map((m, k) => `${fixed(m.F, 3)} / ${fixed(lm[r][k]!.F, 3)}`).join(', '),
  );
  const uncorrected = each((r) =>
    wanders.map((p) => walk(humanoid, basic, r, p, { correctStrides: false })),
  );
  row('deepest swing, strides corrected / not', (r) =>
    on[r].map((m, k) => `${fixed(m.swing, 2)} / ${fixed(uncorrected[r][k]!.swing, 2)}`).join(', '),
  );
  // More wanders from the lesson's own start, with and without the stride corrector.
  row('from the start, 6 wanders: deepest swing corrected / not', (r) =>
    [11, 12, 13, 14, 15, 16]
      .map((seed) => {
        const p: Path = { start: TERRAINS.basic.start, steer: 'wander', seed };
        const a = walk(humanoid, basic, r, p);
        const b = walk(humanoid, basic, r, p, { correctStrides: false });
        return `${fixed(a.swing, 2)} / ${fixed(b.swing, 2)}`;
      })
      .join(', '),
  );
  for (const [k, p] of wanders.entries())
    row(`path ${k + 1} from (${p.start.join(', ')}): off p95/sink/swing · on · F · steps`, (r) => {
      const a = off[r][k]!;
      const b = on[r][k]!;
      const f = (m: FeetMeasure) => `${fixed(m.p95, 2)}/${fixed(m.sink, 2)}/${fixed(m.swing, 2)}`;
      return `${f(a)} · ${f(b)} · ${fixed(b.F, 2)} · ${fixed(b.steps, 1)}`;
    });
  // Straight on from the lesson's start: the last-5-s readout, IK off and on.
  row('straight, each 5 s: deepest planted, IK off', (r) =>
    walk(humanoid, basic, r, straight, { ik: false }, 30)
      .windows.map((v) => fixed(v, 2))
      .join(' '),
  );
  row('straight, each 5 s: deepest planted, IK on', (r) =>
    walk(humanoid, basic, r, straight, {}, 30)
      .windows.map((v) => fixed(v, 2))
      .join(' '),
  );
  // 15 ticks a second on the first wander.
  const slow = each((r) => [
    walk(humanoid, basic, r, wanders[0]!, { ik: false }, MINUTE, 15),
    walk(humanoid, basic, r, wanders[0]!, {}, MINUTE, 15),
  ]);
  row(
    '15 ticks/s: ticks skipping a frame',
    (r) => `${slow[r][1]!.skipped} of ${slow[r][1]!.ticks}`,
  );
  row(
    '15 ticks/s: deepest planted, IK off → on',
    (r) => `${fixed(slow[r][0]!.sink, 2)} → ${fixed(slow[r][1]!.sink, 2)}`,
  );
  // Flat ground, wandering (turns) and straight.
  const flatStart: Path = { start: TERRAINS.flat.start, steer: 'wander', seed: 7 };
  const flatAhead: Path = { ...flatStart, steer: 'straight' };
  const flatRuns = each((r) => ({
    turning: walk(humanoid, flat, r, flatStart),
    ahead: walk(humanoid, flat, r, flatAhead),
    noB: walk(humanoid, flat, r, flatAhead, {}, MINUTE, 60, 0),
  }));
  row(
    'flat: planted p95, wandering / straight',
    (r) => `${fixed(flatRuns[r].turning.p95, 2)} / ${fixed(flatRuns[r].ahead.p95, 2)}`,
  );
  // As the page's last-5-s readout shows it, first second included: the worst of its windows.
  const shown = (m: FeetMeasure) => fixed(Math.max(...m.windows), 2);
  row('flat, straight: deepest planted shown; b = 0: shown / after 1 s', (r) => {
    const { ahead, noB } = flatRuns[r];
    return `${shown(ahead)}; ${shown(noB)} / ${fixed(noB.sink, 2)}`;
  });
  // Validation: both characters circling at two speeds on each seed terrain, a minute each.
  const frozen = each((r) =>
    [humanoid, strider].flatMap((which) =>
      [basic, three].flatMap((ground) =>
        [0.15, 0.3].map((turnSpeed) =>
          walk(
            which,
            ground,
            r,
            { start: [0, 0], steer: 'circle', seed: 0, turnSpeed },
            { validateStrides: true },
          ),
        ),
      ),
    ),
  );
  row('basic, circling at 0.15: planted p95 / deepest, validation off · on', (r) => {
    const path: Path = { start: [0, 0], steer: 'circle', seed: 0, turnSpeed: 0.15 };
    const a = walk(humanoid, basic, r, path);
    const b = walk(humanoid, basic, r, path, { validateStrides: true });
    return `${fixed(a.p95, 2)} / ${fixed(a.sink, 2)} · ${fixed(b.p95, 2)} / ${fixed(b.sink, 2)}`;
  });
  const worst = (ms: FeetMeasure[], k: keyof FeetMeasure) =>
    fixed(Math.max(...ms.map((m) => m[k] as number)), 2);
  row(
    'validation, page readout: deepest frozen · 2 s after',
    (r) => `${worst(frozen[r], 'frozenSink')} · ${worst(frozen[r], 'resumedSink')}`,
  );
  row(
    'validation, flat-footed frames: deepest frozen · 2 s after',
    (r) => `${worst(frozen[r], 'frozenFlat')} · ${worst(frozen[r], 'resumedFlat')}`,
  );
  row('validation: deepest a frozen foot went below where it froze', (r) =>
    worst(frozen[r], 'frozenGrowth'),
  );
  row('validation, page readout per run (frozen)', (r) =>
    frozen[r].map((m) => fixed(m.frozenSink, 1)).join(' '),
  );
  console.log(
    textTable([
      ['lesson 15 claim (humanoid on basic unless named; page readouts)', ...rules],
      ...rows,
    ]),
  );
  return null;
}
