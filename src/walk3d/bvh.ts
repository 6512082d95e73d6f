import { fromEulerDegrees, toEulerDegrees } from '../math/quat.ts';
import { Clip, type Track } from './clip.ts';
import { type Joint, Skeleton } from './skeleton.ts';

/**
 * BVH, the motion-capture format Blender and every mocap library read: a HIERARCHY of joints
 * (OFFSET, CHANNELS, nested in braces, "End Site" leaves), then MOTION: a frame count, a frame
 * time, and one line of channel values per frame. Rotations are Euler angles in degrees,
 * composed in the order the channels are listed.
 */

/** A malformed file: the line (1-based) and what was expected there. */
export class BvhError extends Error {
  constructor(
    readonly line: number,
    readonly expected: string,
    readonly got: string,
  ) {
    super(
      `line ${line}: expected ${expected}, got ${got === '' ? 'the end of the file' : JSON.stringify(got.length > 40 ? got.slice(0, 40) + '…' : got)}`,
    );
    this.name = 'BvhError';
  }
}

export interface BvhData {
  skeleton: Skeleton;
  clip: Clip;
  /** Per joint, its channel names in file order (empty for End Sites). */
  channels: string[][];
}

const ROTATIONS = ['Xrotation', 'Yrotation', 'Zrotation'];
const POSITIONS = ['Xposition', 'Yposition', 'Zposition'];
const CHANNEL_NAMES = [...POSITIONS, ...ROTATIONS];
/** Refuse absurd files before allocating for them. */
const MAX_FRAMES = 100_000;
const MAX_JOINTS = 512;
const MIN_FRAME_TIME = 1e-4;
const MAX_FRAME_TIME = 10;
/** How often the parser reports progress (frames). */
const PROGRESS_FRAMES = 2000;
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Reads BVH text. Throws BvhError naming the line and what was expected. `onProgress` hears
 * the share of frames read (0–1) every PROGRESS_FRAMES frames: a 50 MB capture takes seconds.
 */
export function parseBvh(
  text: string,
  name = 'clip',
  onProgress?: (fraction: number) => void,
): BvhData {
  const lines = text.split(/\r?\n/);
  let ln = 0; // index of the next line to read
  /** The next non-blank line, as words, with its 1-based number. */
  const next = (): { words: string[]; line: number; raw: string } => {
    while (ln < lines.length) {
      const raw = lines[ln++]!.trim();
      if (raw !== '') return { words: raw.split(/\s+/), line: ln, raw };
    }
    return { words: [], line: lines.length, raw: '' };
  };
  const num = (w: string | undefined, line: number, what: string): number => {
    // Decimal numbers only: Number() would also take "0x1" or "1_0"-like oddities.
    const v = w !== undefined && DECIMAL.test(w) ? Number(w) : NaN;
    if (!Number.isFinite(v)) throw new BvhError(line, what, w ?? '');
    return v;
  };

  let l = next();
  if (l.words[0] !== 'HIERARCHY')
    throw new BvhError(l.line, '"HIERARCHY" to begin the file', l.raw);
  const joints: Joint[] = [];
  const channels: string[][] = [];
  l = next();
  if (l.words[0] !== 'ROOT') throw new BvhError(l.line, '"ROOT <name>" (the first joint)', l.raw);

  /** Reads one joint block after its ROOT/JOINT/End Site line; returns after its closing brace. */
  const readJoint = (jointName: string, parent: number, end: boolean, line: number): void => {
    if (joints.length >= MAX_JOINTS)
      throw new BvhError(line, `at most ${MAX_JOINTS} joints`, jointName);
    const index = joints.length;
    const joint: Joint = { name: jointName, parent, offset: [0, 0, 0], end };
    joints.push(joint);
    channels.push([]);
    let t = next();
    if (t.raw !== '{') throw new BvhError(t.line, `"{" to open joint "${jointName}"`, t.raw);
    t = next();
    if (t.words[0] !== 'OFFSET' || t.words.length !== 4)
      throw new BvhError(t.line, `"OFFSET x y z" for joint "${jointName}"`, t.raw);
    joint.offset = [1, 2, 3].map((k) => num(t.words[k], t.line, 'a number in OFFSET')) as [
      number,
      number,
      number,
    ];
    if (!end) {
      t = next();
      if (t.words[0] !== 'CHANNELS')
        throw new BvhError(t.line, `"CHANNELS n name…" for joint "${jointName}"`, t.raw);
      const n = num(t.words[1], t.line, 'the number of channels (3 or 6)');
      const names = t.words.slice(2);
      if ((n !== 3 && n !== 6) || names.length !== n)
        throw new BvhError(t.line, `3 or 6 channels, as many names as the count says`, t.raw);
      for (const c of names)
        if (!CHANNEL_NAMES.includes(c))
          throw new BvhError(t.line, `a channel name (${CHANNEL_NAMES.join(', ')})`, c);
      const rotations = names.filter((c) => ROTATIONS.includes(c));
      if (rotations.length !== 3 || new Set(rotations).size !== 3)
        throw new BvhError(t.line, 'three rotation channels, one each about X, Y and Z', t.raw);
      const positions = names.filter((c) => POSITIONS.includes(c));
      if (positions.length && new Set(positions).size !== 3)
        throw new BvhError(t.line, 'three position channels, one each along X, Y and Z', t.raw);
      channels[index] = names;
    }
    for (;;) {
      t = next();
      if (t.raw === '}') return;
      if (end) throw new BvhError(t.line, '"}" to close the End Site', t.raw);
      if (t.words[0] === 'JOINT' && t.words.length >= 2)
        readJoint(t.words.slice(1).join(' '), index, false, t.line);
      else if (t.words[0] === 'End' && t.words[1] === 'Site')
        readJoint(`${jointName}_End`, index, true, t.line);
      else
        throw new BvhError(
          t.line,
          `"JOINT <name>", "End Site" or "}" inside joint "${jointName}"`,
          t.raw,
        );
    }
  };
  readJoint(l.words.slice(1).join(' ') || 'Root', -1, false, l.line);

  l = next();
  if (l.words[0] !== 'MOTION') throw new BvhError(l.line, '"MOTION" after the hierarchy', l.raw);
  l = next();
  if (l.words[0] !== 'Frames:') throw new BvhError(l.line, '"Frames: <count>"', l.raw);
  const frames = num(l.words[1], l.line, 'a frame count');
  if (!Number.isInteger(frames) || frames < 1 || frames > MAX_FRAMES)
    throw new BvhError(
      l.line,
      `a whole number of frames from 1 to ${MAX_FRAMES}`,
      l.words[1] ?? '',
    );
  l = next();
  if (l.words[0] !== 'Frame' || l.words[1] !== 'Time:')
    throw new BvhError(l.line, '"Frame Time: <seconds>"', l.raw);
  const frameTime = num(l.words[2], l.line, 'a frame time in seconds');
  if (!(frameTime >= MIN_FRAME_TIME && frameTime <= MAX_FRAME_TIME))
    throw new BvhError(
      l.line,
      `a frame time from ${MIN_FRAME_TIME} to ${MAX_FRAME_TIME} seconds (10 000 to 0.1 frames a second)`,
      l.words[2] ?? '',
    );

  const width = channels.reduce((s, c) => s + c.length, 0);
  // Room for no more frames than the file has lines: a small file claiming "Frames: 100000"
  // fails at its first missing frame below, without first asking for gigabytes.
  const values = new Float64Array(Math.min(frames, lines.length - ln) * width);
  for (let f = 0; f < frames; f++) {
    if (onProgress && f % PROGRESS_FRAMES === 0) onProgress(f / frames);
    l = next();
    if (l.words.length === 0)
      throw new BvhError(
        l.line,
        `frame ${f + 1} of ${frames} (the file says "Frames: ${frames}")`,
        '',
      );
    if (l.words.length !== width)
      throw new BvhError(
        l.line,
        `${width} numbers for frame ${f + 1} (one per channel)`,
        `${l.words.length} values`,
      );
    for (let k = 0; k < width; k++)
      values[f * width + k] = num(l.words[k], l.line, `a number for frame ${f + 1}`);
  }
  l = next();
  if (l.words.length)
    throw new BvhError(l.line, `no more frames (the file says "Frames: ${frames}")`, l.raw);

  const skeleton = new Skeleton(joints);
  const tracks: Track[] = [];
  const times = Float64Array.from({ length: frames }, (_, f) => f * frameTime);
  const euler = new Float64Array(3);
  let col = 0;
  channels.forEach((names, j) => {
    if (names.length === 0) return;
    const order = names
      .filter((c) => ROTATIONS.includes(c))
      .map((c) => c[0])
      .join('');
    const rot = new Float64Array(4 * frames);
    const pos = names.some((c) => POSITIONS.includes(c)) ? new Float64Array(3 * frames) : null;
    for (let f = 0; f < frames; f++) {
      let r = 0;
      if (pos) pos.set(joints[j]!.offset, 3 * f);
      names.forEach((c, k) => {
        const v = values[f * width + col + k]!;
        if (ROTATIONS.includes(c)) euler[r++] = v;
        else pos![3 * f + POSITIONS.indexOf(c)] = v;
      });
      fromEulerDegrees(rot.subarray(4 * f, 4 * f + 4), order, euler);
    }
    col += names.length;
    tracks.push({ joint: j, times: times.slice(), rotations: rot, translations: pos });
  });
  return { skeleton, clip: new Clip(name, frames * frameTime, tracks, frameTime), channels };
}

/**
 * Writes a skeleton and a uniform clip as BVH: the root with 6 channels (position, then
 * rotations Z X Y), every other joint with 3 (Z X Y), End Sites for joints marked `end`.
 */
export function writeBvh(skeleton: Skeleton, clip: Clip, digits = 4): string {
  const out: string[] = ['HIERARCHY'];
  const fmt = (v: number) => {
    const s = v.toFixed(digits);
    return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
  };
  const write = (i: number, depth: number) => {
    const j = skeleton.joints[i]!;
    const pad = '  '.repeat(depth);
    out.push(`${pad}${j.end ? 'End Site' : j.parent < 0 ? `ROOT ${j.name}` : `JOINT ${j.name}`}`);
    out.push(`${pad}{`);
    out.push(`${pad}  OFFSET ${j.offset.map(fmt).join(' ')}`);
    if (!j.end)
      out.push(
        `${pad}  CHANNELS ${j.parent < 0 ? '6 Xposition Yposition Zposition' : '3'} Zrotation Xrotation Yrotation`,
      );
    for (const c of skeleton.children(i)) write(c, depth + 1);
    out.push(`${pad}}`);
  };
  write(0, 0);
  const frames = clip.frameCount;
  out.push('MOTION', `Frames: ${frames}`, `Frame Time: ${Number(clip.frameTime.toPrecision(9))}`);
  const byJoint = new Map(clip.tracks.map((t) => [t.joint, t]));
  for (let f = 0; f < frames; f++) {
    const row: string[] = [];
    skeleton.joints.forEach((j, i) => {
      if (j.end) return;
      const t = byJoint.get(i);
      if (j.parent < 0) {
        const p = t?.translations
          ? Array.from(t.translations.subarray(3 * f, 3 * f + 3))
          : j.offset;
        row.push(...p.map(fmt));
      }
      const q = t?.rotations ? t.rotations.subarray(4 * f, 4 * f + 4) : [0, 0, 0, 1];
      row.push(...toEulerDegrees(q, 'ZXY').map(fmt));
    });
    out.push(row.join(' '));
  }
  return out.join('\n') + '\n';
}
