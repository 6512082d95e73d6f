import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import {
  findLegs,
  IKWalker,
  rigFromBvh,
  SEED_TERRAINS,
  TerrainSet,
  Walker,
} from '../../src/walk3d';

it('a walker set up as in the README walks on the seed’s terrain, turning left', () => {
  const bvh = (name: string) =>
    readFileSync(new URL(`../../public/clips/${name}.bvh`, import.meta.url), 'utf8');
  const rig = rigFromBvh(bvh('walk'), bvh('idle'));
  const ground = new TerrainSet();
  for (const field of SEED_TERRAINS.basic()) ground.add(field);
  const walker = new Walker(rig.skeleton, rig.walk, rig.idle, ground);
  walker.scale = rig.scale;
  walker.walking = true;
  walker.turn = 1;
  for (let f = 0; f < 180; f++) walker.update(1 / 60);
  const foot = walker.jointPosition(rig.skeleton.indexOf('LeftFoot'), new Float64Array(3));
  expect(walker.facing).toBeGreaterThan(1); // 3 s × 0.7 × 0.8 rad/s
  expect(Math.hypot(walker.position[0]!, walker.position[1]!)).toBeGreaterThan(5);
  expect(walker.position[2]).toBeCloseTo(ground.heightAt(walker.position[0]!, walker.position[1]!));
  expect(foot.every(Number.isFinite)).toBe(true);
});

it('an IK walker set up as in the README fits the walk to the seed’s hills, with validation and LM', () => {
  const bvh = (name: string) =>
    readFileSync(new URL(`../../public/clips/${name}.bvh`, import.meta.url), 'utf8');
  const rig = rigFromBvh(bvh('walk'), bvh('idle'));
  const ground = new TerrainSet();
  for (const field of SEED_TERRAINS.basic()) ground.add(field);
  const legs = findLegs(rig.skeleton, rig.scale);
  if (typeof legs === 'string') throw new Error(legs);
  const ik = new IKWalker(legs, rig.walkWithTravel, rig.idle, ground, { x: 0, y: -20 });
  ik.options.validateStrides = true;
  ik.options.fastSolver = true;
  ik.walking = true;
  for (let f = 0; f < 180; f++) ik.update(1 / 60);
  expect(ik.position[1]).toBeGreaterThan(-15); // walked forward along +y
  expect(ik.stats.F.count).toBeGreaterThan(20); // a descent per new frame of each active clip
  expect(ik.stats.steps.mean).toBeLessThan(10); // Levenberg–Marquardt: a few steps each
  expect(Number.isFinite(ik.stats.F.mean)).toBe(true);
});
