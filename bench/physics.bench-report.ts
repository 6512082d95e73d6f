// Physics step plus PD update for 1, 10 and 50 characters walking (seed 004, lesson 16), as a
// share of a 60 Hz frame: two fixed 1/120 s steps make one frame. Run: node bench/run.mjs
// bench/physics.bench-report.ts
import { readFileSync } from 'node:fs';
import { BODY_PLAN, PhysicsCharacter, PhysicsScene, sagittalTrack } from '../src/physics';
import { rigFromBvh } from '../src/walk3d/rig';

const clip = (name: string) => readFileSync(`public/clips/${name}.bvh`, 'utf8');

export function runReport(): void {
  const walk = sagittalTrack(rigFromBvh(clip('walk'), clip('idle')), 'walk');
  const frame = 1000 / 60;
  let warmed = false;
  console.log(
    `${BODY_PLAN.length} bodies and ${BODY_PLAN.length - 1} PD joints a character, 2 steps a frame`,
  );
  // The first pass warms the JIT (its row would mostly time compilation) and is not printed.
  for (const count of [10, 1, 10, 50]) {
    const warmUp = count === 10 && !warmed;
    warmed = true;
    const scene = new PhysicsScene([
      { x: -5, y: 0 },
      { x: 5 * count + 5, y: 0 },
    ]);
    scene.ground.belt = walk.speed;
    for (let i = 0; i < count; i++)
      scene.add(
        new PhysicsCharacter(scene.world, scene.ground, walk, 5 * i, { rootPolicy: 'spring' }),
      );
    for (let k = 0; k < 240; k++) scene.step();
    const frames = 120;
    const t0 = performance.now();
    for (let k = 0; k < 2 * frames; k++) scene.step();
    const ms = (performance.now() - t0) / frames;
    if (!warmUp)
      console.log(
        `${String(count).padStart(3)} characters: ${ms.toFixed(2)} ms a frame, ${((100 * ms) / frame).toFixed(0)}% of a 60 Hz frame`,
      );
    scene.destroy();
  }
}
