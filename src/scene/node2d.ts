import { Signal } from './signal.ts';
import type { Transform2D } from '../math/transform2d.ts';
import * as T from '../math/transform2d.ts';
import type { Vec2 } from '../math/vec2.ts';
import { angle, fromAngle, sub } from '../math/vec2.ts';
import { Node } from './node.ts';
import { nodeType } from './node-description.ts';
import { defineNodeType } from './node-type.ts';
import { angleProperty, colorProperty, vectorProperty } from './property.ts';

/** A node's place in its parent: position, rotation (radians) and scale, as T·R·S composes them. */
export interface LocalPose {
  position: Vec2;
  rotation: number;
  scale: Vec2;
}

/**
 * A node with a place in 2D: position, rotation (radians, clockwise on screen), and scale,
 * which may be negative on either axis. The local transform is Translate·Rotate·Scale, the
 * global one is the nearest Node2D ancestor's global times the local one. Both are cached and
 * invalidated on change: a change marks this node and every Node2D below it dirty. Setting a
 * value a node already has is no change (an animation writing every frame costs no recompute).
 */
export class Node2D extends Node {
  override get typeName(): string {
    return 'Node2D';
  }

  private _position: Vec2 = { x: 0, y: 0 };
  private _rotation = 0;
  private _scale: Vec2 = { x: 1, y: 1 };
  private readonly _local: Transform2D = T.identity();
  private readonly _global: Transform2D = T.identity();
  private localDirty = false;
  private globalDirty = false;
  /** Bumped whenever the global transform is recomputed; lets views skip unchanged nodes. */
  private _version = 0;
  /**
   * A colour this node and everything below it are multiplied by when drawn, as Godot's
   * `modulate` (CSS colour; its alpha fades the subtree). White changes nothing. Views resolve
   * it; the scene layer only stores it.
   */
  modulate = '#ffffff';

  constructor(name = 'Node2D') {
    super(name);
  }

  get position(): Vec2 {
    return { x: this._position.x, y: this._position.y };
  }
  set position(p: Vec2) {
    if (!finite(p.x, p.y)) {
      this.reject('position', p);
      return;
    }
    if (p.x === this._position.x && p.y === this._position.y) return;
    // Copied into the node's own object, not a new one: a target moved every frame allocates
    // nothing here (the getter hands out copies, so no one else holds this object).
    this._position.x = p.x;
    this._position.y = p.y;
    this.markLocalDirty();
  }

  /** The same as `position = { x, y }` without allocating: for nodes moved every frame. */
  setPosition(x: number, y: number): void {
    if (!finite(x, y)) return this.reject('position', { x, y });
    if (x === this._position.x && y === this._position.y) return;
    this._position.x = x;
    this._position.y = y;
    this.markLocalDirty();
  }

  get rotation(): number {
    return this._rotation;
  }
  set rotation(radians: number) {
    if (!finite(radians, 0)) {
      this.reject('rotation', radians);
      return;
    }
    if (radians === this._rotation) return;
    this._rotation = radians;
    this.markLocalDirty();
  }

  get scale(): Vec2 {
    return { x: this._scale.x, y: this._scale.y };
  }
  set scale(s: Vec2) {
    if (!finite(s.x, s.y)) {
      this.reject('scale', s);
      return;
    }
    if (s.x === this._scale.x && s.y === this._scale.y) return;
    this._scale.x = s.x;
    this._scale.y = s.y;
    this.markLocalDirty();
  }

  /** The same as `scale = { x, y }` without allocating. */
  setScale(x: number, y: number): void {
    if (!finite(x, y)) return this.reject('scale', { x, y });
    if (x === this._scale.x && y === this._scale.y) return;
    this._scale.x = x;
    this._scale.y = y;
    this.markLocalDirty();
  }

  /**
   * A value that is not a finite number (NaN, ±Infinity: a division by zero upstream, a bad
   * file) is refused: the node keeps what it had, so a NaN target leaves the chain reaching for
   * where the target was, and `rejected` says which property and what was given.
   */
  readonly rejected = new Signal<{ node: Node2D; property: string; value: unknown }>();

  protected reject(property: string, value: unknown): void {
    this.rejected.emit({ node: this, property, value });
  }

  get version(): number {
    return this._version;
  }

  /** Local transform (relative to the parent Node2D). Treat as read-only. */
  get transform(): Readonly<Transform2D> {
    if (this.localDirty) {
      T.writeTRS(this._local, this._position, this._rotation, this._scale);
      this.localDirty = false;
    }
    return this._local;
  }

  /**
   * @internal How an IK node writes a chain, root to tip, each bone below the one before: sets
   * the rotation as the setter does and, if this node moved (its rotation changed, or the call
   * before flagged it), brings its global transform up to date at once from its parent's, which
   * the call before left up to date. Its other children are marked dirty as any change marks
   * them; `next`, the bone written right after, is only flagged, since that call recomputes it
   * and marks below it. The transforms and versions are the ones the lazy path gives (the same
   * products, recomputed for the same nodes), without its walk down the whole chain marking
   * every bone and its recursion back up when the tip is read. Returns true when it made the
   * transform again (and so flagged `next`, which must then be written too); a caller may skip
   * a bone that keeps its rotation only when the call before returned false.
   */
  poseInChain(radians: number, next: Node2D | null): boolean {
    const parent = this.parent2D;
    if (!Number.isFinite(radians) || (parent !== null && parent.globalDirty)) {
      // Not the case it is made for (a rejected value, a node between two bones): the setter,
      // and this node and all below marked again, since a flag from the call before may not
      // have reached its children.
      this.rotation = radians;
      this.globalDirty = false;
      this.markGlobalDirty();
      return false;
    }
    if (radians !== this._rotation) {
      this._rotation = radians;
      this.localDirty = true;
    } else if (!this.globalDirty) return false; // neither it nor anything above it moved
    const local = this.transform;
    if (parent) T.multiply(parent._global, local, this._global);
    else T.copy(local, this._global);
    this.globalDirty = false;
    this._version++;
    const children = this.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (child === next) next.globalDirty = true;
      else if (child instanceof Node2D) child.markGlobalDirty();
      else markBelow(child);
    }
    return true;
  }

  /** Sets position, rotation and scale from a matrix, keeping an x-flip an x-flip (see below). */
  set transform(m: Transform2D) {
    if (!finite(m.a, m.b) || !finite(m.c, m.d) || !finite(m.tx, m.ty)) {
      this.reject('transform', m);
      return;
    }
    const d = T.decompose(m);
    // A reflected matrix reads back as rotation + negative y scale (Godot's rule). If this node
    // was flipped on x, read it back as an x flip instead: same matrix, and the value the user set.
    if (T.isReflection(m) && this._scale.x < 0 && this._scale.y > 0) {
      d.rotation += Math.PI;
      d.scale = { x: -d.scale.x, y: -d.scale.y };
    }
    this._position.x = d.position.x;
    this._position.y = d.position.y;
    this._rotation = Math.atan2(Math.sin(d.rotation), Math.cos(d.rotation));
    this._scale.x = d.scale.x;
    this._scale.y = d.scale.y;
    this.markLocalDirty();
  }

  /**
   * The nearest ancestor that is a Node2D, whose global transform ours builds on. Found once and
   * kept: it changes only when this node or a plain Node between the two moves, and both tell
   * this node (onParentChanged).
   */
  get parent2D(): Node2D | null {
    if (this._parent2D === undefined) {
      this._parent2D = null;
      for (let p = this.parent; p; p = p.parent)
        if (p instanceof Node2D) {
          this._parent2D = p;
          break;
        }
    }
    return this._parent2D;
  }
  private _parent2D: Node2D | null | undefined = undefined;

  /** Global transform (relative to the tree root's space). Cached; treat as read-only. */
  get globalTransform(): Readonly<Transform2D> {
    if (this.globalDirty) {
      const parent = this.parent2D;
      if (parent) T.multiply(parent.globalTransform, this.transform, this._global);
      else T.copy(this.transform, this._global);
      this.globalDirty = false;
      this._version++;
    }
    return this._global;
  }

  set globalTransform(m: Transform2D) {
    const parent = this.parent2D;
    this.transform = parent ? T.multiply(T.invert(parent.globalTransform), m) : T.copy(m);
  }

  get globalPosition(): Vec2 {
    const g = this.globalTransform;
    return { x: g.tx, y: g.ty };
  }
  set globalPosition(p: Vec2) {
    const parent = this.parent2D;
    this.position = parent ? parent.toLocal(p) : p;
  }

  /** Angle of the global x axis, as Godot's global_rotation. */
  get globalRotation(): number {
    return T.getRotation(this.globalTransform);
  }
  /** Turns this node so its global x axis points along `radians`, whatever its ancestors' scale. */
  set globalRotation(radians: number) {
    const parent = this.parent2D;
    const dir = fromAngle(radians);
    const local = parent ? T.applyVector(T.invert(parent.globalTransform), dir) : dir;
    this.rotation = angle(local) + (this._scale.x < 0 ? Math.PI : 0);
  }

  /** Global scale read with Godot's rule: a reflection shows as a negative y. */
  get globalScale(): Vec2 {
    return T.getScale(this.globalTransform);
  }
  set globalScale(s: Vec2) {
    const g = T.decompose(this.globalTransform);
    this.globalTransform = T.fromTRS(g.position, g.rotation, s);
  }

  /** Global skew (non-zero under a non-uniformly scaled, rotated ancestor). */
  get globalSkew(): number {
    return T.getSkew(this.globalTransform);
  }

  /** Converts a global point into this node's local space. */
  toLocal(globalPoint: Vec2): Vec2 {
    return T.applyPoint(T.invert(this.globalTransform), globalPoint);
  }

  /** Converts a point in this node's local space to global space. */
  toGlobal(localPoint: Vec2): Vec2 {
    return T.applyPoint(this.globalTransform, localPoint);
  }

  rotate(radians: number): void {
    this.rotation = this._rotation + radians;
  }

  translate(offset: Vec2): void {
    this.position = { x: this._position.x + offset.x, y: this._position.y + offset.y };
  }

  /**
   * The rotation (local, in the parent's space) that makes this node's +x axis point at a global
   * point. Measured in the parent's space, so ancestors' reflections are accounted for exactly;
   * a node flipped on its own x axis adds π so its +x (where a bone's tip is) still faces the point.
   */
  rotationToLook(globalPoint: Vec2): number {
    const parent = this.parent2D;
    const inParent = parent ? parent.toLocal(globalPoint) : globalPoint;
    const d = sub(inParent, this._position);
    if (!Number.isFinite(d.x) || !Number.isFinite(d.y)) return this._rotation;
    // Looking at itself has no direction: keep the rotation. The point came through a matrix
    // inverse, so "itself" is within round-off, not exactly zero.
    const size = 1 + Math.abs(this._position.x) + Math.abs(this._position.y);
    if (Math.hypot(d.x, d.y) <= 1e-9 * size) return this._rotation;
    return angle(d) + (this._scale.x < 0 ? Math.PI : 0);
  }

  /** Turns this node so its +x axis points at a global point (Godot's look_at). */
  lookAt(globalPoint: Vec2): void {
    this.rotation = wrap(this.rotationToLook(globalPoint));
  }

  /** The turn `lookAt` would make, as Godot's get_angle_to. */
  getAngleTo(globalPoint: Vec2): number {
    return wrap(this.rotationToLook(globalPoint) - this._rotation);
  }

  protected override onParentChanged(): void {
    this._parent2D = undefined;
    this.markGlobalDirty();
  }

  private markLocalDirty(): void {
    this.localDirty = true;
    this.markGlobalDirty();
  }

  /** @internal */
  markGlobalDirty(): void {
    // Invariant: a dirty node's Node2D descendants are all dirty, so we can stop early.
    if (this.globalDirty) return;
    this.globalDirty = true;
    markBelow(this);
  }
}

const GLOBAL = 'Global transform (read-only)';

export const node2DType = defineNodeType<Node2D>({
  name: 'Node2D',
  summary: 'A place in 2D: position, rotation and scale (negative scale mirrors everything below).',
  class: Node2D,
  base: nodeType,
  create: () => new Node2D(),
  properties: [
    vectorProperty<Node2D>({
      name: 'position',
      label: 'Position',
      group: 'Transform',
      unit: 'scene units',
      help: "Where the node's origin sits in its parent's space.",
      get: (n) => n.position,
      set: (n, v) => (n.position = v),
    }),
    angleProperty<Node2D>({
      name: 'rotation',
      label: 'Rotation',
      group: 'Transform',
      help: "Turn from the parent's x axis; positive turns clockwise on screen.",
      get: (n) => n.rotation,
      set: (n, v) => (n.rotation = v),
    }),
    vectorProperty<Node2D>({
      name: 'scale',
      label: 'Scale',
      group: 'Transform',
      step: 0.1,
      flip: true,
      help: 'A negative x or y mirrors the node and everything below it.',
      get: (n) => n.scale,
      set: (n, v) => (n.scale = v),
    }),
    colorProperty<Node2D>({
      name: 'modulate',
      label: 'Modulate',
      group: 'Look',
      help: 'A colour this node and everything below it are multiplied by; white changes nothing.',
      get: (n) => n.modulate,
      set: (n, v) => (n.modulate = v),
    }),
    vectorProperty<Node2D>({
      name: 'globalPosition',
      label: 'Position',
      group: GLOBAL,
      get: (n) => n.globalPosition,
    }),
    angleProperty<Node2D>({
      name: 'globalRotation',
      label: 'Rotation',
      group: GLOBAL,
      get: (n) => n.globalRotation,
    }),
    vectorProperty<Node2D>({
      name: 'globalScale',
      label: 'Scale',
      group: GLOBAL,
      help: 'Read as Godot does: a mirror shows as a negative y.',
      get: (n) => n.globalScale,
    }),
  ],
});

/** Marks every Node2D under `node` dirty, looking through plain Nodes; no allocation (IK writes
 * rotations many times a frame). */
function markBelow(node: Node): void {
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child instanceof Node2D) child.markGlobalDirty();
    else markBelow(child);
  }
}

const finite = (a: number, b: number): boolean => Number.isFinite(a) && Number.isFinite(b);
const wrap = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));
