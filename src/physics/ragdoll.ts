import { Body, Box, Circle, RevoluteJoint, Vec2, type World } from 'planck';
import { wrapAngle } from '../math/angles.ts';
import type { LinkPlan } from './body-plan.ts';
import { centralInertia, linkFrames } from './character-pose.ts';

/** What each body of a ragdoll carries as planck user data. */
export interface LinkData {
  link: number;
  ragdoll: Ragdoll;
}

/** Character parts never collide with each other (the near and far limbs overlap in 2D). */
export const CHARACTER_GROUP = -1;

/**
 * The character as planck.js rigid bodies: one body per link, each link's box or disc with its
 * plan mass, joined by revolute joints with limits at the plan's anchors. Reads the bodies back
 * as frames, joint angles and rates; can drive them as kinematic bodies.
 */
export class Ragdoll {
  readonly bodies: Body[] = [];
  readonly joints: RevoluteJoint[] = [];
  /** Per link: mass, inertia about its centre, centre in its own frame. */
  readonly masses: Float64Array;
  readonly inertias: Float64Array;
  /** The largest impulse a thrown ball gave any of the bodies this step (N·s). */
  hitImpulse = 0;
  private readonly scratch: Float64Array;
  private readonly v = new Vec2(0, 0);

  constructor(
    readonly world: World,
    readonly plan: readonly LinkPlan[],
    pose: Float64Array,
  ) {
    const n = plan.length;
    this.masses = Float64Array.from(plan, (l) => l.mass);
    this.inertias = Float64Array.from(plan, centralInertia);
    this.scratch = new Float64Array(3 * n);
    linkFrames(plan, pose, this.scratch);
    plan.forEach((l, i) => {
      const body = world.createBody({
        type: 'dynamic',
        position: new Vec2(this.scratch[3 * i]!, this.scratch[3 * i + 1]!),
        angle: this.scratch[3 * i + 2]!,
        allowSleep: false,
      });
      const s = l.shape;
      const area = s.kind === 'circle' ? Math.PI * s.r * s.r : 4 * s.hx * s.hy;
      body.createFixture({
        shape:
          s.kind === 'circle'
            ? new Circle(new Vec2(s.cx, s.cy), s.r)
            : new Box(s.hx, s.hy, new Vec2(s.cx, s.cy), 0),
        density: l.mass / area,
        friction: 0.9,
        filterGroupIndex: CHARACTER_GROUP,
      });
      body.setUserData({ link: i, ragdoll: this } satisfies LinkData);
      this.bodies.push(body);
      if (l.parent >= 0) {
        const joint = world.createJoint(
          new RevoluteJoint({
            bodyA: this.bodies[l.parent]!,
            bodyB: body,
            localAnchorA: new Vec2(l.anchor[0], l.anchor[1]),
            localAnchorB: new Vec2(0, 0),
            referenceAngle: 0,
            enableLimit: true,
            lowerAngle: l.lower,
            upperAngle: l.upper,
          }),
        )!;
        this.joints.push(joint);
      }
    });
  }

  /** Each link's body origin and angle (x, y, angle a link). */
  readFrames(out: Float64Array): void {
    for (let i = 0; i < this.bodies.length; i++) {
      const b = this.bodies[i]!;
      const p = b.getPosition();
      out[3 * i] = p.x;
      out[3 * i + 1] = p.y;
      out[3 * i + 2] = b.getAngle();
    }
  }

  /**
   * The pose the bodies show (root origin and angle, joint angles) and its rate of change (the
   * root origin's velocity, the root's spin, each joint's relative spin).
   */
  readPose(pose: Float64Array, rate: Float64Array): void {
    const root = this.bodies[0]!;
    const o = root.getPosition();
    const c = root.getWorldCenter();
    const v = root.getLinearVelocity();
    const w = root.getAngularVelocity();
    pose[0] = o.x;
    pose[1] = o.y;
    pose[2] = root.getAngle();
    // The origin's velocity: the centre's plus ω × (origin − centre).
    rate[0] = v.x - w * (o.y - c.y);
    rate[1] = v.y + w * (o.x - c.x);
    rate[2] = w;
    for (let i = 1; i < this.bodies.length; i++) {
      const b = this.bodies[i]!;
      const p = this.bodies[this.plan[i]!.parent]!;
      pose[i + 2] = wrapAngle(b.getAngle() - p.getAngle());
      rate[i + 2] = b.getAngularVelocity() - p.getAngularVelocity();
    }
  }

  /** Centres of mass (x, y pairs) and joint positions (x, y pairs) in the world. */
  readCentresAndJoints(centres: Float64Array, joints: Float64Array): void {
    for (let i = 0; i < this.bodies.length; i++) {
      const b = this.bodies[i]!;
      const c = b.getWorldCenter();
      centres[2 * i] = c.x;
      centres[2 * i + 1] = c.y;
      const o = b.getPosition();
      joints[2 * i] = o.x;
      joints[2 * i + 1] = o.y;
    }
  }

  /**
   * Moves the bodies as kinematic ones so that after `dt` they stand at `frames`: each body's
   * centre of mass gets the velocity that carries it there, its angle the rate that turns it
   * there. (planck puts a kinematic body's centre of mass at its origin, so the centre is read
   * from the body, not from the plan.)
   */
  driveTo(frames: Float64Array, dt: number, only: 'all' | 'root'): void {
    const count = only === 'root' ? 1 : this.bodies.length;
    for (let i = 0; i < count; i++) {
      const b = this.bodies[i]!;
      const a = frames[3 * i + 2]!;
      const c = b.getLocalCenter();
      const cx = frames[3 * i]! + Math.cos(a) * c.x - Math.sin(a) * c.y;
      const cy = frames[3 * i + 1]! + Math.sin(a) * c.x + Math.cos(a) * c.y;
      const now = b.getWorldCenter();
      this.v.x = (cx - now.x) / dt;
      this.v.y = (cy - now.y) / dt;
      b.setLinearVelocity(this.v);
      b.setAngularVelocity(wrapAngle(a - b.getAngle()) / dt);
    }
  }

  /**
   * Makes bodies kinematic (moved by driveTo) or dynamic (moved by forces), every material
   * point keeping its velocity: planck moves a kinematic body's centre of mass to its origin
   * without correcting the velocity, so the origin's velocity is carried over by hand.
   */
  setKinematic(kinematic: boolean, only: 'all' | 'root'): void {
    const count = only === 'root' ? 1 : this.bodies.length;
    for (let i = 0; i < this.bodies.length; i++) {
      const b = this.bodies[i]!;
      const want = kinematic && i < count;
      if (want === b.isKinematic()) continue;
      const o = b.getPosition();
      const vo = b.getLinearVelocityFromWorldPoint(o);
      const w = b.getAngularVelocity();
      if (want) b.setKinematic();
      else b.setDynamic();
      const c = b.getWorldCenter();
      this.v.x = vo.x - w * (c.y - o.y);
      this.v.y = vo.y + w * (c.x - o.x);
      b.setLinearVelocity(this.v);
      b.setAngularVelocity(w);
      b.setAwake(true);
    }
  }

  /** Puts every body at a pose, at rest (no velocity). */
  placeAt(pose: Float64Array): void {
    linkFrames(this.plan, pose, this.scratch);
    for (let i = 0; i < this.bodies.length; i++) {
      const b = this.bodies[i]!;
      b.setTransform(
        new Vec2(this.scratch[3 * i]!, this.scratch[3 * i + 1]!),
        this.scratch[3 * i + 2]!,
      );
      b.setLinearVelocity(new Vec2(0, 0));
      b.setAngularVelocity(0);
    }
  }

  destroy(): void {
    for (const j of this.joints) this.world.destroyJoint(j);
    for (const b of this.bodies) this.world.destroyBody(b);
    this.joints.length = 0;
    this.bodies.length = 0;
  }
}
