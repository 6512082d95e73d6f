import { captureLikeClip, type CaptureOptions } from '../../src/walk3d/authoring/capture-like';
import { captureBvh } from '../../src/walk3d/authoring/capture-text';
import { writeBvh } from '../../src/walk3d/bvh';
import { Clip } from '../../src/walk3d/clip';
import { IKWalker } from '../../src/walk3d/ik-walker';
import { forwardKinematics, Pose } from '../../src/walk3d/pose';
import { type Rig, rigFromBvh } from '../../src/walk3d/rig';
import { type Heightfield, TerrainSet } from '../../src/walk3d/terrain3d';
import { findLegs, type IKRigDef, type SupportRule } from '../../src/walk3d/walk-analysis';

/** A capture-like clip as a student would drop it: BVH text. */
export const captureText = captureBvh;

export const terrainOf = (fields: Heightfield[]): TerrainSet => {
  const t = new TerrainSet();
  for (const f of fields) t.add(f);
  return t;
};

/**
 * When the clip itself has each foot on the floor, by our own reading of it (not the analysis's
 * detection): the ankle within 1.2 cm of its lowest over the clip. And the ankle's height above
 * the clip's floor (its lowest joint) at every frame, in world units.
 */
export function clipFeet(rig: Rig, def: IKRigDef) {
  const clip = rig.walkWithTravel;
  const n = clip.frameCount;
  const pose = new Pose(rig.skeleton);
  const m = new Float64Array(16 * rig.skeleton.count);
  const z = def.legs.map(() => new Float64Array(n));
  let floor = Infinity;
  for (let f = 0; f < n; f++) {
    clip.sample(f * clip.frameTime, pose.toBind());
    forwardKinematics(pose, m);
    for (let j = 0; j < rig.skeleton.count; j++) floor = Math.min(floor, m[16 * j + 14]!);
    def.legs.forEach((leg, c) => (z[c]![f] = m[16 * leg.ee + 14]!));
  }
  const height = z.map((zs) => zs.map((v) => (v - floor) * rig.scale));
  const planted = z.map((zs) => {
    const lo = Math.min(...zs);
    return Uint8Array.from(zs, (v) => (v - lo < 1.2 ? 1 : 0));
  });
  return { height, planted };
}

/**
 * Walks an IK walker for `seconds` at 60 ticks a second and measures each planted foot (by
 * clipFeet's reading) against the ground: gap = ankle − ground − the clip's own ankle height.
 */
export function walkGaps(
  rig: Rig,
  terrain: TerrainSet,
  o: { ik: boolean; seconds: number; turnSpeed?: number; support?: SupportRule },
) {
  const def = findLegs(rig.skeleton, rig.scale) as IKRigDef;
  const feet = clipFeet(rig, def);
  const w = new IKWalker(def, rig.walkWithTravel, rig.idle, terrain, { x: 0, y: 0 }, o.support);
  w.options.ik = o.ik;
  w.turn = o.turnSpeed ? 1 : 0;
  w.turnSpeed = o.turnSpeed ?? 0;
  const gaps: number[] = [];
  let nan = 0;
  const dt = 1 / 60;
  let ms = 0;
  for (let i = 0; i < Math.round(o.seconds / dt); i++) {
    const t0 = performance.now();
    w.update(dt);
    ms += performance.now() - t0;
    if (!w.matrices.every(Number.isFinite)) nan++;
    if (i * dt < 1) continue;
    const f = w.walk.frame;
    def.legs.forEach((leg, c) => {
      if (!feet.planted[c]![f]) return;
      const m = w.matrices;
      const x = m[16 * leg.ee + 12]!;
      const y = m[16 * leg.ee + 13]!;
      gaps.push(m[16 * leg.ee + 14]! - w.ground(x, y) - feet.height[c]![f]!);
    });
  }
  const sorted = gaps.map(Math.abs).sort((a, b) => a - b);
  return {
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? NaN,
    deepest: Math.max(0, -Math.min(...gaps)),
    count: gaps.length,
    nan,
    msPerTick: ms / Math.round(o.seconds / dt),
    walker: w,
  };
}

export const rigOf = (o: Partial<CaptureOptions> = {}): Rig => rigFromBvh(captureText(o));

/** The same capture keyed at a lower rate: every (120 / fps)-th frame of the 120 fps file. */
export function captureAt(fps: 30 | 60 | 120, o: Partial<CaptureOptions> = {}): string {
  const { skeleton, clip } = captureLikeClip({ ...o, fps: 120 });
  return writeBvh(skeleton, fps === 120 ? clip : decimate(clip, 120 / fps));
}

function decimate(clip: Clip, every: number): Clip {
  const n = Math.floor(clip.frameCount / every);
  const dt = clip.frameTime * every;
  return new Clip(
    clip.name,
    n * dt,
    clip.tracks.map((t) => ({
      joint: t.joint,
      times: Float64Array.from({ length: n }, (_, i) => i * dt),
      rotations: t.rotations && pick(t.rotations, 4, every, n),
      translations: t.translations && pick(t.translations, 3, every, n),
    })),
    dt,
  );
}

const pick = (a: Float64Array, size: number, every: number, n: number) => {
  const out = new Float64Array(size * n);
  for (let i = 0; i < n; i++)
    out.set(a.subarray(size * i * every, size * (i * every + 1)), size * i);
  return out;
};
