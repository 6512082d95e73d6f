import { Container, Matrix, Ticker } from 'pixi.js';
import type { Node } from '../../scene/node.ts';
import { processTree } from '../../scene/node.ts';
import type { Node2D } from '../../scene/node2d.ts';
import { IKDebugOverlay, type DebugOptions } from './debug-overlay.ts';

// This entry imports the public 'pixi.js', not the course's own door (../pixi.ts): a game brings
// its own PixiJS, and its sprites, ticker and renderer must be that copy's.

/** What `new IKRig(...)` takes. */
export interface IKRigOptions {
  /** The node tree the rig runs and shows. Its global space is the rig's local space. */
  root: Node;
  /** The ticker that drives `update` while `autoUpdate` is on: Pixi's shared ticker by default. */
  ticker?: Ticker;
  /** Update on every tick of `ticker` (true by default); off, call `update(dt)` yourself. */
  autoUpdate?: boolean;
  /**
   * Run the tree's `process` (every IK node solves) in `update` before the views follow it
   * (true by default). Off when the game processes the tree itself and the rig only shows it.
   */
  processTree?: boolean;
  /** The debug overlay: off by default; `true` draws bones, targets and limits. */
  debug?: boolean | DebugOptions;
}

/** A view bound to a node: the view shows the node's global transform. */
interface Binding {
  node: Node2D;
  view: Container;
}

/**
 * A node tree driving a PixiJS display list, as spine-pixi's `Spine` object drives a skeleton's
 * attachments: add it to the stage, `attach(bone, sprite)` for each bone that has a picture,
 * and each tick the rig processes the tree (the IK nodes solve) and puts every attached view
 * where its node is, mirrors included.
 *
 * A view's position, rotation, scale and skew are overwritten on each update from its node's
 * global transform (`Container.setFromMatrix`, which keeps a mirror exact as a skew of π). For an
 * offset (a texture whose joint is not at its corner), set the sprite's `anchor` or `pivot`, or
 * put the sprite in a Container and attach the Container.
 */
export class IKRig extends Container {
  readonly root: Node;
  /** Whether `update` runs the tree's `process` first (see IKRigOptions.processTree). */
  processTree: boolean;
  private readonly views = new Container({ label: 'views' });
  private readonly bindings: Binding[] = [];
  private readonly matrix = new Matrix();
  private readonly ticker: Ticker;
  private ticking = false;
  private overlay: IKDebugOverlay | null = null;

  constructor(options: IKRigOptions) {
    super({ label: 'IKRig' });
    this.root = options.root;
    this.processTree = options.processTree ?? true;
    this.ticker = options.ticker ?? Ticker.shared;
    this.addChild(this.views);
    this.autoUpdate = options.autoUpdate ?? true;
    if (options.debug) this.debug = options.debug;
  }

  /**
   * Binds `view` to `node` and adds it to the rig's views, drawn in the order attached (later on
   * top) unless `zIndex` says otherwise. Returns the view.
   */
  attach<V extends Container>(node: Node2D, view: V): V {
    this.detach(view);
    this.bindings.push({ node, view });
    this.views.addChild(view);
    this.follow(node, view);
    return view;
  }

  /** Unbinds `view` and takes it out of the rig (it is not destroyed). */
  detach(view: Container): void {
    const i = this.bindings.findIndex((b) => b.view === view);
    if (i < 0) return;
    this.bindings.splice(i, 1);
    this.views.removeChild(view);
  }

  /** The node `view` follows, or null. */
  nodeOf(view: Container): Node2D | null {
    return this.bindings.find((b) => b.view === view)?.node ?? null;
  }

  /** Update on every tick of the rig's ticker. */
  get autoUpdate(): boolean {
    return this.ticking;
  }
  set autoUpdate(on: boolean) {
    if (on === this.ticking) return;
    this.ticking = on;
    if (on) this.ticker.add(this.onTick, this);
    else this.ticker.remove(this.onTick, this);
  }

  /** The debug overlay's settings, or false when it is off. */
  get debug(): false | Required<DebugOptions> {
    return this.overlay ? this.overlay.options : false;
  }
  set debug(value: boolean | DebugOptions) {
    if (!value) {
      this.overlay?.destroy();
      this.overlay = null;
      return;
    }
    this.overlay ??= this.addChild(new IKDebugOverlay());
    this.overlay.configure(value === true ? {} : value);
    this.overlay.drawTree(this.root);
  }

  /**
   * One frame: process the tree (`dt` in seconds; the IK nodes solve), then move every attached
   * view to its node and redraw the debug overlay.
   */
  update(dt: number): void {
    if (this.processTree) processTree(this.root, dt);
    for (const b of this.bindings) this.follow(b.node, b.view);
    this.overlay?.drawTree(this.root);
  }

  override destroy(options?: Parameters<Container['destroy']>[0]): void {
    this.autoUpdate = false;
    this.bindings.length = 0;
    super.destroy(options);
  }

  private onTick(ticker: Ticker): void {
    // A tab brought back after a minute gives one long tick: a tenth of a second at most, so a
    // time-based node (a spider's gait, a creature's follow) does not leap.
    this.update(Math.min(ticker.deltaMS / 1000, 0.1));
  }

  private follow(node: Node2D, view: Container): void {
    const g = node.globalTransform;
    view.setFromMatrix(this.matrix.set(g.a, g.b, g.c, g.d, g.tx, g.ty));
  }
}
