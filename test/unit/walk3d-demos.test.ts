import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultValues } from '../../src/demos/params';
import { loadedDemo } from './loaded-demos';
import { HUMANOID_JOINTS, skeleton3dMeta } from '../../src/demos/skeleton-3d/meta';
import { shippedRig } from '../../src/demos/shared/walk3d-stage';
import { JointNode } from '../../src/walk3d/joint-tree';
import { NODE_TYPES } from '../../src/ik/node-types';
import { describeNode } from '../../src/ui/scene-tree-panel';
import { FakeControls } from './fake-controls';

const walkText = readFileSync(new URL('../../public/clips/walk.bvh', import.meta.url), 'utf8');

function create(id: string, overrides: Record<string, unknown> = {}) {
  const def = loadedDemo(id)!;
  const controls = new FakeControls();
  const demo = def.create({ controls }, { ...defaultValues(def.params), ...overrides } as never);
  demo.update(0);
  return { demo, controls };
}
const run = (demo: { update(dt: number): void }, seconds: number) => {
  for (let i = 0; i < Math.round(seconds * 60); i++) demo.update(1 / 60);
};
const nums = (s: string | undefined) => (s ?? '').match(/-?\d+(\.\d+)?/g)!.map(Number);
const frameOf = (c: FakeControls) => nums(c.readouts.get('frame'));

describe('skeleton-3d demo (lesson 11)', () => {
  it('lesson 11 names the axis control as the panel labels it', () => {
    const lesson = readFileSync(
      new URL('../../lessons/11-a-3d-skeleton.md', import.meta.url),
      'utf8',
    ).replace(/\s+/g, ' ');
    const label = skeleton3dMeta.params.axis.label;
    const named = [...lesson.matchAll(/\*(About its[^*]*)\*/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(name).toBe(label);
  });

  it('plays the walk: the frame advances, Space pauses it, ← → step one frame at a time', () => {
    const { demo, controls } = create('skeleton-3d');
    const [f0] = frameOf(controls);
    run(demo, 0.5);
    const [f1] = frameOf(controls);
    // 0.5 s at play rate 0.7 is 0.35 s of clip: about 10 frames at 30 fps.
    expect((f1! - f0! + 33) % 33).toBeGreaterThanOrEqual(9);
    expect(demo.onKey!(' ', true)).toBe(true);
    const paused = controls.readouts.get('frame');
    run(demo, 0.5);
    expect(controls.readouts.get('frame')).toBe(paused);
    expect(controls.buttons.get('play')!.label).toBe('Play');
    demo.onKey!('ArrowRight', true);
    demo.update(0);
    const [a, , u] = frameOf(controls);
    demo.onKey!('ArrowRight', true);
    demo.update(0);
    expect(frameOf(controls)[0]).toBe((a! + 1) % 33);
    expect(u).toBe(0);
    demo.onKey!('ArrowLeft', true);
    demo.onKey!('ArrowLeft', true);
    demo.update(0);
    expect(frameOf(controls)[0]).toBe((a! + 32) % 33);
  });

  it('the time slider scrubs: between frames it says which two and how far', () => {
    const { demo, controls } = create('skeleton-3d');
    controls.act('time', 0.25);
    demo.update(1 / 60);
    // 0.25 s is 7.5 frames: between frame 7 and 8, halfway.
    expect(frameOf(controls)).toEqual([7, 8, 0.5]);
    expect(controls.buttons.get('play')!.pressed).toBe(false);
    expect(controls.formulas.get('sample')).toMatch(/u = .*0\.50/);
    controls.act('play', undefined);
    run(demo, 0.2);
    expect(frameOf(controls)[0]).not.toBe(7);
  });

  it('↓ cross-fades to idle over the fade time and ↑ back to walking', () => {
    const { demo, controls } = create('skeleton-3d');
    run(demo, 0.2);
    demo.onKey!('ArrowDown', true);
    expect(controls.values.get('walking')).toBe(false);
    // A half-second fade in animation time at play rate 0.7 lasts 0.71 s.
    run(demo, 0.35);
    const mid = nums(controls.readouts.get('blend'))[0]!;
    expect(mid).toBeGreaterThan(0.3);
    expect(mid).toBeLessThan(0.7);
    run(demo, 0.5);
    expect(nums(controls.readouts.get('blend'))[0]).toBe(0);
    demo.onKey!('ArrowUp', true);
    run(demo, 1);
    expect(nums(controls.readouts.get('blend'))[0]).toBe(1);
  });

  it('turning a joint by hand moves the joints below it and keeps every bone its length', () => {
    const { demo, controls } = create('skeleton-3d', { joint: 'LeftArm', axis: 'x', angle: 0 });
    controls.act('play', undefined); // pause, so only the hand turn changes the pose
    demo.update(0);
    let hand: JointNode | null = null;
    demo.root.walk((n) => {
      if (n instanceof JointNode && n.name === 'LeftHand') hand = n;
    });
    const types = NODE_TYPES.with(demo.nodeTypes ?? []);
    const handAt = () =>
      nums(
        describeNode(hand!, types)
          .split('\n')
          .find((l) => l.includes('Position')),
      ).slice(0, 3);
    const before = controls.readouts.get('joint-local');
    const hand0 = handAt();
    controls.act('angle', 90);
    demo.update(0);
    expect(controls.readouts.get('joint-local')).not.toBe(before);
    const hand1 = handAt();
    expect(Math.hypot(...hand0.map((v, k) => v - hand1[k]!))).toBeGreaterThan(1);
    const [len, bind] = nums(controls.readouts.get('bone'));
    expect(len).toBeCloseTo(bind!, 3);
    controls.act('resetTurn', undefined);
    demo.update(0);
    expect(handAt()).toEqual(hand0);
  });

  it('lists every joint as a node with its live pose, and offers only joints the humanoid has', () => {
    const { demo } = create('skeleton-3d');
    const joints: JointNode[] = [];
    demo.root.walk((n) => {
      if (n instanceof JointNode) joints.push(n);
    });
    expect(joints.length).toBe(shippedRig().skeleton.count);
    for (const name of HUMANOID_JOINTS)
      expect(shippedRig().skeleton.indexOf(name)).toBeGreaterThanOrEqual(0);
    const knee = joints.find((j) => j.name === 'LeftLeg')!;
    expect(knee.parent!.name).toBe('LeftUpLeg');
    expect(describeNode(knee, NODE_TYPES.with(demo.nodeTypes ?? []))).toMatch(
      /Rotation -?\d+\.\d° about/,
    );
  });

  it('orbits with keys, drag and wheel; 0 brings back the side view', () => {
    const { demo } = create('skeleton-3d');
    const camera = (
      demo.surface as unknown as {
        view: { camera: { yaw: number; pitch: number; viewHeight: number } };
      }
    ).view.camera;
    const side = { yaw: camera.yaw, pitch: camera.pitch };
    expect(demo.onKey!('j', true)).toBe(true);
    expect(camera.yaw).toBeCloseTo(side.yaw + Math.PI / 12);
    demo.onPointer!('down', { x: 100, y: 100 });
    demo.onPointer!('move', { x: 200, y: 150 });
    demo.onPointer!('up', { x: 200, y: 150 });
    expect(camera.pitch).toBeGreaterThan(side.pitch);
    const h = camera.viewHeight;
    demo.onWheel!(100);
    expect(camera.viewHeight).toBeGreaterThan(h);
    demo.onKey!('0', true);
    expect(camera.yaw).toBeCloseTo(side.yaw);
    expect(camera.pitch).toBeCloseTo(side.pitch);
    expect(demo.onKey!('q', true)).toBe(false);
  });
});

const gaps = (c: FakeControls) => {
  const w = c.readouts.get('worst')!;
  const [sink, float] = nums(w);
  return { sink: sink!, float: float! };
};
const position = (c: FakeControls) => nums(c.readouts.get('position'));

describe('terrain-walk demo (lesson 12)', () => {
  it('on flat ground the planted feet stay on it; on the seed’s hills they sink and float', () => {
    const flat = create('terrain-walk', { terrain: 'flat' });
    run(flat.demo, 5);
    expect(gaps(flat.controls).sink).toBeLessThan(0.05);
    expect(gaps(flat.controls).float).toBeLessThan(0.1);
    const hills = create('terrain-walk', { terrain: 'basic' });
    run(hills.demo, 5);
    expect(gaps(hills.controls).sink).toBeGreaterThan(0.3);
    expect(gaps(hills.controls).float).toBeGreaterThan(0.3);
  });

  it('lesson 12’s prediction: walking straight on, each 5 s reads tenths of a unit to about 1.8, until it walks off the hills after 25 s', () => {
    const { demo, controls } = create('terrain-walk');
    const windows: { sink: number; float: number }[] = [];
    for (let k = 0; k < 5; k++) {
      run(demo, 5);
      windows.push(gaps(controls));
    }
    // The page's 5 s windows at 5, 10, 15, 20, 25 s: 1.84/1.40, 0.63/0.45, 0.32/0.22, …
    for (const w of windows) {
      expect(w.sink).toBeGreaterThanOrEqual(0.3);
      expect(w.sink).toBeLessThanOrEqual(1.85);
      expect(w.float).toBeGreaterThanOrEqual(0.2);
      expect(w.float).toBeLessThanOrEqual(1.4);
    }
    expect(Math.min(...windows.map((w) => w.float))).toBeLessThan(0.25);
    expect(Math.max(...windows.map((w) => w.sink))).toBeGreaterThan(1.8);
    expect(windows[2]!.sink).toBeLessThan(0.5);
    expect(windows[0]!.sink).toBeGreaterThan(1);
    // Still on the hills at 25 s, just short of their edge at y = 100; off them a second later.
    expect(controls.readouts.get('ground')).not.toMatch(/off every terrain/);
    expect(position(controls)[1]).toBeGreaterThan(95);
    run(demo, 1);
    expect(controls.readouts.get('ground')).toMatch(/off every terrain/);
  });

  it('walks forward at the clip’s pace, stops with ↓, turns while ← is held', () => {
    const { demo, controls } = create('terrain-walk', { terrain: 'flat' });
    const [x0, y0] = position(controls);
    run(demo, 3);
    const [, y1] = position(controls);
    // 145 cm a 1.1 s cycle, scaled to the rig, at play rate 0.7: about 4.6 units a second.
    const speed = (y1! - y0!) / 3;
    expect(speed).toBeGreaterThan(3.5);
    expect(speed).toBeLessThan(5.5);
    demo.onKey!('ArrowLeft', true);
    run(demo, 1);
    demo.onKey!('ArrowLeft', false);
    const [x2, , facing] = position(controls);
    expect(facing).toBeGreaterThan(20);
    run(demo, 1);
    expect(position(controls)[0]).toBeLessThan(x2! - 1); // facing left of +y is towards −x
    demo.onKey!('ArrowDown', true);
    run(demo, 1.2);
    const p = position(controls);
    run(demo, 1);
    expect(Math.hypot(position(controls)[0]! - p[0]!, position(controls)[1]! - p[1]!)).toBeLessThan(
      0.01,
    );
    expect(x0).toBe(0);
  });

  it('on three terrains the highest wins where they overlap, and the readout names it', () => {
    const { demo, controls } = create('terrain-walk', { terrain: 'three' });
    run(demo, 10);
    const [, y] = position(controls);
    expect(y).toBeGreaterThan(40); // past terrain A's edge at y = 50 minus the overlap
    expect(controls.readouts.get('ground')).toMatch(/Terrain B/);
    expect(controls.formulas.get('max')).toMatch(/\\max\(/);
  });

  it('a malformed BVH is refused with its line number and the walker keeps walking', () => {
    const { demo, controls } = create('terrain-walk', { terrain: 'flat' });
    const broken = walkText.replace('CHANNELS 3', 'CHANNELS three');
    demo.onDropFile!('broken.bvh', broken);
    const msg = controls.fileMessages.get('bvh')!;
    expect(msg.isError).toBe(true);
    expect(msg.message).toMatch(/broken\.bvh was not loaded: line \d+: expected/);
    const [, y0] = position(controls);
    run(demo, 1);
    expect(position(controls)[1]!).toBeGreaterThan(y0! + 3);
    controls.act('bvh', ['notes.txt', 'hello']);
    expect(controls.fileMessages.get('bvh')!.message).toMatch(/not a \.bvh file/);
  });

  it('a good BVH replaces the character where it stood, its joints listed and its feet measured', () => {
    const { demo, controls } = create('terrain-walk', { terrain: 'flat' });
    run(demo, 1);
    const [, y0] = position(controls);
    controls.act('bvh', ['mine.bvh', walkText.replaceAll('Left', 'L_').replaceAll('Right', 'R_')]);
    const msg = controls.fileMessages.get('bvh')!;
    expect(msg).toEqual({
      isError: false,
      message: expect.stringMatching(
        /^Loaded mine\.bvh: 26 joints, 33 frames at 30 fps\. Legs found by name: L_\/R_-prefixed \(L_UpLeg, L_Leg, L_Foot\)\.$/,
      ),
    });
    expect(demo.root.getNode('mine.bvh/Hips/L_UpLeg')).not.toBeNull();
    demo.update(1 / 60);
    expect(position(controls)[1]).toBeCloseTo(y0!, 0);
    run(demo, 3);
    expect(gaps(controls).sink).toBeLessThan(0.05);
    expect(controls.readouts.get('left-gap')).toMatch(/planted|swinging/);
  });

  it('a BVH with no feet it can name loads, and says the gaps are not measured', () => {
    const { demo, controls } = create('terrain-walk');
    controls.act('bvh', [
      'robot.bvh',
      walkText.replaceAll('Foot', 'Pad').replaceAll('Toe', 'Claw'),
    ]);
    const message = controls.fileMessages.get('bvh')!.message;
    expect(message).toMatch(/Warning: no left or right foot .*: its gap is not measured/);
    // And that the walking system could not use it, naming what it looked for.
    expect(message).toMatch(/Warning: no two legs found \(no joint named LeftFoot/);
    expect(message).toMatch(/CMU-style/);
    run(demo, 0.5);
    expect(controls.readouts.get('worst')).toBe('no feet found in this skeleton');
    controls.act('resetRig', undefined);
    run(demo, 0.5);
    expect(controls.readouts.get('worst')).toMatch(/^in the ground up to/);
  });

  it('a one-legged rig loads with its missing foot named, and that readout says so instead of keeping the old value', () => {
    const { demo, controls } = create('terrain-walk', { terrain: 'flat' });
    run(demo, 1);
    expect(controls.readouts.get('right-gap')).toMatch(/planted|swinging/);
    const oneLegged = walkText
      .replaceAll('RightFoot', 'RightPaw')
      .replaceAll('RightToe', 'RightClaw');
    controls.act('bvh', ['peg.bvh', oneLegged]);
    expect(controls.fileMessages.get('bvh')!.message).toMatch(
      /Warning: no right foot \(a joint named …Foot or …Ankle on that side\)/,
    );
    run(demo, 0.5);
    expect(controls.readouts.get('right-gap')).toBe('no right foot in this skeleton');
    expect(controls.readouts.get('left-gap')).toMatch(/planted|swinging/);
  });
});
