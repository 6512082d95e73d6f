import { Signal } from './signal.ts';

/**
 * The base of the scene tree, named as in Godot: a name, a parent, ordered children,
 * path lookup and a per-frame `process` hook. Node knows nothing about space; Node2D adds that.
 */
export class Node {
  /** The type name used in the scene panel and in scene JSON. Subclasses override it. */
  get typeName(): string {
    return 'Node';
  }

  private _processPriority = 0;

  /** Emitted on this node and every ancestor when a node is added, removed or renamed below it. */
  readonly treeChanged = new Signal<Node>();

  private _name: string;
  private _parent: Node | null = null;
  private readonly _children: Node[] = [];

  constructor(name = 'Node') {
    this._name = Node.cleanName(name);
  }

  /** Lower runs earlier in `processTree`; ties keep tree order (as Godot's process_priority). */
  get processPriority(): number {
    return this._processPriority;
  }
  set processPriority(value: number) {
    if (value === this._processPriority) return;
    this._processPriority = Number.isFinite(value) ? value : 0;
    this.notifyTreeChanged(); // the process order changes
  }

  get name(): string {
    return this._name;
  }

  set name(value: string) {
    const clean = Node.cleanName(value);
    this._name = this._parent ? this._parent.uniqueChildName(clean, this) : clean;
    this.notifyTreeChanged();
  }

  get parent(): Node | null {
    return this._parent;
  }

  get children(): readonly Node[] {
    return this._children;
  }

  /** Adds `child` at the end (or at `index`), taking it from its old parent first. Returns it. */
  addChild<T extends Node>(child: T, index = this._children.length): T {
    if ((child as Node) === this || child.isAncestorOf(this)) {
      throw new Error(`Cannot add "${child.name}" under "${this.name}": that would make a cycle.`);
    }
    child._parent?.removeChild(child);
    child._name = this.uniqueChildName(child._name, child);
    child._parent = this;
    this._children.splice(Math.max(0, Math.min(index, this._children.length)), 0, child);
    child.onParentChanged();
    this.notifyTreeChanged();
    return child;
  }

  removeChild(child: Node): void {
    const i = this._children.indexOf(child);
    if (i < 0) return;
    this._children.splice(i, 1);
    child._parent = null;
    child.onParentChanged();
    this.notifyTreeChanged();
  }

  /**
   * Called when this node's chain of ancestors changed. Node2D overrides it to drop its cached
   * global transform; a plain Node passes it on so Node2D nodes below it hear about it too.
   */
  protected onParentChanged(): void {
    for (const child of this._children) child.onParentChanged();
  }

  isAncestorOf(node: Node): boolean {
    for (let p = node._parent; p; p = p._parent) if (p === this) return true;
    return false;
  }

  get root(): Node {
    let n: Node = this;
    while (n._parent) n = n._parent;
    return n;
  }

  /**
   * Finds a node by a Godot-style path relative to this one: "Arm/Forearm", "../Target", ".".
   * A leading "/" starts from the root, whose own name comes first: "/Root/Arm".
   */
  getNode(path: string): Node | null {
    let current: Node | null = this;
    let parts = path.split('/');
    if (path.startsWith('/')) {
      const root = this.root;
      if (parts[1] !== root.name) return null;
      current = root;
      parts = parts.slice(2);
    }
    for (const part of parts) {
      if (!current) return null;
      if (part === '' || part === '.') continue;
      if (part === '..') current = current._parent;
      else current = current._children.find((c) => c._name === part) ?? null;
    }
    return current;
  }

  /** Path from `from` (default: the root) to this node, usable with `from.getNode(path)`. */
  getPathFrom(from: Node = this.root): string {
    const mine = this.ancestry();
    const theirs = from.ancestry();
    let common = 0;
    while (common < mine.length && common < theirs.length && mine[common] === theirs[common]) {
      common++;
    }
    if (common === 0) throw new Error(`"${this.name}" and "${from.name}" are in different trees.`);
    const ups = theirs.slice(common).map(() => '..');
    const downs = mine.slice(common).map((n) => n._name);
    const parts = [...ups, ...downs];
    return parts.length ? parts.join('/') : '.';
  }

  /** Absolute path, "/Root/Arm/Forearm". */
  get path(): string {
    return (
      '/' +
      this.ancestry()
        .map((n) => n._name)
        .join('/')
    );
  }

  /** Pre-order walk (parent before children, children in order). Return false to skip a subtree. */
  walk(visit: (node: Node, depth: number) => boolean | void, depth = 0): void {
    if (visit(this, depth) === false) return;
    for (const child of this._children) child.walk(visit, depth + 1);
  }

  /** All nodes of a type below and including this one, in tree order. */
  findAll<T extends Node>(type: abstract new (...args: never[]) => T): T[] {
    const out: T[] = [];
    this.walk((n) => {
      if (n instanceof type) out.push(n);
    });
    return out;
  }

  /** Called once per frame by processTree. Subclasses override (IK nodes solve here). */
  process(_dt: number): void {}

  private ancestry(): Node[] {
    const chain: Node[] = [];
    for (let n: Node | null = this; n; n = n._parent) chain.unshift(n);
    return chain;
  }

  private notifyTreeChanged(): void {
    for (let n: Node | null = this; n; n = n._parent) n.treeChanged.emit(this);
  }

  /** Godot keeps sibling names unique by appending a number; so do we, so paths stay unambiguous. */
  private uniqueChildName(wanted: string, self: Node): string {
    const taken = (name: string) => this._children.some((c) => c !== self && c._name === name);
    if (!taken(wanted)) return wanted;
    const base = wanted.replace(/\d+$/, '');
    for (let i = 2; i < 100_000; i++) if (!taken(base + i)) return base + i;
    throw new Error(`Too many children named "${base}".`);
  }

  /** The name a node gets for `name`: path characters replaced, never empty, "." or "..". */
  static cleanName(name: string): string {
    // "/" separates path parts and "." / ".." are path words, so none can be in a name.
    const clean = String(name)
      .replace(/[/:@%"]/g, '_')
      .trim();
    return clean === '' || clean === '.' || clean === '..' ? 'Node' : clean;
  }
}

/**
 * Runs one frame: every node's `process(dt)` once, in tree order, sorted by `processPriority`
 * (stable, so equal priorities keep tree order). IK nodes use a higher priority so they solve
 * after the targets they read have moved.
 */
export function processTree(root: Node, dt: number): void {
  let order = processOrders.get(root);
  if (!order) {
    order = computeProcessOrder(root);
    processOrders.set(root, order);
    // Recomputed only when the tree (or a priority) changes, so a frame allocates nothing here.
    const forget = root.treeChanged.connect(() => {
      processOrders.delete(root);
      forget();
    });
  }
  for (let i = 0; i < order.length; i++) order[i]!.process(dt);
}

const processOrders = new WeakMap<Node, Node[]>();

function computeProcessOrder(root: Node): Node[] {
  const order: Node[] = [];
  root.walk((n) => {
    order.push(n);
  });
  return order
    .map((node, index) => ({ node, index }))
    .sort((p, q) => p.node.processPriority - q.node.processPriority || p.index - q.index)
    .map(({ node }) => node);
}
