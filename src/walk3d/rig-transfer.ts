import { Clip, type Track } from './clip.ts';
import type { Rig } from './rig.ts';
import { Skeleton } from './skeleton.ts';

/**
 * A Rig as plain data for postMessage (its clips and skeletons are classes, which a structured
 * clone turns into bare objects), and the buffers to transfer rather than copy: a large capture
 * read in a worker comes back in milliseconds.
 */
export function rigToMessage(rig: Rig): { data: unknown; transfer: ArrayBuffer[] } {
  const buffers = new Set<ArrayBuffer>();
  const clip = (c: Clip) => {
    for (const t of c.tracks)
      for (const a of [t.times, t.rotations, t.translations])
        if (a) buffers.add(a.buffer as ArrayBuffer);
    return { name: c.name, duration: c.duration, frameTime: c.frameTime, tracks: c.tracks };
  };
  const data = {
    ...rig,
    skeleton: rig.skeleton.joints,
    walk: { clip: clip(rig.walk.clip), motion: rig.walk.motion },
    idle: clip(rig.idle),
    walkWithTravel: clip(rig.walkWithTravel),
    source: { ...rig.source, skeleton: rig.source.skeleton.joints, clip: clip(rig.source.clip) },
  };
  return { data, transfer: [...buffers] };
}

type ClipData = { name: string; duration: number; frameTime: number; tracks: Track[] };

/** The Rig again, from rigToMessage's data. */
export function rigFromMessage(data: unknown): Rig {
  const d = data as Omit<Rig, 'skeleton' | 'walk' | 'idle' | 'walkWithTravel' | 'source'> & {
    skeleton: Skeleton['joints'];
    walk: { clip: ClipData; motion: Rig['walk']['motion'] };
    idle: ClipData;
    walkWithTravel: ClipData;
    source: Omit<Rig['source'], 'skeleton' | 'clip'> & {
      skeleton: Skeleton['joints'];
      clip: ClipData;
    };
  };
  const clip = (c: ClipData) => new Clip(c.name, c.duration, c.tracks, c.frameTime);
  return {
    ...d,
    skeleton: new Skeleton(d.skeleton),
    walk: { clip: clip(d.walk.clip), motion: d.walk.motion },
    idle: clip(d.idle),
    walkWithTravel: clip(d.walkWithTravel),
    source: { ...d.source, skeleton: new Skeleton(d.source.skeleton), clip: clip(d.source.clip) },
  };
}
