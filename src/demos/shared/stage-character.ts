import type { Character } from '../../walk3d/character.ts';
import { type Rig, rigFromBvh } from '../../walk3d/rig.ts';
import type { TerrainSet } from '../../walk3d/terrain3d.ts';
import { Walker } from '../../walk3d/walker.ts';
import { shippedClip } from './shipped-clips.ts';

let shipped: Rig | null = null;
/** The course's humanoid, read from the shipped BVH clips once per page. */
export function shippedRig(): Rig {
  shipped ??= rigFromBvh(shippedClip('walk'), shippedClip('idle'));
  return shipped;
}

let strider: Rig | null = null;
/** The long-legged second character of lesson 15, read once per page. */
export function striderRig(): Rig {
  strider ??= rigFromBvh(shippedClip('strider-walk'), shippedClip('strider-idle'));
  return strider;
}

/**
 * How a stage makes its character from a rig, and what a new character takes over from the old
 * one when a student's BVH replaces it.
 */
export interface CharacterKind<C extends Character> {
  make(rig: Rig, terrain: TerrainSet): C;
  /** Brings `next` to where `old` is (position, facing, playback). */
  carry(old: C, next: C): void;
  /** The character after its terrain changed under it. */
  settle(c: C): void;
  /** What the character's own analysis of its clip warns of (the walking system's validator). */
  warnings?(c: C): readonly string[];
}

/** The plain walker of lessons 11 and 12. */
export const PLAIN_WALKER: CharacterKind<Walker> = {
  make(rig, terrain) {
    const w = new Walker(rig.skeleton, rig.walk, rig.idle, terrain);
    w.scale = rig.scale;
    w.settle();
    return w;
  },
  carry(old, w) {
    w.position.set(old.position);
    w.facing = old.facing;
    w.walking = old.walking;
    w.weight = old.weight;
    w.playRate = old.playRate;
    w.scrub = old.scrub;
    w.walkTime = old.walkTime;
    w.settle();
  },
  settle: (w) => w.settle(),
};
