import { RecentMedian } from '../math/recent-median';
import { mulberry32 } from '../math/random';
import { buildSpider } from '../procedural/spider/build-spider';
import type { Spider2D } from '../procedural/spider/spider-2d';
import type { LegCount } from '../procedural/spider/spider-shape';
import { Terrain2D } from '../procedural/terrain/terrain-2d';
import { type TerrainPreset, terrainPoints } from '../procedural/terrain/terrain-presets';
import { processTree } from '../scene/node';
import { Node2D } from '../scene/node2d';
import { spiderSwarmMeta } from './catalog/spider-swarm';
import { defineDemo } from './contract';
import { num } from './shared/format';

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

/**
 * Seed 002 §5.3 profiled 100 spiders at once. Here they are, up to 1 000: each a full Spider2D
 * with FABRIK legs, walking on its own at its own speed. The page measures the update (walk and
 * IK) and the drawing separately, each as a share of a 60 Hz frame, and counts the legs whose
 * solve was skipped because nothing they read had changed (ChainIK2D.skipUnchanged).
 * Drawn as a crowd (SceneView.batch): one path per colour, not shapes per bone.
 */
export const spiderSwarmDemo = defineDemo({
  ...spiderSwarmMeta,
  create({ controls }, params) {
    const world = new Node2D('World');
    const swarm = new Node2D('Swarm');
    let spiders: Spider2D[] = [];
    let count = Math.round(params.count);
    let legs = params.legs;
    let rect = { x: 0, y: 0, width: 1, height: 1 };
    const build = () => {
      for (const child of [...world.children]) world.removeChild(child);
      for (const child of [...swarm.children]) swarm.removeChild(child);
      const lanes = Math.max(1, Math.ceil(count / PER_LANE));
      const shape = terrainPoints(params.terrain as TerrainPreset, SPAN);
      const ys = shape.map((p) => p.y);
      const spacing = Math.max(...ys) - Math.min(...ys) + LANE_GAP;
      const grounds = Array.from({ length: lanes }, (_, k) => {
        const ground = world.addChild(
          new Terrain2D(
            k === 0 ? 'Terrain' : `Terrain${k + 1}`,
            shape.map((p) => ({ x: p.x, y: p.y + k * spacing })),
          ),
        );
        processTree(ground, 0);
        return ground;
      });
      const rnd = mulberry32(2002);
      spiders = [];
      for (let i = 0; i < count; i++) {
        const s = buildSpider(
          swarm,
          grounds[i % lanes]!,
          { legs: Number(legs) as LegCount, size: SIZE },
          { name: `Spider${i + 1}` },
        );
        // Neighbours in a lane differ in colour (spider i walks lane i mod lanes).
        s.modulate = TINTS[Math.floor(i / lanes) % TINTS.length]!;
        s.gait.walkSpeed = (40 + 60 * rnd()) * SIZE * 1.6;
        const { min, max } = s.sRange;
        s.placeAt(min + (max - min) * rnd(), rnd() < 0.5 ? 1 : -1);
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
    // Medians of the last second of frames: one frame's figure jumps with the garbage collector,
    // and a running mean would carry the page's first, JIT-cold frames for seconds.
    const updates = new RecentMedian(60);
    const draws = new RecentMedian(60);
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
        processTree(world, dt);
        const took = performance.now() - start;
        updateMs = updates.add(took);
        updateText.set(`${num(updateMs, 2)} ms for ${spiders.length} spiders`);
        showShare();
        let n = 0;
        let solves = 0;
        let unchanged = 0;
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
      currentParams: () => ({ count, legs, terrain: params.terrain }),
    };
  },
});
