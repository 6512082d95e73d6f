import { norm } from '../math/vec2';
import { wrapAngle } from '../math/angles';
import {
  copy,
  determinant,
  identity,
  invert,
  multiply,
  type Transform2D,
} from '../math/transform2d';
import { Bone2D } from '../scene/bone2d';
import { Node } from '../scene/node';
import { Node2D } from '../scene/node2d';
import { type Chain, createChain } from './chain';
import { blendRotation, blendWithinArc, clampMix } from './mix';
import {
  copyResult,
  createResult,
  type SolveResult,
  type Trace,
  toleranceOf,
  WORK_BUDGET,
} from './solve-result';

/** Limits on one bone's local rotation (radians, the arc clockwise from min to max). */
export interface JointLimit {
  limited: boolean;
  min: number;
  max: number;
}

/**
 * A node's last solve: the kernel's result, plus whether the node could solve at all. `error` and
 * `reached` are measured on the tree after the rotations were written (mix included): the real
 * tip against the real target, not the kernel's flat chain (that one is in the node's `result`).
 */
export interface ChainIKStatus extends SolveResult {
  /** False when a path does not resolve or the chain is not a chain; `message` says why. */
  ok: boolean;
  message: string;
  /** A caveat that did not stop the solve (e.g. non-uniform scale), or ''. */
  warning: string;
  bones: number;
  /**
   * True when this call ran no solve: nothing the solve reads had changed since a solve that
   * changed nothing, so the bones already show its answer (see `skipUnchanged`).
   */
  unchanged: boolean;
}

const NON_UNIFORM =
  'a bone of the chain (or a node between two of its bones) has a non-uniform or skewed scale, so bone lengths change as bones turn; the result is approximate. (A non-uniform scale above the chain is fine: the chain is solved in its parent’s space.)';

/**
 * The base of the chain IK nodes: it finds the bones from `rootBonePath` to `tipBonePath`, reads
 * them into a flat Chain in global space, runs a kernel, and writes the new rotations back.
 *
 * Why negative scale just works: the kernels turn bones in global (screen) space. Turning a bone
 * by δ in its local space turns it on screen by σ·δ, where σ is the sign of its parent's global
 * determinant (−1 when the parent is mirrored). So a screen turn Δ is written back as a local
 * turn σ·Δ. Seed 001 found that rule for one bone ("rotate by the negated difference"); here it
 * holds for every bone, whichever ancestor is flipped, root or middle. Local angle limits map to
 * screen arcs by the same σ, so limits mirror with the skeleton.
 *
 * Bone i's segment runs from its origin to the next bone's origin (the last one to its tip).
 * Scales may be any sign; with |scale x| ≠ |scale y| the segment length changes as the bone turns,
 * which no rigid solver can honour: the status then carries a warning.
 */
export abstract class ChainIK2D extends Node {
  private _rootBonePath = '';
  private _tipBonePath = '';
  private _targetPath = '';
  enabled = true;
  /**
   * Set while a stepper shows a recorded solve one sub-step at a time: `process` then leaves the
   * bones alone. A run-time state, not a setting: it is not `enabled`, and no file saves it.
   */
  held = false;
  /** Stop when the tip is this close to the target (global units). */
  tolerance = 0.1;
  maxIterations = 30;
  /** Start each solve from the bones' rest rotations (a cold start) instead of the current pose. */
  startFromRest = false;
  /** Per bone, from the root: limits on the local rotation. Missing entries mean no limit. */
  joints: JointLimit[] = [];
  /**
   * How much of the IK result the bones show, 0–1 (Spine's IK constraint mix): each bone's local
   * rotation is fk + mix·wrap(ik − fk), where fk is the pose the bones had from animation or the
   * user. Out-of-range values clamp to [0, 1].
   */
  mix = 1;
  /**
   * Skip a solve whose answer is already shown: when nothing it reads (the chain and everything
   * above it, the target, poles, lengths, rest pose, settings) changed since a solve that left
   * every bone as it found it, solving again would write the same rotations, so `solve` costs a
   * comparison instead (a standing crowd's legs). Off: every call solves (a bench, a test).
   */
  skipUnchanged = true;

  readonly result: SolveResult = createResult();
  readonly status: ChainIKStatus = {
    ...createResult(),
    ok: false,
    message: 'not solved yet',
    warning: '',
    bones: 0,
    unchanged: false,
  };

  protected bones: Bone2D[] = [];
  /** Per bone, the nearest Node2D above it (the first one's is the chain's parent space). */
  private parents: (Node2D | null)[] = [];
  protected target: Node2D | null = null;
  protected chain: Chain = createChain(0);
  /** σ per bone: +1, or −1 where the bone's parent space is mirrored. */
  protected sigma = new Float64Array(0);
  /** Relative screen angles as read, to write back only the change. */
  private readAngles = new Float64Array(0);
  /** Per bone, read once in readChain: its x axis and the sign of its determinant (solve space). */
  private axes = new Float64Array(0);
  private handed = new Float64Array(0);
  /**
   * Per bone, local rotations: the FK pose to blend from, what this node last wrote (NaN: it has
   * not), and the unblended IK result it warm-starts from. A bone whose rotation is not what this
   * node wrote was posed by someone else, and that pose becomes its FK pose.
   */
  private fkRotations = new Float64Array(0);
  private writtenRotations = new Float64Array(0);
  private ikRotations = new Float64Array(0);
  private resolvedFor: Node | null = null;
  private unwatch: (() => void) | null = null;
  /**
   * The space the kernel works in. Global, unless the chain's parent stretches (a non-uniform
   * scale on an ancestor): then the parent's own space, where the bones are rigid again, so the
   * tip lands exactly once mapped back. `frame` maps that space to global, `frameInverse` back.
   */
  protected inFrame = false;
  private readonly frame = identity();
  private readonly frameInverse = identity();
  /** How much `frame` stretches at most (its largest singular value): tolerances divide by it. */
  private stretch = 1;
  private readonly scratch = identity();
  private readonly mapped = { x: 0, y: 0 };
  /**
   * What the last solve read, as numbers and words (see `stampInputs`), and whether that solve
   * left the bones and its warm start exactly as it found them (a fixed point: solving again
   * from the same inputs gives the same answer, bit for bit). Numbers live in a Float64Array:
   * a plain array would box every double it is given, an allocation per value per solve.
   */
  private stampNumbers = new Float64Array(32);
  private readonly stampWords: string[] = [];
  private numbersAt = 0;
  private wordsAt = 0;
  private lastNumbers = 0;
  private stampSame = true;
  private settled = false;
  private entryRotations = new Float64Array(0);
  private entryIk = new Float64Array(0);
  /** Adds a number to the stamp being taken (as `restamp` compares); bound once, allocation-free. */
  protected readonly stampValue = (v: number): void => {
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
  protected readonly stampWord = (w: string): void => {
    const i = this.wordsAt++;
    if (i >= this.stampWords.length || this.stampWords[i] !== w) {
      this.stampWords[i] = w;
      this.stampSame = false;
    }
  };

  constructor(name: string, rootBonePath = '', tipBonePath = '', targetPath = '') {
    super(name);
    this._rootBonePath = rootBonePath;
    this._tipBonePath = tipBonePath;
    this._targetPath = targetPath;
    // Solve after everything that moves targets or bones has processed this frame.
    this.processPriority = 100;
  }

  get rootBonePath(): string {
    return this._rootBonePath;
  }
  set rootBonePath(p: string) {
    this._rootBonePath = p;
    this.invalidate();
  }
  get tipBonePath(): string {
    return this._tipBonePath;
  }
  set tipBonePath(p: string) {
    this._tipBonePath = p;
    this.invalidate();
  }
  get targetPath(): string {
    return this._targetPath;
  }
  set targetPath(p: string) {
    this._targetPath = p;
    this.invalidate();
  }

  /** The bones of the chain, root first (resolving the paths if needed). */
  getBones(): readonly Bone2D[] {
    this.resolve();
    return this.bones;
  }

  override process(): void {
    if (this.enabled && !this.held) this.solve();
  }

  /**
   * Reads the tree, solves, writes rotations back. With a trace, every sub-step is reported in
   * global coordinates (the tree gets only the final pose).
   */
  solve(trace?: Trace): ChainIKStatus {
    if (!this.resolve()) return this.status;
    // Only a settled chain is stamped on entry: after a solve that moved something, the next
    // solve runs whatever the stamp says, so a moving crowd pays nothing for the skip.
    if (this.settled && this.skipUnchanged && !trace && this.stampInputs(true)) {
      this.status.unchanged = true;
      return this.status;
    }
    this.takePose();
    this.readChain();
    const g = this.target!.globalTransform;
    const t = this.toSolveSpace(g.tx, g.ty);
    this.runKernel(
      this.chain,
      t.x,
      t.y,
      this.result,
      trace && this.inFrame ? this.globalTrace(trace, g.tx, g.ty) : trace,
    );
    const moved = this.writeBack(true);
    if (this.inFrame) this.positionsToGlobal();
    this.report();
    this.status.unchanged = false;
    this.settled = !moved;
    // A solve changes none of its inputs (the tip's version aside, which the stamp reads after
    // report() recomputed it), so the stamp taken now is the one the next call compares with.
    if (this.settled) this.stampInputs(false);
    return this.status;
  }

  /**
   * Takes the stamp of everything a solve reads and compares it with the last one (keeping the
   * new one). Transforms are compared by version: reading the tip bone's global transform
   * recomputes it and every ancestor if any of them changed, and a recompute bumps the version,
   * so one number covers the whole path from the root to the tip. Returns true if all is equal.
   */
  private stampInputs(bailEarly: boolean): boolean {
    const bones = this.bones;
    const n = bones.length;
    let same = true;
    // The base part goes through a plain function V8 inlines, not the stampValue closure: it
    // runs on every solve of every leg of a crowd. NaN never equals itself, so a NaN setting
    // only costs its skips (it is solved every time), never a wrong skip.
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
    const fromRest = this.startFromRest;
    if (restamp(S, 0, last.version)) same = false;
    if (restamp(S, 1, target.version)) same = false;
    // On entry a difference settles it: the chain is solved, and that solve takes a whole
    // new stamp if it ends settled. The target and the chain are what moves most often.
    if (!same && bailEarly) return false;
    if (restamp(S, 2, this.tolerance)) same = false;
    if (restamp(S, 3, this.maxIterations)) same = false;
    if (restamp(S, 4, fromRest ? 1 : 0)) same = false;
    if (restamp(S, 5, this.mix)) same = false;
    let k = 6;
    for (let i = 0; i < n; i++, k += 5) {
      const bone = bones[i]!;
      if (restamp(S, k, bone.length)) same = false;
      if (restamp(S, k + 1, fromRest ? bone.rest.rotation : 0)) same = false;
      const limit = this.joints[i];
      const limited = limit !== undefined && limit.limited;
      if (restamp(S, k + 2, limited ? 1 : 0)) same = false;
      if (restamp(S, k + 3, limited ? limit.min : 0)) same = false;
      if (restamp(S, k + 4, limited ? limit.max : 0)) same = false;
    }
    this.numbersAt = k;
    this.wordsAt = 0;
    this.stampSame = same;
    this.stampSettings(this.stampValue, this.stampWord);
    if (this.numbersAt !== this.lastNumbers || this.wordsAt !== this.stampWords.length) {
      this.lastNumbers = this.numbersAt;
      this.stampWords.length = this.wordsAt;
      this.stampSame = false;
    }
    return this.stampSame;
  }

  /**
   * A subclass's own settings and extra nodes (poles), one value each: every setting that can
   * change a solve must be stamped, or an unchanged-looking chain would keep an old answer.
   * Nodes go in by their global transform's version (read the transform first).
   */
  protected stampSettings(_put: (v: number) => void, _word: (w: string) => void): void {}

  /** A node's global transform version, after bringing it up to date (for stampSettings). */
  protected static versionOf(node: Node2D | null): number {
    if (!node) return -1;
    void node.globalTransform;
    return node.version;
  }

  /**
   * Poses the tree from joint positions in global space (x0, y0, …, xn, yn), e.g. a sub-step a
   * trace recorded. Bones turn so each points at the next joint; lengths come from the tree.
   * The pose is shown as given (no mix), and the next solve takes it as the bones' FK pose.
   */
  applyPositions(positions: ArrayLike<number>): boolean {
    if (!this.resolve()) return false;
    this.readChain();
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
    this.writeBack(false);
    this.writtenRotations.fill(NaN);
    this.settled = false;
    if (this.inFrame) this.positionsToGlobal();
    return true;
  }

  /** A global point in the space the kernel works in (a shared object: read it at once). */
  protected toSolveSpace(x: number, y: number): { x: number; y: number } {
    const m = this.inFrame ? this.frameInverse : null;
    this.mapped.x = m ? m.a * x + m.c * y + m.tx : x;
    this.mapped.y = m ? m.b * x + m.d * y + m.ty : y;
    return this.mapped;
  }

  /** A distance given in global units (a tolerance), in the solve space: never looser. */
  protected toSolveDistance(d: number): number {
    return this.inFrame ? d / this.stretch : d;
  }

  /** A node's global transform, or its transform in the solve space (a shared object). */
  private inSolveSpace(node: Node2D): Readonly<Transform2D> {
    const g = node.globalTransform;
    return this.inFrame ? multiply(this.frameInverse, g, this.scratch) : g;
  }

  /** Sub-steps reported in global coordinates, as a trace's reader draws them. */
  private globalTrace(trace: Trace, targetX: number, targetY: number): Trace {
    const f = this.frame;
    return (e) => {
      const p = e.positions;
      for (let i = 0; i < p.length; i += 2) {
        const x = p[i]!;
        const y = p[i + 1]!;
        p[i] = f.a * x + f.c * y + f.tx;
        p[i + 1] = f.b * x + f.d * y + f.ty;
      }
      const n = p.length - 2;
      trace({ ...e, error: Math.hypot(p[n]! - targetX, p[n + 1]! - targetY) });
    };
  }

  /**
   * After a solve in the parent's space: the joints as drawn (currentChain's positions and
   * base) in global space. Its lengths and angles stay in the solve space.
   */
  private positionsToGlobal(): void {
    const c = this.chain;
    const f = this.frame;
    const p = c.positions;
    for (let i = 0; i < 2 * (c.count + 1); i += 2) {
      const x = p[i]!;
      const y = p[i + 1]!;
      p[i] = f.a * x + f.c * y + f.tx;
      p[i + 1] = f.b * x + f.d * y + f.ty;
    }
    c.baseX = p[0]!;
    c.baseY = p[1]!;
  }

  /**
   * The bones this node shows blended (mix below 1), with the FK rotation each blends from:
   * what a scene file should keep, since the blend is made again from it on load.
   */
  authoredRotations(visit: (bone: Bone2D, fk: number) => void): void {
    if (clampMix(this.mix) >= 1) return;
    for (let i = 0; i < this.bones.length; i++) {
      const bone = this.bones[i]!;
      if (bone.rotation === this.writtenRotations[i]) visit(bone, this.fkRotations[i]!);
    }
  }

  /** The chain as last read or solved (global space), for drawing and for kernels run by hand. */
  get currentChain(): Chain {
    return this.chain;
  }

  /** Runs this node's solver kernel on the chain (in place). */
  protected abstract runKernel(
    chain: Chain,
    targetX: number,
    targetY: number,
    result: SolveResult,
    trace?: Trace,
  ): void;

  /** Extra paths a subclass resolves (poles); return an error message or ''. */
  protected resolveExtra(): string {
    return '';
  }

  /**
   * Resolves an optional path to a Node2D (a pole, say): null for '', the node, or an error
   * message naming the field.
   */
  protected resolveOptional(field: string, path: string): Node2D | null | string {
    if (path === '') return null;
    const node = this.getNode(path);
    return node instanceof Node2D
      ? node
      : `${field} "${path}" does not lead to a Node2D or Marker2D`;
  }

  protected invalidate(): void {
    this.resolvedFor = null;
    this.settled = false;
  }

  protected override onParentChanged(): void {
    this.invalidate();
    super.onParentChanged();
  }

  protected fail(message: string): false {
    // No chain: nothing may act on the bones of a chain that no longer resolves.
    this.bones = [];
    this.status.ok = false;
    this.status.message = message;
    this.status.bones = 0;
    this.status.unchanged = false;
    this.resolvedFor = null;
    this.settled = false;
    return false;
  }

  /** Finds the bones and target; cached until the tree or a path changes. */
  protected resolve(): boolean {
    const root = this.root;
    if (this.resolvedFor === root) return true;
    // Resolving again (another tree, other paths): nothing stamped before may be trusted.
    this.settled = false;
    if (this.unwatch) this.unwatch();
    // A tree tells its root about every change, including this node (or an ancestor) leaving
    // it: then stop listening, or a crowd rebuilt many times would stay subscribed to its old
    // root (a leak, and a callback per node on every later change there). Node2D does not pass
    // "your parent changed" on to its children, so a removed ancestor is only heard of here.
    this.unwatch = root.treeChanged.connect(() => {
      this.invalidate();
      if (this.root !== root) {
        this.unwatch?.();
        this.unwatch = null;
      }
    });
    const first = this.getNode(this._rootBonePath);
    const last = this.getNode(this._tipBonePath);
    const target = this.getNode(this._targetPath);
    if (!(first instanceof Bone2D))
      return this.fail(`rootBonePath "${this._rootBonePath}" does not lead to a Bone2D`);
    if (!(last instanceof Bone2D))
      return this.fail(`tipBonePath "${this._tipBonePath}" does not lead to a Bone2D`);
    if (!(target instanceof Node2D))
      return this.fail(`targetPath "${this._targetPath}" does not lead to a Node2D or Marker2D`);
    if (first !== last && !first.isAncestorOf(last))
      return this.fail(`the tip bone "${last.name}" is not below the root bone "${first.name}"`);
    if (target === first || first.isAncestorOf(target))
      return this.fail(
        `the target "${target.name}" is inside the chain; it would move as it solves`,
      );
    const bones: Bone2D[] = [];
    for (let n: Node | null = last; n; n = n.parent) {
      if (n instanceof Bone2D) bones.unshift(n);
      if (n === first) break;
    }
    const sameBones =
      bones.length === this.bones.length && bones.every((b, i) => b === this.bones[i]);
    this.bones = bones;
    // Each bone's parent space, found once: the tree cannot change without a new resolve.
    this.parents = bones.map((b) => b.parent2D);
    this.target = target;
    if (this.chain.count !== bones.length) {
      this.chain = createChain(bones.length);
      this.sigma = new Float64Array(bones.length);
      this.readAngles = new Float64Array(bones.length);
      this.axes = new Float64Array(2 * bones.length);
      this.handed = new Float64Array(bones.length);
      this.fkRotations = new Float64Array(bones.length);
      this.writtenRotations = new Float64Array(bones.length);
      this.ikRotations = new Float64Array(bones.length);
      this.entryRotations = new Float64Array(bones.length);
      this.entryIk = new Float64Array(bones.length);
    }
    // Other bones: nothing this node wrote is theirs.
    if (!sameBones) this.writtenRotations.fill(NaN);
    const extra = this.resolveExtra();
    if (extra) return this.fail(extra);
    this.status.ok = true;
    this.status.message = '';
    this.status.bones = bones.length;
    this.resolvedFor = root;
    return true;
  }

  /**
   * Before a solve: a bone not where this node left it was posed by someone else, so that pose
   * is its FK pose; then the bones take the pose to solve from (rest, or the last unblended IK
   * result). With mix 1 the IK result is what the bones show, so nothing is written here.
   */
  private takePose(): void {
    const bones = this.bones;
    const fk = this.fkRotations;
    const ik = this.ikRotations;
    for (let i = 0; i < bones.length; i++) {
      const bone = bones[i]!;
      const r = bone.rotation;
      // As found: writeBack compares with these to tell whether the solve changed anything.
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
      if (this.startFromRest) bone.rotation = bone.rest.rotation;
      else if (r !== ik[i]) bone.rotation = ik[i]!;
    }
  }

  /** Tree → chain: positions, lengths, relative screen angles, σ and limits. No allocation. */
  private readChain(): void {
    const c = this.chain;
    const bones = this.bones;
    const n = bones.length;
    const P = c.positions;
    const parent = this.parents[0]!;
    const pg = parent ? parent.globalTransform : null;
    // A parent that stretches: solve in its space (see inFrame), if it can be undone.
    this.inFrame = pg !== null && !isSimilarity(pg) && Math.abs(determinant(pg)) > 1e-300;
    if (this.inFrame) {
      copy(pg!, this.frame);
      invert(pg!, this.frameInverse);
      this.stretch = largestStretch(pg!);
    }
    // One pass over the bones' transforms (each multiplied into the solve space once): joint
    // positions, each bone's x axis (a zero-length bone's direction) and its handedness.
    let uniform = true;
    for (let i = 0; i < n; i++) {
      const g = this.inSolveSpace(bones[i]!);
      P[2 * i] = g.tx;
      P[2 * i + 1] = g.ty;
      this.axes[2 * i] = g.a;
      this.axes[2 * i + 1] = g.b;
      this.handed[i] = determinant(g) < 0 ? -1 : 1;
      if (uniform && !isSimilarity(g)) uniform = false;
      if (i === n - 1) {
        const length = bones[i]!.length;
        P[2 * n] = g.a * length + g.tx;
        P[2 * n + 1] = g.b * length + g.ty;
      }
    }
    c.baseX = P[0]!;
    c.baseY = P[1]!;
    c.baseAngle = pg && !this.inFrame ? Math.atan2(pg.b, pg.a) : 0;
    // The chain's parent is mirrored when its global determinant is negative; in its own space
    // (inFrame) it is the identity, not mirrored.
    const parentSign = pg && !this.inFrame && determinant(pg) < 0 ? -1 : 1;
    let prev = c.baseAngle;
    for (let i = 0; i < n; i++) {
      const bone = bones[i]!;
      const dx = P[2 * i + 2]! - P[2 * i]!;
      const dy = P[2 * i + 3]! - P[2 * i + 1]!;
      const len = norm(dx, dy);
      // A segment with no length points where the bone's own x axis (towards its tip) points.
      const dir =
        len > 0 ? Math.atan2(dy, dx) : Math.atan2(this.axes[2 * i + 1]!, this.axes[2 * i]!);
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
            : bp && determinant(this.inSolveSpace(bp)) < 0
              ? -1
              : 1;
      this.sigma[i] = s;
      // The side a kernel nudges to mirrors with the skeleton (see Chain.handedness).
      if (i === 0) c.handedness = s < 0 ? -1 : 1;
      const limit = this.joints[i];
      if (limit && limit.limited) {
        // a = σ·rotation + offset, exactly, for rigid turns: map the local arc onto the screen.
        const offset = a - s * bone.rotation;
        c.limited[i] = 1;
        c.limitMin[i] = s > 0 ? limit.min + offset : offset - limit.max;
        c.limitMax[i] = s > 0 ? limit.max + offset : offset - limit.min;
      } else c.limited[i] = 0;
    }
    this.status.warning = uniform ? '' : NON_UNIFORM;
  }

  /**
   * Chain → tree: each bone turns by σ times the change of its relative screen angle. With
   * `blend`, that IK rotation is remembered and the bone shows it mixed with its FK pose, and
   * the answer says whether a bone or its IK rotation differs from what takePose found.
   */
  private writeBack(blend: boolean): boolean {
    const c = this.chain;
    const mix = clampMix(this.mix);
    let moved = false;
    for (let i = 0; i < this.bones.length; i++) {
      const bone = this.bones[i]!;
      const delta = wrapAngle(c.angles[i]! - this.readAngles[i]!);
      // A change within rounding is no change: a closed form solved again from its own answer
      // reads its angles back through the tree's matrices and moves by ±1e-16 each time; kept,
      // that jitter would redraw the chain every frame and never let a solve be skipped.
      const ik =
        Math.abs(delta) > ROUNDING_TURN
          ? wrapAngle(bone.rotation + this.sigma[i]! * delta)
          : bone.rotation;
      const limit = this.joints[i];
      const fk = this.fkRotations[i]!;
      const shown = !blend
        ? ik
        : limit?.limited
          ? blendWithinArc(fk, ik, mix, limit.min, limit.max)
          : blendRotation(fk, ik, mix);
      if (shown !== bone.rotation) bone.rotation = shown;
      if (blend) {
        this.ikRotations[i] = ik;
        this.writtenRotations[i] = bone.rotation;
        if (!Object.is(bone.rotation, this.entryRotations[i]) || !Object.is(ik, this.entryIk[i]))
          moved = true;
      }
      this.readAngles[i] = c.angles[i]!;
    }
    return moved;
  }

  /** The kernel's result, with the error and `reached` measured on the tree as it now is. */
  private report(): void {
    copyResult(this.result, this.status);
    const last = this.bones[this.bones.length - 1]!;
    const lg = last.globalTransform;
    const tipX = lg.a * last.length + lg.tx;
    const tipY = lg.b * last.length + lg.ty;
    const tg = this.target!.globalTransform;
    const error = norm(tipX - tg.tx, tipY - tg.ty);
    // NaN only when a point is not finite (an overflowing target): as far as it gets.
    this.status.error = Number.isNaN(error) ? Infinity : error;
    this.status.reached = this.status.error <= toleranceOf(this.tolerance);
    // Notes are rare; the common solve (every frame, every leg) builds no strings or arrays.
    const misses = this.status.poleMisses;
    if (misses > 0)
      this.addWarning(
        `${misses} joint${misses === 1 ? ' is' : 's are'} left on the far side of the pole (the mirror passes stopped at their cap of 2n + 2, or a limit forbade the mirror)`,
      );
    if (this.status.workBound && !this.status.reached)
      this.addWarning(
        `stopped after ${this.status.iterations} iterations by the bound on one solve's work (${WORK_BUDGET} bone-iterations); it goes on from here next frame`,
      );
  }

  private addWarning(note: string): void {
    this.status.warning = this.status.warning ? `${this.status.warning}; ${note}` : note;
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
