import { norm } from '../../math/vec2.ts';
import { arrive, arriveAngle } from '../smoothing.ts';
import type { Terrain2D } from '../terrain/terrain-2d.ts';
import { newClosest, newFrame, newRayHit, type TerrainPath } from '../terrain/terrain-path.ts';
import {
  DRAG_SLOWDOWN,
  fitFeetLine,
  newFeetLine,
  sagHeight,
  SUPPORT_RATE,
} from './body-support.ts';
import { canStep, type LegWalk } from './leg-state.ts';
import { patrol, type SpiderPlan } from './spider-shape.ts';

/** What the student tunes while the spider walks (seed 002 leaves every one of these open). */
export interface SpiderGait {
  /** A planted foot steps when its ray's hit is farther than this (seed: DistanceThreshold). */
  stepThreshold: number;
  /** Peak lift of a foot in flight (seed: heightRise). */
  stepHeight: number;
  /** Foot speed in flight, scene units per second (seed: 10 units/s). */
  stepSpeed: number;
  /** Body speed when walking, scene units per second. */
  walkSpeed: number;
  /** How far ahead the rays look while walking (seed: 0.3 units forward). */
  lead: number;
  /** Seed 002's CanStep: off lets every leg lift whenever it likes. */
  gait: boolean;
  /** How fast the body settles onto the pose the planted feet give it (1/s). */
  bodyRate: number;
}

export const defaultGait = (size = 1): SpiderGait => ({
  stepThreshold: 30 * size,
  stepHeight: 22 * size,
  stepSpeed: 320 * size,
  walkSpeed: 70 * size,
  lead: 16 * size,
  gait: true,
  bodyRate: 12,
});

/** A leg stretched beyond this share of its reach holds the body back. */
const STRETCH_SLOW = 0.9;
const STRETCH_STOP = 0.97;

/**
 * A procedural spider's walk in a side view (seed 002 §3), in plain numbers: the body's pose
 * (`bodyX`, `bodyY`, `bodyAngle`, and `facing`) and each leg's foot. `step` runs one frame:
 *
 * 1. Steering moves an anchor along the ground (arc length `s`): the ray rig hangs above it,
 *    turned with the ground's mean direction, so on a wall the rays point into the wall.
 * 2. Each leg casts its ray along the rig's down direction (seed 002 RayLogic).
 * 3. A planted foot farther than `stepThreshold` from its hit steps, if the gait lets it
 *    (seed 002 TargetLogic and CanStep), along an arc to the hit, at `stepSpeed`.
 * 4. The body's tilt and height follow the planted feet: a line fitted through them gives the
 *    tilt, and the body sits `bodyHeight` above it (seed 002 computes its up vector from the
 *    feet the same way, in 3D). With nothing to stand on, it sags.
 * 5. Each knee picks its side: the side of the hip its foot is on.
 *
 * Beyond the seed: the body never outruns its planted legs (it slows as one nears full
 * stretch), feet follow the ground when it is reshaped under them, and every loop is bounded.
 * The walk reads nothing the legs' IK writes, so a Spider2D (nodes) and a SpiderCrowd (flat
 * arrays) walk the same steps from the same start.
 */
export class SpiderWalk<L extends LegWalk = LegWalk> {
  readonly legs: L[] = [];
  gait: SpiderGait;
  /** Steering: −1 walk left, 0 stand, +1 walk right. */
  command = 0;
  /** Walk back and forth on its own, turning at the ends (for swarms and idle pages). */
  autopilot = false;
  facing: 1 | -1 = 1;
  /** The anchor's arc length along the ground. */
  s = 0;
  /** How far left and right (x) the anchor may walk; infinite: the whole ground. */
  walkBounds = { min: -Infinity, max: Infinity };
  private readonly range = { min: 0, max: 0, version: -1, bMin: 0, bMax: 0 };
  /** Frames in which the body had fewer than two planted feet spread along it. */
  unsupportedFrames = 0;
  /**
   * The share of the body's weight the planted feet hold (1 standing; eased): short of 1, the
   * body sinks towards its belly, walks that much slower, and lifted feet drag (stepLegs).
   */
  private held = 1;
  private readonly line = newFeetLine();
  readonly frame = newFrame();
  bodyX = 0;
  bodyY = 0;
  private angle = 0;
  private cos = 1;
  private sin = 0;
  private terrainVersion = -1;
  private readonly hit = newRayHit();
  private readonly hip = { x: 0, y: 0 };
  private readonly closest = newClosest();

  constructor(
    readonly plan: SpiderPlan,
    private terrain: Terrain2D | null,
    gait: SpiderGait = defaultGait(),
  ) {
    this.gait = gait;
  }

  /** The body's tilt (screen radians); set only by the walk, with its cosine and sine. */
  get bodyAngle(): number {
    return this.angle;
  }
  /**
   * Cosine and sine of `bodyAngle`, kept with it: the walk, the legs' solves and the drawing
   * all turn by it.
   */
  get bodyCos(): number {
    return this.cos;
  }
  get bodySin(): number {
    return this.sin;
  }

  get ground(): TerrainPath | null {
    return this.terrain?.ground ?? null;
  }

  /** The share of the body's weight its planted feet hold: 1 standing, 0 on its belly. */
  get support(): number {
    return this.held;
  }

  /** The body's centre above the ground under the rig, along the rig's up (scene units). */
  get heightAboveGround(): number {
    const f = this.frame;
    return (this.bodyX - f.x) * f.nx + (this.bodyY - f.y) * f.ny;
  }

  /** Ends of the walk: a body length from either end of the ground. */
  get sRange(): { min: number; max: number } {
    const ground = this.ground;
    const b = this.walkBounds;
    const r = this.range;
    if (ground && (r.version !== ground.version || r.bMin !== b.min || r.bMax !== b.max)) {
      const len = ground.length;
      const margin = Math.min(this.plan.bodyRx * 2.4, len / 2);
      r.min = Math.max(margin, Number.isFinite(b.min) ? ground.sAtX(b.min, 'first') : 0);
      r.max = Math.min(len - margin, Number.isFinite(b.max) ? ground.sAtX(b.max, 'last') : len);
      if (r.max < r.min) r.min = r.max = (r.min + r.max) / 2;
      r.version = ground.version;
      r.bMin = b.min;
      r.bMax = b.max;
    }
    return r;
  }

  setTerrain(terrain: Terrain2D | null): void {
    this.terrain = terrain;
    this.terrainVersion = -1;
  }

  /** Puts the spider at arc length `s`, standing, every foot on its ray's hit. */
  placeAt(s: number, facing: 1 | -1 = this.facing): boolean {
    const ground = this.ground;
    if (!ground) return false;
    const { min, max } = this.sRange;
    this.s = Math.min(max, Math.max(min, Number.isFinite(s) ? s : min));
    this.facing = facing;
    this.castRays(ground, 0);
    for (const leg of this.legs) {
      leg.grounded = true;
      leg.t = 0;
      leg.footX = leg.hitX;
      leg.footY = leg.hitY;
    }
    this.held = 1;
    this.fitBody(1e9);
    this.terrainVersion = ground.version;
    this.pickKnees();
    return true;
  }

  /** One frame of `dt` seconds; false when there is no ground or no leg (nothing moved). */
  step(dtIn: number): boolean {
    const ground = this.ground;
    if (!ground || this.legs.length === 0) return false;
    const dt = Math.min(0.1, Math.max(0, Number.isFinite(dtIn) ? dtIn : 0));
    if (ground.version !== this.terrainVersion) this.followReshapedGround(ground);
    const { min, max } = this.sRange;
    if (this.autopilot) this.command = patrol(this.command, this.facing, this.s, min, max);
    const u = this.command > 0 ? 1 : this.command < 0 ? -1 : 0;
    if (u !== 0) this.facing = u;
    // A body its feet do not hold is not carried forward either: it slows as it sinks.
    let speed = this.gait.walkSpeed * this.stretchAllowance();
    if (this.held < 1) speed *= this.held;
    this.s = Math.min(max, Math.max(min, this.s + u * speed * dt));
    this.castRays(ground, u);
    this.stepLegs(dt);
    this.fitBody(dt);
    this.pickKnees();
    return true;
  }

  /** Hip-to-foot distance as a share of the leg's reach. */
  private stretchOf(leg: L): number {
    const h = this.hipOf(leg);
    return norm(leg.footX - h.x, leg.footY - h.y) / this.plan.reach;
  }

  /** Where a leg's hip is on the body as it is now: written into one scratch. */
  private hipOf(leg: L): { x: number; y: number } {
    const h = this.hip;
    const c = this.bodyCos;
    const s = this.bodySin;
    h.x = this.bodyX + c * this.facing * leg.plan.hipX - s * leg.plan.hipY;
    h.y = this.bodyY + s * this.facing * leg.plan.hipX + c * leg.plan.hipY;
    return h;
  }

  /** 1 to walk freely, down to 0 when a planted leg is nearly straight. */
  private stretchAllowance(): number {
    let worst = 0;
    for (const leg of this.legs) if (leg.grounded) worst = Math.max(worst, this.stretchOf(leg));
    const allow = (STRETCH_STOP - worst) / (STRETCH_STOP - STRETCH_SLOW);
    return Math.min(1, Math.max(0, allow));
  }

  /** Seed 002 RayLogic: each leg's ray, from above the body along the rig's down direction. */
  private castRays(ground: TerrainPath, u: number): void {
    const f = ground.frameAt(this.s, this.plan.bodyRx * 1.4, this.frame);
    const p = this.plan;
    const up = p.bodyHeight + p.rayAbove;
    const maxDistance = up + p.reach;
    const hit = this.hit;
    for (const leg of this.legs) {
      const along = this.facing * leg.plan.restAlong + u * this.gait.lead;
      const ox = f.x + f.nx * up + f.tx * along;
      const oy = f.y + f.ny * up + f.ty * along;
      leg.rayX = ox;
      leg.rayY = oy;
      if (ground.raycast(ox, oy, -f.nx, -f.ny, maxDistance, hit)) {
        leg.hitX = hit.x;
        leg.hitY = hit.y;
        leg.rayHit = true;
      } else {
        // Nothing under the ray (past a ledge, say): reach for the ground the same distance
        // along it instead, so the leg always has somewhere to go.
        ground.pointAt(this.s + along, hit);
        leg.hitX = hit.x;
        leg.hitY = hit.y;
        leg.rayHit = false;
      }
    }
  }

  /** Seed 002 TargetLogic: planted feet wait for their threshold; feet in flight go on. */
  private stepLegs(dt: number): void {
    const g = this.gait;
    const f = this.frame;
    // The weight the planted feet did not hold: lifted feet carry it, and drag.
    const load = 1 - this.held;
    for (const leg of this.legs) {
      if (leg.grounded) {
        const d = norm(leg.footX - leg.hitX, leg.footY - leg.hitY);
        // A leg about to be pulled straight steps early, if it has anywhere better to go.
        const urgent = d > g.stepThreshold * 0.25 && this.stretchOf(leg) > STRETCH_SLOW;
        if ((d > g.stepThreshold || urgent) && canStep(this.legs, leg, g.gait)) {
          leg.grounded = false;
          leg.fromX = leg.footX;
          leg.fromY = leg.footY;
          leg.t = 0;
        }
        continue;
      }
      // In flight: towards the hit as it is now, at the foot speed, lifted along an arc.
      const span = Math.max(
        norm(leg.hitX - leg.fromX, leg.hitY - leg.fromY),
        g.stepThreshold * 0.5,
      );
      let speed = Math.max(1, g.stepSpeed);
      if (load > 0) speed *= 1 - DRAG_SLOWDOWN * load;
      leg.t = Math.min(1, leg.t + (dt * speed) / span);
      if (leg.t >= 1) {
        leg.grounded = true;
        leg.footX = leg.hitX;
        leg.footY = leg.hitY;
        leg.steps++;
        continue;
      }
      const lift = g.stepHeight * Math.sin(Math.PI * leg.t);
      leg.footX = leg.fromX + (leg.hitX - leg.fromX) * leg.t + f.nx * lift;
      leg.footY = leg.fromY + (leg.hitY - leg.fromY) * leg.t + f.ny * lift;
      if (load > 0) this.drag(leg, load);
    }
  }

  /**
   * A lifted foot under `load` (the share of the body's weight the planted feet do not hold)
   * is pushed that far from its arc down onto the ground: fully loaded, it scrapes along it.
   */
  private drag(leg: L, load: number): void {
    const ground = this.ground!;
    const on = ground.closest(leg.footX, leg.footY, this.closest);
    leg.footX += (on.x - leg.footX) * load;
    leg.footY += (on.y - leg.footY) * load;
  }

  /**
   * The body's pose from the planted feet: fit a line b = c + m·a through them in the rig's
   * frame (a along the ground, b up from it); the body lies along that line, `bodyHeight`
   * above it. Feet that carry less than the body's weight let it down (body-support.ts):
   * fewer than two feet spread along it cannot hold it at all, and it lies on its belly.
   */
  private fitBody(dt: number): void {
    const f = this.frame;
    const line = fitFeetLine(this.legs, f, this.plan, this.line);
    let tx = f.tx;
    let ty = f.ty;
    let baseX = f.x;
    let baseY = f.y;
    if (line.fits) {
      tx = f.tx + line.m * f.nx;
      ty = f.ty + line.m * f.ny;
      const len = norm(tx, ty);
      tx /= len;
      ty /= len;
      baseX = f.x + f.nx * line.c;
      baseY = f.y + f.ny * line.c;
    } else this.unsupportedFrames++;
    const height = sagHeight(this.plan, line.held);
    // The legs give way (or take the weight back) quickly, but not in one frame.
    this.held = arrive(this.held, line.held, SUPPORT_RATE, dt, 1e-6);
    // Up is the tangent turned a quarter anticlockwise on screen: (ty, −tx).
    const targetX = baseX + ty * height;
    const targetY = baseY - tx * height;
    const targetAngle = Math.atan2(ty, tx);
    const rate = this.gait.bodyRate;
    // Arriving, not only approaching: a spider that stands still stops moving its transform,
    // so its legs' solves are skipped (a millionth of a unit or radian is never seen).
    this.bodyX = arrive(this.bodyX, targetX, rate, dt, 1e-6);
    this.bodyY = arrive(this.bodyY, targetY, rate, dt, 1e-6);
    this.angle = arriveAngle(this.angle, targetAngle, rate, dt, 1e-6);
    this.cos = Math.cos(this.angle);
    this.sin = Math.sin(this.angle);
    this.keepFeetInReach();
  }

  /**
   * Planted legs hold the body: if one would be pulled past `STRETCH_STOP` of its reach, the
   * body moves towards that foot until it is not. Three rounds settle every case we measured.
   */
  private keepFeetInReach(): void {
    const limit = STRETCH_STOP * this.plan.reach;
    for (let round = 0; round < 3; round++) {
      let moved = false;
      for (const leg of this.legs) {
        if (!leg.grounded) continue;
        const h = this.hipOf(leg);
        const d = norm(leg.footX - h.x, leg.footY - h.y);
        if (d <= limit) continue;
        // Towards the foot, along the hip-to-foot line, until the leg is back at the limit.
        const k = 1 - limit / d;
        this.bodyX += (leg.footX - h.x) * k;
        this.bodyY += (leg.footY - h.y) * k;
        moved = true;
      }
      if (!moved) break;
    }
  }

  /** The ground changed shape: planted feet drop (or rise) onto its nearest point. */
  private followReshapedGround(ground: TerrainPath): void {
    for (const leg of this.legs) {
      // A foot in flight goes on towards its ray's next hit.
      if (!leg.grounded) continue;
      ground.closest(leg.footX, leg.footY, this.closest);
      leg.footX = this.closest.x;
      leg.footY = this.closest.y;
    }
    const { min, max } = this.sRange;
    this.s = Math.min(max, Math.max(min, this.s));
    this.terrainVersion = ground.version;
  }

  /**
   * The knee rises on the side of the hip its foot is on, as a spider's does: a foot that passes
   * under the hip swings its knee over (with a little hysteresis against flicker).
   */
  private pickKnees(): void {
    const c = this.bodyCos;
    const s = this.bodySin;
    const hysteresis = this.plan.kneeHysteresis;
    for (const leg of this.legs) {
      const along = this.facing * ((leg.footX - this.bodyX) * c + (leg.footY - this.bodyY) * s);
      const off = along - leg.plan.hipX;
      if (Math.abs(off) > hysteresis) leg.knee = off > 0 ? 1 : -1;
    }
  }
}
