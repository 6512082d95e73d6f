import { RecentMedian } from '../../math/recent-median';
import { mulberry32 } from '../../math/random';
import { buildSpider } from '../../procedural/spider/build-spider';
import type { Spider2D } from '../../procedural/spider/spider-2d';
import { SpiderCrowd2D } from '../../procedural/spider/spider-crowd-2d';
import { defaultGait } from '../../procedural/spider/spider-walk';
import type { LegCount } from '../../procedural/spider/spider-shape';
import { Terrain2D } from '../../procedural/terrain/terrain-2d';
import { type TerrainPreset, terrainPoints } from '../../procedural/terrain/terrain-presets';
import { processTree } from '../../scene/node';
import { Node2D } from '../../scene/node2d';
import { spiderSwarmMeta } from './meta';
import { defineDemo } from '../contract';
import { num } from '../shared/format';

const SIZE = 0.55;
/**
 * A crowd walks in lanes of at most 100 spiders, each on its own copy of the ground, stacked
 * down the view: 1 000 spiders are ten rows a student can still tell apart, not one smear.
 */
const PER_LANE = 100;
const SPAN = { left: -1000, right: 1000, base: 230 };
/** Clear space between one lane's highest ground and the next lane's lowest. */
const LANE_GAP = 130;
/** Crowds told apart by colour, six tints in turn along each lane (white leaves the theme). */
const TINTS = ['#ffffff', '#ff9f9f', '#9fc3ff', '#a8f0a0', '#ffd98a', '#d9a8ff'];
const CROWDS = [100, 300, 1000] as const;
/** How the update readout names each way of keeping the spiders. */
const LAYOUT_WORDS: Record<string, string> = { nodes: 'node trees', arrays: 'flat arrays' };

/**
 * Seed 002 §5.3 profiled 100 spiders at once. Here they are, up to 1 000, walking on their own
 * at their own speeds, kept either as node trees (each a full Spider2D with FABRIK2D legs) or as
 * flat arrays (one SpiderCrowd2D: the same walk and the same solves, straight from numbers). The
 * page measures the update (walk and IK) and the drawing separately, each as a share of a 60 Hz
 * frame, and counts the legs whose solve was skipped because nothing they read had changed.
 * Drawn as a crowd (SceneView.batch): one path per colour, not shapes per bone.
 */
export const spiderSwarmDemo = defineDemo({
  ...spiderSwarmMeta,
  create({ controls }, params) {
    const world = new Node2D('World');
    const swarm = new Node2D('Swarm');
    let spiders: Spider2D[] = [];
    let crowd: SpiderCrowd2D | null = null;
    let count = Math.round(params.count);
    let legs = params.legs;
    let layout = params.layout;
    let rect = { x: 0, y: 0, width: 1, height: 1 };
    const measures: RecentMedian[] = [];
    const build = () => {
      // A new crowd: the last one's timings no longer describe what is shown.
      for (const m of measures) m.clear();
      for (const child of [...world.children]) world.removeChild(child);
      for (const child of [...swarm.children]) swarm.removeChild(child);
      const lanes = Math.max(1, Math.ceil(count / PER_LANE));
      const profile = terrainPoints(params.terrain as TerrainPreset, SPAN);
      const ys = profile.map((p) => p.y);
      const spacing = Math.max(...ys) - Math.min(...ys) + LANE_GAP;
      const grounds = Array.from({ length: lanes }, (_, k) => {
        const ground = world.addChild(
          new Terrain2D(
            k === 0 ? 'Terrain' : `Terrain${k + 1}`,
            profile.map((p) => ({ x: p.x, y: p.y + k * spacing })),
          ),
        );
        processTree(ground, 0);
        return ground;
      });
      const rnd = mulberry32(2002);
      spiders = [];
      crowd = null;
      const shape = { legs: Number(legs) as LegCount, size: SIZE };
      if (layout === 'arrays') crowd = swarm.addChild(new SpiderCrowd2D('Crowd', shape));
      // The same spiders either way: one seeded sequence of speeds, places and facings.
      for (let i = 0; i < count; i++) {
        const ground = grounds[i % lanes]!;
        // Neighbours in a lane differ in colour (spider i walks lane i mod lanes).
        const tint = TINTS[Math.floor(i / lanes) % TINTS.length]!;
        const speed = (40 + 60 * rnd()) * SIZE * 1.6;
        const at = rnd();
        const facing = rnd() < 0.5 ? 1 : -1;
        if (crowd) {
          const gait = defaultGait(SIZE);
          gait.walkSpeed = speed;
          const w = crowd.crowd.add(ground, 0, facing, gait);
          const { min, max } = w.sRange;
          w.placeAt(min + (max - min) * at, facing);
          w.autopilot = true;
          crowd.tints.push(tint);
          continue;
        }
        const s = buildSpider(swarm, ground, shape, { name: `Spider${i + 1}` });
        s.modulate = tint;
        s.gait.walkSpeed = speed;
        const { min, max } = s.sRange;
        s.placeAt(min + (max - min) * at, facing);
        s.autopilot = true;
        spiders.push(s);
      }
      // Built apart, added at once: one change for the scene panel and the IK nodes to see.
      world.addChild(swarm);
      rect = { x: -900, y: -120, width: 1800, height: 480 + (lanes - 1) * spacing };
    };
    build();
    const slider = controls.slider({
      id: 'count',
      label: 'Spiders',
      min: 1,
      max: 1000,
      step: 1,
      value: count,
      onInput: (v) => {
        count = v;
        build();
      },
    });
    for (const n of CROWDS)
      controls.button({
        id: `crowd-${n}`,
        label: n.toLocaleString('en-US'),
        title: `${n} spiders`,
        onClick: () => {
          count = n;
          slider.set(n);
          build();
        },
      });
    controls.choice({
      id: 'layout',
      label: 'Spiders kept as',
      options: ['nodes', 'arrays'],
      value: layout,
      onChange: (v) => {
        layout = v;
        build();
      },
    });
    controls.choice({
      id: 'legs',
      label: 'Legs',
      options: ['4', '6', '8'],
      value: legs,
      onChange: (v) => {
        legs = v;
        build();
      },
    });
    const updateText = controls.readout({ id: 'script-ms', label: 'Update per frame (walk + IK)' });
    const drawText = controls.readout({ id: 'draw-ms', label: 'Drawing per frame' });
    const share = controls.readout({
      id: 'frame-share',
      label: 'Update + drawing, share of a 60 Hz frame (16.7 ms)',
    });
    const skipped = controls.readout({
      id: 'skipped',
      label: 'Leg solves skipped (nothing they read changed)',
    });
    const steps = controls.readout({ id: 'steps', label: 'Steps taken' });
    const fps = controls.readout({ id: 'fps', label: 'Frames shown per second' });
    // Medians of the last second of frames: one frame's figure jumps with the garbage collector,
    // and a running mean would carry the page's first, JIT-cold frames for seconds.
    const updates = new RecentMedian(60);
    measures.push(updates);
    // Time between frames, as the page shows them: the browser paints after the drawing is
    // timed, so only the frame rate tells what the whole frame cost.
    const gaps = new RecentMedian(60);
    measures.push(gaps);
    let lastFrame = NaN;
    const draws = new RecentMedian(60);
    measures.push(draws);
    let updateMs = 0;
    let drawMs = 0;
    const showShare = () => share.set(`${num(((updateMs + drawMs) / (1000 / 60)) * 100, 1)}%`);
    return {
      root: world,
      get world() {
        return rect;
      },
      view: () => rect,
      batched: true,
      foldedInTree: (node) => node.name === 'Swarm' || node.name.endsWith('Feet'),
      update(dt) {
        const start = performance.now();
        const gap = start - lastFrame;
        lastFrame = start;
        // A gap of over a second is a pause (scrolled away, a hidden tab), not a frame.
        if (gap > 0 && gap < 1000) fps.set(num(1000 / gaps.add(gap), 1));
        processTree(world, dt);
        const took = performance.now() - start;
        updateMs = updates.add(took);
        updateText.set(`${num(updateMs, 2)} ms for ${count} spiders as ${LAYOUT_WORDS[layout]}`);
        showShare();
        let n = 0;
        let solves = 0;
        let unchanged = 0;
        if (crowd) {
          solves = crowd.crowd.solved + crowd.crowd.skipped;
          unchanged = crowd.crowd.skipped;
          for (const w of crowd.crowd.walks) for (const l of w.legs) n += l.steps;
        }
        for (const s of spiders)
          for (const l of s.legs) {
            n += l.steps;
            if (!l.ik) continue;
            solves++;
            if (l.ik.status.unchanged) unchanged++;
          }
        skipped.set(`${unchanged} of ${solves}`);
        steps.set(String(n));
      },
      drawn(ms) {
        drawMs = draws.add(ms);
        drawText.set(`${num(drawMs, 2)} ms`);
        showShare();
      },
      currentParams: () => ({ count, legs, terrain: params.terrain, layout }),
    };
  },
});
