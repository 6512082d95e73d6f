import { toRadians } from '../../math/angles.ts';
import * as T from '../../math/transform2d.ts';
import { angle as vecAngle } from '../../math/vec2.ts';
import { LookAt2D } from '../../ik/look-at-2d.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { ParamValues } from '../params.ts';
import { buildChain } from '../shared/build-chain.ts';
import { flipScale } from '../shared/flips.ts';
import type { lookAtMeta } from './meta.ts';

type Settings = ParamValues<typeof lookAtMeta.params>;

/** Which nodes are mirrored on which axis. */
export interface LookFlips {
  rootX: boolean;
  rootY: boolean;
  neckX: boolean;
  neckY: boolean;
}

/**
 * Lesson 2's head: a Body holding the Neck and Head bones, the Target, and the LookAt2D node
 * that turns the Head to face it every frame.
 */
export class LookScene {
  readonly root = new Node2D('Body');
  readonly neck: Bone2D;
  readonly head: Bone2D;
  readonly target = new Marker2D('Target', 'target');
  readonly ik = new LookAt2D('LookAt2D');
  readonly flips: LookFlips;

  constructor(s: Settings) {
    this.root.position = { x: -40, y: 90 };
    [this.neck, this.head] = buildChain(this.root, [
      { name: 'Neck', length: 90, rotation: toRadians(s.neck) },
      { name: 'Head', length: 70, rotation: 0 },
    ]) as [Bone2D, Bone2D];
    this.root.addChild(this.target);
    this.target.globalPosition = { x: s.targetX, y: s.targetY };
    const ik = this.root.addChild(this.ik);
    ik.bonePath = this.head.getPathFrom(ik);
    ik.targetPath = this.target.getPathFrom(ik);
    ik.constrained = s.constrained;
    ik.minAngle = toRadians(s.min);
    ik.maxAngle = toRadians(s.max);
    ik.rotationOffset = toRadians(s.offset);
    this.flips = { rootX: s.flipRootX, rootY: s.flipRootY, neckX: s.flipNeckX, neckY: s.flipNeckY };
    this.applyFlips();
  }

  /** Scales Body and Neck as `flips` says, the target kept where the student put it. */
  applyFlips(): void {
    // Flipping the root would also mirror where the target sits.
    const keep = this.target.globalPosition;
    this.root.scale = flipScale(this.flips.rootX, this.flips.rootY);
    this.neck.scale = flipScale(this.flips.neckX, this.flips.neckY);
    this.target.globalPosition = keep;
  }

  /** Global direction of a local angle of the head, for drawing the limits on screen. */
  screenAngleOfLocal(local: number): number {
    const { neck, head } = this;
    const g = T.multiply(neck.globalTransform, T.fromTRS(head.position, local, head.scale));
    return vecAngle(T.applyVector(g, { x: 1, y: 0 }));
  }

  /** The head's parent space (with the head's own scale) is a mirror image. */
  headSpaceMirrored(): boolean {
    const { neck, head } = this;
    return T.isReflection(
      T.multiply(neck.globalTransform, T.fromTRS(head.position, 0, head.scale)),
    );
  }

  /** The turn from the head's direction to the target's, on screen, in (−π, π]. */
  aimError(): number {
    const j = this.head.globalPosition;
    const t = this.target.globalPosition;
    const tip = this.head.tipGlobalPosition;
    const a = Math.atan2(t.y - j.y, t.x - j.x) - Math.atan2(tip.y - j.y, tip.x - j.x);
    return Math.atan2(Math.sin(a), Math.cos(a));
  }
}
