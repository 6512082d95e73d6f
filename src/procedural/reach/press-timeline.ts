import { wrapAngle } from '../../math/angles.ts';
import type { Vec2 } from '../../math/vec2.ts';
import { chainFrom } from '../../ik/chain.ts';
import { solveFabrik } from '../../ik/fabrik-kernel.ts';
import { createResult } from '../../ik/solve-result.ts';

/**
 * Seed 002's baked animation (its Fig. 5.4): one timeline, frames 0–39, cut into clips. The seed
 * gives no frame rate; 24 frames a second is ours.
 */
export const TIMELINE_FPS = 24;
export const CLIPS = {
  hand_lift: [0, 13],
  button_hit: [14, 25],
  hand_lower: [26, 39],
} as const;
export type ClipName = keyof typeof CLIPS;
/** The frame of button_hit at which the finger is on the button. */
export const PRESS_FRAME = 20;

/** Arm poses keyed on the timeline: local rotations, shoulder first. */
export interface PressTimeline {
  keys: { frame: number; angles: number[] }[];
}

/**
 * Keys the timeline as an animator would in Blender, for one scene: the arm at rest, raised to
 * a ready pose in front of the panel, on button 1, ready again, at rest. The poses are found
 * once here by IK (the animator's hand); played back, they know nothing of where the buttons are.
 */
export function keyTimeline(rest: number[], ready: number[], press: number[]): PressTimeline {
  return {
    keys: [
      { frame: 0, angles: rest },
      { frame: 13, angles: ready },
      { frame: 14, angles: ready },
      { frame: PRESS_FRAME, angles: press },
      { frame: 25, angles: ready },
      { frame: 26, angles: ready },
      { frame: 39, angles: rest },
    ],
  };
}

/** The pose at a (fractional) frame, eased in and out between keys. */
export function sampleTimeline(t: PressTimeline, frame: number, out: number[]): number[] {
  const keys = t.keys;
  const f = Math.min(keys[keys.length - 1]!.frame, Math.max(keys[0]!.frame, frame));
  let i = 0;
  while (i < keys.length - 2 && keys[i + 1]!.frame <= f) i++;
  const a = keys[i]!;
  const b = keys[i + 1]!;
  const span = b.frame - a.frame;
  const u = span > 0 ? (f - a.frame) / span : 1;
  const s = u * u * (3 - 2 * u);
  for (let j = 0; j < a.angles.length; j++)
    out[j] = a.angles[j]! + wrapAngle(b.angles[j]! - a.angles[j]!) * s;
  return out;
}

/**
 * Local rotations that put an arm's tip on `target`, from `start`, with the elbow towards `pole`;
 * everything in the character's space (the arm's parent, unturned).
 */
export function solveArmPose(
  lengths: readonly number[],
  shoulder: Vec2,
  start: readonly number[],
  target: Vec2,
  pole: Vec2,
): number[] {
  const chain = chainFrom(lengths, start, { x: shoulder.x, y: shoulder.y });
  const o = { tolerance: 1e-3, maxIterations: 500, poleX: pole.x, poleY: pole.y };
  solveFabrik(chain, target.x, target.y, o, createResult());
  return Array.from(chain.angles);
}
