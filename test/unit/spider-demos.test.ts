import { describe, expect, it } from 'vitest';
import { loadedDemo } from './loaded-demos';
import { defaultValues } from '../../src/demos/params';
import { FakeControls } from './fake-controls';
import { Bone2D } from '../../src/scene/bone2d';

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

describe('spider-legs demo, without the gait (lesson 8’s prediction)', () => {
  /** 5 s walking right: what the readouts showed. */
  const walk = (gait: boolean, terrain = 'flat') => {
    const { demo, controls } = create('spider-legs', { terrain, autopilot: false, gait });
    demo.update(1 / 60);
    const x0 = bodyX(controls);
    demo.onKey!('ArrowRight', true);
    let allUp = 0;
    let fewDown = 0;
    let lowest = Infinity;
    let held = Infinity;
    for (let f = 0; f < 300; f++) {
      demo.update(1 / 60);
      const up = Number.parseInt(controls.readouts.get('in-air')!);
      if (up === 8) allUp++;
      if (8 - up < 4) fewDown++;
      const [percent, height] = controls.readouts
        .get('support')!
        .match(/[\d.]+/g)!
        .map(Number);
      held = Math.min(held, percent!);
      lowest = Math.min(lowest, height!);
    }
    return {
      allUp,
      fewDown,
      lowest,
      held,
      went: bodyX(controls) - x0,
      both: Number(controls.readouts.get('both-lifted')),
    };
  };

  it('all eight feet let go together, the body falls onto its belly and falls behind', () => {
    const withGait = walk(true);
    const without = walk(false);
    expect(withGait).toMatchObject({ allUp: 0, held: 100, lowest: 50, both: 0 });
    expect(without.allUp).toBe(120);
    expect(without.both).toBe(120);
    expect(without.held).toBe(0);
    expect(without.lowest).toBeCloseTo(19.3, 1);
    expect(withGait.went).toBeCloseTo(345, -1);
    expect(without.went).toBeCloseTo(205, -1);
  });

  it('on the hills the feet fall out of step, and the body still sinks whenever too few are down', () => {
    const withGait = walk(true, 'hills');
    const without = walk(false, 'hills');
    expect(withGait).toMatchObject({ fewDown: 0, held: 100, both: 0 });
    // Lesson 8: fewer than four feet down in 122 frames of the 300, both groups lifted in 145,
    // all eight in 47; 200 units walked against 342.
    expect(without.fewDown).toBeGreaterThan(100);
    expect(without.both).toBeGreaterThan(100);
    expect(without.held).toBe(0);
    expect(without.lowest).toBeLessThan(20);
    expect(without.went / withGait.went).toBeLessThan(0.65);
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

  it('the view frames the spider tight and follows it up the wall and to the ends of the ground', () => {
    for (const [terrain, baked] of [
      ['wall', true],
      ['flat', true],
      ['hills', false],
    ] as const) {
      const { demo } = create('spider-legs', { terrain, baked });
      // Both spiders' legs, when the baked one is shown: the view frames the pair.
      const bones = demo.root.findAll(Bone2D);
      let xMin = Infinity;
      let xMax = -Infinity;
      let fill = Infinity;
      let meanFill = 0;
      // 40 s of walking on its own, end to end and back.
      for (let f = 0; f < 2400; f++) {
        demo.update(1 / 60);
        if (f % 3) continue;
        const r = demo.view!();
        // Every joint is in the view (easing, it may lag a few units).
        const joints = bones.flatMap((b) => [b.globalPosition, b.tipGlobalPosition]);
        const xs = joints.map((p) => p.x);
        const ys = joints.map((p) => p.y);
        const [x0, x1, y0, y1] = [
          Math.min(...xs),
          Math.max(...xs),
          Math.min(...ys),
          Math.max(...ys),
        ];
        const where = `${terrain}, frame ${f}`;
        expect(x0, where).toBeGreaterThan(r.x - 25);
        expect(x1, where).toBeLessThan(r.x + r.width + 25);
        expect(y0, where).toBeGreaterThan(r.y - 25);
        expect(y1, where).toBeLessThan(r.y + r.height + 25);
        // ...and the legs fill it: most of its width, or of its height.
        const share = Math.max((x1 - x0) / r.width, (y1 - y0) / r.height);
        fill = Math.min(fill, share);
        meanFill += share / 800;
        xMin = Math.min(xMin, r.x);
        xMax = Math.max(xMax, r.x + r.width);
      }
      // (A moment's bunched feet on the hills leave 58%; the ground fills the rest.)
      expect(fill, terrain).toBeGreaterThan(0.55);
      expect(meanFill, terrain).toBeGreaterThan(0.65);
      // It did follow: the view went from one end of the walk to the other.
      expect(xMax - xMin, terrain).toBeGreaterThan(900);
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
    const one = demo.world.height;
    controls.act('crowd-1000');
    expect(spiders()).toBe(1000);
    expect(grounds()).toBe(10);
    const tall = demo.world.height;
    controls.act('crowd-300');
    expect(spiders()).toBe(300);
    expect(grounds()).toBe(3);
    // Each lane past the first adds the same spacing to the view: 9 of them against 2.
    expect((tall - one) / (demo.world.height - one)).toBeCloseTo(4.5, 9);
    // The ground's width, and one lane's spiders and ground: no empty sky over them.
    expect(demo.world.width).toBe(2000);
    expect(one).toBeLessThan(240);
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
