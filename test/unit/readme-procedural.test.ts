import { expect, it } from 'vitest';
import { buildSpider, Terrain2D, terrainPoints } from '../../src/procedural';
import { Node2D, processTree } from '../../src/scene';

it('the README’s spider snippet walks a spider right', () => {
  const world = new Node2D('World');
  const ground = world.addChild(
    new Terrain2D('Ground', terrainPoints('hills', { left: -600, right: 600, base: 170 })),
  );
  const spider = buildSpider(world, ground, { legs: 8, size: 1 });
  spider.placeAt(200);
  spider.command = 1;
  const x0 = spider.position.x;
  for (let f = 0; f < 120; f++) processTree(world, 1 / 60);
  expect(spider.position.x - x0).toBeGreaterThan(50);
});
