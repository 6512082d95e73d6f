import type { Bone2D } from '../../scene/bone2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import { approach } from '../smoothing.ts';
import type { Terrain2D } from '../terrain/terrain-2d.ts';
import { newRayHit } from '../terrain/terrain-path.ts';
import { sampleClip, type WalkClip } from './baked-walk-clip.ts';
import { patrol, poseLeg, type SpiderPlan } from './spider-shape.ts';

/**
 * Seed 002's baked spider (§5.1), in a side view: it plays a walk clip keyed on flat ground at
 * a fixed rate, and moves like a game character controller: along x at its walking speed, its
 * body held at standing height above the ground under its centre, never tilted. It does not
 * know where its feet are, so on hills they float or sink, and when it walks faster or slower
 * than the clip was made for, planted feet slide.
 */
export class BakedSpider2D extends Node2D {
  override get typeName(): string {
    return 'BakedSpider2D';
  }

  /** Steering: −1 left, 0 stand, +1 right (the same as the IK spider's). */
  command = 0;
  autopilot = false;
  facing: 1 | -1 = 1;
  walkSpeed: number;
  /** The cycle's phase, 0–1, and how far the idle → walk blend is (seed: SetFloat, damped). */
  phase = 0;
  walkBlend = 0;
  /**
   * Walk where someone else walks: each frame the body goes to `follow.x`, facing the same way,
   * and walks (plays the clip) whenever that moved. Null: steer by `command`.
   */
  follow: { x: number; facing: 1 | -1 } | null = null;
  /** How far left and right (x) it may walk. */
  walkBounds = { min: -Infinity, max: Infinity };
  /** Per leg: the clip has this foot planted now. */
  readonly planted: boolean[];
  readonly femurs: Bone2D[] = [];
  private x = 0;
  private y = 0;
  private readonly pose = new Float64Array(3);
  private readonly hit = newRayHit();
  private shownFacing = 0;

  constructor(
    name: string,
    readonly plan: SpiderPlan,
    readonly clip: WalkClip,
    private readonly terrain: Terrain2D | null,
  ) {
    super(name);
    this.walkSpeed = clip.speed;
    this.planted = plan.legs.map(() => true);
  }

  /** Left and right ends of its walk. */
  get xRange(): { min: number; max: number } {
    const g = this.terrain?.ground;
    if (!g) return { min: 0, max: 0 };
    const margin = this.plan.bodyRx * 2.4;
    return {
      min: Math.max(g.minX + margin, this.walkBounds.min),
      max: Math.min(g.maxX - margin, this.walkBounds.max),
    };
  }

  get bodyX(): number {
    return this.x;
  }

  placeAt(x: number, facing: 1 | -1 = this.facing): void {
    const { min, max } = this.xRange;
    this.x = Math.min(max, Math.max(min, Number.isFinite(x) ? x : min));
    this.facing = facing;
    this.y = this.standingY(this.y);
    this.apply();
  }

  override process(dtIn: number): void {
    if (!this.terrain) return;
    const dt = Math.min(0.1, Math.max(0, Number.isFinite(dtIn) ? dtIn : 0));
    const { min, max } = this.xRange;
    if (this.autopilot) this.command = patrol(this.command, this.facing, this.x, min, max);
    let u = this.command > 0 ? 1 : this.command < 0 ? -1 : 0;
    if (this.follow) {
      const to = Math.min(max, Math.max(min, this.follow.x));
      u = Math.abs(to - this.x) > 1e-6 ? Math.sign(to - this.x) : 0;
      this.x = to;
      this.facing = this.follow.facing;
    } else {
      if (u !== 0) this.facing = u as 1 | -1;
      this.x = Math.min(max, Math.max(min, this.x + u * this.walkSpeed * dt));
    }
    // A character controller: the body rides at standing height over the ground below it.
    this.y = approach(this.y, this.standingY(this.y), 14, dt);
    // The blend tree's parameter, damped over 0.1 s as seed 002's SetFloat does.
    this.walkBlend = approach(this.walkBlend, u !== 0 ? 1 : 0, 10, dt);
    // Played at the clip's own rate, whatever the body's speed.
    if (this.walkBlend > 1e-3) this.phase = (this.phase + dt / this.clip.cycle) % 1;
    this.apply();
  }

  private standingY(fallback: number): number {
    const g = this.terrain!.ground;
    const ground = g.groundBelow(this.x, -1e5, this.hit);
    return Number.isFinite(ground) ? ground - this.plan.bodyHeight : fallback;
  }

  private apply(): void {
    this.setPosition(this.x, this.y);
    if (this.shownFacing !== this.facing) {
      this.setScale(this.facing, 1);
      this.shownFacing = this.facing;
    }
    for (let i = 0; i < this.femurs.length; i++) {
      this.planted[i] = sampleClip(this.clip, i, this.phase, this.walkBlend, this.pose);
      poseLeg(this.femurs[i]!, this.pose);
    }
  }
}
