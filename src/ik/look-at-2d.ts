import { FieldReader } from '../scene/field-reader';
import { Node } from '../scene/node';
import { Node2D } from '../scene/node2d';
import { registerFields, registerNodeType } from '../scene/scene-json';
import { type AngleLimits, solveLookAt } from './look-at-kernel';
import { blendRotation, clampMix } from './mix';

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
    bone.rotation = blendRotation(this.fkRotation, s.rotation, clampMix(this.mix));
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

registerNodeType('LookAt2D', () => new LookAt2D());
registerFields<LookAt2D>({
  owner: LookAt2D,
  write: (n) => ({
    bonePath: n.bonePath,
    targetPath: n.targetPath,
    enabled: n.enabled,
    rotationOffset: n.rotationOffset,
    constrained: n.constrained,
    minAngle: n.minAngle,
    maxAngle: n.maxAngle,
  }),
  read: (n, f: FieldReader) => {
    n.bonePath = f.string('bonePath', '');
    n.targetPath = f.string('targetPath', '');
    n.enabled = f.boolean('enabled', true);
    n.rotationOffset = f.number('rotationOffset', 0);
    n.constrained = f.boolean('constrained', false);
    n.minAngle = f.number('minAngle', -Math.PI / 2);
    n.maxAngle = f.number('maxAngle', Math.PI / 2);
  },
});
