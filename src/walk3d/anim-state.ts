import { Clip, type Track } from './clip.ts';
import { LIC } from './lic.ts';
import type { WalkAnalysis } from './walk-analysis.ts';

/** What the walking system keeps per clip while it plays (seed 000's IKAnimation). */
export class AnimState {
  readonly clip: Clip;
  /** Rotation key arrays of the working clip by joint, and the originals to restore. */
  readonly rotations = new Map<number, Float64Array>();
  readonly originals = new Map<number, Float64Array>();
  animationTime = 0;
  reproductionTime = 0;
  /** The rep time the character's current pose and position were computed for (last tick's). */
  poseTime = 0;
  frame = -1;
  onNewFrame = false;
  active = false;
  motionInitialized = false;
  fixed = false;
  /** While `fixed`: clip time run since the strides were last checked. */
  heldTime = 0;
  /**
   * Rep time since which rep time and clip time differ by one offset: the frame a frozen walk
   * resumed in (−∞ if it never froze). Before it the clip's clock stood while rep time ran on,
   * so a target point from then is not at (its time − today's offset) in the clip.
   */
  resumedAt = -Infinity;
  readonly eeTarget: [LIC | null, LIC | null] = [null, null];
  /**
   * Curves the planner may fill, per target (left foot, right foot, hips): it takes one for a
   * new plan and one for blending it in, and gives back what it no longer stores, so planning
   * allocates nothing once a curve is as long as it gets.
   */
  private readonly spare: LIC[][] = [0, 1, 2].map(() => [new LIC(64), new LIC(64), new LIC(64)]);
  readonly eeHistory: [LIC, LIC] = [new LIC(64), new LIC(64)];
  hipTarget: LIC | null = null;
  readonly hipHistory = new LIC(64);
  /** The chain angles computed for a frame (by rep time) and the frame before it. */
  readonly theta: Float64Array;
  thetaFrame = -1;
  thetaValid = false;
  /** Whether feet were last written aligned (so turning the option off restores them). */
  footsAligned = false;

  constructor(
    readonly analysis: WalkAnalysis,
    source: Clip,
    hip: number,
    chainJoints: number,
  ) {
    const tracks: Track[] = source.tracks.map((t) => ({
      joint: t.joint,
      times: t.times,
      rotations: t.rotations ? t.rotations.slice() : null,
      // The hips' path drives the character's world position: their translation is zeroed here.
      translations: t.translations
        ? t.joint === hip
          ? new Float64Array(t.translations.length)
          : t.translations
        : null,
    }));
    this.clip = new Clip(source.name, source.duration, tracks, source.frameTime);
    for (const t of tracks)
      if (t.rotations) {
        this.rotations.set(t.joint, t.rotations);
        this.originals.set(t.joint, t.rotations.slice());
      }
    this.theta = new Float64Array(chainJoints);
  }

  /** The clip's own rotations back, at every frame but `keep` (a frame left as shown). */
  restoreRotations(keep = -1): void {
    for (const [j, r] of this.rotations) {
      const o = this.originals.get(j)!;
      if (keep < 0 || 4 * keep >= r.length) r.set(o);
      else {
        r.set(o.subarray(0, 4 * keep));
        r.set(o.subarray(4 * keep + 4), 4 * keep + 4);
      }
    }
  }

  /**
   * Freezes the clip at one frame (seed 000 §6.6: the rotations replicated over the clip). The
   * seed replicates the clip's own rotations; this course replicates the frame as shown, with
   * its legs' IK angles, so the feet stay on the ground they were standing on (the clip's
   * flat-ground angles, frozen on a slope, put a foot up to 3 units into it).
   */
  freezeAt(frame: number): void {
    this.heldTime = 0;
    for (const r of this.rotations.values()) {
      const n = r.length / 4;
      const f = Math.min(n - 1, Math.max(0, frame));
      for (let k = 0; k < n; k++) if (k !== f) r.copyWithin(4 * k, 4 * f, 4 * f + 4);
    }
  }

  /** An empty curve for target `slot` (0, 1 the feet, 2 the hips). */
  takeCurve(slot: number): LIC {
    return (this.spare[slot]!.pop() ?? new LIC(64)).clear();
  }

  /** A curve the planner no longer stores, back to its slot's spares. */
  giveCurve(slot: number, curve: LIC | null | undefined): void {
    const spares = this.spare[slot]!;
    if (curve && spares.length < 4 && !spares.includes(curve)) spares.push(curve);
  }

  clear(): void {
    this.giveCurve(0, this.eeTarget[0]);
    this.giveCurve(1, this.eeTarget[1]);
    this.giveCurve(2, this.hipTarget);
    this.eeTarget[0] = this.eeTarget[1] = null;
    this.hipTarget = null;
    this.eeHistory[0].clear();
    this.eeHistory[1].clear();
    this.hipHistory.clear();
    this.motionInitialized = false;
    this.thetaValid = false;
    this.fixed = false;
    this.resumedAt = -Infinity;
    this.restoreRotations();
  }
}
