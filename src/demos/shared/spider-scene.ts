import { BakedSpider2D } from '../../procedural/spider/baked-spider-2d.ts';
import { buildBakedSpider, buildSpider } from '../../procedural/spider/build-spider.ts';
import { FootContactMeter, legTips } from '../../procedural/spider/foot-contact-meter.ts';
import type { Spider2D } from '../../procedural/spider/spider-2d.ts';
import type { LegCount } from '../../procedural/spider/spider-shape.ts';
import { Terrain2D } from '../../procedural/terrain/terrain-2d.ts';
import { type TerrainPreset, terrainPoints } from '../../procedural/terrain/terrain-presets.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import { processTree } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';

export const GROUND_SPAN = { left: -720, right: 720, base: 170 };
/** The spiders walk within this x range: the ground runs on past both edges of the view. */
export const WALK_BOUNDS = { min: -470, max: 470 };
/** The baked spider walks a copy of the ground this far below (its own lane). */
export const LANE = 260;
/** The baked spider is drawn a little see-through, so the eye reads it as the other one. */
const BAKED_MODULATE = '#ffffffc8';

/**
 * The spider lesson's world: the ground with the IK spider on it and, optionally, the baked
 * spider in a lane below, on a copy of the same ground, always at the same x: the two can be
 * compared foot by foot. Each has a meter of how well its planted feet touch the ground.
 */
export class SpiderScene {
  readonly world = new Node2D('World');
  readonly terrain: Terrain2D;
  spider!: Spider2D;
  baked: BakedSpider2D | null = null;
  /** The copy of the ground the baked spider walks on. */
  lane: Terrain2D | null = null;
  private laneVersion = -1;
  ikMeter!: FootContactMeter;
  bakedMeter!: FootContactMeter;
  /** The baked body's facing last frame: a change mirrors every foot at once. */
  private bakedFacing = 0;
  private xs = new Float64Array(8);
  private ys = new Float64Array(8);
  private planted: boolean[] = [];
  private femurs: Bone2D[] = [];

  constructor(preset: TerrainPreset, legs: LegCount, start: number, withBaked: boolean) {
    this.terrain = this.world.addChild(
      new Terrain2D('Terrain', terrainPoints(preset, GROUND_SPAN)),
    );
    // A shallow fill: the baked spider's lane shows below it.
    this.terrain.fillDepth = 50;
    processTree(this.terrain, 0);
    this.build(legs, start, withBaked);
  }

  /** (Re)builds both spiders with `legs` legs, the IK one at `start` (0–1 along its walk). */
  build(legs: LegCount, start: number, withBaked: boolean): void {
    const facing = this.spider?.facing ?? 1;
    const gait = this.spider ? { ...this.spider.gait } : undefined;
    const command = this.spider?.command ?? 0;
    const autopilot = this.spider?.autopilot ?? false;
    for (const n of [...this.world.children]) if (n !== this.terrain) this.world.removeChild(n);
    this.lane = null;
    this.spider = buildSpider(this.world, this.terrain, { legs, size: 1 }, { gait });
    this.spider.walkBounds = { ...WALK_BOUNDS };
    const { min, max } = this.spider.sRange;
    this.spider.placeAt(min + (max - min) * clamp01(start), facing);
    this.spider.command = command;
    this.spider.autopilot = autopilot;
    this.resetMeters();
    this.planted = new Array<boolean>(legs).fill(true);
    this.femurs = this.spider.legs.map((l) => l.femur);
    this.baked = null;
    this.setBaked(withBaked);
  }

  setBaked(on: boolean): void {
    if (!on) {
      if (this.baked) this.world.removeChild(this.baked);
      if (this.lane) this.world.removeChild(this.lane);
      this.baked = this.lane = null;
      return;
    }
    if (this.baked) return;
    const legs = this.spider.legs.length as LegCount;
    this.lane = this.world.addChild(new Terrain2D('BakedLane', this.terrain.points));
    this.lane.position = { x: 0, y: LANE };
    this.laneVersion = this.terrain.ground.version;
    processTree(this.lane, 0);
    this.baked = buildBakedSpider(this.world, this.lane, { legs, size: 1 });
    this.baked.modulate = BAKED_MODULATE;
    this.baked.walkBounds = { ...WALK_BOUNDS };
    this.baked.follow = { x: this.spider.position.x, facing: this.spider.facing };
    this.baked.placeAt(this.spider.position.x, this.spider.facing);
    this.bakedMeter = new FootContactMeter(legs);
  }

  /**
   * New ground: the spiders go back to where the figure started them (a spider left halfway up
   * a wall would stand in the air over flat ground), measured afresh.
   */
  setTerrain(preset: TerrainPreset, start: number): void {
    const editing = this.terrain.editable;
    this.terrain.editable = false;
    this.terrain.points = terrainPoints(preset, GROUND_SPAN);
    this.terrain.editable = editing;
    processTree(this.terrain, 0);
    const { min, max } = this.spider.sRange;
    this.spider.placeAt(min + (max - min) * clamp01(start));
    if (this.lane) this.lane.points = this.terrain.points;
    this.baked?.placeAt(this.spider.position.x);
    this.resetMeters();
  }

  /** Forget what the meters saw (a new ground or a new spider: old figures would mislead). */
  private resetMeters(): void {
    const legs = this.spider.legs.length;
    this.ikMeter = new FootContactMeter(legs);
    this.bakedMeter = new FootContactMeter(legs);
  }

  /** A person's keys or buttons, or walking on its own; the baked spider follows. */
  steer(command: number, autopilot: boolean): void {
    this.spider.autopilot = autopilot;
    if (!autopilot) this.spider.command = command;
  }

  update(dt: number): void {
    // The lane copies the ground, edits included (the terrain rebuilds first in tree order).
    processTree(this.terrain, dt);
    if (this.lane && this.terrain.ground.version !== this.laneVersion) {
      this.lane.points = this.terrain.points;
      this.laneVersion = this.terrain.ground.version;
    }
    if (this.baked) {
      this.baked.follow!.x = this.spider.position.x;
      this.baked.follow!.facing = this.spider.facing;
    }
    processTree(this.world, dt);
    const n = this.spider.legs.length;
    if (this.xs.length < n) {
      this.xs = new Float64Array(n);
      this.ys = new Float64Array(n);
    }
    const ground = this.terrain.ground;
    legTips(this.femurs, this.xs, this.ys);
    for (let i = 0; i < n; i++) this.planted[i] = this.spider.legs[i]!.grounded;
    this.ikMeter.measure(ground, dt, this.xs, this.ys, this.planted);
    if (this.baked && this.lane) {
      // Turning round mirrors the baked body: every foot jumps to its mirror image in one frame.
      if (this.baked.facing !== this.bakedFacing) this.bakedMeter.replant();
      this.bakedFacing = this.baked.facing;
      legTips(this.baked.femurs, this.xs, this.ys);
      this.bakedMeter.measure(this.lane.ground, dt, this.xs, this.ys, this.baked.planted);
    }
  }
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0));
