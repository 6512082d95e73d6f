import { mulberry32 } from '../../math/random.ts';
import { buildSpider } from '../../procedural/spider/build-spider.ts';
import type { Spider2D } from '../../procedural/spider/spider-2d.ts';
import { SpiderCrowd2D } from '../../procedural/spider/spider-crowd-2d.ts';
import { defaultGait } from '../../procedural/spider/spider-walk.ts';
import type { LegCount } from '../../procedural/spider/spider-shape.ts';
import { Terrain2D } from '../../procedural/terrain/terrain-2d.ts';
import { type TerrainPreset, terrainPoints } from '../../procedural/terrain/terrain-presets.ts';
import type { WorldRect } from '../../render/viewport.ts';
import { processTree } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';

const SIZE = 0.55;
/**
 * A crowd walks in lanes of at most 100 spiders, each on its own copy of the ground, stacked
 * down the view: 1 000 spiders are ten rows a student can still tell apart, not one smear.
 */
const PER_LANE = 100;
const SPAN = { left: -1000, right: 1000, base: 230 };
/** Clear space between one lane's highest ground and the next lane's lowest. */
const LANE_GAP = 130;
/**
 * How high a spider's drawing reaches above the ground (its knees), and how much ground is
 * shown under the last lane.
 */
const ABOVE = 140 * SIZE;
const BELOW = 30;
/** Crowds told apart by colour, six tints in turn along each lane (white leaves the theme). */
const TINTS = ['#ffffff', '#ff9f9f', '#9fc3ff', '#a8f0a0', '#ffd98a', '#d9a8ff'];

export interface SwarmSettings {
  count: number;
  legs: string;
  layout: string;
  terrain: string;
}

/**
 * Seed 002 §5.3's crowd: `count` spiders on their own at their own speeds, kept either as node
 * trees (a Spider2D each) or as one SpiderCrowd2D of flat arrays: the same seeded speeds,
 * places and facings either way.
 */
export class SwarmScene {
  readonly world = new Node2D('World');
  private readonly swarm = new Node2D('Swarm');
  spiders: Spider2D[] = [];
  crowd: SpiderCrowd2D | null = null;
  /** Where the lanes are drawn (scene units): one object, changed in place by each build. */
  readonly rect: WorldRect = { x: 0, y: 0, width: 1, height: 1 };

  constructor(readonly settings: SwarmSettings) {
    this.build();
  }

  build(): void {
    const { world, swarm, settings } = this;
    for (const child of [...world.children]) world.removeChild(child);
    for (const child of [...swarm.children]) swarm.removeChild(child);
    const lanes = Math.max(1, Math.ceil(settings.count / PER_LANE));
    const profile = terrainPoints(settings.terrain as TerrainPreset, SPAN);
    const ys = profile.map((p) => p.y);
    const spacing = Math.max(...ys) - Math.min(...ys) + LANE_GAP;
    const grounds = Array.from({ length: lanes }, (_, k) => {
      const ground = world.addChild(
        new Terrain2D(
          k === 0 ? 'Terrain' : `Terrain${k + 1}`,
          profile.map((p) => ({ x: p.x, y: p.y + k * spacing })),
        ),
      );
      processTree(ground, 0);
      return ground;
    });
    this.spiders = [];
    this.crowd = null;
    const shape = { legs: Number(settings.legs) as LegCount, size: SIZE };
    if (settings.layout === 'arrays')
      this.crowd = swarm.addChild(new SpiderCrowd2D('Crowd', shape));
    const rnd = mulberry32(2002);
    for (let i = 0; i < settings.count; i++) {
      // Neighbours in a lane differ in colour (spider i walks lane i mod lanes).
      const tint = TINTS[Math.floor(i / lanes) % TINTS.length]!;
      const speed = (40 + 60 * rnd()) * SIZE * 1.6;
      this.add(grounds[i % lanes]!, i, tint, speed, rnd(), rnd() < 0.5 ? 1 : -1);
    }
    // Built apart, added at once: one change for the scene panel and the IK nodes to see.
    world.addChild(swarm);
    const top = Math.min(...ys) - ABOVE;
    const bottom = Math.max(...ys) + (lanes - 1) * spacing + BELOW;
    Object.assign(this.rect, {
      x: SPAN.left,
      y: top,
      width: SPAN.right - SPAN.left,
      height: bottom - top,
    });
  }

  /** Spider `i` on `ground`, `at` (0–1) along its walk, facing `facing`. */
  private add(
    ground: Terrain2D,
    i: number,
    tint: string,
    speed: number,
    at: number,
    facing: 1 | -1,
  ): void {
    if (this.crowd) {
      const gait = defaultGait(SIZE);
      gait.walkSpeed = speed;
      const w = this.crowd.crowd.add(ground, 0, facing, gait);
      const { min, max } = w.sRange;
      w.placeAt(min + (max - min) * at, facing);
      w.autopilot = true;
      this.crowd.tints.push(tint);
      return;
    }
    const shape = { legs: Number(this.settings.legs) as LegCount, size: SIZE };
    const s = buildSpider(this.swarm, ground, shape, { name: `Spider${i + 1}` });
    s.modulate = tint;
    s.gait.walkSpeed = speed;
    const { min, max } = s.sRange;
    s.placeAt(min + (max - min) * at, facing);
    s.autopilot = true;
    this.spiders.push(s);
  }

  /** Steps taken by every leg, and leg solves run and skipped in the last frame. */
  counts(): { steps: number; solves: number; unchanged: number } {
    let steps = 0;
    let solves = 0;
    let unchanged = 0;
    const crowd = this.crowd;
    if (crowd) {
      solves = crowd.crowd.solved + crowd.crowd.skipped;
      unchanged = crowd.crowd.skipped;
      for (const w of crowd.crowd.walks) for (const l of w.legs) steps += l.steps;
    }
    for (const s of this.spiders)
      for (const l of s.legs) {
        steps += l.steps;
        if (!l.ik) continue;
        solves++;
        if (l.ik.status.unchanged) unchanged++;
      }
    return { steps, solves, unchanged };
  }
}
