import { norm } from '../math/vec2.ts';
import { wrapAngle } from '../math/angles.ts';
import {
  copy,
  determinant,
  getRotation,
  identity,
  invert,
  isReflection,
  multiply,
  type Transform2D,
} from '../math/transform2d.ts';
import type { Bone2D } from '../scene/bone2d.ts';
import type { Node2D } from '../scene/node2d.ts';
import { type Chain, createChain } from './chain.ts';
import { blendRotation, blendWithinArc } from './mix.ts';
import type { Trace } from './solve-result.ts';

/** Limits on one bone's local rotation (radians, the arc clockwise from min to max). */
export interface JointLimit {
  limited: boolean;
  min: number;
  max: number;
}

/**
 * A chain of Bone2D nodes bound to a flat Chain, with everything a chain IK node does on every
 * solve: read the tree into the chain, put the pose to solve from, write rotations back,
 * measure the tip, stamp the inputs. The rules (negative scale, the solve space, the FK pose)
 * are ChainIK2D's; see there.
 *
 * Why a class of its own: the IK nodes (FABRIK2D, CCDIK2D, TwoBoneIK2D, JacobianIK2D) are four
 * hidden classes to V8, so every field a shared method read on the node was a four-way
 * polymorphic load. A page with several kinds of IK node paid it on every bone of every solve:
 * 3 bones, warm, 1.0 µs with one kind alive and 1.6 µs with three. This object has one shape
 * whichever node owns it.
 */
export class TreeChain {
  bones: Bone2D[] = [];
  /** Per bone, the nearest Node2D above it (the first one's is the chain's parent space). */
  private parents: (Node2D | null)[] = [];
  target: Node2D | null = null;
  chain: Chain = createChain(0);
  /** σ per bone: +1, or −1 where the bone's parent space is mirrored. */
  sigma = new Float64Array(0);
  /** Relative screen angles as read, to write back only the change. */
  private readAngles = new Float64Array(0);
  /** Per bone, read once in readChain: the sign of its determinant (solve space). */
  private handed = new Float64Array(0);
  /**
   * Per bone, local rotations: the FK pose to blend from, what the node last wrote (NaN: it has
   * not), and the unblended IK result it warm-starts from. A bone whose rotation is not what the
   * node wrote was posed by someone else, and that pose becomes its FK pose.
   */
  fkRotations = new Float64Array(0);
  writtenRotations = new Float64Array(0);
  private ikRotations = new Float64Array(0);
  /** As takePose found them: writeBack compares with these to tell whether anything moved. */
  private entryRotations = new Float64Array(0);
  private entryIk = new Float64Array(0);
  /**
   * The space the kernel works in. Global, unless the chain's parent stretches (a non-uniform
   * scale on an ancestor): then the parent's own space, where the bones are rigid again, so the
   * tip lands exactly once mapped back. `frame` maps that space to global, `frameInverse` back.
   */
  inFrame = false;
  private readonly frame = identity();
  private readonly frameInverse = identity();
  /** How much `frame` stretches at most (its largest singular value): tolerances divide by it. */
  private stretch = 1;
  /** The parent readParent last read (undefined: none yet), at which version, and what it gave. */
  private parentSeen: Node2D | null | undefined = undefined;
  private parentVersion = -1;
  private parentAngle = 0;
  private parentSign = 1;
  private readonly scratch = identity();
  private readonly mapped = { x: 0, y: 0 };
  /**
   * What the last solve read, as numbers and words (see `stampBase`). Numbers live in a
   * Float64Array: a plain array would box every double it is given, an allocation per value.
   */
  private stampNumbers = new Float64Array(32);
  private readonly stampWords: string[] = [];
  private numbersAt = 0;
  private wordsAt = 0;
  private lastNumbers = 0;
  private stampSame = true;
  /** Adds a number to the stamp being taken (as `restamp` compares); bound once, allocation-free. */
  readonly stampValue = (v: number): void => {
    const i = this.numbersAt++;
    if (i >= this.stampNumbers.length) {
      const grown = new Float64Array(2 * this.stampNumbers.length);
      grown.set(this.stampNumbers);
      this.stampNumbers = grown;
      this.stampSame = false;
    }
    if (restamp(this.stampNumbers, i, v)) this.stampSame = false;
  };
  /** Adds a word (a mode's name) to the stamp being taken. */
  readonly stampWord = (w: string): void => {
    const i = this.wordsAt++;
    if (i >= this.stampWords.length || this.stampWords[i] !== w) {
      this.stampWords[i] = w;
      this.stampSame = false;
    }
  };

  /** Takes new bones (root first) and target; buffers are made again only for a new count. */
  bind(bones: Bone2D[], target: Node2D): void {
    const sameBones =
      bones.length === this.bones.length && bones.every((b, i) => b === this.bones[i]);
    this.bones = bones;
    // Each bone's parent space, found once: the tree cannot change without a new bind.
    this.parents = bones.map((b) => b.parent2D);
    this.target = target;
    const n = bones.length;
    if (this.chain.count !== n) {
      this.chain = createChain(n);
      this.sigma = new Float64Array(n);
      this.readAngles = new Float64Array(n);
      this.handed = new Float64Array(n);
      this.fkRotations = new Float64Array(n);
      this.writtenRotations = new Float64Array(n);
      this.ikRotations = new Float64Array(n);
      this.entryRotations = new Float64Array(n);
      this.entryIk = new Float64Array(n);
    }
    // Other bones: nothing the node wrote is theirs.
    if (!sameBones) this.writtenRotations.fill(NaN);
    this.parentSeen = undefined;
  }

  /** No chain: nothing may act on the bones of a chain that no longer resolves. */
  unbind(): void {
    this.bones = [];
  }

  /**
   * Before a solve: a bone not where the node left it was posed by someone else, so that pose
   * is its FK pose; then the bones take the pose to solve from (rest, or the last unblended IK
   * result). With mix 1 the IK result is what the bones show, so nothing is written here.
   */
  takePose(fromRest: boolean): void {
    const bones = this.bones;
    const fk = this.fkRotations;
    const ik = this.ikRotations;
    // From rest, the chain's parent up to date first (readChain reads it next anyway), so that
    // a parent moved since the last solve (a walking body) still lets poseInChain make each
    // bone at once.
    const parent = this.parents[0];
    if (fromRest && parent) void parent.globalTransform;
    let remade = false;
    for (let i = 0; i < bones.length; i++) {
      const bone = bones[i]!;
      const r = bone.rotation;
      this.entryRotations[i] = r;
      if (r !== this.writtenRotations[i]) {
        fk[i] = r;
        ik[i] = r;
      }
      // The IK rotation the solve starts from (after a reset to a bone moved by hand, not the
      // one remembered before): a solve that ends where it started is a fixed point, and only
      // then may the next be skipped. Compared with the remembered one, a reset solve that
      // happened to land back on it counted as settled, though solving again would go on from
      // there (fast-check found it: a bone set to 4e-323, then −1e-323).
      this.entryIk[i] = ik[i]!;
      // Root to tip, each bone made at once from the one before (see poseInChain); a bone
      // that keeps its rotation under one that was not made again is left as it is.
      const want = fromRest ? bone.rest.rotation : ik[i]!;
      if (remade || want !== r)
        remade = bone.poseInChain(want, i + 1 < bones.length ? bones[i + 1]! : null);
    }
  }

  /**
   * Tree → chain: positions, lengths, relative screen angles, σ and limits. No allocation.
   * Returns false when a bone (or a node between two bones) stretches non-uniformly.
   */
  readChain(joints: readonly JointLimit[]): boolean {
    const c = this.chain;
    const bones = this.bones;
    const n = bones.length;
    const P = c.positions;
    const parent = this.parents[0]!;
    const pg = parent ? parent.globalTransform : null;
    // What follows from the parent alone is worked out again only when the parent moved: a
    // version that stands is the same transform (reading it above brought it up to date).
    if (parent !== this.parentSeen || (parent !== null && parent.version !== this.parentVersion))
      this.readParent(parent, pg);
    // One pass over the bones' transforms (each multiplied into the solve space once): joint
    // positions and each bone's handedness.
    let uniform = true;
    for (let i = 0; i < n; i++) {
      const g = this.inSolveSpace(bones[i]!);
      P[2 * i] = g.tx;
      P[2 * i + 1] = g.ty;
      this.handed[i] = isReflection(g) ? -1 : 1;
      if (uniform && !isSimilarity(g)) uniform = false;
      if (i === n - 1) {
        const length = bones[i]!.length;
        P[2 * n] = g.a * length + g.tx;
        P[2 * n + 1] = g.b * length + g.ty;
      }
    }
    c.baseX = P[0]!;
    c.baseY = P[1]!;
    c.baseAngle = this.parentAngle;
    const parentSign = this.parentSign;
    let prev = c.baseAngle;
    for (let i = 0; i < n; i++) {
      const bone = bones[i]!;
      const dx = P[2 * i + 2]! - P[2 * i]!;
      const dy = P[2 * i + 3]! - P[2 * i + 1]!;
      const len = norm(dx, dy);
      // A segment with no length points where the bone's own x axis (towards its tip) points:
      // read again in that rare case, not kept for every bone on every solve.
      const dir = len > 0 ? Math.atan2(dy, dx) : this.axisAngle(bone);
      c.lengths[i] = len;
      c.directions[i] = dir;
      const a = wrapAngle(dir - prev);
      c.angles[i] = a;
      this.readAngles[i] = a;
      prev = dir;
      const bp = this.parents[i]!;
      const s: number =
        i === 0
          ? parentSign
          : bp === bones[i - 1]
            ? this.handed[i - 1]!
            : bp && isReflection(this.inSolveSpace(bp))
              ? -1
              : 1;
      this.sigma[i] = s;
      // The side a kernel nudges to mirrors with the skeleton (see Chain.handedness).
      if (i === 0) c.handedness = s < 0 ? -1 : 1;
      const limit = joints[i];
      if (limit && limit.limited) {
        // a = σ·rotation + offset, exactly, for rigid turns: map the local arc onto the screen.
        const offset = a - s * bone.rotation;
        c.limited[i] = 1;
        c.limitMin[i] = s > 0 ? limit.min + offset : offset - limit.max;
        c.limitMax[i] = s > 0 ? limit.max + offset : offset - limit.min;
      } else c.limited[i] = 0;
    }
    return uniform;
  }

  /** The direction of a bone's own x axis in the solve space. */
  private axisAngle(bone: Bone2D): number {
    const g = this.inSolveSpace(bone);
    return Math.atan2(g.b, g.a);
  }

  /** The solve space, base angle and mirror sign the chain's parent gives (see readChain). */
  private readParent(parent: Node2D | null, pg: Readonly<Transform2D> | null): void {
    this.parentSeen = parent;
    this.parentVersion = parent ? parent.version : -1;
    // A parent that stretches: solve in its space (see inFrame), if it can be undone.
    this.inFrame = pg !== null && !isSimilarity(pg) && Math.abs(determinant(pg)) > 1e-300;
    if (this.inFrame) {
      copy(pg!, this.frame);
      invert(pg!, this.frameInverse);
      this.stretch = largestStretch(pg!);
    }
    this.parentAngle = pg && !this.inFrame ? getRotation(pg) : 0;
    // The chain's parent is mirrored when its global determinant is negative; in its own space
    // (inFrame) it is the identity, not mirrored.
    this.parentSign = pg && !this.inFrame && isReflection(pg) ? -1 : 1;
  }

  /**
   * Chain → tree: each bone turns by σ times the change of its relative screen angle. That IK
   * rotation is remembered and the bone shows it mixed (`mix`, already clamped) with its FK
   * pose; the answer says whether a bone or its IK rotation differs from what takePose found.
   */
  writeBack(mix: number, joints: readonly JointLimit[]): boolean {
    const c = this.chain;
    const bones = this.bones;
    let moved = false;
    let remade = false;
    for (let i = 0; i < bones.length; i++) {
      const bone = bones[i]!;
      const ik = this.turned(i);
      const limit = joints[i];
      const fk = this.fkRotations[i]!;
      const shown = limit?.limited
        ? blendWithinArc(fk, ik, mix, limit.min, limit.max)
        : blendRotation(fk, ik, mix);
      // Root to tip, each bone's transform made at once from the one before (see poseInChain).
      if (remade || shown !== bone.rotation)
        remade = bone.poseInChain(shown, i + 1 < bones.length ? bones[i + 1]! : null);
      this.ikRotations[i] = ik;
      this.writtenRotations[i] = bone.rotation;
      if (!Object.is(bone.rotation, this.entryRotations[i]) || !Object.is(ik, this.entryIk[i]))
        moved = true;
      this.readAngles[i] = c.angles[i]!;
    }
    return moved;
  }

  /** Chain → tree as it is: no blend, nothing remembered (a pose applied by hand). */
  private writeAngles(): void {
    const bones = this.bones;
    for (let i = 0; i < bones.length; i++) {
      const ik = this.turned(i);
      if (ik !== bones[i]!.rotation) bones[i]!.rotation = ik;
      this.readAngles[i] = this.chain.angles[i]!;
    }
  }

  /** Bone i's local rotation turned by σ times the change of its relative screen angle. */
  private turned(i: number): number {
    const bone = this.bones[i]!;
    const delta = wrapAngle(this.chain.angles[i]! - this.readAngles[i]!);
    // A change within rounding is no change: a closed form solved again from its own answer
    // reads its angles back through the tree's matrices and moves by ±1e-16 each time; kept,
    // that jitter would redraw the chain every frame and never let a solve be skipped.
    return Math.abs(delta) > ROUNDING_TURN
      ? wrapAngle(bone.rotation + this.sigma[i]! * delta)
      : bone.rotation;
  }

  /** The tip as the tree now shows it, against the target: NaN only for a non-finite point. */
  tipError(): number {
    const last = this.bones[this.bones.length - 1]!;
    const lg = last.globalTransform;
    const tg = this.target!.globalTransform;
    return norm(lg.a * last.length + lg.tx - tg.tx, lg.b * last.length + lg.ty - tg.ty);
  }

  /**
   * Poses the chain from joint directions (x0, y0, …, xn, yn in global space): each bone turns
   * to point at the next joint. Call readChain first. False if a direction is not finite.
   */
  applyPositions(positions: ArrayLike<number>): boolean {
    const c = this.chain;
    if (positions.length < 2 * (c.count + 1)) return false;
    const m = this.frameInverse;
    let prev = c.baseAngle;
    for (let i = 0; i < c.count; i++) {
      const gx = positions[2 * i + 2]! - positions[2 * i]!;
      const gy = positions[2 * i + 3]! - positions[2 * i + 1]!;
      // A step between joints, in the solve space (only its direction matters).
      const dx = this.inFrame ? m.a * gx + m.c * gy : gx;
      const dy = this.inFrame ? m.b * gx + m.d * gy : gy;
      const dir = dx !== 0 || dy !== 0 ? Math.atan2(dy, dx) : c.directions[i]!;
      if (!Number.isFinite(dir)) return false;
      c.angles[i] = wrapAngle(dir - prev);
      prev = dir;
    }
    this.writeAngles();
    this.writtenRotations.fill(NaN);
    if (this.inFrame) this.positionsToGlobal();
    return true;
  }

  /**
   * Takes the stamp of what every chain solve reads and compares it with the last one (keeping
   * the new one). Transforms are compared by version: reading the tip bone's global transform
   * recomputes it and every ancestor if any of them changed, and a recompute bumps the version,
   * so one number covers the whole path from the root to the tip. With `bailEarly`, returns
   * false as soon as the tip or the target differ. Then the owner adds its own settings through
   * stampValue / stampWord, and `stampEnd` says whether all was equal.
   */
  stampBase(
    bailEarly: boolean,
    tolerance: number,
    maxIterations: number,
    fromRest: boolean,
    mix: number,
    joints: readonly JointLimit[],
  ): boolean {
    const bones = this.bones;
    const n = bones.length;
    let same = true;
    // NaN never equals itself, so a NaN setting only costs its skips (it is solved every
    // time), never a wrong skip.
    const baseLength = 6 + 5 * n;
    if (this.stampNumbers.length < baseLength + 16) {
      this.stampNumbers = new Float64Array(2 * (baseLength + 16));
      same = false;
    }
    const S = this.stampNumbers;
    const last = bones[n - 1]!;
    void last.globalTransform;
    const target = this.target!;
    void target.globalTransform;
    if (restamp(S, 0, last.version)) same = false;
    if (restamp(S, 1, target.version)) same = false;
    // On entry a difference settles it: the chain is solved, and that solve takes a whole
    // new stamp if it ends settled. The target and the chain are what moves most often.
    if (!same && bailEarly) return false;
    if (restamp(S, 2, tolerance)) same = false;
    if (restamp(S, 3, maxIterations)) same = false;
    if (restamp(S, 4, fromRest ? 1 : 0)) same = false;
    if (restamp(S, 5, mix)) same = false;
    let k = 6;
    for (let i = 0; i < n; i++, k += 5) {
      const bone = bones[i]!;
      if (restamp(S, k, bone.length)) same = false;
      if (restamp(S, k + 1, fromRest ? bone.rest.rotation : 0)) same = false;
      const limit = joints[i];
      const limited = limit !== undefined && limit.limited;
      if (restamp(S, k + 2, limited ? 1 : 0)) same = false;
      if (restamp(S, k + 3, limited ? limit.min : 0)) same = false;
      if (restamp(S, k + 4, limited ? limit.max : 0)) same = false;
    }
    this.numbersAt = k;
    this.wordsAt = 0;
    this.stampSame = same;
    return true;
  }

  /** After stampBase and the owner's own values: true if the whole stamp was as before. */
  stampEnd(): boolean {
    if (this.numbersAt !== this.lastNumbers || this.wordsAt !== this.stampWords.length) {
      this.lastNumbers = this.numbersAt;
      this.stampWords.length = this.wordsAt;
      this.stampSame = false;
    }
    return this.stampSame;
  }

  /** A global point in the space the kernel works in (a shared object: read it at once). */
  toSolveSpace(x: number, y: number): { x: number; y: number } {
    const m = this.inFrame ? this.frameInverse : null;
    this.mapped.x = m ? m.a * x + m.c * y + m.tx : x;
    this.mapped.y = m ? m.b * x + m.d * y + m.ty : y;
    return this.mapped;
  }

  /** A distance given in global units (a tolerance), in the solve space: never looser. */
  toSolveDistance(d: number): number {
    return this.inFrame ? d / this.stretch : d;
  }

  /** A node's global transform, or its transform in the solve space (a shared object). */
  private inSolveSpace(node: Node2D): Readonly<Transform2D> {
    const g = node.globalTransform;
    return this.inFrame ? multiply(this.frameInverse, g, this.scratch) : g;
  }

  /** Sub-steps reported in global coordinates, as a trace's reader draws them. */
  globalTrace(trace: Trace, targetX: number, targetY: number): Trace {
    const f = this.frame;
    return (e) => {
      const p = e.positions;
      mapThrough(f, p, p.length);
      const n = p.length - 2;
      trace({ ...e, error: Math.hypot(p[n]! - targetX, p[n + 1]! - targetY) });
    };
  }

  /**
   * After a solve in the parent's space: the joints as drawn (the chain's positions and base)
   * in global space. Its lengths and angles stay in the solve space.
   */
  positionsToGlobal(): void {
    const c = this.chain;
    const p = c.positions;
    mapThrough(this.frame, p, 2 * (c.count + 1));
    c.baseX = p[0]!;
    c.baseY = p[1]!;
  }
}

/** The points (x, y pairs) in p[0, end) mapped through f, in place. */
function mapThrough(f: Readonly<Transform2D>, p: { [i: number]: number }, end: number): void {
  for (let i = 0; i < end; i += 2) {
    const x = p[i]!;
    const y = p[i + 1]!;
    p[i] = f.a * x + f.c * y + f.tx;
    p[i + 1] = f.b * x + f.d * y + f.ty;
  }
}

/** Writes `v` into the stamp at `k`; true if a different value was there. */
function restamp(stamp: Float64Array, k: number, v: number): boolean {
  if (stamp[k] === v) return false;
  stamp[k] = v;
  return true;
}

/** Turns smaller than this (radians) are rounding, not solving: about 50 ulps of π. */
const ROUNDING_TURN = 1e-14;

/** The largest factor by which `m` lengthens a vector: its largest singular value. */
function largestStretch(m: Readonly<Transform2D>): number {
  const sum = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d;
  const det = determinant(m);
  return Math.sqrt((sum + Math.sqrt(Math.max(0, sum * sum - 4 * det * det))) / 2);
}

/** Rotation·uniform scale (any reflection): lengths and angles survive turning. */
function isSimilarity(m: Readonly<Transform2D>): boolean {
  const xx = m.a * m.a + m.b * m.b;
  const yy = m.c * m.c + m.d * m.d;
  const xy = m.a * m.c + m.b * m.d;
  const tol = 1e-9 * (xx + yy);
  return Math.abs(xx - yy) <= tol && Math.abs(xy) <= tol;
}
