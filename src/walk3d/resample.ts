import { Clip, type Track } from './clip.ts';
import { Pose } from './pose.ts';
import type { Skeleton } from './skeleton.ts';

/**
 * The rate the walking system reads and plans a walk at (seed 000's clips, and ours, are 30 fps).
 * A faster capture is resampled to it on import, so support detection, planning (once per new
 * frame) and its cost are the same whatever rate the file was recorded at (issue 19: a 120 fps
 * capture planned on every tick, 9.4 ms each, and its noise read as moving feet).
 */
export const WALK_FPS = 30;

/**
 * The same motion keyed at `fps`: every track sampled at k / fps over the clip's duration (slerp
 * for rotations, lerp for translations, between the file's own keys). A sample after the last
 * key is that key held, unless `loop`: then it blends on into the first key, as a cycle does.
 * (A capture read on import is not known to loop: blending its end into its start would pull
 * the hips back to where the subject began.)
 */
export function resampleClip(clip: Clip, skeleton: Skeleton, fps: number, loop = false): Clip {
  const frames = Math.max(1, Math.round(clip.duration * fps));
  const pose = new Pose(skeleton);
  const tracks: Track[] = clip.tracks.map((t) => ({
    joint: t.joint,
    times: Float64Array.from({ length: frames }, (_, i) => i / fps),
    rotations: t.rotations ? new Float64Array(4 * frames) : null,
    translations: t.translations ? new Float64Array(3 * frames) : null,
  }));
  const last = loop ? Infinity : (clip.tracks[0]?.times.at(-1) ?? 0);
  for (let i = 0; i < frames; i++) {
    clip.sample(Math.min(i / fps, last), pose.toBind());
    for (const t of tracks) {
      t.rotations?.set(pose.r.subarray(4 * t.joint, 4 * t.joint + 4), 4 * i);
      t.translations?.set(pose.t.subarray(3 * t.joint, 3 * t.joint + 3), 3 * i);
    }
  }
  return new Clip(clip.name, frames / fps, tracks, 1 / fps);
}

/** The clip at WALK_FPS if it was keyed faster; as it is if not (a slower clip is not padded). */
export function atWalkRate(clip: Clip, skeleton: Skeleton): Clip {
  return clip.frameTime < 1 / WALK_FPS - 1e-9 ? resampleClip(clip, skeleton, WALK_FPS) : clip;
}

/** Frames [from, to) of a uniform clip as a clip of their own, its times starting at 0. */
export function cutClip(clip: Clip, from: number, to: number, name = clip.name): Clip {
  const n = Math.max(1, to - from);
  const dt = clip.frameTime;
  const tracks: Track[] = clip.tracks.map((t) => ({
    joint: t.joint,
    times: Float64Array.from({ length: n }, (_, i) => i * dt),
    rotations: t.rotations ? t.rotations.slice(4 * from, 4 * (from + n)) : null,
    translations: t.translations ? t.translations.slice(3 * from, 3 * (from + n)) : null,
  }));
  return new Clip(name, n * dt, tracks, dt);
}
