import { optionsProblem } from './input-checks.ts';
import { Bone2D } from '../scene/bone2d.ts';
import { Node } from '../scene/node.ts';
import { Node2D } from '../scene/node2d.ts';
import type { Chain } from './chain.ts';
import { clampMix } from './mix.ts';
import {
  copyResult,
  createResult,
  type SolveResult,
  type Trace,
  toleranceOf,
  WORK_BUDGET,
} from './solve-result.ts';
import { type JointLimit, TreeChain } from './tree-chain.ts';

export type { JointLimit } from './tree-chain.ts';

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

  /** The bones bound to a flat chain, and what every solve does with them (see TreeChain). */
  protected readonly tree = new TreeChain();
  private resolvedFor: Node | null = null;
  private unwatch: (() => void) | null = null;
  /**
   * Whether the last solve left the bones and its warm start exactly as it found them (a fixed
   * point: solving again from the same inputs gives the same answer, bit for bit).
   */
  private settled = false;

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
    // The kernels' one rule for options (they throw); a node says it in its status instead,
    // leaves the bones as they are, and solves again once the value is fixed.
    const bad = optionsProblem(this.tolerance, this.maxIterations);
    if (bad !== null) {
      this.fail(`refused to solve: ${bad}`);
      return this.status;
    }
    if (!this.resolve()) return this.status;
    const t = this.tree;
    // Only a settled chain is stamped on entry: after a solve that moved something, the next
    // solve runs whatever the stamp says, so a moving crowd pays nothing for the skip.
    if (this.settled && this.skipUnchanged && !trace && this.stampInputs(true)) {
      this.status.unchanged = true;
      return this.status;
    }
    t.takePose(this.startFromRest);
    this.readChain();
    const g = t.target!.globalTransform;
    const p = t.toSolveSpace(g.tx, g.ty);
    this.runKernel(
      t.chain,
      p.x,
      p.y,
      this.result,
      trace && t.inFrame ? t.globalTrace(trace, g.tx, g.ty) : trace,
    );
    const moved = t.writeBack(clampMix(this.mix), this.joints);
    if (t.inFrame) t.positionsToGlobal();
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
   * new one): the chain's part (TreeChain.stampBase), then this node's own settings. Returns
   * true if all is equal.
   */
  private stampInputs(bailEarly: boolean): boolean {
    const t = this.tree;
    const go = t.stampBase(
      bailEarly,
      this.tolerance,
      this.maxIterations,
      this.startFromRest,
      this.mix,
      this.joints,
    );
    if (!go) return false;
    this.stampSettings(t.stampValue, t.stampWord);
    return t.stampEnd();
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
    if (!this.tree.applyPositions(positions)) return false;
    this.settled = false;
    return true;
  }

  /** The bones of the chain, root first, as last resolved (for subclasses). */
  protected get bones(): readonly Bone2D[] {
    return this.tree.bones;
  }

  /** σ per bone, as last read (see TreeChain.sigma). */
  protected get sigma(): Float64Array {
    return this.tree.sigma;
  }

  /** A global point in the space the kernel works in (a shared object: read it at once). */
  protected toSolveSpace(x: number, y: number): { x: number; y: number } {
    return this.tree.toSolveSpace(x, y);
  }

  /** A distance given in global units (a tolerance), in the solve space: never looser. */
  protected toSolveDistance(d: number): number {
    return this.tree.toSolveDistance(d);
  }

  /**
   * The bones this node shows blended (mix below 1), with the FK rotation each blends from:
   * what a scene file should keep, since the blend is made again from it on load.
   */
  authoredRotations(visit: (bone: Bone2D, fk: number) => void): void {
    if (clampMix(this.mix) >= 1) return;
    const t = this.tree;
    for (let i = 0; i < t.bones.length; i++) {
      const bone = t.bones[i]!;
      if (bone.rotation === t.writtenRotations[i]) visit(bone, t.fkRotations[i]!);
    }
  }

  /** The chain as last read or solved (global space), for drawing and for kernels run by hand. */
  get currentChain(): Chain {
    return this.tree.chain;
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
    this.tree.unbind();
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
    this.tree.bind(bones, target);
    const extra = this.resolveExtra();
    if (extra) return this.fail(extra);
    this.status.ok = true;
    this.status.message = '';
    this.status.bones = bones.length;
    this.resolvedFor = root;
    return true;
  }

  /** Tree → chain, with the warning a stretching bone earns. */
  private readChain(): void {
    this.status.warning = this.tree.readChain(this.joints) ? '' : NON_UNIFORM;
  }

  /** The kernel's result, with the error and `reached` measured on the tree as it now is. */
  private report(): void {
    copyResult(this.result, this.status);
    const error = this.tree.tipError();
    // NaN only when a point is not finite (an overflowing target): as far as it gets.
    this.status.error = Number.isNaN(error) ? Infinity : error;
    this.status.reached = this.status.error <= toleranceOf(this.tolerance);
    // Notes are rare; the common solve (every frame, every leg) builds no strings or arrays.
    const misses = this.status.poleMisses;
    if (misses > 0)
      this.addWarning(
        `${misses} joint${misses === 1 ? ' is' : 's are'} left on the far side of the pole (a limit forbade the mirror, or the mirror passes used up their budget)`,
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
