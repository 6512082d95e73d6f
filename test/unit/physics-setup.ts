import { rigFromBvh } from '../../src/walk3d/rig';
import {
  BODY_PLAN,
  type CharacterSettings,
  type KeyframeTrack,
  type LinkPlan,
  PhysicsCharacter,
  PhysicsScene,
  sagittalTrack,
} from '../../src/physics';
import { clipText } from './clip-text';

let walk: KeyframeTrack | null = null;

/** The course's humanoid walk, seen from its left (lesson 16's default target). */
export function walkTrack(): KeyframeTrack {
  walk ??= sagittalTrack(rigFromBvh(clipText('walk'), clipText('idle')), 'walk');
  return walk;
}

/** One character on flat ground (a treadmill when `belt`), settings as given. */
export function oneCharacter(
  track: KeyframeTrack,
  settings: Partial<CharacterSettings> = {},
  plan: readonly LinkPlan[] = BODY_PLAN,
  belt = track.speed,
  groundY = 0,
): { scene: PhysicsScene; c: PhysicsCharacter } {
  const scene = new PhysicsScene([
    { x: -40, y: groundY },
    { x: 40, y: groundY },
  ]);
  scene.ground.belt = belt;
  const c = scene.add(new PhysicsCharacter(scene.world, scene.ground, track, 0, settings, plan));
  return { scene, c };
}

export const DEG = Math.PI / 180;
