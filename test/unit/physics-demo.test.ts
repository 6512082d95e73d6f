import { Box, Vec2 } from 'planck';
import { describe, expect, test } from 'vitest';
import { BODY_PLAN, linkFrames, newPose, PhysicsCharacter, PhysicsScene } from '../../src/physics';
import { CharacterNodes, PHYSICS_SCALE } from '../../src/demos/shared/physics-nodes';
import { mulberry32 } from '../../src/math/random';
import type { Marker2D } from '../../src/scene/marker2d';
import type { Node2D } from '../../src/scene/node2d';
import { CHARACTER_BOUNDS as WORLD } from '../../src/demos/pd-character/description';
import { runDemo } from './fake-controls';
import { DEG, walkTrack } from './physics-setup';
import { groundPoints } from '../../src/demos/shared/physics-grounds';

describe("lesson 16's figure", () => {
  test('the node tree puts every link where its body is, in scene units', () => {
    const rand = mulberry32(3);
    const nodes = new CharacterNodes(BODY_PLAN);
    const pose = newPose(BODY_PLAN);
    const frames = new Float64Array(3 * BODY_PLAN.length);
    for (let trial = 0; trial < 20; trial++) {
      pose[0] = 4 * (rand() - 0.5);
      pose[1] = 4 * (rand() - 0.5);
      for (let i = 2; i < pose.length; i++) pose[i] = 6 * (rand() - 0.5);
      linkFrames(BODY_PLAN, pose, frames);
      nodes.sync(frames);
      const byName = (name: string) => nodes.root.getNode(name) as Node2D | null;
      BODY_PLAN.forEach((l, i) => {
        const path = [];
        for (let k = i; k >= 0; k = BODY_PLAN[k]!.parent) path.unshift(BODY_PLAN[k]!.name);
        const node = byName(path.join('/'))!;
        expect(node.globalPosition.x).toBeCloseTo(frames[3 * i]! * PHYSICS_SCALE, 6);
        expect(node.globalPosition.y).toBeCloseTo(-frames[3 * i + 1]! * PHYSICS_SCALE, 6);
        const turn = node.globalRotation + frames[3 * i + 2]!;
        expect(Math.abs(Math.atan2(Math.sin(turn), Math.cos(turn)))).toBeLessThan(1e-9);
        void l;
      });
    }
  });

  test('the demo lists the character in its tree and keys switch the controller', () => {
    const { demo, controls } = runDemo('pd-character');
    expect(demo.root.getNode('Character/Pelvis/Torso/Head')).not.toBeNull();
    expect(controls.buttons.get('mode-pd')!.pressed).toBe(true);
    demo.onKey!('r', true);
    demo.update(1 / 60);
    expect(controls.buttons.get('mode-ragdoll')!.pressed).toBe(true);
    expect(controls.readouts.get('status')).toMatch(/^Ragdoll/);
    demo.destroy?.();
  });
});

describe("lesson 16's figure on lesson 8's ground, and per-joint gains", () => {
  test('on the hills the character walks forwards over the ground and the view follows it', () => {
    const { demo, controls } = runDemo('pd-character', { ground: 'hills' });
    const start = demo.view!();
    for (let i = 0; i < 5 * 60; i++) demo.update(1 / 60);
    const later = demo.view!();
    // The walk's root travels about 1.3 m/s: 5 s is several metres (hundreds of scene units).
    expect(later.x - start.x).toBeGreaterThan(300);
    expect(controls.readouts.get('status')).toMatch(/pelvis is pinned/);
    // A new clip starts where the body is, not back at the start of the ground.
    const before = demo.view!().x;
    controls.act('clip', 'squat');
    for (let i = 0; i < 60; i++) demo.update(1 / 60);
    expect(Math.abs(demo.view!().x - before)).toBeLessThan(60);
    controls.act('clip', 'walk');
    // A new ground puts the character back at the start.
    controls.act('ground', 'steps');
    demo.update(1 / 60);
    expect(Math.abs(demo.view!().x - start.x)).toBeLessThan(20);
    controls.act('ground', 'treadmill');
    for (let i = 0; i < 60; i++) demo.update(1 / 60);
    expect(demo.view!()).toEqual(WORLD);
    demo.destroy?.();
  });

  test('dragging lesson 8’s ground points reshapes the ground the bodies stand on', () => {
    const { demo } = runDemo('pd-character', { ground: 'flat' });
    const points = demo.root.getNode('Ground/Points')!.children as Marker2D[];
    expect(points.length).toBeGreaterThan(10);
    // A 60 cm plateau from 4 m behind the start to 4 m ahead, point by point, as a drag would.
    for (const m of points)
      if (Math.abs(m.position.x) <= 400) m.position = { x: m.position.x, y: m.position.y - 60 };
    for (let i = 0; i < 60; i++) demo.update(1 / 60);
    // The pelvis walks at its height above the raised ground, and the view follows it up.
    expect(demo.view!().y).toBeLessThan(WORLD.y - 40);
    demo.destroy?.();
    // On the treadmill nothing is draggable.
    const { demo: still } = runDemo('pd-character');
    expect(still.root.getNode('Ground/Points')).toBeNull();
    still.destroy?.();
  });

  test('tracking does not adapt the walk: 25 s on the steps leave joints far off their targets', () => {
    const worstOver = (ground: 'flat' | 'steps') => {
      const scene = new PhysicsScene(groundPoints(ground));
      const c = scene.add(
        new PhysicsCharacter(scene.world, scene.ground, walkTrack(), 0, { travel: true }),
      );
      let worst = 0;
      for (let i = 0; i < 120 * 25; i++) {
        scene.step();
        for (let j = 1; j < c.error.length; j++) worst = Math.max(worst, Math.abs(c.error[j]!));
      }
      // It did walk over the whole stair: about 1.3 m/s.
      expect(c.pose[0]).toBeGreaterThan(30);
      scene.destroy();
      return worst / DEG;
    };
    // Lesson 16 says 9.8° and 86°.
    expect(worstOver('flat')).toBeLessThan(12);
    expect(worstOver('steps')).toBeGreaterThan(60);
  });

  test('with "only the plotted joint" ticked, the sliders change that joint’s gains alone', () => {
    const { demo, controls } = runDemo('pd-character', { gains: 'manual' });
    for (let i = 0; i < 12; i++) demo.update(1 / 60);
    expect(controls.readouts.get('manual-gains')).toBe('every joint 300 / 30');
    controls.act('perJoint', true);
    controls.act('joint', 'NearShin');
    controls.act('ks', 120);
    controls.act('kd', 12);
    for (let i = 0; i < 12; i++) demo.update(1 / 60);
    const text = controls.readouts.get('manual-gains')!;
    expect(text).toContain('NearShin 120 / 12');
    expect(text).toContain('NearThigh 300 / 30');
    // The tracker uses them: the plotted joint's gains read out are the shin's new ones.
    expect(controls.readouts.get('gains-now')).toMatch(/k_s = 120\.0, k_d = 12\.0/);
    // Picking another joint shows its own gains on the sliders.
    controls.act('joint', 'NearThigh');
    expect(controls.values.get('ks')).toBe(300);
    demo.destroy?.();
  });
});

describe('lesson 16’s Try this: the squat with the two n buttons', () => {
  test('the worst joint error peaks near 19° a squat with n = 3.89 and near 13° with n = 9.49', () => {
    const { demo, controls } = runDemo('pd-character');
    for (let k = 0; k < 30; k++) demo.update(1 / 60);
    // As the lesson says: the squat, straight from the walk.
    controls.act('clip', 'squat');
    for (let k = 0; k < 60; k++) demo.update(1 / 60);
    const peak = (button: string) => {
      controls.act(button);
      // A squat lasts 2.4 s: one to settle into it, then two watched.
      for (let k = 0; k < 144; k++) demo.update(1 / 60);
      let worst = 0;
      for (let k = 0; k < 288; k++) {
        demo.update(1 / 60);
        worst = Math.max(worst, Number.parseFloat(controls.readouts.get('error')!));
      }
      return worst;
    };
    const ten = peak('n-ten');
    const seed = peak('n-seed');
    expect(ten).toBeGreaterThan(18.5);
    expect(ten).toBeLessThan(20);
    expect(seed).toBeGreaterThan(12);
    expect(seed).toBeLessThan(13.5);
  });
});

describe('changing the animation under PD', () => {
  /** The worst joint error over two squats, after one to settle, switching after `walked` s. */
  const worstAfterSwitch = (button: string, walked: number) => {
    const { demo, controls } = runDemo('pd-character');
    controls.act(button);
    for (let k = 0; k < Math.round(walked * 60); k++) demo.update(1 / 60);
    controls.act('clip', 'squat');
    for (let k = 0; k < 144; k++) demo.update(1 / 60);
    let worst = 0;
    for (let k = 0; k < 288; k++) {
      demo.update(1 / 60);
      worst = Math.max(worst, Number.parseFloat(controls.readouts.get('error')!));
    }
    demo.destroy?.();
    return worst;
  };
  // A walk's back foot used to fold under its leg, toes down at the ankle's limit, and stay 82°
  // off for the whole squat, at most moments of the walk and whatever n was. After Kinematic
  // and PD the same squat peaks near 19.5° (n = 3.89) and 12.9° (n = 9.49).
  const moments = [0.1, 0.3, 0.5, 0.7, 0.9, 1.1];
  test('walk → squat at any moment tracks the squat as after Kinematic and PD (n = 3.89)', () => {
    for (const walked of moments)
      expect(worstAfterSwitch('n-ten', walked), `after ${walked} s`).toBeLessThan(21);
  });
  test('walk → squat at any moment tracks the squat as after Kinematic and PD (n = 9.49)', () => {
    for (const walked of moments)
      expect(worstAfterSwitch('n-seed', walked), `after ${walked} s`).toBeLessThan(15);
  });
});

describe('letting go on a hard hit (beyond the seed)', () => {
  test('a fast ball knocks the PD character into ragdoll; it gets up once it has settled', () => {
    const scene = new PhysicsScene([
      { x: -40, y: 0 },
      { x: 40, y: 0 },
    ]);
    const c = scene.add(
      new PhysicsCharacter(scene.world, scene.ground, walkTrack(), 0, {
        autoRagdoll: true,
        rootPolicy: 'spring',
        impulseThreshold: 25,
      }),
    );
    scene.ground.belt = walkTrack().speed;
    for (let k = 0; k < 60; k++) scene.step();
    expect(c.mode).toBe('pd');
    scene.throwBall({ x: -2, y: 1.4 }, { x: 30, y: 0 });
    let knocked = -1;
    for (let k = 0; k < 120 && knocked < 0; k++) {
      scene.step();
      if (c.mode === 'ragdoll') knocked = k;
    }
    expect(knocked).toBeGreaterThanOrEqual(0);
    expect(c.autoReason).toMatch(/^a hit of \d+\.\d N·s$/);
    let back = false;
    for (let k = 0; k < 120 * 20 && !back; k++) {
      scene.step();
      back = c.mode === 'pd';
    }
    expect(back).toBe(true);
  });
});

describe('the treadmill', () => {
  test('a body left on the belt rides it backwards at the belt speed', () => {
    const scene = new PhysicsScene([
      { x: -40, y: 0 },
      { x: 40, y: 0 },
    ]);
    scene.ground.belt = 1.3;
    // A box (a ball would roll and lag the surface).
    const box = scene.world.createBody({ type: 'dynamic', position: new Vec2(0, 0.1) });
    box.createFixture({ shape: new Box(0.2, 0.1), density: 10, friction: 0.9 });
    for (let k = 0; k < 240; k++) scene.step();
    expect(box.getLinearVelocity().x).toBeCloseTo(-1.3, 2);
    expect(box.getPosition().x).toBeLessThan(-2);
  });
});
