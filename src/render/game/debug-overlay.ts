import { Graphics } from 'pixi.js';
import { Bone2D } from '../../scene/bone2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import type { Node } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import { ChainIK2D } from '../../ik/chain-ik-2d.ts';
import { LookAt2D } from '../../ik/look-at-2d.ts';

/** What the debug overlay draws, and in which colours. */
export interface DebugOptions {
  bones?: boolean;
  /** Targets (ringed cross), poles (diamond) and plain markers (cross). */
  markers?: boolean;
  /** Each limited joint of a chain IK node or LookAt2D: the arc of rotations its limit allows. */
  limits?: boolean;
  /** A line from a chain's tip to its target while the chain's status says it has not reached. */
  misses?: boolean;
  boneColor?: number;
  markerColor?: number;
  limitColor?: number;
  missColor?: number;
  /** Line width and marker size, in screen pixels whatever the rig's scale. */
  lineWidth?: number;
  markerSize?: number;
}

const DEFAULTS: Required<DebugOptions> = {
  bones: true,
  markers: true,
  limits: true,
  misses: true,
  boneColor: 0x38bdf8,
  markerColor: 0xf472b6,
  limitColor: 0xfacc15,
  missColor: 0xf97316,
  lineWidth: 1.5,
  markerSize: 7,
};

/** Segments of a limit's arc: enough to look round at any radius a screen shows. */
const ARC_STEPS = 24;

/**
 * The debug overlay of an IKRig (Spine's "debug" rendering, Godot's bone gizmos): every bone as a
 * slim kite from its joint to its tip, every marker by its role, the arc each limited joint may
 * turn through, and a line from a chain's tip to a target it did not reach. It draws in the tree's
 * global space, which is the rig's local space, so it lies exactly over the attached sprites;
 * widths are divided by the rig's on-screen scale to stay `lineWidth` pixels wide.
 */
export class IKDebugOverlay extends Graphics {
  options: Required<DebugOptions> = { ...DEFAULTS };

  constructor() {
    super({ label: 'IKDebugOverlay' });
  }

  configure(options: DebugOptions): void {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Draws `root`'s tree as it is now (the rig calls this after each update). */
  drawTree(root: Node): void {
    this.clear();
    const o = this.options;
    const m = this.parent ? this.parent.worldTransform : null;
    // Pixels per tree unit on screen (the rig's own scale, or 1 before it is on a stage).
    const px = m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) || 1 : 1;
    const width = o.lineWidth / px;
    const size = o.markerSize / px;
    root.walk((node) => {
      if (o.bones && node instanceof Bone2D) this.drawBone(node, width, size);
      if (o.markers && node instanceof Marker2D) this.drawMarker(node, width, size);
      if (node instanceof ChainIK2D) {
        if (o.limits) this.drawChainLimits(node, width, size);
        if (o.misses) this.drawMiss(node, width);
      }
      if (o.limits && node instanceof LookAt2D && node.constrained) {
        const bone = node.getNode(node.bonePath);
        if (bone instanceof Node2D) this.limitArc(bone, node.minAngle, node.maxAngle, width, size);
      }
    });
  }

  private drawBone(bone: Bone2D, width: number, size: number): void {
    const g = bone.globalTransform;
    const tx = g.a * bone.length + g.tx;
    const ty = g.b * bone.length + g.ty;
    const len = Math.hypot(tx - g.tx, ty - g.ty);
    this.circle(g.tx, g.ty, size * 0.45).stroke({ width, color: this.options.boneColor });
    if (len === 0) return;
    // The kite's shoulder: a fifth along the bone, as wide as a tenth of it (at most a marker).
    const ux = (tx - g.tx) / len;
    const uy = (ty - g.ty) / len;
    const half = Math.min(len * 0.1, size);
    const sx = g.tx + ux * len * 0.2;
    const sy = g.ty + uy * len * 0.2;
    this.poly([g.tx, g.ty, sx - uy * half, sy + ux * half, tx, ty, sx + uy * half, sy - ux * half])
      .fill({ color: this.options.boneColor, alpha: 0.25 })
      .stroke({ width, color: this.options.boneColor });
  }

  private drawMarker(marker: Marker2D, width: number, size: number): void {
    const { x, y } = marker.globalPosition;
    const stroke = { width, color: this.options.markerColor };
    if (marker.role === 'pole') {
      this.poly([x, y - size, x + size, y, x, y + size, x - size, y]).stroke(stroke);
      return;
    }
    this.moveTo(x - size, y)
      .lineTo(x + size, y)
      .moveTo(x, y - size)
      .lineTo(x, y + size);
    this.stroke(stroke);
    if (marker.role === 'target') this.circle(x, y, size * 0.7).stroke(stroke);
  }

  private drawChainLimits(ik: ChainIK2D, width: number, size: number): void {
    const bones = ik.getBones();
    for (let i = 0; i < bones.length; i++) {
      const limit = ik.joints[i];
      if (limit?.limited) this.limitArc(bones[i]!, limit.min, limit.max, width, size);
    }
  }

  /** The arc of local rotations min..max at a node's origin, turned and mirrored as on screen. */
  private limitArc(node: Node2D, min: number, max: number, width: number, size: number): void {
    const parent = node.parent2D;
    const p = parent ? parent.globalTransform : { a: 1, b: 0, c: 0, d: 1 };
    // A node's x axis on screen is parent · R(θ) · (scale x, 0): its own flip counts too.
    const flip = Math.sign(node.scale.x) || 1;
    const { tx, ty } = node.globalTransform;
    const length = node instanceof Bone2D ? node.length : size * 6;
    const r = Math.max(size * 2.5, Math.min(length * 0.4, size * 6));
    for (let k = 0; k <= ARC_STEPS; k++) {
      const t = min + ((max - min) * k) / ARC_STEPS;
      const dx = flip * (p.a * Math.cos(t) + p.c * Math.sin(t));
      const dy = flip * (p.b * Math.cos(t) + p.d * Math.sin(t));
      const n = Math.hypot(dx, dy) || 1;
      const x = tx + (dx / n) * r;
      const y = ty + (dy / n) * r;
      if (k === 0) this.moveTo(tx, ty).lineTo(x, y);
      else this.lineTo(x, y);
    }
    this.lineTo(tx, ty).stroke({ width, color: this.options.limitColor, alpha: 0.9 });
  }

  private drawMiss(ik: ChainIK2D, width: number): void {
    if (!ik.enabled || ik.status.reached) return;
    const bones = ik.getBones();
    const tip = bones[bones.length - 1];
    const target = ik.getNode(ik.targetPath);
    if (!tip || !(target instanceof Node2D)) return;
    const g = tip.globalTransform;
    const t = target.globalTransform;
    this.moveTo(g.a * tip.length + g.tx, g.b * tip.length + g.ty)
      .lineTo(t.tx, t.ty)
      .stroke({ width, color: this.options.missColor });
  }
}
