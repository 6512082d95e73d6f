import { fromTRS } from '../math/mat4.ts';
import { toAxisAngle } from '../math/quat.ts';
import type { Clip } from './clip.ts';
import { LIC } from './lic.ts';
import { forwardKinematics, Pose } from './pose.ts';
import type { Skeleton } from './skeleton.ts';

/** What IK may turn in a leg (base joint down to, not including, the end-effector). */
export interface LegChain {
  name: 'left' | 'right';
  /** Chain joints, root first: the thigh and the knee for the seed's 3-joint legs. */
  joints: number[];
  /** The end-effector, about at the ankle. */
  ee: number;
}

/** The character as the walking system sees it (seed 000's IKRig and RigData). */
export interface IKRigDef {
  skeleton: Skeleton;
  hip: number;
  legs: [LegChain, LegChain];
  /** Model units to world units (the seed: 0.05). */
  scale: number;
  /** 2 × the left leg's bind length, model units (the seed's repo). */
  rigHeight: number;
  /** Which naming scheme found the legs, with the left leg's joints: "CMU-style (LeftHip, …)". */
  naming?: string;
}

/**
 * The naming schemes the leg finder knows, each as the thigh's and the foot's name for a side.
 * A name is matched whole and without regard to case.
 */
const NAMING: readonly {
  name: string;
  /** A left leg as the scheme names it, for messages. */
  example: string;
  thigh: (side: 'Left' | 'Right') => RegExp;
  foot: (side: 'Left' | 'Right') => RegExp;
}[] = [
  {
    name: 'Mixamo',
    example: 'mixamorig:LeftUpLeg … LeftFoot',
    thigh: (s) => new RegExp(`^mixamorig\\d*:${s}(UpLeg|UpperLeg)$`, 'i'),
    foot: (s) => new RegExp(`^mixamorig\\d*:${s}(Foot|Ankle)$`, 'i'),
  },
  {
    // CMU's BVH conversions: Hips, LHipJoint, LeftHip (or LeftUpLeg), LeftKnee, LeftAnkle.
    name: 'CMU-style',
    example: 'LeftHip or LeftUpLeg … LeftAnkle or LeftFoot',
    thigh: (s) => new RegExp(`^${s}(UpLeg|UpperLeg|Thigh|Hip)$`, 'i'),
    foot: (s) => new RegExp(`^${s}(Foot|Ankle)$`, 'i'),
  },
  {
    // A side's letter in front: L_UpLeg, L_Thigh … L_Foot (and R_ for the right).
    name: 'L_/R_-prefixed',
    example: 'L_UpLeg … L_Foot',
    thigh: (s) => new RegExp(`^${s[0]}[_.]?(UpLeg|UpperLeg|Thigh|Hip)$`, 'i'),
    foot: (s) => new RegExp(`^${s[0]}[_.]?(Foot|Ankle)$`, 'i'),
  },
  {
    // Blender's thigh.L / foot.L (Rigify's DEF- and ORG- copies too), Unreal's thigh_l / foot_l.
    name: 'Blender-style',
    example: 'thigh.L … foot.L',
    thigh: (s) => new RegExp(`^((DEF|ORG)-)?(thigh|upper_?leg|upleg)[._]${s[0]}$`, 'i'),
    foot: (s) => new RegExp(`^((DEF|ORG)-)?(foot|ankle)[._]${s[0]}$`, 'i'),
  },
];

/** The schemes' names, as a message lists them. */
export const NAMING_SCHEMES = NAMING.map((n) => n.name);
const KNOWN_NAMES = NAMING.map((n) => `${n.name} (${n.example})`).join(', ');

/**
 * Finds the hips and the two legs by their usual names: Mixamo's (mixamorig:LeftUpLeg …
 * LeftFoot), CMU-style (LeftHip or LeftUpLeg … LeftAnkle or LeftFoot) or Blender-style
 * (thigh.L … foot.L, thigh_l … foot_l). The root is the hip; each leg runs from its thigh down
 * to its foot. Returns what was missing, in words, when a skeleton follows none of them; the
 * rig it returns says which scheme it matched.
 */
export function findLegs(skeleton: Skeleton, scale: number): IKRigDef | string {
  const hip = skeleton.joints.findIndex((j) => j.parent < 0);
  let best = { problem: '', found: -1 };
  for (const scheme of NAMING) {
    const legs = legsNamed(skeleton, hip, scheme);
    if (!('problem' in legs)) {
      const rigHeight = 2 * skeleton.chainLength(legs[0].joints[0]!, legs[0].ee);
      const names = [...legs[0].joints, legs[0].ee].map((j) => skeleton.joints[j]!.name);
      const naming = `${scheme.name} (${names.join(', ')})`;
      return { skeleton, hip, legs, scale, rigHeight, naming };
    }
    // What the scheme that got furthest (found the most legs) was missing.
    if (legs.found > best.found) best = legs;
  }
  return `${best.problem}; the leg finder knows these names: ${KNOWN_NAMES}`;
}

function legsNamed(
  skeleton: Skeleton,
  hip: number,
  scheme: (typeof NAMING)[number],
): [LegChain, LegChain] | { problem: string; found: number } {
  const legs: LegChain[] = [];
  const missing = (problem: string) => ({ problem, found: legs.length });
  for (const side of ['Left', 'Right'] as const) {
    const footName = scheme.foot(side);
    const ee = skeleton.joints.findIndex((j) => !j.end && footName.test(j.name));
    if (ee < 0) return missing(`no joint named ${side}Foot (or ${side}Ankle)`);
    const path = skeleton.pathTo(ee);
    const thighName = scheme.thigh(side);
    const base = path.findIndex((j) => thighName.test(skeleton.joints[j]!.name));
    if (base < 0) return missing(`no ${side}UpLeg (thigh) above ${skeleton.joints[ee]!.name}`);
    const joints = path.slice(base, -1);
    if (joints.length < 2) return missing(`the ${side.toLowerCase()} leg needs a thigh and a knee`);
    if (joints.includes(hip)) return missing('the legs must not start at the hips');
    legs.push({ name: side === 'Left' ? 'left' : 'right', joints, ee });
  }
  return [legs[0]!, legs[1]!];
}

export type SubKind = 'static' | 'dynamic';

/** An original sub-trajectory of a foot (seed's EETrajectory): a step or a stance. */
export interface SubTrajectory {
  id: number;
  kind: SubKind;
  /** In extended animation time: may start before 0 or end after the clip's duration. */
  curve: LIC;
  /** Support heights at its start and end (the foot's height above the floor when planted). */
  supportStart: number;
  supportEnd: number;
}

/** One foot's analysis. */
export interface FootAnalysis {
  /** World positions per frame (x, y, z), rig at the origin facing +Y, floor at z = 0. */
  positions: Float64Array;
  /**
   * How far the foot moved since the previous frame (world units), per frame, as the support
   * test reads it: the ankle, or under the each-foot rule the less of the ankle and the toes.
   */
  displacement: Float64Array;
  /** Support (planted) per frame as detected, and as the walker uses it (after the rule). */
  detected: Uint8Array;
  support: Uint8Array;
  /**
   * The foot's own test after the clean-up, before the rule fills or overrides it: where it
   * differs from `support` is what that step changed (lesson 13 shows both). Under the each-foot
   * rule the test itself reads the ankle or the toes (see `displacement`).
   */
  own: Uint8Array;
  /** Minimum expected height above the floor per frame (seed's support heights). */
  supportHeight: Float64Array;
  /** The least of those: the foot's lowest planted height. */
  lowestSupport: number;
  /** Sub-trajectories covering extended time [−d_A, 2·d_A), sorted by start. */
  subs: SubTrajectory[];
}

/**
 * The preprocessing pass of seed 000 (§6.3, §9.3), run once per clip: global foot and hip paths
 * per frame, the floor offset, support frames per foot (cleaned up, then by the support rule), each
 * foot path split into static and dynamic sub-trajectories (wrapping into extended time), support
 * heights, the hips' original path, the chain joints' hinge axes and original angles per frame,
 * and the validator's warnings.
 */
export interface WalkAnalysis {
  kind: 'walk' | 'idle';
  frames: number;
  frameTime: number;
  duration: number;
  /** Subtracted from every height so the clip's lowest joint touches z = 0. */
  floorOffset: number;
  /** The support threshold (world units per 1/30 s): rigHeight·scale/120·factor. */
  dMin: number;
  factor: number;
  /** How the support frames were chosen from the feet's own tests. */
  rule: SupportRule;
  feet: [FootAnalysis, FootAnalysis];
  /** The hips' path over one cycle plus the first frame of the next (frames 0..n). */
  hip: LIC;
  /** How far one cycle carries the character (x, y), to extend paths past the clip's ends. */
  cycle: Float64Array;
  /** Per chain variable (left leg's joints, then the right's) and frame: axis (3) and angle. */
  axes: Float64Array;
  angles: Float64Array;
  /** Seed 000 §9.3's requirements, in words, for what this clip fails. */
  warnings: string[];
  /**
   * Why the walking system cannot walk with this clip, or null: a hop or a run (both feet off
   * the ground, each foot judged on its own, for more than MAX_FLIGHT).
   */
  cannotWalk: string | null;
}

/** The seed's default supportFrameDistanceFactor, and the support rules. */
export { SUPPORT_FACTOR, SUPPORT_RULES, type SupportRule } from './support-factor.ts';
import { SUPPORT_FACTOR, SUPPORT_FRAME_TIME, type SupportRule } from './support-factor.ts';

/**
 * Reads a clip once (WalkAnalysis). `rule` picks the support frames: each foot's own test by
 * default, so double support and standing are kept, or seed 000's `opposite`.
 */
export function analyseWalk(
  rig: IKRigDef,
  clip: Clip,
  kind: 'walk' | 'idle',
  factor = SUPPORT_FACTOR,
  rule: SupportRule = 'each',
): WalkAnalysis {
  const sk = rig.skeleton;
  const n = Math.max(1, clip.frameCount);
  const dt = clip.frameTime;
  const pose = new Pose(sk);
  const m = new Float64Array(16 * sk.count);
  const base = fromTRS(
    new Float64Array(16),
    [0, 0, 0],
    [0, 0, 0, 1],
    [rig.scale, rig.scale, rig.scale],
  );
  const hipPos = new Float64Array(3 * n);
  const feet = rig.legs.map(() => new Float64Array(3 * n));
  // Each foot's toes (the ankle's first child), which stay down while the heel rises: read by
  // the each-foot rule only.
  const toeJoints = rig.legs.map((leg) => (rule === 'each' ? toeOf(sk, leg.ee) : -1));
  const toes = toeJoints.map((t) => (t < 0 ? null : new Float64Array(3 * n)));
  let floor = Infinity;
  for (let f = 0; f < n; f++) {
    clip.sample(f * dt, pose.toBind());
    forwardKinematics(pose, m, base);
    for (let j = 0; j < sk.count; j++) floor = Math.min(floor, m[16 * j + 14]!);
    for (let c = 0; c < 3; c++) hipPos[3 * f + c] = m[16 * rig.hip + 12 + c]!;
    rig.legs.forEach((leg, k) => {
      for (let c = 0; c < 3; c++) feet[k]![3 * f + c] = m[16 * leg.ee + 12 + c]!;
      const toe = toes[k];
      if (toe) for (let c = 0; c < 3; c++) toe[3 * f + c] = m[16 * toeJoints[k]! + 12 + c]!;
    });
  }
  if (!Number.isFinite(floor)) floor = 0;
  for (let f = 0; f < n; f++) {
    hipPos[3 * f + 2] = hipPos[3 * f + 2]! - floor;
    for (const p of feet) p[3 * f + 2] = p[3 * f + 2]! - floor;
  }
  // One cycle's travel: the hips' last step continued to where the first frame repeats.
  const cycle = new Float64Array(3);
  if (n >= 2)
    for (let c = 0; c < 2; c++)
      cycle[c] = 2 * hipPos[3 * (n - 1) + c]! - hipPos[3 * (n - 2) + c]! - hipPos[c]!;

  const dMin = ((rig.rigHeight * rig.scale) / 120) * factor;
  // d_min is a step per 1/30 s: this clip's frames compare with it scaled to their own length.
  const step = dMin * (dt / SUPPORT_FRAME_TIME);
  // How far each part of a foot moved per frame, frame 0 against the last frame one cycle back.
  const stepOf = (p: Float64Array) =>
    Float64Array.from({ length: n }, (_, f) =>
      f > 0 ? dist(p, f, p, f - 1) : n >= 2 ? distShift(p, 0, p, n - 1, cycle) : 0,
    );
  // Under the each-foot rule a foot is planted when its ankle or its toes (a foot pushing off
  // turns about its toes, which stay put) barely move while near their lowest: a foot lifted
  // whole, at the top of a hop, also barely moves. The seed's rule reads the ankle's speed alone.
  const band = (rig.rigHeight * rig.scale) / HEIGHT_BAND;
  const moved: Float64Array[] = [];
  const detected = feet.map((p, k) => {
    const toe = toes[k];
    const parts = toe ? [p, toe] : [p];
    const steps = parts.map(stepOf);
    const lows = parts.map((q) => lowestHeight(q));
    const d = steps[0]!.slice();
    const s = new Uint8Array(n);
    for (let f = n >= 2 ? 0 : 1; f < n; f++)
      s[f] = parts.some(
        (q, i) =>
          steps[i]![f]! <= step && (rule === 'opposite' || q[3 * f + 2]! - lows[i]! <= band),
      )
        ? 1
        : 0;
    for (let i = 1; i < steps.length; i++)
      for (let f = 0; f < n; f++) d[f] = Math.min(d[f]!, steps[i]![f]!);
    moved.push(d);
    return s;
  });
  // The clean-up fills a one-frame gap at 30 fps: as long a gap in time at any rate.
  const gap = Math.max(1, Math.round(SUPPORT_FRAME_TIME / dt));
  // Each foot's own test, cleaned up; the support rule then makes the rows the walker uses.
  const own = detected.map((d) => cleanUp(d, gap));
  const flight = kind === 'walk' ? longestFlight(own[0]!, own[1]!, dt) : null;
  const [left, right] =
    rule === 'opposite' ? oppositeFeet(own[0]!) : eachFoot(own[0]!, own[1]!, feet[0]!, feet[1]!);
  if (kind === 'idle') {
    left.fill(1);
    right.fill(1);
  }

  let nextId = 1;
  const footAnalyses = feet.map((p, k) => {
    const support = k === 0 ? left : right;
    const displacement = moved[k]!;
    const { subs, heights } = subTrajectories(p, support, n, dt, cycle, () => nextId++);
    return {
      positions: p,
      displacement,
      detected: detected[k]!,
      own: own[k]!,
      support,
      supportHeight: heights,
      lowestSupport: Math.min(...heights),
      subs,
    } satisfies FootAnalysis;
  }) as [FootAnalysis, FootAnalysis];

  const hip = new LIC(n + 1);
  for (let f = 0; f < n; f++)
    hip.push(f * dt, hipPos[3 * f]!, hipPos[3 * f + 1]!, hipPos[3 * f + 2]!);
  hip.push(n * dt, hipPos[0]! + cycle[0]!, hipPos[1]! + cycle[1]!, hipPos[2]!);

  const { axes, angles } = hingeAxes(rig, clip, n, dt);
  return {
    kind,
    frames: n,
    frameTime: dt,
    duration: n * dt,
    floorOffset: floor,
    dMin,
    factor,
    rule,
    feet: footAnalyses,
    hip,
    cycle,
    axes,
    angles,
    warnings: validate(rig, clip, axes, n),
    cannotWalk: kind === 'walk' ? whyNotWalkable(rig, cycle, flight) : null,
  };
}

/**
 * Why a walk clip cannot be walked with, or null. A clip whose hips do not travel (an "in
 * place" export) is named as such first: its planted feet slide back under the body, so the
 * foot detection would see no stance at all and call it a hop.
 */
function whyNotWalkable(
  rig: IKRigDef,
  cycle: Float64Array,
  flight: { seconds: number; from: number } | null,
): string | null {
  const leg = (rig.rigHeight * rig.scale) / 2;
  const travel = Math.hypot(cycle[0]!, cycle[1]!);
  if (travel < MIN_TRAVEL * leg)
    return `the hips travel ${travel.toFixed(2)} per cycle (a leg is ${leg.toFixed(2)}): a walk "in place", whose planted feet slide back, and the walking system needs the walk's own travel (export it with root motion)`;
  if (flight && flight.seconds > MAX_FLIGHT)
    return `both feet leave the ground for ${flight.seconds.toFixed(2)} s (from ${flight.from.toFixed(2)} s): a hop or a run, and the walking system keeps one foot planted at all times`;
  return null;
}

/**
 * Under the each-foot rule, a foot's ankle or toes count as down only within rigHeight/40 of
 * their lowest (4.3 cm on the course's humanoid): a heel strike's loading and a capture's noise
 * stay inside it, a hop's top does not.
 */
export const HEIGHT_BAND = 40;

/** Less travel per cycle than this share of a leg, and a walk is "in place" (ours: 1.74, 1.59). */
export const MIN_TRAVEL = 0.1;

/** Longer than this with neither foot planted, a "walk" is a hop or a run (s): 3 frames at 30 fps. */
export const MAX_FLIGHT = 0.1;

/** The longest run of frames (round the loop) where neither foot's own detection is planted. */
function longestFlight(
  a: Uint8Array,
  b: Uint8Array,
  dt: number,
): { seconds: number; from: number } {
  const n = a.length;
  let best = 0;
  let bestFrom = 0;
  let run = 0;
  // Twice round, so a run across the clip's end is counted whole.
  for (let k = 0; k < 2 * n; k++) {
    const f = k % n;
    if (!a[f] && !b[f]) {
      run++;
      if (run > best && run <= n) {
        best = run;
        bestFrom = (k - run + 1) % n;
      }
    } else run = 0;
  }
  return { seconds: best * dt, from: bestFrom * dt };
}

/** Seed 000's rule: the left foot's own test, the right foot planted whenever the left is not. */
function oppositeFeet(ownLeft: Uint8Array): [Uint8Array, Uint8Array] {
  const left = ownLeft.slice();
  if (!left.some((v) => v)) left.fill(1); // a clip that never plants: treat as standing
  return [left, left.map((v) => (v ? 0 : 1))];
}

/**
 * Each foot's own test, kept where it finds both feet down. The speed test lags contact (a
 * landing foot still skids for a frame), so between one foot's stance and the other's there are
 * often frames where neither passes, and a walk always stands on a foot. Each such gap (round the
 * loop) is split once: its first frames go on with the foot planted before it, the rest to the
 * foot planted after it, from the first frame where that foot's ankle is nearer its lowest
 * planted height. So both stances grow into the gap and neither is cut in two. (A real flight
 * longer than MAX_FLIGHT makes the clip unwalkable before this matters.)
 */
function eachFoot(
  ownLeft: Uint8Array,
  ownRight: Uint8Array,
  pl: Float64Array,
  pr: Float64Array,
): [Uint8Array, Uint8Array] {
  const feet = [ownLeft.slice(), ownRight.slice()];
  const [left, right] = feet as [Uint8Array, Uint8Array];
  const n = left.length;
  if (!left.some((v) => v) && !right.some((v) => v)) {
    left.fill(1); // a clip that never plants: treat as standing
    right.fill(1);
    return [left, right];
  }
  // How high each ankle is over its lowest planted height, per frame.
  const lows = [lowestHeight(pl, ownLeft), lowestHeight(pr, ownRight)];
  const above = (k: number, f: number) => (k ? pr : pl)[3 * f + 2]! - lows[k]!;
  const down = (f: number) => left[f]! + right[f]! > 0;
  // Start just after a planted frame, so every gap is met whole.
  let start = 0;
  while (!down((start - 1 + n) % n)) start++;
  for (let i = 0; i < n; i++) {
    const a = (start + i) % n;
    if (down(a)) continue;
    let len = 1;
    while (len < n && !down((a + len) % n)) len++;
    const before = (a - 1 + n) % n;
    const after = (a + len) % n;
    // The foot that lifted into the gap and the one that lands out of it. A foot down on both
    // sides of the gap simply stays down through it.
    const stays =
      feet[0]![before] && feet[0]![after] ? 0 : feet[1]![before] && feet[1]![after] ? 1 : -1;
    const from = stays >= 0 ? stays : feet[0]![before] ? 0 : 1;
    const to = stays >= 0 ? stays : feet[0]![after] ? 0 : 1;
    let split = len;
    if (from !== to)
      for (let g = 0; g < len; g++) {
        const f = (a + g) % n;
        if (above(to, f) <= above(from, f)) {
          split = g;
          break;
        }
      }
    for (let g = 0; g < len; g++) feet[g < split ? from : to]![(a + g) % n] = 1;
    i += len - 1;
  }
  return [left, right];
}

/** A foot's toes: the ankle's first child that is a joint, else its end site, else -1. */
function toeOf(sk: Skeleton, ee: number): number {
  const kids = sk.children(ee);
  return kids.find((j) => !sk.joints[j]!.end) ?? kids[0] ?? -1;
}

/**
 * The least height (z) of a path of x, y, z points: over the frames `planted` marks, or over all
 * of them when it is not given or marks none.
 */
function lowestHeight(p: Float64Array, planted?: Uint8Array): number {
  let low = Infinity;
  let all = Infinity;
  for (let f = 0; 3 * f < p.length; f++) {
    const z = p[3 * f + 2]!;
    all = Math.min(all, z);
    if (planted?.[f]) low = Math.min(low, z);
  }
  return Number.isFinite(low) ? low : all;
}

/**
 * The seed's repo clean-up of support flags (a gap of `gap` frames or fewer between two
 * support frames becomes support; one frame at 30 fps), then frame 0 copies the last frame.
 */
function cleanUp(s: Uint8Array, gap: number): Uint8Array {
  const n = s.length;
  const out = s.slice();
  for (let f = 1; f + 1 < n; f++) {
    if (s[f] || !s[f - 1]) continue;
    let end = f;
    while (end < n && !s[end] && end - f < gap) end++;
    if (end < n && s[end]) out.fill(1, f, end);
  }
  if (n >= 2 && out[n - 2]) out[n - 1] = 1;
  if (n >= 2) out[0] = out[n - 1]!;
  return out;
}

/**
 * Splits a foot's path into runs: static ones over consecutive support frames, dynamic ones
 * from the last support frame of a stance to the first of the next (so neighbours share their
 * end frames). Runs that cross the clip's end continue in extended time (frame k ≥ n sits at
 * k·dt, moved on by one cycle's travel). Each run is stored three times, at −d_A, 0 and +d_A,
 * so any time in the clip finds its whole sub-trajectory.
 */
function subTrajectories(
  p: Float64Array,
  support: Uint8Array,
  n: number,
  dt: number,
  cycle: Float64Array,
  id: () => number,
): { subs: SubTrajectory[]; heights: Float64Array } {
  const heights = new Float64Array(n);
  const runs: { kind: SubKind; from: number; to: number }[] = [];
  if (support.every((v) => v)) runs.push({ kind: 'static', from: 0, to: n });
  else if (!support.some((v) => v)) runs.push({ kind: 'dynamic', from: 0, to: n });
  else {
    // Start at a stance's first frame so no stance is cut by the clip's end.
    let s0 = 0;
    while (s0 < n && !(support[s0] && !support[(s0 - 1 + n) % n])) s0++;
    let f = s0;
    while (f < s0 + n) {
      let e = f;
      while (e + 1 < s0 + n && support[(e + 1) % n]) e++;
      runs.push({ kind: 'static', from: f, to: e });
      // The step: from this stance's last frame to the next stance's first.
      let g = e + 1;
      while (g < s0 + n && !support[g % n]) g++;
      runs.push({ kind: 'dynamic', from: e, to: g });
      f = g;
    }
  }
  const at = (k: number, c: number) => {
    const cycles = Math.floor(k / n);
    return p[3 * (k - cycles * n) + c]! + (c < 2 ? cycles * cycle[c]! : 0);
  };
  // Support heights: the stance's own height; a step's, lerped between its two stances.
  for (const r of runs) {
    const zs = at(r.from, 2);
    const ze = at(r.to, 2);
    for (let k = r.from; k <= Math.min(r.to, r.from + n - 1); k++) {
      const f = ((k % n) + n) % n;
      if (r.kind === 'static') heights[f] = at(k, 2);
      else if (!support[f]) {
        const u = r.to > r.from ? (k - r.from) / (r.to - r.from) : 0;
        heights[f] = zs + (ze - zs) * u;
      }
    }
  }
  const subs: SubTrajectory[] = [];
  for (const shift of [-1, 0, 1])
    for (const r of runs) {
      const curve = new LIC(r.to - r.from + 1);
      const last = r.to;
      for (let k = r.from; k <= last; k++)
        curve.push(
          (k + shift * n) * dt,
          at(k, 0) + shift * cycle[0]!,
          at(k, 1) + shift * cycle[1]!,
          at(k, 2),
        );
      subs.push({
        id: id(),
        kind: r.kind,
        curve,
        supportStart: heights[((r.from % n) + n) % n]!,
        supportEnd: heights[((last % n) + n) % n]!,
      });
    }
  subs.sort((a, b) => a.curve.startTime - b.curve.startTime);
  return { subs, heights };
}

/**
 * Each chain joint's hinge per frame (seed 000 §7.2): the axis of its original local rotation,
 * with the angle about it. The sign is kept consistent across frames by aligning every axis with
 * the joint's mean axis; a frame whose rotation is too small to have an axis borrows the mean.
 */
function hingeAxes(rig: IKRigDef, clip: Clip, n: number, dt: number) {
  const joints = rig.legs.flatMap((l) => l.joints);
  const axes = new Float64Array(3 * joints.length * n);
  const angles = new Float64Array(joints.length * n);
  const pose = new Pose(rig.skeleton);
  const axis = new Float64Array(3);
  const mean = new Float64Array(3 * joints.length);
  const raw = new Float64Array(4 * joints.length * n);
  for (let f = 0; f < n; f++) {
    clip.sample(f * dt, pose.toBind());
    joints.forEach((j, k) => raw.set(pose.r.subarray(4 * j, 4 * j + 4), 4 * (k * n + f)));
  }
  joints.forEach((_, k) => {
    // The mean axis, each frame's axis flipped to agree with the first substantial one.
    let ref: number[] | null = null;
    for (let f = 0; f < n; f++) {
      const th = toAxisAngle(axis, raw.subarray(4 * (k * n + f), 4 * (k * n + f) + 4));
      if (th < 1e-3) continue;
      ref ??= [axis[0]!, axis[1]!, axis[2]!];
      const s = axis[0]! * ref[0]! + axis[1]! * ref[1]! + axis[2]! * ref[2]! < 0 ? -1 : 1;
      for (let c = 0; c < 3; c++) mean[3 * k + c] = mean[3 * k + c]! + s * axis[c]! * th;
    }
    const l = Math.hypot(mean[3 * k]!, mean[3 * k + 1]!, mean[3 * k + 2]!);
    if (l > 1e-9) for (let c = 0; c < 3; c++) mean[3 * k + c] = mean[3 * k + c]! / l;
    else mean.set([1, 0, 0], 3 * k);
    for (let f = 0; f < n; f++) {
      const th = toAxisAngle(axis, raw.subarray(4 * (k * n + f), 4 * (k * n + f) + 4));
      const o = 3 * (k * n + f);
      if (th < 1e-3) {
        axes.set(mean.subarray(3 * k, 3 * k + 3), o);
        angles[k * n + f] = 0;
        continue;
      }
      const d = axis[0]! * mean[3 * k]! + axis[1]! * mean[3 * k + 1]! + axis[2]! * mean[3 * k + 2]!;
      const s = d < 0 ? -1 : 1;
      for (let c = 0; c < 3; c++) axes[o + c] = s * axis[c]!;
      angles[k * n + f] = s * th;
    }
  });
  return { axes, angles };
}

/** Seed 000 §9.3 / the repo's AnimationValidator, as warnings. */
function validate(rig: IKRigDef, clip: Clip, axes: Float64Array, n: number): string[] {
  const warnings: string[] = [];
  const sk = rig.skeleton;
  const moving = clip.tracks.filter((t) => {
    if (t.joint === rig.hip || !t.translations) return false;
    const tr = t.translations;
    for (let k = 3; k < tr.length; k++) if (Math.abs(tr[k]! - tr[k % 3]!) > 1e-3) return true;
    return false;
  });
  if (moving.length)
    warnings.push(
      `joints other than the hips move (${moving.map((t) => sk.joints[t.joint]!.name).join(', ')}): bones must keep their length`,
    );
  for (let j = sk.joints[rig.hip]!.parent; j >= 0; j = sk.joints[j]!.parent)
    if (clip.tracks.some((t) => t.joint === j && (t.rotations || t.translations)))
      warnings.push(
        `"${sk.joints[j]!.name}" above the hips is animated: motion must come from the hips`,
      );
  // Requirement 4: the legs should hinge across the plane of motion (the x axis here).
  const joints = rig.legs.flatMap((l) => l.joints);
  joints.forEach((j, k) => {
    let x = 0;
    for (let f = 0; f < n; f++) x += axes[3 * (k * n + f)]!;
    if (Math.abs(x / n) < 0.35)
      warnings.push(
        `"${sk.joints[j]!.name}" turns mostly about an axis in the plane of motion: IK may not follow its targets`,
      );
  });
  return warnings;
}

function dist(a: Float64Array, i: number, b: Float64Array, j: number): number {
  return Math.hypot(
    a[3 * i]! - b[3 * j]!,
    a[3 * i + 1]! - b[3 * j + 1]!,
    a[3 * i + 2]! - b[3 * j + 2]!,
  );
}

/** Distance from a's frame i (one cycle on) to b's frame j. */
function distShift(a: Float64Array, i: number, b: Float64Array, j: number, cycle: Float64Array) {
  return Math.hypot(
    a[3 * i]! + cycle[0]! - b[3 * j]!,
    a[3 * i + 1]! + cycle[1]! - b[3 * j + 1]!,
    a[3 * i + 2]! - b[3 * j + 2]!,
  );
}

/** The original sub-trajectory containing extended time t (start ≤ t < end), or null. */
export function subAt(foot: FootAnalysis, t: number): SubTrajectory | null {
  let best: SubTrajectory | null = null;
  for (const s of foot.subs)
    if (t >= s.curve.startTime - LIC.EPSILON && t < s.curve.endTime - LIC.EPSILON) {
      best = s;
      break;
    }
  if (!best) for (const s of foot.subs) if (s.curve.inRange(t)) return s;
  return best;
}
