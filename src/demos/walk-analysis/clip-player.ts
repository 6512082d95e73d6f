import type { Character } from '../../walk3d/character.ts';
import type { Clip } from '../../walk3d/clip.ts';
import { forwardKinematics, jointPosition, Pose } from '../../walk3d/pose.ts';
import type { Rig } from '../../walk3d/rig.ts';
import { findLegs } from '../../walk3d/walk-analysis.ts';
import type { CharacterKind } from '../shared/walk3d-stage.ts';

/**
 * The walk clip played once round, on the spot where it was recorded (the hips' travel kept),
 * for lesson 13: the character whose paths the analysis reads.
 */
export class ClipPlayer implements Character {
  readonly pose: Pose;
  readonly matrices: Float64Array;
  readonly position = new Float64Array(3);
  facing = 0;
  turn = 0;
  walking = true;
  weight = 1;
  playRate = 0.35;
  time = 0;
  playing = true;
  /** The floor the analysis found is put at z = 0. */
  floor = 0;
  /** Where the hips are half way through the cycle (its path's middle): all of it in view. */
  readonly middle = Float64Array.of(0, 3.7);
  private readonly base = new Float64Array(16);

  constructor(
    readonly rig: Rig,
    readonly clip: Clip,
  ) {
    this.pose = new Pose(rig.skeleton);
    this.matrices = new Float64Array(16 * rig.skeleton.count);
    this.update(0);
  }

  get skeleton() {
    return this.rig.skeleton;
  }

  update(dt: number): void {
    if (this.playing) this.time = this.clip.wrap(this.time + this.playRate * Math.max(0, dt));
    this.clip.sample(this.time, this.pose.toBind());
    const s = this.rig.scale;
    // Scaled to 9 units and lowered by the floor offset (written in place: this runs every frame).
    const b = this.base;
    b.fill(0);
    b[0] = b[5] = b[10] = s;
    b[14] = -this.floor;
    b[15] = 1;
    forwardKinematics(this.pose, this.matrices, this.base);
  }

  jointPosition(i: number, out: Float64Array): Float64Array {
    return jointPosition(this.matrices, i, out);
  }

  aimPoint(out: Float64Array): Float64Array {
    out[0] = this.middle[0]!;
    out[1] = this.middle[1]!;
    out[2] = 4;
    return out;
  }
}

/** How the stage makes a ClipPlayer; `needsLegs` says why a rig without two legs is refused. */
export const clipPlayerKind = (needsLegs: (why: string) => string): CharacterKind<ClipPlayer> => ({
  make: (rig) => {
    // The analysis reads two legs: a rig without them is refused, and the old clip stays.
    const legs = findLegs(rig.skeleton, rig.scale);
    if (typeof legs === 'string') throw new Error(needsLegs(legs));
    return new ClipPlayer(rig, rig.walkWithTravel);
  },
  // A new clip plays at the rate the student set, paused or playing as the old one was.
  carry: (old, next) => {
    next.playRate = old.playRate;
    next.playing = old.playing;
  },
  settle: () => {},
});
