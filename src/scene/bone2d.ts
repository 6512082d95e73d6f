import type { Vec2 } from '../math/vec2.ts';
import { type LocalPose, Node2D, node2DType } from './node2d.ts';
import { defineNodeType } from './node-type.ts';
import { angleProperty, numberProperty, vectorProperty } from './property.ts';

/** A bone's rest pose: the local transform it returns to, as Godot's Bone2D `rest`. */
export type RestPose = LocalPose;

/**
 * A bone: a Node2D whose +x axis runs along the bone, from its origin (the joint) to its tip at
 * local (length, 0). A chain is bones parented to bones, each child placed at its parent's tip.
 */
export class Bone2D extends Node2D {
  override get typeName(): string {
    return 'Bone2D';
  }

  private _length = 16;
  rest: RestPose = { position: { x: 0, y: 0 }, rotation: 0, scale: { x: 1, y: 1 } };

  /** Throws a RangeError for a length that is not a finite number, 0 or more. */
  constructor(name = 'Bone2D', length = 16) {
    super(name);
    if (!(length >= 0) || length === Infinity)
      throw new RangeError(
        `Bone2D "${name}": length ${length} is not allowed; a length is a finite number, 0 or more.`,
      );
    this._length = length;
  }

  get length(): number {
    return this._length;
  }
  /**
   * A finite length, 0 or more (a zero-length bone is allowed). NaN, ±Infinity or a negative
   * length is refused as the other setters refuse a non-finite value: the bone keeps its length
   * and `rejected` says what was given.
   */
  set length(value: number) {
    if (!(value >= 0) || value === Infinity) {
      this.reject('length', value);
      return;
    }
    this._length = value;
  }

  /** Global position of the tip (local (length, 0)); follows every ancestor's scale and flips. */
  get tipGlobalPosition(): Vec2 {
    return this.toGlobal({ x: this._length, y: 0 });
  }

  /**
   * Adds a bone at this bone's tip, as a chain needs it: `upper.addBone('Fore', 2)` puts the
   * child's joint at local (length, 0), turned by `rotation`, with that pose as its rest. A
   * child added with `addChild` instead stays at (0, 0), on this bone's joint, until placed.
   */
  addBone(name: string, length: number, rotation = 0): Bone2D {
    const bone = this.addChild(new Bone2D(name, length));
    bone.position = { x: this._length, y: 0 };
    bone.rotation = rotation;
    bone.setRestFromPose();
    return bone;
  }

  /** Stores the current local pose as the rest pose. */
  setRestFromPose(): void {
    this.rest = { position: this.position, rotation: this.rotation, scale: this.scale };
  }

  /** Returns to the rest pose. */
  applyRest(): void {
    this.position = this.rest.position;
    this.rotation = this.rest.rotation;
    this.scale = this.rest.scale;
  }
}

const REST = 'Rest pose';

export const bone2DType = defineNodeType<Bone2D>({
  name: 'Bone2D',
  summary: 'A bone: its x axis runs from the joint to the tip; chains are bones under bones.',
  class: Bone2D,
  base: node2DType,
  create: () => new Bone2D(),
  properties: [
    numberProperty<Bone2D>({
      name: 'length',
      label: 'Length',
      group: 'Bone2D',
      min: 0,
      unit: 'scene units',
      help: "From the joint to the tip, along the bone's x axis. A child bone usually sits at its parent's tip.",
      get: (n) => n.length,
      set: (n, v) => (n.length = v),
    }),
    vectorProperty<Bone2D>({
      name: 'tipGlobalPosition',
      label: 'Tip (global)',
      group: 'Bone2D',
      get: (n) => n.tipGlobalPosition,
    }),
    vectorProperty<Bone2D>({
      name: 'restPosition',
      label: 'Position',
      group: REST,
      unit: 'scene units',
      help: 'Where the bone returns to; solvers that start from rest start here.',
      get: (n) => n.rest.position,
      set: (n, v) => (n.rest = { ...n.rest, position: { x: v.x, y: v.y } }),
      missingMeans: (n) => n.position,
    }),
    angleProperty<Bone2D>({
      name: 'restRotation',
      label: 'Rotation',
      group: REST,
      get: (n) => n.rest.rotation,
      set: (n, v) => (n.rest = { ...n.rest, rotation: v }),
      missingMeans: (n) => n.rotation,
    }),
    vectorProperty<Bone2D>({
      name: 'restScale',
      label: 'Scale',
      group: REST,
      step: 0.1,
      flip: true,
      get: (n) => n.rest.scale,
      set: (n, v) => (n.rest = { ...n.rest, scale: { x: v.x, y: v.y } }),
      missingMeans: (n) => n.scale,
    }),
  ],
});
