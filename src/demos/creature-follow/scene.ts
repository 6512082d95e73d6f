import type { Vec2 } from '../../math/vec2.ts';
import { buildCreature } from '../../procedural/creature/build-creature.ts';
import type { Creature2D } from '../../procedural/creature/creature-2d.ts';
import type { CreaturePreset } from '../../procedural/creature/creature-presets.ts';
import { approach } from '../../procedural/smoothing.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import { processTree } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import { WORLD } from './meta.ts';

/** Scene units per seed unit: the seed's 5 and 7.5 become 150 and 225 on the canvas. */
export const UNIT = 30;
/** How fast the target eases towards where the pointer holds it (seed 003's PlayerInput). */
const TARGET_EASE = 6;

/** The numbers the student tunes, as the creature's settings name them. */
export interface CreatureSettings {
  minDistance: number;
  maxDistance: number;
  maxAngle: number;
  maxStep: number;
  stepDuration: number;
  overshoot: number;
  lookAngle: number;
  gait: boolean;
}

/**
 * Lesson 9's ground: the Target, and a creature (rebuilt when another is chosen, where the
 * last one stood) that follows it. The pointer held on the ground eases the target there.
 */
export class CreatureScene {
  readonly world = new Node2D('World');
  readonly target = this.world.addChild(new Marker2D('Target', 'target'));
  creature!: Creature2D;
  /** Where the pointer holds the target (null: not held). The target eases there. */
  destination: Vec2 | null = null;
  private lastSet: Vec2;

  constructor(
    preset: CreaturePreset,
    readonly settings: CreatureSettings,
    target: Vec2,
  ) {
    this.target.position = target;
    this.lastSet = this.target.position;
    this.build(preset);
  }

  /** The creature's numbers from the settings (after a change, or a new creature). */
  apply(): void {
    const { creature: c, settings: s } = this;
    c.motion.minDistance = s.minDistance;
    // Not clamped above min: a band turned inside out is worth seeing (lesson 9, Try this).
    c.motion.maxDistance = s.maxDistance;
    c.motion.maxAngle = s.maxAngle;
    c.step.maxStepDistance = s.maxStep;
    c.step.stepDuration = s.stepDuration;
    c.step.stepRangeFraction = s.overshoot;
    c.look.maxAngle = s.lookAngle;
    c.gait = s.gait;
  }

  /** A new creature of `preset`, standing where the last one stood, heading the same way. */
  build(preset: CreaturePreset): void {
    const old = this.creature as Creature2D | undefined;
    const at = old ? old.position : { x: -200, y: 80 };
    const heading = old ? old.state.heading : 0;
    if (old) {
      this.world.removeChild(old);
      const feet = this.world.getNode(`${old.name}Feet`);
      if (feet) this.world.removeChild(feet);
    }
    this.creature = buildCreature(this.world, preset, UNIT, this.target);
    this.creature.bounds = {
      minX: WORLD.x + 60,
      maxX: WORLD.x + WORLD.width - 60,
      minY: WORLD.y + 60,
      maxY: WORLD.y + WORLD.height - 60,
    };
    this.apply();
    this.creature.placeAt(at.x, at.y, heading);
  }

  update(dt: number): void {
    const target = this.target;
    // The target handle was dragged (or moved by keys): that is where it is now.
    const now = target.position;
    if (now.x !== this.lastSet.x || now.y !== this.lastSet.y) this.destination = null;
    const to = this.destination;
    if (to)
      target.setPosition(
        approach(now.x, to.x, TARGET_EASE, dt),
        approach(now.y, to.y, TARGET_EASE, dt),
      );
    this.lastSet = target.position;
    processTree(this.world, dt);
  }
}
