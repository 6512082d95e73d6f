import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/math/random';
import { buildSpider } from '../../src/procedural/spider/build-spider';
import type { Spider2D } from '../../src/procedural/spider/spider-2d';
import { JOINTS_PER_LEG, SpiderCrowd } from '../../src/procedural/spider/spider-crowd';
import { LEG_COUNTS, type LegCount } from '../../src/procedural/spider/spider-shape';
import { Terrain2D } from '../../src/procedural/terrain/terrain-2d';
import {
  TERRAIN_PRESETS,
  type TerrainPreset,
  terrainPoints,
} from '../../src/procedural/terrain/terrain-presets';
import type { Bone2D } from '../../src/scene/bone2d';
import { processTree } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';

const SPAN = { left: -700, right: 700, base: 170 };
const DT = 1 / 60;

/** A leg's joints as the node tree shows them: each bone's origin, then the last one's tip. */
function nodeJoints(spider: Spider2D, out: number[]): void {
  out.length = 0;
  for (const leg of spider.legs) {
    let bone: Bone2D = leg.femur;
    for (let i = 0; i < 3; i++) {
      const g = bone.globalTransform;
      out.push(g.tx, g.ty);
      if (i === 2) out.push(g.a * bone.length + g.tx, g.b * bone.length + g.ty);
      else bone = bone.children[0] as Bone2D;
    }
  }
}

/** Both kinds side by side on one ground, placed and steered alike by one seeded script. */
function sideBySide(preset: TerrainPreset, legs: LegCount, size: number, seed: number) {
  const world = new Node2D('World');
  const terrain = world.addChild(new Terrain2D('Terrain', terrainPoints(preset, SPAN)));
  processTree(world, 0);
  const rnd = mulberry32(seed);
  const shape = { legs, size };
  const spider = buildSpider(world, terrain, shape);
  const crowd = new SpiderCrowd(shape);
  const { min, max } = spider.sRange;
  const s = min + (max - min) * rnd();
  const facing = rnd() < 0.5 ? 1 : -1;
  spider.placeAt(s, facing);
  const walk = crowd.add(terrain, s, facing);
  processTree(world, 0);
  return { world, spider, crowd, walk, rnd };
}

describe('SpiderCrowd: spiders in flat arrays', () => {
  for (const preset of TERRAIN_PRESETS)
    for (const legs of LEG_COUNTS)
      it(`${preset}, ${legs} legs: every joint where the node-tree spider shows it, 2 000 frames`, () => {
        const { world, spider, crowd, walk, rnd } = sideBySide(preset, legs, 1, 7 + legs);
        const shown: number[] = [];
        let worst = 0;
        let skippedFrames = 0;
        let command = 1;
        for (let frame = 0; frame < 2000; frame++) {
          // Steering changes now and then, standing still included: the skip path is exercised.
          if (frame % 150 === 0) command = [-1, 0, 1][Math.floor(rnd() * 3)]!;
          spider.command = command;
          walk.command = command;
          processTree(world, DT);
          crowd.step(DT);
          if (crowd.solved === 0) skippedFrames++;
          // The walk is the same code on the same numbers: identical, not merely close.
          expect(walk.bodyX).toBe(spider.walker.bodyX);
          expect(walk.bodyAngle).toBe(spider.walker.bodyAngle);
          nodeJoints(spider, shown);
          const J = crowd.joints;
          expect(J.length).toBe(legs * JOINTS_PER_LEG * 2);
          for (let i = 0; i < J.length; i++) worst = Math.max(worst, Math.abs(J[i]! - shown[i]!));
        }
        // The node reads its chain back through matrices; rounding, nothing more.
        expect(worst).toBeLessThan(1e-9);
        expect(skippedFrames).toBeGreaterThan(0);
      });

  it('mirrored and small spiders (size 0.55, facing left) solve as their nodes do', () => {
    let worst = 0;
    for (let seed = 0; seed < 6; seed++) {
      const { world, spider, crowd, walk } = sideBySide('hills', 8, 0.55, seed);
      spider.autopilot = true;
      walk.autopilot = true;
      const shown: number[] = [];
      for (let frame = 0; frame < 600; frame++) {
        processTree(world, DT);
        crowd.step(DT);
        nodeJoints(spider, shown);
        for (let i = 0; i < shown.length; i++)
          worst = Math.max(worst, Math.abs(crowd.joints[i]! - shown[i]!));
      }
    }
    expect(worst).toBeLessThan(1e-9);
  });

  it('a standing crowd skips every solve; bones keep their lengths; nothing is NaN', () => {
    const world = new Node2D('World');
    const terrain = world.addChild(new Terrain2D('Terrain', terrainPoints('hills', SPAN)));
    processTree(world, 0);
    const crowd = new SpiderCrowd({ legs: 8, size: 0.55 });
    const rnd = mulberry32(3);
    for (let i = 0; i < 50; i++) {
      const w = crowd.add(terrain, 200 + 900 * rnd(), rnd() < 0.5 ? 1 : -1);
      w.autopilot = true;
    }
    for (let frame = 0; frame < 300; frame++) crowd.step(DT);
    for (const w of crowd.walks) {
      w.autopilot = false;
      w.command = 0;
    }
    for (let frame = 0; frame < 240; frame++) crowd.step(DT);
    expect(crowd.solved).toBe(0);
    expect(crowd.skipped).toBe(50 * 8);
    const J = crowd.joints;
    const bones = crowd.plan.bones;
    for (let leg = 0; leg < 50 * 8; leg++) {
      const at = leg * JOINTS_PER_LEG * 2;
      for (let i = 0; i < 3; i++) {
        const len = Math.hypot(
          J[at + 2 * i + 2]! - J[at + 2 * i]!,
          J[at + 2 * i + 3]! - J[at + 2 * i + 1]!,
        );
        expect(len).toBeCloseTo(bones[i]!, 9);
      }
    }
    expect(J.every(Number.isFinite)).toBe(true);
  });
});
