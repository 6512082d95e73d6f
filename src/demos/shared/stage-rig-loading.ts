import { BvhError } from '../../walk3d/bvh.ts';
import type { Character } from '../../walk3d/character.ts';
import type { Rig } from '../../walk3d/rig.ts';
import { findLegs } from '../../walk3d/walk-analysis.ts';
import type { StageSay } from './walk3d-fragments.ts';

/** What became of a student's BVH: loaded (with what it warns of), or why not. */
export interface RigLoad {
  ok: boolean;
  message: string;
}

/** A file that is not a .bvh, refused before it is read. */
export function notBvh(name: string, say: StageSay): RigLoad | null {
  return /\.bvh$/i.test(name) ? null : { ok: false, message: say('notBvh', { name }) };
}

/**
 * Makes the rig and puts its character on the stage (`use`, which may refuse it too: the IK
 * walker needs legs it can name). On success, says what was loaded, what was done to make it a
 * walk, which legs were found, and what the rig's and the character's checks warn of.
 */
export function acceptRig<C extends Character>(
  name: string,
  make: () => Rig,
  use: (rig: Rig) => C,
  warningsOf: (c: C) => readonly string[],
  say: StageSay,
): RigLoad {
  let rig: Rig;
  let character: C;
  try {
    rig = make();
    character = use(rig);
  } catch (e) {
    const why = e instanceof BvhError ? e.message : (e as Error).message;
    return { ok: false, message: say('notLoaded', { name, why }) };
  }
  const src = rig.source;
  const info = say('loaded', {
    name,
    joints: rig.skeleton.count,
    frames: src.frames,
    fps: Math.round(src.fps),
  });
  // What was done to make it a walk: resampled, which frames are the cycle, which the idle.
  const notes = rig.notes.map((n) =>
    say('sentence', { text: `${n[0]!.toUpperCase()}${n.slice(1)}` }),
  );
  // Which names the legs were found by, or why none were: the walking lessons need them.
  const legs = findLegs(rig.skeleton, rig.scale);
  const legLine =
    typeof legs === 'string'
      ? say('noLegs', { why: legs })
      : say('legsFound', { naming: String(legs.naming) });
  // The rig's own checks, then whatever the character's analysis adds (hinge axes, …).
  const all = [...rig.warnings, ...warningsOf(character)];
  const warnings = [...new Set(all)].map((text) => say('warning', { text }));
  return { ok: true, message: [info, ...notes, legLine, ...warnings].join(' ') };
}

/** A rig read in a worker (a large file), or why not: the stage keeps its clip on an error. */
export async function rigFromWorker(
  name: string,
  source: string | Blob,
  onProgress: (stage: string, fraction: number) => void,
  signal: AbortSignal,
  say: StageSay,
): Promise<Rig | RigLoad> {
  const { rigInWorker } = await import('../../walk3d/load-rig.ts');
  try {
    return await rigInWorker(source, onProgress, signal);
  } catch (e) {
    const why = (e as Error).name === 'AbortError' ? say('youStopped') : (e as Error).message;
    return { ok: false, message: say('notLoaded', { name, why }) };
  }
}
