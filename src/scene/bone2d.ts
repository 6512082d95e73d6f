import type { Vec2 } from '../math/vec2';
import { Node2D } from './node2d';

/** A bone's rest pose: the local transform it returns to, as Godot's Bone2D `rest`. */
export interface RestPose {
  position: Vec2;
  rotation: number;
  scale: Vec2;
}

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

  constructor(name = 'Bone2D', length = 16) {
    super(name);
    this.length = length;
  }

  get length(): number {
    return this._length;
  }
  /** Negative or non-finite lengths become 0: a zero-length bone is allowed, a negative one is not. */
  set length(value: number) {
    this._length = Number.isFinite(value) && value > 0 ? value : 0;
  }

  /** Global position of the tip (local (length, 0)); follows every ancestor's scale and flips. */
  get tipGlobalPosition(): Vec2 {
    return this.toGlobal({ x: this._length, y: 0 });
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
