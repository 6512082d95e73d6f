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

const SPAN = { left: -1000, right: 1000, base: 230 };
const SIZE = 0.55;

/**
 * Seed 002 §5.3 profiled 100 spiders at once. Here they are: each a full Spider2D with FABRIK
 * legs, walking on its own at its own speed, and the page measures the script time per frame
 * (the walk and the IK, not the drawing) as a share of a 60 Hz frame.
 */
export const spiderSwarmDemo = defineDemo({
  ...spiderSwarmMeta,
  create({ controls }, params) {
    const world = new Node2D('World');
    const terrain = world.addChild(
      new Terrain2D('Terrain', terrainPoints(params.terrain as TerrainPreset, SPAN)),
    );
    processTree(terrain, 0);
    const swarm = world.addChild(new Node2D('Swarm'));
    let spiders: Spider2D[] = [];
    let count = Math.round(params.count);
    let legs = params.legs;
    const build = () => {
      for (const child of [...swarm.children]) swarm.removeChild(child);
      const rnd = mulberry32(2002);
      spiders = [];
      for (let i = 0; i < count; i++) {
        const s = buildSpider(
          swarm,
          terrain,
          { legs: Number(legs) as LegCount, size: SIZE },
          { name: `Spider${i + 1}` },
        );
        s.gait.walkSpeed = (40 + 60 * rnd()) * SIZE * 1.6;
        const { min, max } = s.sRange;
        s.placeAt(min + (max - min) * rnd(), rnd() < 0.5 ? 1 : -1);
        s.autopilot = true;
        spiders.push(s);
      }
    };
    build();
    controls.slider({
      id: 'count',
      label: 'Spiders',
      min: 1,
      max: 200,
      step: 1,
      value: count,
      onInput: (v) => {
        count = v;
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
    const script = controls.readout({
      id: 'script-ms',
      label: 'Script time per frame (walk + IK)',
    });
    const share = controls.readout({
      id: 'frame-share',
      label: 'Share of a 60 Hz frame (16.7 ms)',
    });
    const steps = controls.readout({ id: 'steps', label: 'Steps taken' });
    let ms = 0;
    let frames = 0;
    return {
      root: world,
      world: { x: -900, y: -120, width: 1800, height: 480 },
      foldedInTree: (node) => node.name === 'Swarm' || node.name.endsWith('Feet'),
      update(dt) {
        const start = performance.now();
        processTree(world, dt);
        const took = performance.now() - start;
        // A running mean over about a second: one frame's figure jumps with the garbage collector.
        ms = frames++ === 0 ? took : ms + (took - ms) * 0.05;
        script.set(`${num(ms, 2)} ms for ${spiders.length} spiders`);
        share.set(`${num((ms / (1000 / 60)) * 100, 1)}%`);
        let n = 0;
        for (const s of spiders) for (const l of s.legs) n += l.steps;
        steps.set(String(n));
      },
      currentParams: () => ({ count, legs, terrain: params.terrain }),
    };
  },
});
