import { fromAxisAngle, mulQuat, toAxisAngle } from '../../math/quat.ts';
import type { Pose } from '../pose.ts';
import type { Skeleton } from '../skeleton.ts';
import { TOE_OFF } from './gait-curves.ts';

const X = [1, 0, 0];
const Z = [0, 0, 1];
const q = new Float64Array(4);
const q2 = new Float64Array(4);
const axis = new Float64Array(3);

/** A joint's turn about the model's X axis (the walk's hinges), radians. */
function angleAboutX(pose: Pose, joint: number): number {
  const th = toAxisAngle(axis, pose.r.subarray(4 * joint, 4 * joint + 4));
  return axis[0]! < 0 ? -th : th;
}

/**
 * Bends one leg so its ball (the toe joint) lies on a point given in world space. The thigh turns
 * out or in at the hip (about Z) so the leg's plane passes through the point, then the thigh and
 * the knee bend about X in that plane; the ankle keeps its angle unless the point is out of the
 * leg's reach with it. So the shank and foot act as one rigid link and the two-link chain has a
 * closed form. Used to hold the trailing foot's ball down while its heel rises, which the gait
 * curves alone do not (there the ball lifts as the other heel lands, so a walk made from them has
 * almost no double support). `hips` is the hips' world matrix (column-major, rigid). Of the two
 * knee solutions it keeps the one nearer the knee's angle now; a point out of reach leaves the
 * leg pointing at it, as straight as it goes. (A point at or above the hip would turn the thigh
 * half round about Z: the clips only ask for points on the floor.) Returns how far the ball ends
 * from the point, in the model's units.
 */
export function pinBall(
  pose: Pose,
  skel: Skeleton,
  side: 'Left' | 'Right',
  hips: ArrayLike<number>,
  target: ArrayLike<number>,
): number {
  const thigh = skel.indexOf(`${side}UpLeg`);
  const knee = skel.indexOf(`${side}Leg`);
  const foot = skel.indexOf(`${side}Foot`);
  const toe = skel.indexOf(`${side}Toe`);
  // The target in the hips' frame, Rᵀ (p − t), from the hip joint.
  const px = target[0]! - hips[12]!;
  const py = target[1]! - hips[13]!;
  const pz = target[2]! - hips[14]!;
  const hipOff = skel.joints[thigh]!.offset;
  const sx = hips[0]! * px + hips[1]! * py + hips[2]! * pz - hipOff[0];
  const sy = hips[4]! * px + hips[5]! * py + hips[6]! * pz - hipOff[1];
  const dz = hips[8]! * px + hips[9]! * py + hips[10]! * pz - hipOff[2];
  // Turned by ψ about Z, the leg's plane holds the point, ρ below the hip in it.
  const psi = Math.atan2(sx, -sy);
  const dy = -Math.hypot(sx, sy);
  const r = Math.hypot(dy, dz);
  // Lengths: thigh (hip → knee), then the knee-to-ball vector v with the ankle's angle applied.
  const l1 = -skel.joints[knee]!.offset[1];
  const shank = skel.joints[foot]!.offset;
  const ball = skel.joints[toe]!.offset;
  let g = angleAboutX(pose, foot);
  // s · R(γ)b = A cos γ + B sin γ = C cos(γ − δ): how the ankle's angle sets the knee-to-ball
  // length |v|² = |s|² + |b|² + 2 s · R(γ)b.
  const A = shank[1] * ball[1] + shank[2] * ball[2];
  const B = -shank[1] * ball[2] + shank[2] * ball[1];
  const C = Math.hypot(A, B);
  const delta = Math.atan2(B, A);
  const ss = shank[1] * shank[1] + shank[2] * shank[2];
  const bb = ball[1] * ball[1] + ball[2] * ball[2];
  const reach = (gamma: number) => Math.sqrt(ss + bb + 2 * C * Math.cos(gamma - delta));
  if (l1 + reach(g) < r) {
    // Too far even with the knee straight: the ankle points the foot further down (pushing
    // off), to the angle nearest its own whose reach is just enough, or as far as it goes.
    const need = r - l1;
    const e = Math.max(-1, Math.min(1, (need * need - ss - bb) / (2 * C)));
    const g1 = delta + Math.acos(e);
    const g2 = delta - Math.acos(e);
    g = Math.abs(wrap(g1 - g)) <= Math.abs(wrap(g2 - g)) ? g1 : g2;
    fromAxisAngle(q, X, g);
    pose.r.set(q, 4 * foot);
  }
  const vy = shank[1] + ball[1] * Math.cos(g) - ball[2] * Math.sin(g);
  const vz = shank[2] + ball[1] * Math.sin(g) + ball[2] * Math.cos(g);
  const lv = Math.hypot(vy, vz);
  // |(−l1, 0) + R(β)v| = r  ⇔  vy cos β − vz sin β = c  ⇔  |v| cos(β + φ) = c.
  const c = (l1 * l1 + lv * lv - r * r) / (2 * l1);
  const phi = Math.atan2(vz, vy);
  const spread = Math.acos(Math.max(-1, Math.min(1, c / lv)));
  const now = angleAboutX(pose, knee);
  const b1 = -phi + spread;
  const b2 = -phi - spread;
  const beta = Math.abs(wrap(b1 - now)) <= Math.abs(wrap(b2 - now)) ? b1 : b2;
  // The chain's end with the thigh straight down, then the thigh's turn that aims it at d.
  const wy = -l1 + vy * Math.cos(beta) - vz * Math.sin(beta);
  const wz = vy * Math.sin(beta) + vz * Math.cos(beta);
  const alpha = Math.atan2(dz, dy) - Math.atan2(wz, wy);
  fromAxisAngle(q, Z, psi);
  fromAxisAngle(q2, X, alpha);
  mulQuat(q, q, q2);
  pose.r.set(q, 4 * thigh);
  fromAxisAngle(q, X, beta);
  pose.r.set(q, 4 * knee);
  return Math.abs(r - Math.hypot(wy, wz));
}

const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));

/** out = a turned toward b by w (0 … 1), the short way, normalised: close turns blend smoothly. */
function nlerp(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, w: number): void {
  const dot = a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]! + a[3]! * b[3]!;
  const s = dot < 0 ? -1 : 1;
  let l = 0;
  for (let c = 0; c < 4; c++) {
    out[c] = a[c]! + w * (s * b[c]! - a[c]!);
    l += out[c]! * out[c]!;
  }
  l = Math.sqrt(l) || 1;
  for (let c = 0; c < 4; c++) out[c] = out[c]! / l;
}

/** How long after toe-off (cycle units) a held ball is let go into the curves' swing. */
const RELEASE = 0.12;

const SIDES = ['Left', 'Right'] as const;

/**
 * Holds each trailing foot's ball where it was when the other foot took the body's weight, until
 * its own toe-off, then lets it go into the swing over RELEASE. The clip generator calls `apply`
 * once a frame, after it has placed the hips on the anchoring foot.
 */
export class TrailingBalls {
  private readonly hips: number;
  /** Per side: the toe, and the three joints the hold turns (thigh, knee, ankle). */
  private readonly toes: number[];
  private readonly legs: number[][];
  private readonly hipsWorld = new Float64Array(16);
  private readonly target = new Float64Array(3);
  /** The thigh's, knee's and ankle's turns as the curves have them this frame. */
  private readonly curve = new Float64Array(12);
  /** Where each side's ball is held (world x, y, z: where it stood at the hand-over). */
  private readonly held = [new Float64Array(3), new Float64Array(3)];
  private holding = [false, false];
  /** Each ball's world position last frame, as the curves and the anchoring placed it. */
  private readonly ballBefore = [new Float64Array(3), new Float64Array(3)];
  private anchorBefore = '';

  constructor(private readonly skel: Skeleton) {
    this.hips = skel.indexOf('Hips');
    this.toes = SIDES.map((s) => skel.indexOf(`${s}Toe`));
    this.legs = SIDES.map((s) => ['UpLeg', 'Leg', 'Foot'].map((j) => skel.indexOf(`${s}${j}`)));
  }

  /**
   * `m`: the pose's matrices with the hips at the origin; `hipsAt`: where the hips go; `anchor`:
   * the contact point holding the body this frame ("LeftBall"…); `stance`: the sides in stance;
   * `walking`: whether a ball may be taken hold of now.
   */
  apply(
    pose: Pose,
    m: Float64Array,
    hipsAt: readonly number[],
    anchor: string,
    stance: readonly string[],
    legPhase: (k: number) => number,
    walking: boolean,
  ): void {
    this.hipsWorld.set(m.subarray(16 * this.hips, 16 * this.hips + 16));
    SIDES.forEach((side, k) => {
      const before = this.ballBefore[k]!;
      if (anchor.startsWith(side)) this.holding[k] = false;
      else if (stance.includes(side)) {
        // The weight has just gone to the other foot: hold this ball where it stood.
        if (walking && !this.holding[k] && this.anchorBefore.startsWith(side)) {
          this.held[k]!.set(before);
          this.holding[k] = true;
        }
      } else if (!(legPhase(k) > TOE_OFF && legPhase(k) <= TOE_OFF + RELEASE))
        this.holding[k] = false;
      // Where the ball stands now, for next frame's hand-over. It is read only for a foot that
      // is the anchor now, which nothing holds: the curves' pose (in `m`) is where it stands.
      const o = 16 * this.toes[k]!;
      for (let c = 0; c < 3; c++) before[c] = m[o + 12 + c]! + hipsAt[c]!;
      if (!this.holding[k]) return;
      const held = this.held[k]!;
      const joints = this.legs[k]!;
      // The curves' own turns, to let go back into.
      joints.forEach((j, i) => this.curve.set(pose.r.subarray(4 * j, 4 * j + 4), 4 * i));
      // The target in the frame the matrices were made in (hips at the origin).
      for (let c = 0; c < 3; c++) this.target[c] = held[c]! - hipsAt[c]!;
      pinBall(pose, this.skel, side, this.hipsWorld, this.target);
      const past = legPhase(k) - TOE_OFF;
      if (!stance.includes(side) && past > 0) {
        // Let go: from the held angles back to the curves' over RELEASE, smoothly.
        const u = Math.min(1, past / RELEASE);
        const w = u * u * (3 - 2 * u);
        joints.forEach((j, i) => {
          const turn = pose.r.subarray(4 * j, 4 * j + 4);
          nlerp(turn, turn, this.curve.subarray(4 * i, 4 * i + 4), w);
        });
      }
    });
    this.anchorBefore = anchor;
  }
}
