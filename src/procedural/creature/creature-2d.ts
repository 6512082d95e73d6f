import { clampAngle, toRadians } from '../../math/angles.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import type { Marker2D } from '../../scene/marker2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import { approachAngle, approachFactor } from '../smoothing.ts';
import type { CreatureLegPlan, CreaturePlan } from './creature-presets.ts';
import {
  defaultRootMotion,
  newRootReading,
  type RootMotionSettings,
  type RootState,
  updateRootMotion,
} from './root-motion.ts';
import {
  advanceStep,
  type FootStep,
  newFootStep,
  type StepSettings,
  startStep,
  wantsStep,
} from './step-arc.ts';

/** How high a lifted foot shows on screen, per unit of height: a top-down view, tilted a little. */
export const LIFT_ON_SCREEN = 0.7;

export interface CreatureLeg {
  plan: CreatureLegPlan;
  /** The IK target, outside the creature (seed 003: "outside the hierarchy"). */
  target: Marker2D;
  /** legOrigin, inside the creature: it moves and turns with the body. */
  home: Marker2D;
  foot: FootStep;
}

export interface LookSettings {
  /** Degrees either side of the bone's rest direction. */
  maxAngle: number;
  /** Smoothing rate of the turn (1/s). */
  speed: number;
}

/**
 * A creature that follows a target (seed 003 §5.4), as a node: its transform is the body, moved
 * by RootMovement; each leg's foot is stepped by its own WalkController and reached by a
 * TwoBoneIK2D node; one bone (a head, or a scorpion's sting) looks at the target within a
 * maximum angle, smoothed. Distances in the settings are the seed's units; `unit` scene units
 * make one.
 */
export class Creature2D extends Node2D {
  override get typeName(): string {
    return 'Creature2D';
  }

  readonly legs: CreatureLeg[] = [];
  motion: RootMotionSettings = defaultRootMotion();
  step: StepSettings = { maxStepDistance: 1.3, stepDuration: 0.22, stepRangeFraction: 0.5 };
  look: LookSettings = { maxAngle: 60, speed: 6 };
  /** Not in the seed: a leg may not lift while a leg of the other diagonal group is stepping. */
  gait = false;
  readonly state: RootState = { x: 0, y: 0, heading: 0, vx: 0, vy: 0, angularVelocity: 0 };
  readonly reading = newRootReading();
  lookBone: Bone2D | null = null;
  /** `step` in scene units, reused every frame. */
  private readonly scaledStep: StepSettings = {
    maxStepDistance: 0,
    stepDuration: 0,
    stepRangeFraction: 0,
  };
  /** The creature stays inside this rectangle (scene units): the edges of the view. */
  bounds = { minX: -Infinity, maxX: Infinity, minY: -Infinity, maxY: Infinity };

  constructor(
    name: string,
    readonly plan: CreaturePlan,
    readonly unit: number,
    private readonly mainTarget: Node2D,
  ) {
    super(name);
  }

  /** Puts the body at a scene position and heading, feet at home, standing still. */
  placeAt(x: number, y: number, heading: number): void {
    Object.assign(this.state, { x: x / this.unit, y: y / this.unit, heading, vx: 0, vy: 0 });
    this.state.angularVelocity = 0;
    this.writeBody();
    for (const leg of this.legs) {
      const h = leg.home.globalPosition;
      Object.assign(leg.foot, newFootStep(h.x, h.y));
      leg.target.setPosition(h.x, h.y);
    }
  }

  override process(dtIn: number): void {
    const dt = Math.min(0.1, Math.max(0, Number.isFinite(dtIn) ? dtIn : 0));
    const t = this.mainTarget.globalTransform;
    updateRootMotion(this.state, this.motion, t.tx / this.unit, t.ty / this.unit, dt, this.reading);
    this.keepInBounds();
    this.writeBody();
    this.stepLegs(dt);
    this.lookAtTarget(t.tx, t.ty, dt);
  }

  private keepInBounds(): void {
    const s = this.state;
    const b = this.bounds;
    const u = this.unit;
    const x = Math.min(b.maxX / u, Math.max(b.minX / u, s.x));
    const y = Math.min(b.maxY / u, Math.max(b.minY / u, s.y));
    if (x !== s.x) s.vx = 0;
    if (y !== s.y) s.vy = 0;
    s.x = x;
    s.y = y;
  }

  private writeBody(): void {
    this.setPosition(this.state.x * this.unit, this.state.y * this.unit);
    this.rotation = this.state.heading;
  }

  /** Seed 003's WalkController for every foot, in scene units. */
  private stepLegs(dt: number): void {
    const scaled = this.scaledStep;
    scaled.maxStepDistance = this.step.maxStepDistance * this.unit;
    scaled.stepDuration = this.step.stepDuration;
    scaled.stepRangeFraction = this.step.stepRangeFraction;
    for (const leg of this.legs) {
      const home = leg.home.globalTransform;
      if (wantsStep(leg.foot, home.tx, home.ty, scaled) && this.mayLift(leg))
        startStep(leg.foot, home.tx, home.ty, scaled);
      advanceStep(leg.foot, dt, scaled);
      // The lifted foot shows higher up the screen, as in a slightly tilted top-down view.
      leg.target.setPosition(leg.foot.x, leg.foot.y - leg.foot.z * LIFT_ON_SCREEN);
    }
  }

  private mayLift(leg: CreatureLeg): boolean {
    if (!this.gait) return true;
    for (const other of this.legs)
      if (other.plan.group !== leg.plan.group && other.foot.moving) return false;
    return true;
  }

  /** Seed 003's HeadMovement (its coherent reading): clamp around rest, then smooth. */
  private lookAtTarget(x: number, y: number, dt: number): void {
    const bone = this.lookBone;
    if (!bone) return;
    const max = toRadians(this.look.maxAngle);
    const rest = bone.rest.rotation;
    const wanted = clampAngle(bone.rotationToLook({ x, y }), rest - max, rest + max);
    bone.rotation = approachAngle(bone.rotation, wanted, this.look.speed, dt);
  }

  /** The smoothing factor this frame for the walk (what the lesson's formula shows). */
  walkFactor(dt: number): number {
    return approachFactor(this.motion.movementAccel, dt);
  }
}
