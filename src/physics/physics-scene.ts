import {
  Circle,
  MouseJoint,
  Vec2,
  World,
  type Body,
  type Contact,
  type ContactImpulse,
} from 'planck';
import { CHARACTER_GROUP, type LinkData } from './ragdoll.ts';
import { Ground, type GroundPoint } from './ground.ts';
import type { PhysicsCharacter } from './physics-character.ts';

import { PHYSICS_DT } from './gains.ts';
export { PHYSICS_DT };
/** At most this many steps per frame: a stalled tab catches up slowly instead of freezing. */
const MAX_STEPS_PER_ADVANCE = 8;
const BALL_RADIUS = 0.1;
const BALL_MASS = 3;
const MAX_BALLS = 12;

interface Ball {
  body: Body;
  age: number;
}

/**
 * A planck.js world with gravity, a ground, characters, thrown balls and a drag handle. It
 * steps at the fixed PHYSICS_DT (Box2D semantics; 12 velocity and 10 position iterations), so the
 * same inputs give the same motion bit for bit, on any machine and at any frame rate.
 */
export class PhysicsScene {
  readonly world = new World({ gravity: new Vec2(0, -9.81) });
  readonly ground: Ground;
  readonly characters: PhysicsCharacter[] = [];
  readonly balls: Ball[] = [];
  /** Simulated seconds so far. */
  time = 0;
  steps = 0;
  private pending = 0;
  private drag: MouseJoint | null = null;

  constructor(
    groundPoints: readonly GroundPoint[],
    /** The fixed step (s); tests and the bench may choose another. */
    readonly dt = PHYSICS_DT,
    /**
     * Box2D's solver iterations per step (its defaults are 8 and 3). A standing ankle holds the
     * whole body on a 2.5 kg foot, and a limit under that load gives way: over 10 pushed
     * minutes 12 and 10 left 0.20% of joint-steps more than 2° past a limit where 8 and 3 left
     * 0.62%, in the same time (the position pass stops early once it has converged).
     */
    readonly iterations = { velocity: 12, position: 10 },
  ) {
    this.ground = new Ground(this.world, groundPoints);
    this.world.on('post-solve', this.measureHit);
  }

  add(character: PhysicsCharacter): PhysicsCharacter {
    this.characters.push(character);
    return character;
  }

  /** One fixed step for every character. */
  step(): void {
    const dt = this.dt;
    for (const c of this.characters) c.beforeStep(dt);
    this.world.step(dt, this.iterations.velocity, this.iterations.position);
    for (const c of this.characters) c.afterStep(dt);
    for (let i = this.balls.length - 1; i >= 0; i--) {
      const ball = this.balls[i]!;
      ball.age += dt;
      if (ball.age > 8 || ball.body.getPosition().y < -50) this.removeBall(i);
    }
    this.time += dt;
    this.steps++;
  }

  /**
   * Advances real time: as many fixed steps as fit (at most 8), the rest carried over;
   * `afterStep` runs after each (plots sample the simulation, not the screen's frames).
   */
  advance(seconds: number, afterStep?: () => void): number {
    if (!(seconds > 0)) return 0;
    this.pending = Math.min(this.pending + seconds, MAX_STEPS_PER_ADVANCE * this.dt);
    let n = 0;
    while (this.pending >= this.dt - 1e-12 && n < MAX_STEPS_PER_ADVANCE) {
      this.step();
      afterStep?.();
      this.pending -= this.dt;
      n++;
    }
    return n;
  }

  /** Throws a ball from `from` with velocity `v` (m/s). */
  throwBall(from: GroundPoint, v: GroundPoint): Body {
    if (this.balls.length >= MAX_BALLS) this.removeBall(0);
    const body = this.world.createBody({
      type: 'dynamic',
      position: new Vec2(from.x, from.y),
      bullet: true,
    });
    body.createFixture({
      shape: new Circle(BALL_RADIUS),
      density: BALL_MASS / (Math.PI * BALL_RADIUS * BALL_RADIUS),
      friction: 0.4,
      restitution: 0.3,
    });
    body.setUserData({ ball: true });
    body.setLinearVelocity(new Vec2(v.x, v.y));
    this.balls.push({ body, age: 0 });
    return body;
  }

  private removeBall(i: number): void {
    this.world.destroyBody(this.balls[i]!.body);
    this.balls.splice(i, 1);
  }

  /** The character body under a point, if any. */
  bodyAt(x: number, y: number): Body | null {
    let found: Body | null = null;
    const p = new Vec2(x, y);
    this.world.queryAABB(
      { lowerBound: new Vec2(x - 1e-3, y - 1e-3), upperBound: new Vec2(x + 1e-3, y + 1e-3) },
      (f) => {
        if (f.getFilterGroupIndex() === CHARACTER_GROUP && f.testPoint(p)) {
          found = f.getBody();
          return false;
        }
        return true;
      },
    );
    return found;
  }

  /** Starts pulling `body` at a point towards the pointer (a mouse joint, as planck's testbed). */
  grab(body: Body, x: number, y: number): void {
    this.release();
    this.drag = this.world.createJoint(
      new MouseJoint(
        { maxForce: 60 * body.getMass() * 9.81, frequencyHz: 5, dampingRatio: 0.7 },
        this.ground.body,
        body,
        new Vec2(x, y),
      ),
    );
  }

  pull(x: number, y: number): void {
    this.drag?.setTarget(new Vec2(x, y));
  }

  release(): void {
    if (this.drag) this.world.destroyJoint(this.drag);
    this.drag = null;
  }

  get dragging(): { body: Body; target: GroundPoint; anchor: GroundPoint } | null {
    const d = this.drag;
    if (!d) return null;
    const t = d.getTarget();
    const a = d.getAnchorB();
    return { body: d.getBodyB(), target: { x: t.x, y: t.y }, anchor: { x: a.x, y: a.y } };
  }

  /** The largest impulse a ball gave each character this step (for the automatic switch). */
  private readonly measureHit = (contact: Contact, impulse: ContactImpulse): void => {
    const a = contact.getFixtureA();
    const b = contact.getFixtureB();
    const ballA = (a.getBody().getUserData() as { ball?: boolean } | null)?.ball;
    const ballB = (b.getBody().getUserData() as { ball?: boolean } | null)?.ball;
    if (!ballA === !ballB) return;
    const other = ballA ? b : a;
    if (other.getFilterGroupIndex() !== CHARACTER_GROUP) return;
    let j = 0;
    for (let k = 0; k < contact.getManifold().pointCount; k++) j += impulse.normalImpulses[k]!;
    const hit = (other.getBody().getUserData() as LinkData).ragdoll;
    hit.hitImpulse = Math.max(hit.hitImpulse, j);
  };

  destroy(): void {
    this.world.off('post-solve', this.measureHit);
    for (const c of this.characters) c.destroy();
    this.characters.length = 0;
  }
}
