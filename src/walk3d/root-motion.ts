import { Clip, type Track } from './clip.ts';
import { FRONT } from './reorient.ts';

/**
 * Root motion (seed 000 §6.3, "remove the hip translation from the clip; the hip path drives
 * the character's world translation"): how far forward the hips have come at each frame, and
 * how far one whole cycle carries them.
 */
export interface RootMotion {
  /** Forward distance at each frame, from frame 0. */
  forward: Float64Array;
  /** Forward distance of one full cycle (the last frame's step continued to the loop). */
  perCycle: number;
  frameTime: number;
  duration: number;
}

/**
 * Splits a clip (already Z up, Y front) into a clip walking in place and its root motion: the
 * root's forward (Y) translation is taken out of every key; its height and sideways sway stay.
 */
export function extractRootMotion(
  clip: Clip,
  rootJoint: number,
): { clip: Clip; motion: RootMotion } {
  const track = clip.tracks.find((t) => t.joint === rootJoint && t.translations);
  const frames = clip.frameCount;
  const forward = new Float64Array(frames);
  if (!track || frames === 0)
    return {
      clip,
      motion: { forward, perCycle: 0, frameTime: clip.frameTime, duration: clip.duration },
    };
  const tr = track.translations!;
  const along = (k: number) =>
    tr[3 * k]! * FRONT[0] + tr[3 * k + 1]! * FRONT[1] + tr[3 * k + 2]! * FRONT[2];
  for (let k = 0; k < frames; k++) forward[k] = along(k) - along(0);
  const lastStep = frames > 1 ? forward[frames - 1]! - forward[frames - 2]! : 0;
  const perCycle = forward[frames - 1]! + lastStep;
  const inPlace = tr.slice();
  for (let k = 0; k < frames; k++) {
    const a = along(k);
    for (let c = 0; c < 3; c++) inPlace[3 * k + c] = tr[3 * k + c]! - a * FRONT[c]!;
  }
  const tracks: Track[] = clip.tracks.map((t) =>
    t === track ? { ...t, translations: inPlace } : t,
  );
  return {
    clip: new Clip(clip.name, clip.duration, tracks, clip.frameTime),
    motion: { forward, perCycle, frameTime: clip.frameTime, duration: clip.duration },
  };
}

/**
 * How far forward the root is at clip time t, counting whole cycles (t may be any real time,
 * seed 000's reproductionTime): F(t) = cycles·perCycle + the forward distance within the cycle.
 */
export function forwardAt(m: RootMotion, t: number): number {
  const n = m.forward.length;
  if (n === 0 || !(m.duration > 0) || !Number.isFinite(t)) return 0;
  const cycles = Math.floor(t / m.duration);
  const local = t - cycles * m.duration;
  const f = local / m.frameTime;
  const i = Math.min(n - 1, Math.floor(f));
  const u = f - i;
  const a = m.forward[i]!;
  const b = i + 1 < n ? m.forward[i + 1]! : m.perCycle;
  return cycles * m.perCycle + a + (b - a) * u;
}
