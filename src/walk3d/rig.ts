import { quatAngle, mulQuat, conjugate } from '../math/quat.ts';
import { parseBvh } from './bvh.ts';
import { Clip } from './clip.ts';
import { forwardKinematics, Pose } from './pose.ts';
import { type CycleChoice, findCycle } from './find-cycle.ts';
import { atWalkRate, cutClip, WALK_FPS } from './resample.ts';
import { reorient } from './reorient.ts';
import { extractRootMotion, type RootMotion } from './root-motion.ts';
import type { Skeleton } from './skeleton.ts';

/** Where a rig's walk came from: the file's rate and length, and which frames are the cycle. */
export interface ClipSource {
  /** The file's own frames a second and frame count. */
  fps: number;
  frames: number;
  /** The skeleton as read (Z up), before the cycle was turned to walk along +Y. */
  skeleton: Skeleton;
  /** The whole clip as read: Z up, Y front, its travel in, at WALK_FPS or slower. */
  clip: Clip;
  /** What the cycle finder saw (null: the hips never move, so there was nothing to find). */
  choice: CycleChoice | null;
  /** The frames of `clip` the walk plays, [from, to): the finder's, or the student's own. */
  range: [number, number];
  /** The frames of `clip` the stand-in idle plays, or null (an idle file, or the walk's first frame). */
  idleRange: [number, number] | null;
}

/** A character ready to walk: Z up, Y front, its walk split into motion in place and root motion. */
export interface Rig {
  skeleton: Skeleton;
  walk: { clip: Clip; motion: RootMotion };
  idle: Clip;
  /**
   * The walk turned to Z up, Y front with its hips' travel still in it: what the walking IK
   * system reads (it takes the hips' path from the clip itself, seed 000 §6.3).
   */
  walkWithTravel: Clip;
  /** Model units (the file's, e.g. cm) to world units. */
  scale: number;
  /** What seed 000 §9.3 would question about the clip (warnings, not refusals). */
  warnings: string[];
  /** What was done to the file to make it a walk, in words (resampled, which cycle, which idle). */
  notes: string[];
  source: ClipSource;
}

/** How tall the course's characters stand in world units (the seed's test model: about 9.5). */
export const RIG_HEIGHT = 9;
const TURN = new Float64Array(4);

/**
 * Reads a walk (and optionally an idle) from BVH text, authored Y up and Z front as BVH files
 * are, and readies it: reoriented to Z up, Y front; resampled to WALK_FPS if recorded faster;
 * cut to one walk cycle if it is a capture that starts, walks and stops (or to `range`, frames
 * of the resampled clip, when the student picks them), turned so that cycle walks along +Y;
 * root motion taken out; scaled to stand RIG_HEIGHT world units tall. Without an idle clip, the
 * capture's longest standing phase is the idle, or else the walk's first frame (in place).
 * Throws BvhError for a malformed file, and Error for a range outside the clip; returns warnings
 * for a clip the walking system would struggle with (bones that stretch, a cycle that does not
 * loop, motion from above the hips).
 */
export function rigFromBvh(
  walkText: string,
  idleText: string | null = null,
  o: { range?: [number, number]; onProgress?: (stage: string, fraction: number) => void } = {},
): Rig {
  const progress = o.onProgress ?? (() => {});
  const walkBvh = parseBvh(walkText, 'walk', (f) => progress('reading', f));
  progress('resampling', 0);
  const read = reorient(walkBvh.skeleton, walkBvh.clip, [0, 1, 0], [0, 0, 1]);
  const full = atWalkRate(read.clip, read.skeleton);
  progress('finding the walk cycle', 0);
  const file = { fps: 1 / walkBvh.clip.frameTime, frames: walkBvh.clip.frameCount };
  const root = read.skeleton.joints.findIndex((j) => j.parent < 0);
  const choice = findCycle(read.skeleton, full, root);
  return rigFromClip(read.skeleton, full, file, choice, idleText, o.range);
}

/**
 * The same capture with other frames as its walk cycle (lesson 13's typed range): cut again from
 * the whole clip already read, so a large file is not read twice.
 */
export function recutRig(rig: Rig, range: [number, number]): Rig {
  const s = rig.source;
  return rigFromClip(s.skeleton, s.clip, s, s.choice, null, range);
}

/** The rest of rigFromBvh, from the whole clip read and resampled, and what the finder saw. */
function rigFromClip(
  asRead: Skeleton,
  full: Clip,
  file: { fps: number; frames: number },
  choice: CycleChoice | null,
  idleText: string | null,
  ownRange?: [number, number],
): Rig {
  const root = asRead.joints.findIndex((j) => j.parent < 0);
  const notes: string[] = [];
  if (full.frameTime > 1 / file.fps + 1e-9)
    notes.push(
      `resampled from ${Math.round(file.fps)} to ${WALK_FPS} fps, the rate the walking system reads and plans at`,
    );
  const n = full.frameCount;
  let range: [number, number] = choice && !choice.failed ? [choice.from, choice.to] : [0, n];
  if (ownRange) {
    const [a, b] = ownRange;
    if (!(Number.isInteger(a) && Number.isInteger(b) && a >= 0 && b <= n && b - a >= 2))
      throw new Error(
        `the walk's frames must be whole numbers with 0 ≤ first, last ≤ ${n} and at least 2 frames (got ${a}–${b})`,
      );
    range = [a, b];
    notes.push(`walk cycle: frames ${a}–${b}, as chosen`);
  } else if (choice && !choice.whole && !choice.failed)
    notes.push(`walk cycle found: frames ${range[0]}–${range[1]}, ${choice.why}`);
  const whole = range[0] === 0 && range[1] === n;
  // A cut cycle is turned to walk along +Y, as the walking system expects (a capture rarely
  // walks straight along its file's Z).
  let skeleton = asRead;
  // A cut cycle starts with its hips over the origin, as a looping clip does.
  let cut = whole ? full : fromOrigin(cutClip(full, range[0], range[1]), root);
  const heading = whole ? null : travelDirection(skeleton, full, root, range);
  const turned = (clip: Clip) => (heading ? reorient(asRead, clip, [0, 0, 1], heading) : null);
  const t = turned(cut);
  if (t) [skeleton, cut] = [t.skeleton, t.clip];
  const moving = extractRootMotion(cut, root);

  let idle: Clip;
  let idleRange: [number, number] | null = null;
  if (idleText !== null) {
    const i = parseBvh(idleText, 'idle');
    if (
      i.skeleton.count !== skeleton.count ||
      i.skeleton.joints.some((j, k) => j.name !== skeleton.joints[k]!.name)
    )
      throw new Error('the idle clip has a different skeleton from the walk');
    idle = atWalkRate(reorient(i.skeleton, i.clip, [0, 1, 0], [0, 0, 1]).clip, i.skeleton);
    idle = turned(idle)?.clip ?? idle;
  } else if (choice?.standing && !whole) {
    // The capture's own standing, centred where the walk in place stands.
    idleRange = choice.standing;
    const standing = cutClip(full, ...idleRange, 'idle');
    idle = centredOnHips(turned(standing)?.clip ?? standing, root);
    notes.push(
      `idle: the standing frames ${idleRange[0]}–${idleRange[1]} (${(idleRange[0] * full.frameTime).toFixed(2)}–${(idleRange[1] * full.frameTime).toFixed(2)} s)`,
    );
  } else {
    // The walk's first frame, in place as the walk is played: from the clip with its travel,
    // a file whose walk starts away from the origin stood that far off, and stopping slid it.
    idle = new Clip(
      'idle',
      moving.clip.frameTime,
      moving.clip.tracks.map((t) => ({
        joint: t.joint,
        times: Float64Array.of(0),
        rotations: t.rotations ? t.rotations.slice(0, 4) : null,
        translations: t.translations ? t.translations.slice(0, 3) : null,
      })),
      moving.clip.frameTime,
    );
  }
  return {
    skeleton,
    walk: moving,
    idle,
    walkWithTravel: cut,
    scale: RIG_HEIGHT / Math.max(1e-6, standingHeight(skeleton, moving.clip)),
    warnings: [...(choice?.failed && !ownRange ? [choice.why] : []), ...checkClip(skeleton, cut)],
    notes,
    source: {
      fps: file.fps,
      frames: file.frames,
      skeleton: asRead,
      clip: full,
      choice,
      range,
      idleRange,
    },
  };
}

/** Which way the hips travel over frames [from, to) (to included when it exists), as (x, y, 0). */
function travelDirection(
  skeleton: Skeleton,
  clip: Clip,
  root: number,
  [from, to]: [number, number],
): number[] | null {
  const pose = new Pose(skeleton);
  const at = (f: number) => {
    clip.sample(f * clip.frameTime, pose.toBind());
    return [pose.t[3 * root]!, pose.t[3 * root + 1]!];
  };
  const a = at(from);
  const b = at(Math.min(to, clip.frameCount - 1));
  const d = [b[0]! - a[0]!, b[1]! - a[1]!, 0];
  const l = Math.hypot(d[0]!, d[1]!);
  // No travel to speak of (under a twentieth of the figure's height: a typed range over the
  // standing, where the noise alone would turn it), or already along +Y within a degree.
  if (!(l > 0.05 * standingHeight(skeleton, clip))) return null;
  if (d[1]! > 0 && Math.abs(d[0]!) / l < Math.sin(Math.PI / 180)) return null;
  return d;
}

/** The clip with its hips' ground position moved to the origin on average (height kept). */
function centredOnHips(clip: Clip, root: number): Clip {
  return shiftHips(clip, root, (tr, k, c) => {
    let mean = 0;
    for (let f = 0; f < k; f++) mean += tr[3 * f + c]! / k;
    return mean;
  });
}

/** The clip with its hips' first ground position moved to the origin (height kept). */
function fromOrigin(clip: Clip, root: number): Clip {
  return shiftHips(clip, root, (tr, _, c) => tr[c]!);
}

/** The clip with `by(…)` taken off its hips' x and y in every frame. */
function shiftHips(
  clip: Clip,
  root: number,
  by: (tr: Float64Array, frames: number, axis: number) => number,
): Clip {
  const track = clip.tracks.find((t) => t.joint === root && t.translations);
  if (!track) return clip;
  const tr = track.translations!.slice();
  const k = tr.length / 3;
  for (let c = 0; c < 2; c++) {
    const d = by(track.translations!, k, c);
    for (let f = 0; f < k; f++) tr[3 * f + c] = tr[3 * f + c]! - d;
  }
  return new Clip(
    clip.name,
    clip.duration,
    clip.tracks.map((t) => (t === track ? { ...t, translations: tr } : t)),
    clip.frameTime,
  );
}

/** The height of the figure's first frame, lowest joint to highest. */
function standingHeight(skeleton: Skeleton, clip: Clip): number {
  const pose = clip.sample(0, new Pose(skeleton));
  const m = forwardKinematics(pose, new Float64Array(16 * skeleton.count));
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < skeleton.count; i++) {
    lo = Math.min(lo, m[16 * i + 14]!);
    hi = Math.max(hi, m[16 * i + 14]!);
  }
  return hi - lo;
}

/** Seed 000's AnimationValidator requirements 1–3, as plain-language warnings. */
function checkClip(skeleton: Skeleton, clip: Clip): string[] {
  const warnings: string[] = [];
  const root = skeleton.joints.findIndex((j) => j.parent < 0);
  const stretching = clip.tracks.filter((t) => {
    if (t.joint === root || !t.translations) return false;
    const tr = t.translations;
    for (let k = 3; k < tr.length; k++) if (Math.abs(tr[k]! - tr[k % 3]!) > 1e-3) return true;
    return false;
  });
  if (stretching.length)
    warnings.push(
      `bones change length (${stretching.map((t) => skeleton.joints[t.joint]!.name).join(', ')}): the walking system needs fixed lengths`,
    );
  const n = clip.frameCount;
  if (n > 2) {
    const a = new Pose(skeleton);
    const b = new Pose(skeleton);
    clip.sample(0, a);
    clip.sample((n - 1) * clip.frameTime, b);
    let worst = 0;
    let step = 0;
    clip.sample(clip.frameTime, b);
    for (let j = 0; j < skeleton.count; j++) step = Math.max(step, angleOf(a.r, b.r, j));
    clip.sample((n - 1) * clip.frameTime, b);
    for (let j = 0; j < skeleton.count; j++) worst = Math.max(worst, angleOf(a.r, b.r, j));
    // The last frame should be about one frame's turn from the first, as any frame from the next.
    if (worst > 3 * step + 0.05)
      warnings.push(
        `the clip does not seem to loop: its last frame turns a joint ${Math.round((worst * 180) / Math.PI)}° from its first`,
      );
  }
  return warnings;
}

function angleOf(ra: Float64Array, rb: Float64Array, j: number): number {
  conjugate(TURN, ra.subarray(4 * j, 4 * j + 4));
  return quatAngle(mulQuat(TURN, TURN, rb.subarray(4 * j, 4 * j + 4)));
}
