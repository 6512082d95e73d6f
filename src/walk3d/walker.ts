import { fromTRS } from '../math/mat4.ts';
import { fromAxisAngle, mulQuat } from '../math/quat.ts';
import type { Clip } from './clip.ts';
import { forwardKinematics, jointPosition, Pose } from './pose.ts';
import { forwardAt, type RootMotion } from './root-motion.ts';
import type { Skeleton } from './skeleton.ts';
import type { Character } from './character.ts';
import type { TerrainSet } from './terrain3d.ts';

/** The seed's settings (its §13.2): play rate 0.7, a half-second cross-fade, turning at 0.8. */
export const WALKER_DEFAULTS = { playRate: 0.7, crossFade: 0.5, turnSpeed: 0.8, scale: 0.05 };

/**
 * A character playing its clips with no IK (the picture before the walking IK system): the walk
 * cycle and the idle pose, cross-faded; its position driven by the walk's root motion along the
 * way it faces; its facing turned at `turnSpeed` (seed 000 §9.2 step 2: rotationAngle += ΔT_a ·
 * rotationSpeed, about Z); its feet wherever the clip puts them, whatever the ground does.
 */
export class Walker implements Character {
  /** World position of the root (x, y on the ground; z the ground's height there). */
  readonly position = new Float64Array(3);
  /** The way it faces: radians about Z from +Y (seed's rotationAngle). */
  facing = 0;
  /** −1, 0 or +1: turning left, straight, right (held keys). */
  turn = 0;
  playRate = WALKER_DEFAULTS.playRate;
  crossFade = WALKER_DEFAULTS.crossFade;
  turnSpeed = WALKER_DEFAULTS.turnSpeed;
  scale = WALKER_DEFAULTS.scale;
  /** Where the walk/idle blend is going (1 walking, 0 idle) and where it is. */
  walking = false;
  weight = 0;
  /** Clip times (seconds of animation): each clip runs on its own clock. */
  walkTime = 0;
  idleTime = 0;
  /** Extra local rotations applied after the clip, by joint (unit quaternions). */
  readonly extra = new Map<number, Float64Array>();
  /** When set, the walk is frozen at this clip time (a student scrubbing). */
  scrub: number | null = null;
  readonly pose: Pose;
  readonly matrices: Float64Array;
  readonly world = new Float64Array(16);
  private readonly walkPose: Pose;
  private readonly idlePose: Pose;
  private readonly q = new Float64Array(4);
  private readonly scale3 = new Float64Array(3);

  constructor(
    readonly skeleton: Skeleton,
    readonly walk: { clip: Clip; motion: RootMotion },
    readonly idle: Clip,
    public terrain: TerrainSet | null = null,
  ) {
    this.pose = new Pose(skeleton);
    this.walkPose = new Pose(skeleton);
    this.idlePose = new Pose(skeleton);
    this.matrices = new Float64Array(16 * skeleton.count);
  }

  /** One engine tick of dt seconds: times, facing, blend, position, pose, world matrices. */
  update(dt: number): void {
    const d = Math.min(0.1, Math.max(0, Number.isFinite(dt) ? dt : 0));
    const da = this.playRate * d; // ΔT_a = p · ΔT
    const goal = this.walking ? 1 : 0;
    const stepW = this.crossFade > 0 ? da / this.crossFade : 1;
    this.weight += Math.max(-stepW, Math.min(stepW, goal - this.weight));
    this.facing += this.turn * this.turnSpeed * da;
    if (this.scrub === null) {
      const before = forwardAt(this.walk.motion, this.walkTime);
      this.walkTime += da;
      this.idleTime += da;
      // The root moves as far as the walk's hips did, scaled by how much it is walking.
      const ahead =
        (forwardAt(this.walk.motion, this.walkTime) - before) * this.weight * this.scale;
      // A clip whose motion cannot be read (a broken file) leaves the walker where it is.
      if (Number.isFinite(ahead)) {
        this.position[0] = this.position[0]! - Math.sin(this.facing) * ahead;
        this.position[1] = this.position[1]! + Math.cos(this.facing) * ahead;
      }
    } else this.walkTime = this.idleTime = this.scrub;
    this.settle();
  }

  /** Puts the root on the ground and recomputes the pose and every joint's world matrix. */
  settle(): void {
    const ground = this.terrain ? this.terrain.heightAt(this.position[0]!, this.position[1]!) : 0;
    this.position[2] = Number.isFinite(ground) ? ground : 0;
    this.walk.clip.sample(this.walkTime, this.walkPose.toBind());
    this.idle.sample(this.idleTime, this.idlePose.toBind());
    this.pose.blend(this.idlePose, this.walkPose, this.weight);
    // Turns added by hand on top of the clip (a student rotating one joint).
    if (this.extra.size)
      for (const [joint, turn] of this.extra) {
        const r = this.pose.r;
        const o = 4 * joint;
        const q = this.q;
        for (let c = 0; c < 4; c++) q[c] = r[o + c]!;
        mulQuat(q, q, turn);
        for (let c = 0; c < 4; c++) r[o + c] = q[c]!;
      }
    fromAxisAngle(this.q, Z_AXIS, this.facing);
    this.scale3.fill(this.scale);
    fromTRS(this.world, this.position, this.q, this.scale3);
    forwardKinematics(this.pose, this.matrices, this.world);
  }

  /** Half the course's figure height above the ground under it. */
  aimPoint(out: Float64Array): Float64Array {
    out[0] = this.position[0]!;
    out[1] = this.position[1]!;
    out[2] = this.position[2]! + AIM_HEIGHT;
    return out;
  }

  /** A joint's world position from the last update. */
  jointPosition(i: number, out: Float64Array): Float64Array {
    return jointPosition(this.matrices, i, out);
  }
}

const Z_AXIS = Float64Array.of(0, 0, 1);

/** Half the height rigs are scaled to (RIG_HEIGHT 9): where a camera aims. */
const AIM_HEIGHT = 4.5;
