import { describe, expect, it } from 'vitest';
import { toDegrees, wrapAngle } from '../../src/math/angles';
import { buildCreature } from '../../src/procedural/creature/build-creature';
import {
  CREATURE_PRESETS,
  type CreaturePreset,
} from '../../src/procedural/creature/creature-presets';
import {
  defaultRootMotion,
  newRootReading,
  updateRootMotion,
} from '../../src/procedural/creature/root-motion';
import {
  advanceStep,
  newFootStep,
  startStep,
  wantsStep,
} from '../../src/procedural/creature/step-arc';
import { Marker2D } from '../../src/scene/marker2d';
import { Node, processTree } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';

const UNIT = 30;

function scene(preset: CreaturePreset, target: { x: number; y: number }) {
  const world = new Node2D('World');
  const t = world.addChild(new Marker2D('Target', 'target'));
  t.position = target;
  const creature = buildCreature(world, preset, UNIT, t);
  creature.placeAt(0, 0, 0);
  return { world, creature, target: t };
}

describe('RootMovement (seed 003 §5.4.1)', () => {
  const starts = [
    { x: 0, y: 0, heading: 0, tx: 20, ty: 0 }, // far ahead: walk up to it
    { x: 0, y: 0, heading: 0, tx: -15, ty: 6 }, // behind: turn round first
    { x: 0, y: 0, heading: 1, tx: 2, ty: 1 }, // too close: back off
    { x: 3, y: -4, heading: -2.5, tx: 3, ty: 12 },
  ];
  for (const s0 of starts) {
    it(`settles inside the distance band and the heading wedge, from ${JSON.stringify(s0)}`, () => {
      const o = defaultRootMotion();
      const s = { x: s0.x, y: s0.y, heading: s0.heading, vx: 0, vy: 0, angularVelocity: 0 };
      const r = newRootReading();
      for (let f = 0; f < 60 * 20; f++) updateRootMotion(s, o, s0.tx, s0.ty, 1 / 60, r);
      expect(r.distance).toBeGreaterThanOrEqual(o.minDistance);
      expect(r.distance).toBeLessThanOrEqual(o.maxDistance);
      expect(Math.abs(toDegrees(r.angle))).toBeLessThanOrEqual(o.maxAngle);
      // Settled: it is no longer moving or turning.
      expect(Math.hypot(s.vx, s.vy)).toBeLessThan(1e-3);
      expect(Math.abs(s.angularVelocity)).toBeLessThan(1e-3);
    });
  }

  it('moves the same at 30, 60 and 144 frames per second: 1 − e^(−k·dt) smoothing', () => {
    const o = defaultRootMotion();
    const end = (fps: number) => {
      const s = { x: 0, y: 0, heading: 0, vx: 0, vy: 0, angularVelocity: 0 };
      for (let f = 0; f < fps * 2; f++) updateRootMotion(s, o, 12, 9, 1 / fps, newRootReading());
      return s;
    };
    const a = end(30);
    const b = end(60);
    const c = end(144);
    // Two seconds of walking and turning (several units): the paths agree to a few hundredths.
    expect(Math.hypot(a.x - c.x, a.y - c.y)).toBeLessThan(0.06);
    expect(Math.hypot(b.x - c.x, b.y - c.y)).toBeLessThan(0.03);
    expect(Math.abs(wrapAngle(a.heading - c.heading))).toBeLessThan(0.06);
  });

  it('a target on top of it or not a number changes nothing and makes no NaN', () => {
    const o = defaultRootMotion();
    const s = { x: 1, y: 2, heading: 0.5, vx: 0, vy: 0, angularVelocity: 0 };
    for (const [tx, ty] of [
      [1, 2],
      [NaN, 0],
      [Infinity, 3],
    ])
      updateRootMotion(s, o, tx!, ty!, 1 / 60, newRootReading());
    expect([s.x, s.y, s.heading]).toEqual([1, 2, 0.5]);
  });
});

describe('WalkController steps (seed 003 §5.4.3)', () => {
  const o = { maxStepDistance: 20, stepDuration: 0.25, stepRangeFraction: 0.5 };

  it('steps only past maxStepDistance, and lands on home + overshoot after stepDuration', () => {
    const f = newFootStep(0, 0);
    expect(wantsStep(f, 19, 0, o)).toBe(false);
    expect(wantsStep(f, 30, 40, o)).toBe(true);
    startStep(f, 30, 40, o);
    // Overshoot: half the step distance (10) past home, along the foot-to-home direction.
    const endX = 30 + 0.6 * 10;
    const endY = 40 + 0.8 * 10;
    let t = 0;
    const dt = 1 / 60;
    let peak = 0;
    while (f.moving && t < 1) {
      advanceStep(f, dt, o);
      t += dt;
      peak = Math.max(peak, f.z);
    }
    expect(f.moving).toBe(false);
    expect(t).toBeGreaterThanOrEqual(o.stepDuration - 1e-9);
    expect(t).toBeLessThan(o.stepDuration + dt + 1e-9);
    expect(f.x).toBe(endX);
    expect(f.y).toBe(endY);
    expect(f.z).toBe(0);
    // The middle control point is raised by half the step; a quadratic Bézier peaks at half of
    // that: a quarter of the step's length.
    const length = Math.hypot(endX, endY);
    expect(f.p1z).toBeCloseTo(length / 2, 9);
    expect(Math.abs(peak - length / 4)).toBeLessThan(0.1);
  });

  it('a foot does not start again while stepping', () => {
    const f = newFootStep(0, 0);
    startStep(f, 50, 0, o);
    advanceStep(f, 0.1, o);
    expect(wantsStep(f, 500, 0, o)).toBe(false);
  });
});

describe('a creature following its target', () => {
  for (const preset of CREATURE_PRESETS) {
    it(`${preset}: settles in its band and wedge, feet planted at rest, look within its limit`, () => {
      const { world, creature, target } = scene(preset, { x: 400, y: 120 });
      const looker = creature.lookBone!;
      let worstLook = 0;
      for (let f = 0; f < 60 * 12; f++) {
        if (f === 300) target.position = { x: -250, y: -200 };
        processTree(world, 1 / 60);
        worstLook = Math.max(
          worstLook,
          Math.abs(toDegrees(wrapAngle(looker.rotation - looker.rest.rotation))),
        );
      }
      const r = creature.reading;
      expect(r.distance).toBeGreaterThanOrEqual(creature.motion.minDistance);
      expect(r.distance).toBeLessThanOrEqual(creature.motion.maxDistance);
      expect(Math.abs(toDegrees(r.angle))).toBeLessThanOrEqual(creature.motion.maxAngle);
      expect(worstLook).toBeLessThanOrEqual(creature.look.maxAngle + 1e-9);
      // Standing: every foot down, within one step of home, and each leg's tip on its foot.
      for (const leg of creature.legs) {
        expect(leg.foot.moving, leg.plan.name).toBe(false);
        expect(leg.foot.steps, leg.plan.name).toBeGreaterThan(2);
        const home = leg.home.globalPosition;
        expect(Math.hypot(home.x - leg.foot.x, home.y - leg.foot.y)).toBeLessThanOrEqual(
          creature.step.maxStepDistance * UNIT + 1e-9,
        );
      }
      for (const ik of creature.findAll(Node).filter((n) => n.typeName === 'TwoBoneIK2D'))
        expect((ik as unknown as { status: { error: number } }).status.error).toBeLessThan(0.01);
    });
  }

  it('inside a walking creature, each step lands on its end point after stepDuration', () => {
    const { world, creature, target } = scene('arachnid', { x: 600, y: 0 });
    const dt = 1 / 60;
    const started = new Map<object, { t: number; x: number; y: number }>();
    let landed = 0;
    let time = 0;
    for (let f = 0; f < 60 * 6; f++) {
      if (f === 120) target.position = { x: -500, y: 300 };
      const wasMoving = creature.legs.map((l) => l.foot.moving);
      processTree(world, dt);
      time += dt;
      creature.legs.forEach((leg, i) => {
        const foot = leg.foot;
        if (!wasMoving[i] && foot.moving) started.set(leg, { t: time, x: foot.p2x, y: foot.p2y });
        if (wasMoving[i] && !foot.moving) {
          const s = started.get(leg)!;
          expect(foot.x).toBe(s.x);
          expect(foot.y).toBe(s.y);
          const took = time - s.t + dt; // it began moving during the frame it started in
          expect(took).toBeGreaterThanOrEqual(creature.step.stepDuration - 1e-9);
          expect(took).toBeLessThan(creature.step.stepDuration + dt + 1e-9);
          landed++;
        }
      });
    }
    expect(landed).toBeGreaterThan(20);
  });

  it('a band turned inside out (min above max) leaves it nowhere to stand: it never settles', () => {
    const { world, creature } = scene('quadruped', { x: 250, y: 0 });
    creature.motion.minDistance = 8;
    creature.motion.maxDistance = 6;
    let standing = 0;
    for (let f = 0; f < 60 * 12; f++) {
      processTree(world, 1 / 60);
      if (f > 60 * 4 && creature.reading.walking === 0) standing++;
    }
    expect(standing).toBe(0);
  });

  it('with the gait on, legs of both diagonal groups are never in the air together', () => {
    const { world, creature, target } = scene('quadruped', { x: 500, y: 0 });
    creature.gait = true;
    let both = 0;
    for (let f = 0; f < 60 * 10; f++) {
      if (f % 120 === 0) target.position = { x: (f % 240 ? -1 : 1) * 400, y: (f % 360) - 180 };
      processTree(world, 1 / 60);
      const up = new Set(creature.legs.filter((l) => l.foot.moving).map((l) => l.plan.group));
      if (up.size === 2) both++;
    }
    expect(both).toBe(0);
  });
});
