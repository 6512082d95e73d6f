// 1 000 procedural spiders in Node: what one frame of walking costs, as a share of a 60 Hz
// frame (seed 002 §5.3 profiled 100 at once in Unity). Run by `npm run bench` through
// bench/run.mjs (bundled first, as the solver report is).
import { buildBakedSpider, buildSpider } from '../src/procedural/spider/build-spider';
import type { Spider2D } from '../src/procedural/spider/spider-2d';
import { SpiderCrowd } from '../src/procedural/spider/spider-crowd';
import type { LegCount } from '../src/procedural/spider/spider-shape';
import { Terrain2D } from '../src/procedural/terrain/terrain-2d';
import { terrainPoints } from '../src/procedural/terrain/terrain-presets';
import { processTree } from '../src/scene/node';
import { Node2D } from '../src/scene/node2d';
import { median, pairedRatios, percentile } from './stats';
import { fixed, micros, textTable } from './text-table';

const COUNT = 1000;
const FRAME_MS = 1000 / 60;
const DT = 1 / 60;
const ROUNDS = 7;
const FRAMES_PER_SAMPLE = 20;

interface Crowd {
  name: string;
  /** One frame of the whole crowd. */
  step(): void;
  /** The share of leg solves the last frame skipped. */
  skipped(): number;
  /** Puts the crowd in the state the row measures (walking, standing, IK off). */
  prepare(): void;
}

const hills = () => terrainPoints('hills', { left: -4000, right: 4000, base: 170 });

/** A deterministic spread of starting places (golden-ratio steps along the ground). */
const spread = (i: number) => (i * 0.6180339887) % 1;

function ikCrowd(name: string, legs: LegCount, mode: 'walk' | 'stand' | 'no-ik'): Crowd {
  const world = new Node2D('World');
  const terrain = world.addChild(new Terrain2D('Terrain', hills()));
  processTree(world, 0);
  const spiders: Spider2D[] = [];
  for (let i = 0; i < COUNT; i++) {
    const s = buildSpider(world, terrain, { legs, size: 1 }, { name: `S${i}` });
    const { min, max } = s.sRange;
    s.placeAt(min + (max - min) * spread(i), i % 2 ? 1 : -1);
    spiders.push(s);
  }
  return {
    name,
    step: () => processTree(world, DT),
    skipped: () => skippedShare(spiders),
    prepare() {
      for (const s of spiders) {
        s.autopilot = mode !== 'stand';
        s.command = 0;
        for (const l of s.legs) l.ik!.enabled = mode !== 'no-ik';
      }
      // Standing means at rest: bodies arrive within seconds, then nothing a leg reads changes.
      if (mode === 'stand')
        for (let f = 0; f < SETTLE_FRAMES && skippedShare(spiders) < 1; f++) processTree(world, DT);
    },
  };
}

/** At most this many frames (20 s) for a standing crowd to come to rest before it is timed. */
const SETTLE_FRAMES = 1200;

/** The share of legs whose last solve was skipped because nothing it reads had changed. */
function skippedShare(spiders: Spider2D[]): number {
  let legs = 0;
  let skipped = 0;
  for (const s of spiders)
    for (const l of s.legs) {
      legs++;
      if (l.ik?.status.unchanged) skipped++;
    }
  return legs ? skipped / legs : 0;
}

function bakedCrowd(legs: LegCount): Crowd {
  const world = new Node2D('World');
  const terrain = world.addChild(new Terrain2D('Terrain', hills()));
  processTree(world, 0);
  for (let i = 0; i < COUNT; i++) {
    const b = buildBakedSpider(world, terrain, { legs, size: 1 }, { name: `B${i}` });
    const { min, max } = b.xRange;
    b.placeAt(min + (max - min) * spread(i), i % 2 ? 1 : -1);
    b.autopilot = true;
  }
  return {
    name: `baked spiders, ${legs} legs, walking (clip playback, no IK)`,
    step: () => processTree(world, DT),
    skipped: () => 0,
    prepare() {},
  };
}

/** The same spiders as ikCrowd's, walked and solved in flat arrays (SpiderCrowd). */
function flatCrowd(name: string, legs: LegCount, mode: 'walk' | 'stand'): Crowd {
  const terrain = new Terrain2D('Terrain', hills());
  processTree(terrain, 0);
  const crowd = new SpiderCrowd({ legs, size: 1 });
  for (let i = 0; i < COUNT; i++) {
    const w = crowd.add(terrain, 0, 1);
    const { min, max } = w.sRange;
    w.placeAt(min + (max - min) * spread(i), i % 2 ? 1 : -1);
  }
  const skipped = () => crowd.skipped / Math.max(1, crowd.skipped + crowd.solved);
  return {
    name,
    step: () => crowd.step(DT),
    skipped,
    prepare() {
      for (const w of crowd.walks) {
        w.autopilot = mode === 'walk';
        w.command = 0;
      }
      if (mode === 'stand')
        for (let f = 0; f < SETTLE_FRAMES && (f === 0 || skipped() < 1); f++) crowd.step(DT);
    },
  };
}

/** ms per frame for the whole crowd, one sample per round per crowd, crowds interleaved. */
function timeCrowds(crowds: Crowd[]): number[][] {
  const samples = crowds.map(() => [] as number[]);
  for (const c of crowds) {
    c.prepare();
    for (let f = 0; f < 30; f++) c.step(); // warm up the JIT and the gait
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < crowds.length; k++) {
      const i = (r + k) % crowds.length;
      const c = crowds[i]!;
      const t0 = performance.now();
      for (let f = 0; f < FRAMES_PER_SAMPLE; f++) c.step();
      samples[i]!.push((performance.now() - t0) / FRAMES_PER_SAMPLE);
    }
  }
  return samples;
}

export function runReport(): Record<string, number> {
  console.log(`\n${COUNT} spiders on hills, one frame of dt = 1/60 s (Node, ${process.version})`);
  // Two rounds of timing, each with the baked crowd as the yardstick: the flat-array crowds
  // first, on their own, as a game holding only them would run; then the node-tree crowds. A
  // heap with 4 000 node-tree spiders in it slows every crowd timed beside them (measured: the
  // flat crowd 5 → 8 ms a frame).
  const flat = [
    flatCrowd('SpiderCrowd (flat arrays), 8 legs, walking', 8, 'walk'),
    flatCrowd('SpiderCrowd (flat arrays), 8 legs, standing', 8, 'stand'),
    bakedCrowd(8),
  ];
  const flatSamples = timeCrowds(flat);
  const flatSkipped = flat.map((c) => c.skipped());
  const flatNames = flat.map((c) => c.name);
  flat.length = 0;
  const crowds = [
    ikCrowd('IK spiders, 8 legs, walking', 8, 'walk'),
    ikCrowd('IK spiders, 8 legs, standing', 8, 'stand'),
    ikCrowd('IK spiders, 8 legs, walking, IK nodes off', 8, 'no-ik'),
    ikCrowd('IK spiders, 4 legs, walking', 4, 'walk'),
    bakedCrowd(8),
  ];
  const samples = timeCrowds(crowds);
  const rows = [['crowd', 'ms/frame', 'p95', 'µs/spider', 'share of 60 Hz']];
  const row = (name: string, times: number[]) => {
    const ms = median(times);
    rows.push([
      name,
      fixed(ms, 1),
      fixed(percentile(times, 95), 1),
      micros((ms * 1000) / COUNT),
      `${fixed((ms / FRAME_MS) * 100, 0)}%`,
    ]);
  };
  crowds.forEach((c, i) => row(c.name, samples[i]!));
  row(flatNames[0]!, flatSamples[0]!);
  row(flatNames[1]!, flatSamples[1]!);
  row('baked spiders, timed with the flat crowds', flatSamples[2]!);
  console.log(textTable(rows));
  const walk = samples[0]!;
  const ratio = (i: number) => fixed(median(pairedRatios(samples[i]!, walk)), 2);
  const flatBaked = (i: number) => median(pairedRatios(flatSamples[i]!, flatSamples[2]!));
  console.log(
    `\nRatios to "8 legs, walking", paired by round: standing ${ratio(1)}, IK nodes off ${ratio(2)}, ` +
      `4 legs ${ratio(3)}, baked ${ratio(4)}. SpiderCrowd ÷ baked: walking ${fixed(flatBaked(0), 2)}, ` +
      `standing ${fixed(flatBaked(1), 2)}.\n` +
      'Seed 002 §5.3 saw its IK spiders cost the same standing or walking; the IK share of the ' +
      'frame is walking minus "IK nodes off".',
  );
  console.log(
    `Standing crowd: ${fixed(crowds[1]!.skipped() * 100, 1)}% of leg solves skipped (nothing they read changed); walking: ${fixed(crowds[0]!.skipped() * 100, 1)}%; SpiderCrowd standing ${fixed(flatSkipped[1]! * 100, 1)}%, walking ${fixed(flatSkipped[0]! * 100, 1)}%.`,
  );
  const legsPerFrame = COUNT * 8;
  const ikMs = median(walk) - median(samples[2]!);
  console.log(
    `IK through the node tree: ${micros((ikMs * 1000) / legsPerFrame)} µs per leg walking (3-bone FABRIK2D with a knee pole, from rest each frame).`,
  );
  // Ratios survive a noisy machine better than times: each crowd against the baked one.
  const baked = samples[4]!;
  const toBaked = (i: number) => median(pairedRatios(samples[i]!, baked));
  return {
    'IK spiders walking ÷ baked spiders': toBaked(0),
    'IK spiders standing ÷ baked spiders': toBaked(1),
    'IK spiders walking, IK nodes off ÷ baked spiders': toBaked(2),
    'IK spiders, 4 legs, walking ÷ baked spiders': toBaked(3),
    'SpiderCrowd walking ÷ baked spiders': flatBaked(0),
    'SpiderCrowd standing ÷ baked spiders': flatBaked(1),
  };
}
