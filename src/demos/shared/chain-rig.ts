import type { ChainIK2D } from '../../ik/chain-ik-2d.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import { buildChain } from './build-chain.ts';
import { flipScale } from './flips.ts';

export interface Flips {
  rootX: boolean;
  rootY: boolean;
  middleX: boolean;
  middleY: boolean;
}

/**
 * The scene every chain demo uses, shaped as a game would: World holds a Skeleton (the node the
 * student mirrors), its bone chain, the Target and an optional Pole. IK nodes go under World.
 */
export interface ChainRig {
  world: Node2D;
  skeleton: Node2D;
  bones: Bone2D[];
  target: Marker2D;
  pole: Marker2D | null;
  /** The bone a "middle" flip mirrors. */
  middle: Bone2D;
}

export function buildChainRig(o: {
  lengths: readonly number[];
  /** Rest rotation of each bone after the first (radians): a gentle curve, not a straight line. */
  curve: number;
  firstRotation?: number;
  base?: Vec2;
  target: Vec2;
  pole?: Vec2 | null;
  names?: readonly string[];
}): ChainRig {
  const world = new Node2D('World');
  const skeleton = world.addChild(new Node2D('Skeleton'));
  skeleton.position = o.base ?? { x: 0, y: 0 };
  const bones = buildChain(
    skeleton,
    o.lengths.map((length, i) => ({
      name: o.names?.[i] ?? `Bone${i + 1}`,
      length,
      rotation: i === 0 ? (o.firstRotation ?? 0) : o.curve,
    })),
  );
  const target = world.addChild(new Marker2D('Target', 'target'));
  target.position = o.target;
  let pole: Marker2D | null = null;
  if (o.pole) {
    pole = world.addChild(new Marker2D('Pole', 'pole'));
    pole.position = o.pole;
  }
  return { world, skeleton, bones, target, pole, middle: bones[Math.floor(bones.length / 2)]! };
}

/**
 * Mirrors the skeleton (and/or its middle bone). Markers stay where the student put them:
 * they are under World, not under the mirrored node.
 */
export function applyFlips(rig: ChainRig, f: Flips, stretchX = 1): void {
  const s = flipScale(f.rootX, f.rootY);
  // A stretch on x (a non-uniform scale above the chain) rides on the skeleton's own scale.
  rig.skeleton.scale = { x: s.x * stretchX, y: s.y };
  rig.middle.scale = flipScale(f.middleX, f.middleY);
}

/** Adds an IK node under the rig's World, solving its whole chain towards its Target. */
export function attachIK<T extends ChainIK2D>(rig: ChainRig, ik: T): T {
  rig.world.addChild(ik);
  ik.rootBonePath = rig.bones[0]!.getPathFrom(ik);
  ik.tipBonePath = rig.bones[rig.bones.length - 1]!.getPathFrom(ik);
  ik.targetPath = rig.target.getPathFrom(ik);
  return ik;
}
