import { describe, expect, it } from 'vitest';
import { loadedDemo } from './loaded-demos';
import { defaultValues } from '../../src/demos/params';
import { FakeControls } from './fake-controls';
import type { DemoInstance } from '../../src/demos/contract';
import type { Node2D } from '../../src/scene/node2d';

function create(id: string, overrides: Record<string, unknown> = {}) {
  const def = loadedDemo(id)!;
  const controls = new FakeControls();
  const demo = def.create({ controls }, { ...defaultValues(def.params), ...overrides } as never);
  return { demo, controls };
}

const bodyX = (c: FakeControls) => Number(c.readouts.get('body')!.split(',')[0]);
const run = (demo: { update(dt: number): void }, frames: number) => {
  for (let i = 0; i < frames; i++) demo.update(1 / 60);
};

describe('spider-legs demo', () => {
  it('walks right while the right arrow is held, left with A, and stands when released', () => {
    const { demo, controls } = create('spider-legs', { autopilot: false });
    run(demo, 30);
    const x0 = bodyX(controls);
    expect(demo.onKey!('ArrowRight', true)).toBe(true);
    run(demo, 120);
    const x1 = bodyX(controls);
    expect(x1 - x0).toBeGreaterThan(60);
    demo.onKey!('ArrowRight', false);
    run(demo, 60);
    const x2 = bodyX(controls);
    run(demo, 60);
    expect(Math.abs(bodyX(controls) - x2)).toBeLessThan(1);
    demo.onKey!('a', true);
    run(demo, 120);
    expect(bodyX(controls)).toBeLessThan(x2 - 60);
    // Keys it does not use are left to the page.
    expect(demo.onKey!('q', true)).toBe(false);
  });

  it('the hold buttons walk it too, and taking over stops it walking on its own', () => {
    const { demo, controls } = create('spider-legs', { autopilot: true });
    run(demo, 10);
    controls.act('walkLeft', true);
    expect(controls.values.get('autopilot')).toBe(false);
    const x0 = bodyX(controls);
    run(demo, 120);
    expect(bodyX(controls)).toBeLessThan(x0 - 60);
    controls.act('walkLeft', false);
    const x1 = bodyX(controls);
    run(demo, 90);
    expect(Math.abs(bodyX(controls) - x1)).toBeLessThan(8);
  });

  it('reports the baked spider’s feet far off the hills and the IK spider’s on them', () => {
    const { demo, controls } = create('spider-legs', { terrain: 'hills' });
    run(demo, 600);
    const ik = Number(controls.readouts.get('ik-gap')!.split(' ')[0]);
    const baked = Number(controls.readouts.get('baked-gap')!.split(' ')[0]);
    expect(ik).toBeLessThan(0.5);
    expect(baked).toBeGreaterThan(5);
    expect(controls.readouts.get('both-lifted')).toBe('0');
    controls.act('baked', false);
    run(demo, 2);
    expect(controls.readouts.get('baked-gap')).toBe('hidden');
    expect(demo.root.getNode('BakedLane')).toBeNull();
  });

  it('on flat ground the baked feet slide only when the walk is not the clip’s speed, turning round included', () => {
    /** The highest the readout went over 20 s of autopilot, after its first 2 s. */
    const slide = (walkSpeed: number) => {
      const { demo, controls } = create('spider-legs', { terrain: 'flat', walkSpeed });
      // It turns round at the ends of its walk, and the baked body mirrors itself there.
      let high = 0;
      for (let f = 0; f < 1200; f++) {
        demo.update(1 / 60);
        if (f > 120)
          high = Math.max(high, Number.parseFloat(controls.readouts.get('baked-slide')!));
      }
      return high;
    };
    // Lesson 8: about 2 at the clip's own 70, 30 at 40, 70 at 140. Turning round used to count
    // each mirrored foot's jump as a slide and read 26 at 70 while the picture showed none.
    expect(slide(70)).toBeLessThan(8);
    expect(slide(40)).toBeGreaterThan(20);
    expect(slide(140)).toBeGreaterThan(45);
  });

  it('switching legs rebuilds the spider where it stood; switching ground puts it on the new one', () => {
    const { demo, controls } = create('spider-legs', { autopilot: false, start: 0.3 });
    run(demo, 30);
    const x0 = bodyX(controls);
    controls.act('legs', '4');
    run(demo, 30);
    expect(demo.root.getNode('Spider/IK')!.children).toHaveLength(4);
    expect(Math.abs(bodyX(controls) - x0)).toBeLessThan(5);
    controls.act('terrain', 'steps');
    run(demo, 120);
    expect(Number(controls.readouts.get('ik-gap')!.split(' ')[0])).toBeLessThan(0.5);
    expect(demo.currentParams!()).toMatchObject({ legs: '4', terrain: 'steps' });
  });
});

describe('spider-legs demo, switching ground', () => {
  it('puts the spider back at its start and starts its meters afresh', () => {
    const { demo, controls } = create('spider-legs', { autopilot: false, terrain: 'flat' });
    run(demo, 60);
    const home = bodyX(controls);
    // Walk it away to the right first, far from where it starts.
    demo.onKey!('ArrowRight', true);
    run(demo, 120);
    demo.onKey!('ArrowRight', false);
    run(demo, 30);
    expect(bodyX(controls) - home).toBeGreaterThan(60);
    for (const ground of ['hills', 'wall', 'steps']) {
      controls.act('terrain', ground);
      run(demo, 60);
      // Back where the figure starts it on that ground: as a figure opened on it stands.
      const fresh = create('spider-legs', { autopilot: false, terrain: ground });
      run(fresh.demo, 60);
      expect(Math.abs(bodyX(controls) - bodyX(fresh.controls)), ground).toBeLessThan(2);
      // Standing still on the new ground (once the baked spider has walked back beside it,
      // and the meters' 2 s window holds only standing): nothing slides.
      run(demo, 180);
      expect(Number(controls.readouts.get('ik-slide')!.split(' ')[0]), ground).toBeLessThan(1);
      expect(Number(controls.readouts.get('baked-slide')!.split(' ')[0]), ground).toBeLessThan(1);
    }
  });

  it('the view follows the spider up the wall and to the ends of the ground, and stays put on flat ground', () => {
    // The view keeps the body in its middle 60%; easing, it may lag a little behind a turn.
    const inMiddle = (demo: DemoInstance, p: { x: number; y: number }) => {
      const r = demo.view!();
      const u = (p.x - r.x) / r.width;
      const v = (p.y - r.y) / r.height;
      return u >= 0.15 && u <= 0.85 && v >= 0.15 && v <= 0.85;
    };
    const flat = create('spider-legs', { terrain: 'flat' });
    run(flat.demo, 30);
    expect(flat.demo.view!()).toEqual(flat.demo.world);
    for (const terrain of ['wall', 'flat']) {
      const { demo } = create('spider-legs', { terrain });
      const spider = demo.root.getNode('Spider') as Node2D;
      let moved = 0;
      // 40 s of walking on its own, end to end and back.
      for (let f = 0; f < 2400; f++) {
        demo.update(1 / 60);
        expect(inMiddle(demo, spider.globalPosition), `${terrain}, frame ${f}`).toBe(true);
        const r = demo.view!();
        moved = Math.max(moved, Math.hypot(r.x - demo.world.x, r.y - demo.world.y));
      }
      // It did follow: near the ends of the walk the view slid beyond its home.
      expect(moved, terrain).toBeGreaterThan(50);
    }
  });
});

describe('spider-swarm demo', () => {
  it('runs 100 spiders and shows the update and drawing time per frame as a share of 60 Hz', () => {
    const { demo, controls } = create('spider-swarm');
    run(demo, 30);
    demo.drawn?.(2);
    expect(controls.readouts.get('script-ms')).toMatch(
      /^\d+\.\d\d ms for 100 spiders as node trees$/,
    );
    expect(controls.readouts.get('draw-ms')).toBe('2.00 ms');
    expect(controls.readouts.get('frame-share')).toMatch(/^\d+(\.\d)?%$/);
    expect(Number(controls.readouts.get('steps'))).toBeGreaterThan(0);
    expect(demo.batched).toBe(true);
  });

  it('offers 300 and 1 000 spiders in lanes of at most 100, and counts skipped solves', () => {
    const { demo, controls } = create('spider-swarm', { legs: '4' });
    // Each spider's feet (its IK targets) sit beside it, as seed 002 keeps them.
    const spiders = () =>
      demo.root.getNode('Swarm')!.children.filter((c) => !c.name.endsWith('Feet')).length;
    const grounds = () => demo.root.children.filter((c) => c.name.startsWith('Terrain')).length;
    controls.act('crowd-1000');
    expect(spiders()).toBe(1000);
    expect(grounds()).toBe(10);
    const tall = demo.world.height;
    controls.act('crowd-300');
    expect(spiders()).toBe(300);
    expect(grounds()).toBe(3);
    // One lane's view is 480 high; each more adds the same spacing: 9 of them against 2.
    expect((tall - 480) / (demo.world.height - 480)).toBeCloseTo(4.5, 9);
    expect(demo.world.width).toBe(1800);
    expect(demo.currentParams!().count).toBe(300);
    run(demo, 5);
    // Every leg is counted, solved or skipped: 300 spiders × 4 legs.
    expect(controls.readouts.get('skipped')).toMatch(/^\d+ of 1200$/);
  });

  it('twenty spiders stopped mid-walk have every leg solve skipped within 2 s (lesson 8 says 1.5)', () => {
    const { demo, controls } = create('spider-swarm', { count: 20 });
    run(demo, 120);
    const spiders = demo.root
      .getNode('Swarm')!
      .children.filter((c) => !c.name.endsWith('Feet')) as unknown as {
      autopilot: boolean;
      command: number;
    }[];
    for (const s of spiders) {
      s.autopilot = false;
      s.command = 0;
    }
    let frames = 0;
    while (frames < 600 && controls.readouts.get('skipped') !== '160 of 160') {
      demo.update(1 / 60);
      frames++;
    }
    expect(frames / 60).toBeLessThanOrEqual(2);
    expect(frames / 60).toBeGreaterThan(1);
  });

  it('kept as flat arrays: the same spiders in one crowd node, walking the same steps as the node trees', () => {
    const trees = create('spider-swarm', { count: 30 });
    const arrays = create('spider-swarm', { count: 30, layout: 'arrays' });
    const swarm = arrays.demo.root.getNode('Swarm')!;
    expect(swarm.children.map((c) => c.typeName)).toEqual(['SpiderCrowd2D']);
    for (let i = 0; i < 240; i++) {
      trees.demo.update(1 / 60);
      arrays.demo.update(1 / 60);
    }
    // The walk is one code path: both layouts count the very same steps.
    const steps = trees.controls.readouts.get('steps');
    expect(Number(steps)).toBeGreaterThan(100);
    expect(arrays.controls.readouts.get('steps')).toBe(steps);
    expect(arrays.controls.readouts.get('skipped')).toMatch(/^\d+ of 240$/);
    expect(arrays.controls.readouts.get('script-ms')).toMatch(/ms for 30 spiders as flat arrays$/);
    expect(arrays.demo.currentParams!().layout).toBe('arrays');
    // Back to node trees at 1 000: the choice is kept, the crowd node is gone.
    arrays.controls.act('layout', 'nodes');
    arrays.controls.act('crowd-1000');
    expect(swarm.children.filter((c) => c.typeName === 'Spider2D').length).toBe(1000);
  });

  it('a spider that stands still has its legs skipped: nothing they read changes', () => {
    const { demo, controls } = create('spider-swarm', { count: 3 });
    const spiders = demo.root
      .getNode('Swarm')!
      .children.filter((c) => !c.name.endsWith('Feet')) as unknown as {
      autopilot: boolean;
      command: number;
    }[];
    expect(spiders.length).toBe(3);
    for (const s of spiders) {
      s.autopilot = false;
      s.command = 0;
    }
    // The body settles (an exponential approach that arrives) within a few seconds.
    run(demo, 600);
    expect(controls.readouts.get('skipped')).toBe('24 of 24');
  });
});
