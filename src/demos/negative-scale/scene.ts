import { toRadians } from '../../math/angles.ts';
import * as T from '../../math/transform2d.ts';
import { angle as vecAngle, type Vec2 } from '../../math/vec2.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { ParamValues } from '../params.ts';
import { buildChain } from '../shared/build-chain.ts';
import { flipScale } from '../shared/flips.ts';
import type { negativeScaleMeta } from './meta.ts';

type Settings = ParamValues<typeof negativeScaleMeta.params>;

/**
 * Lesson 1's arm to mirror: a Skeleton at the origin holding UpperArm, Forearm and Hand, with
 * the Skeleton or the Forearm flipped on x and/or y.
 */
export class FlipScene {
  readonly root = new Node2D('Skeleton');
  readonly upper: Bone2D;
  readonly fore: Bone2D;
  readonly hand: Bone2D;
  flipX: boolean;
  flipY: boolean;
  flipNode: string;

  constructor(s: Settings) {
    [this.upper, this.fore, this.hand] = buildChain(this.root, [
      { name: 'UpperArm', length: 110, rotation: toRadians(s.upper) },
      { name: 'Forearm', length: 90, rotation: toRadians(s.fore) },
      { name: 'Hand', length: 40, rotation: 0 },
    ]) as [Bone2D, Bone2D, Bone2D];
    this.flipX = s.flipX;
    this.flipY = s.flipY;
    this.flipNode = s.flipNode;
    this.applyFlips();
  }

  get bones(): [Bone2D, Bone2D, Bone2D] {
    return [this.upper, this.fore, this.hand];
  }

  /** The node the flips act on. */
  get flipped(): Node2D {
    return this.flipNode === 'Skeleton' ? this.root : this.fore;
  }

  /** Scales the flipped node as flipX and flipY say, and the other one back to (1, 1). */
  applyFlips(): void {
    const flip = flipScale(this.flipX, this.flipY);
    this.root.scale = this.flipNode === 'Skeleton' ? flip : { x: 1, y: 1 };
    this.fore.scale = this.flipNode === 'Forearm' ? flip : { x: 1, y: 1 };
  }

  /** Screen direction of a bone if its local rotation were `rotation` (the tree unchanged). */
  tipDirection(bone: Bone2D, rotation: number): number {
    const local = T.fromTRS(bone.position, rotation, bone.scale);
    const g = T.multiply(bone.parent2D!.globalTransform, local);
    return vecAngle(T.applyVector(g, { x: 1, y: 0 }));
  }

  /** The joints of the arm with the same local rotations and no flip: root first, tip last. */
  ghost(): Vec2[] {
    let at: Vec2 = { x: 0, y: 0 };
    let dir = 0;
    const points = [at];
    for (const b of this.bones) {
      dir += b.rotation;
      at = { x: at.x + Math.cos(dir) * b.length, y: at.y + Math.sin(dir) * b.length };
      points.push(at);
    }
    return points;
  }
}
