import { FABRIK2D } from '../../ik/fabrik-2d.ts';
import type { Vec2 } from '../../math/vec2.ts';
import { Bone2D } from '../../scene/bone2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import type { Node } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import { ellipsePolygon, Polygon2D } from '../../scene/polygon2d.ts';

/** Seen from behind: the right shoulder, relative to the feet. */
export const SHOULDER: Vec2 = { x: 40, y: -228 };
/** Where the elbow points, relative to the feet: down and out, as people hold an arm up. */
export const ELBOW_POLE: Vec2 = { x: 130, y: -60 };
export const ARM_BONES = { 2: [112, 108], 3: [100, 92, 28] } as const;
export type ArmBoneCount = keyof typeof ARM_BONES;
/** The arm hanging at the side, local rotations from the shoulder (down is +π/2). */
const REST: Record<ArmBoneCount, number[]> = { 2: [1.42, 0.12], 3: [1.42, 0.1, 0.1] };

/** An arm: its bones from the shoulder, and where its fingertip is. */
export class Arm {
  constructor(readonly bones: Bone2D[]) {}

  /** Sets the arm's local rotations (shoulder first). */
  pose(angles: ArrayLike<number>): void {
    for (let i = 0; i < this.bones.length; i++) this.bones[i]!.rotation = angles[i] ?? 0;
  }

  get tip(): Vec2 {
    return this.bones[this.bones.length - 1]!.tipGlobalPosition;
  }
}

/**
 * The character of seed 002 §4, seen from behind as it faces a wall of buttons: torso, head, a
 * hanging left arm, and the right arm that presses. The right arm has a FABRIK2D node with an
 * elbow pole; its target (`handTarget`) lives outside the character, as in the seed. A second,
 * faded right arm (`baked`) on the same shoulder plays the keyframed clips for comparison.
 */
export class ReachingCharacter {
  readonly node: Node2D;
  readonly arm: Arm;
  readonly baked: Arm;
  readonly ik: FABRIK2D;
  readonly handTarget: Marker2D;

  constructor(world: Node, bones: ArmBoneCount, feet: Vec2) {
    const c = world.addChild(new Node2D('Character'));
    c.position = feet;
    this.node = c;
    addBody(c);
    this.baked = new Arm(addArm(c, 'Baked', bones));
    const baked = c.getNode('BakedUpperArm') as Node2D;
    baked.modulate = '#ffffff80';
    this.arm = new Arm(addArm(c, '', bones));
    const pole = c.addChild(new Marker2D('ElbowPole', 'pole', false));
    pole.position = ELBOW_POLE;
    pole.gizmoExtents = 0;
    this.handTarget = world.addChild(new Marker2D('HandTarget', 'target', false));
    // The page draws the target while the IK is on; the marker itself stays hidden.
    this.handTarget.gizmoExtents = 0;
    this.ik = c.addChild(new FABRIK2D('ArmIK'));
    this.ik.rootBonePath = this.arm.bones[0]!.getPathFrom(this.ik);
    this.ik.tipBonePath = this.arm.bones[this.arm.bones.length - 1]!.getPathFrom(this.ik);
    this.ik.targetPath = this.handTarget.getPathFrom(this.ik);
    this.ik.polePath = pole.getPathFrom(this.ik);
    this.ik.tolerance = 0.5;
    this.ik.maxIterations = 100;
    this.ik.enabled = false;
    this.arm.pose(REST[bones]);
    this.baked.pose(REST[bones]);
  }

  static restPose(bones: ArmBoneCount): number[] {
    return [...REST[bones]];
  }

  get shoulder(): Vec2 {
    return this.arm.bones[0]!.globalPosition;
  }
}

function addArm(c: Node2D, prefix: string, count: ArmBoneCount): Bone2D[] {
  const names = count === 2 ? ['UpperArm', 'Forearm'] : ['UpperArm', 'Forearm', 'Hand'];
  const lengths = ARM_BONES[count];
  const bones: Bone2D[] = [];
  let parent: Node2D = c;
  names.forEach((name, i) => {
    const b = parent.addChild(new Bone2D(`${prefix}${name}`, lengths[i]!));
    b.position = i === 0 ? SHOULDER : { x: lengths[i - 1]!, y: 0 };
    b.rotation = REST[count][i]!;
    b.setRestFromPose();
    bones.push(b);
    parent = b;
  });
  return bones;
}

function addBody(c: Node2D): void {
  const legs = c.addChild(
    new Polygon2D('Legs', [
      { x: -34, y: -112 },
      { x: 34, y: -112 },
      { x: 30, y: 0 },
      { x: 6, y: 0 },
      { x: 0, y: -70 },
      { x: -6, y: 0 },
      { x: -30, y: 0 },
    ]),
  );
  legs.outline = 'boneOutline';
  const torso = c.addChild(
    new Polygon2D('Torso', [
      { x: -46, y: -236 },
      { x: 46, y: -236 },
      { x: 36, y: -110 },
      { x: -36, y: -110 },
    ]),
  );
  torso.outline = 'boneOutline';
  const head = c.addChild(new Polygon2D('Head', ellipsePolygon(24, 28)));
  head.position = { x: 0, y: -268 };
  head.outline = 'boneOutline';
  // The left arm hangs: two bones, never moved.
  const upper = c.addChild(new Bone2D('LeftUpperArm', 100));
  upper.position = { x: -SHOULDER.x, y: SHOULDER.y };
  upper.rotation = Math.PI / 2 + 0.1;
  const fore = upper.addChild(new Bone2D('LeftForearm', 96));
  fore.position = { x: 100, y: 0 };
  fore.rotation = -0.05;
}
