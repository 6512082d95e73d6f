import { describe, expect, it } from 'vitest';
import { defaultValues } from '../../src/demos/params';
import { loadedDemo } from './loaded-demos';
import { Marker2D } from '../../src/scene/marker2d';
import { FakeControls } from './fake-controls';

function create(overrides: Record<string, unknown> = {}) {
  const def = loadedDemo('creature-follow')!;
  const controls = new FakeControls();
  const demo = def.create({ controls }, { ...defaultValues(def.params), ...overrides } as never);
  return { demo, controls };
}
const run = (demo: { update(dt: number): void }, frames: number) => {
  for (let i = 0; i < frames; i++) demo.update(1 / 60);
};
const distance = (c: FakeControls) => Number(c.readouts.get('distance')!.split(' ')[0]);

describe('creature-follow demo', () => {
  it('follows a target dragged across the ground and settles in its band', () => {
    const { demo, controls } = create();
    run(demo, 60 * 8);
    const target = demo.root.getNode('Target') as Marker2D;
    target.position = { x: -380, y: 250 };
    run(demo, 30);
    expect(controls.readouts.get('doing')).toMatch(/turning|walking/);
    run(demo, 60 * 12);
    const d = distance(controls);
    expect(d).toBeGreaterThanOrEqual(5);
    expect(d).toBeLessThanOrEqual(7.5);
    expect(controls.readouts.get('doing')).toBe('standing');
  });

  it('lesson 9’s challenge 2 is solved by its hint: rest 0.75 = v/k past the edge it crosses', () => {
    const { demo, controls } = create();
    // The challenge's start: the band at 5 and 7.5, the creature at rest after walking in. It
    // crossed 7.5 at 3 units/s and coasted 3/4 = 0.75 further.
    run(demo, 60 * 10);
    expect(distance(controls)).toBeCloseTo(7.5 - 3 / 4, 1);
    // Widening the band outwards alone leaves it standing: it is already inside the new band.
    controls.act('maxDistance', 10.5);
    run(demo, 60 * 5);
    expect(distance(controls)).toBeCloseTo(6.75, 2);
    // The hint's move: it must back away, and coasts 0.75 past Min distance, so Min = 9.
    controls.act('minDistance', 9.75 - 3 / 4);
    run(demo, 60 * 5);
    expect(distance(controls)).toBeGreaterThanOrEqual(9.6);
    expect(distance(controls)).toBeLessThanOrEqual(9.9);
    expect(controls.readouts.get('doing')).toBe('standing');
    // With the band turned inside out (Max left at 7.5) it stops at 7.5 instead, never standing.
    const inverted = create({ minDistance: 9 });
    run(inverted.demo, 60 * 10);
    expect(distance(inverted.controls)).toBeCloseTo(7.5, 1);
  });

  it('holding the pointer on the ground eases the target there; letting go leaves it', () => {
    const { demo } = create();
    const target = demo.root.getNode('Target') as Marker2D;
    demo.onPointer!('down', { x: -300, y: 200 });
    run(demo, 60);
    const p = target.position;
    expect(Math.hypot(p.x + 300, p.y - 200)).toBeLessThan(5);
    demo.onPointer!('move', { x: 100, y: -200 });
    run(demo, 10);
    demo.onPointer!('up', { x: 100, y: -200 });
    const held = target.position;
    run(demo, 60);
    expect(target.position).toEqual(held);
  });

  it('every creature runs, and switching keeps it where it was', () => {
    const { demo, controls } = create();
    run(demo, 120);
    const before = demo.root.getNode('Creature')!;
    for (const c of ['arachnid', 'scorpion', 'quadruped']) {
      controls.act('creature', c);
      run(demo, 60);
      expect(controls.readouts.get('distance')).not.toMatch(/NaN/);
    }
    expect(demo.root.getNode('Creature')).not.toBe(before);
    expect(demo.currentParams!().creature).toBe('quadruped');
  });
});
