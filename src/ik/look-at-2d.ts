import { Node } from '../scene/node.ts';
import { nodeType } from '../scene/node-description.ts';
import { defineNodeType } from '../scene/node-type.ts';
import { Node2D } from '../scene/node2d.ts';
import {
  angleProperty,
  booleanProperty,
  nodePathProperty,
  nodesOf,
  numberProperty,
  textProperty,
} from '../scene/property.ts';
import { type AngleLimits, solveLookAt } from './look-at-kernel.ts';
import { blendRotation, blendWithinArc, clampMix } from './mix.ts';

export interface LookAtStatus {
  /** False when the bone or target path does not resolve; `message` says which. */
  ok: boolean;
  message: string;
  /** Local rotation that faces the target, before offset and limits (radians). */
  aim: number;
  /** Local rotation written to the bone (radians), after the mix: what the tree shows. */
  rotation: number;
  limited: boolean;
}

/**
 * An IK node that turns one bone to face a target every frame, as Godot's LookAt modification:
 * paths to the bone and the target (relative to this node), an additional rotation offset,
 * and optional min/max limits on the bone's local rotation. Limits live in the parent's space,
 * so mirroring the skeleton mirrors the allowed arc with it.
 */
export class LookAt2D extends Node {
  override get typeName(): string {
    return 'LookAt2D';
  }

  bonePath = '';
  targetPath = '';
  enabled = true;
  rotationOffset = 0;
  constrained = false;
  minAngle = -Math.PI / 2;
  maxAngle = Math.PI / 2;
  /**
   * How much of the look-at the bone shows, 0–1 (Spine's IK constraint mix): its local rotation is
   * fk + mix·wrap(look − fk), where fk is the rotation it had from animation or the user.
   * Out-of-range values clamp to [0, 1].
   */
  mix = 1;
  status: LookAtStatus = {
    ok: false,
    message: 'not solved yet',
    aim: 0,
    rotation: 0,
    limited: false,
  };

  constructor(name = 'LookAt2D', bonePath = '', targetPath = '') {
    super(name);
    this.bonePath = bonePath;
    this.targetPath = targetPath;
    // Solve after everything that moves targets or bones has processed this frame.
    this.processPriority = 100;
  }

  /**
   * The bone the memory below belongs to; its FK rotation, the rotation this node last wrote
   * (NaN: none), and the unblended look-at it keeps when the target gives no direction. A
   * rotation other than the one written was set by someone else: it becomes the FK rotation.
   */
  private mixedBone: Node2D | null = null;
  private fkRotation = 0;
  private writtenRotation = NaN;
  private lookRotation = 0;

  /** The bone, if this node shows it blended (mix below 1), with the FK rotation it blends from. */
  authoredRotations(visit: (bone: Node2D, fk: number) => void): void {
    const bone = this.mixedBone;
    if (bone && clampMix(this.mix) < 1 && bone.rotation === this.writtenRotation)
      visit(bone, this.fkRotation);
  }

  override process(): void {
    if (this.enabled) this.solve();
  }

  get limits(): AngleLimits | null {
    return this.constrained ? { min: this.minAngle, max: this.maxAngle } : null;
  }

  solve(): LookAtStatus {
    const bone = this.getNode(this.bonePath);
    const target = this.getNode(this.targetPath);
    if (!(bone instanceof Node2D)) {
      return this.fail(`bonePath "${this.bonePath}" does not lead to a Node2D or Bone2D`);
    }
    if (!(target instanceof Node2D)) {
      return this.fail(`targetPath "${this.targetPath}" does not lead to a Node2D or Marker2D`);
    }
    if (bone !== this.mixedBone) {
      this.mixedBone = bone;
      this.writtenRotation = NaN;
    }
    if (bone.rotation !== this.writtenRotation) {
      this.fkRotation = bone.rotation;
      this.lookRotation = bone.rotation;
    }
    const parent = bone.parent2D;
    const goal = parent ? parent.toLocal(target.globalPosition) : target.globalPosition;
    const joint = bone.position;
    const s = solveLookAt(
      joint.x,
      joint.y,
      goal.x,
      goal.y,
      bone.scale.x < 0,
      this.lookRotation,
      this.rotationOffset,
      this.limits,
    );
    const mix = clampMix(this.mix);
    bone.rotation = this.constrained
      ? blendWithinArc(this.fkRotation, s.rotation, mix, this.minAngle, this.maxAngle)
      : blendRotation(this.fkRotation, s.rotation, mix);
    this.lookRotation = s.rotation;
    this.writtenRotation = bone.rotation;
    this.status = {
      ok: true,
      message: '',
      aim: s.aim,
      rotation: bone.rotation,
      limited: s.limited,
    };
    return this.status;
  }

  private fail(message: string): LookAtStatus {
    this.status = { ok: false, message, aim: 0, rotation: 0, limited: false };
    return this.status;
  }
}

const POINTS = nodesOf(Node2D, 'a Node2D or Marker2D');

export const lookAt2DType = defineNodeType<LookAt2D>({
  name: 'LookAt2D',
  summary: 'Turns one bone to face a target every frame, within optional limits.',
  class: LookAt2D,
  base: nodeType,
  create: () => new LookAt2D(),
  properties: [
    textProperty<LookAt2D>({
      name: 'status',
      label: 'Last solve',
      group: 'Status',
      get: (n) =>
        n.status.ok
          ? `aim ${deg(n.status.aim)}, wrote ${deg(n.status.rotation)}${n.status.limited ? ' (held by a limit)' : ''}`
          : `problem: ${n.status.message}`,
    }),
    nodePathProperty<LookAt2D>({
      name: 'bonePath',
      label: 'Bone',
      group: 'Look at',
      accepts: POINTS,
      help: 'The node that turns (a Bone2D, usually), as a path from this node.',
      get: (n) => n.bonePath,
      set: (n, v) => (n.bonePath = v),
    }),
    nodePathProperty<LookAt2D>({
      name: 'targetPath',
      label: 'Target',
      group: 'Look at',
      accepts: POINTS,
      get: (n) => n.targetPath,
      set: (n, v) => (n.targetPath = v),
    }),
    booleanProperty<LookAt2D>({
      name: 'enabled',
      label: 'Enabled',
      group: 'Look at',
      get: (n) => n.enabled,
      set: (n, v) => (n.enabled = v),
    }),
    numberProperty<LookAt2D>({
      name: 'mix',
      label: 'Mix',
      group: 'Look at',
      min: 0,
      max: 1,
      step: 0.01,
      help: 'Blend from the bone’s own (FK) rotation at 0 to facing the target at 1 (Spine’s mix).',
      get: (n) => n.mix,
      set: (n, v) => (n.mix = v),
    }),
    angleProperty<LookAt2D>({
      name: 'rotationOffset',
      label: 'Rotation offset',
      group: 'Look at',
      help: 'Added to the facing rotation (a bone drawn pointing up, say).',
      get: (n) => n.rotationOffset,
      set: (n, v) => (n.rotationOffset = v),
    }),
    booleanProperty<LookAt2D>({
      name: 'constrained',
      label: 'Limit the rotation',
      group: 'Limits',
      get: (n) => n.constrained,
      set: (n, v) => (n.constrained = v),
    }),
    angleProperty<LookAt2D>({
      name: 'minAngle',
      label: 'Min',
      group: 'Limits',
      help: 'In the parent’s space, so the arc mirrors with the skeleton.',
      get: (n) => n.minAngle,
      set: (n, v) => (n.minAngle = v),
    }),
    angleProperty<LookAt2D>({
      name: 'maxAngle',
      label: 'Max',
      group: 'Limits',
      get: (n) => n.maxAngle,
      set: (n, v) => (n.maxAngle = v),
    }),
  ],
});

const deg = (r: number) => `${((r * 180) / Math.PI).toFixed(1)}°`;
