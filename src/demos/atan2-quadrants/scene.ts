import type { Vec2 } from '../../math/vec2.ts';
import { Bone2D } from '../../scene/bone2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { ParamValues } from '../params.ts';
import type { atan2QuadrantsMeta } from './meta.ts';

type Settings = ParamValues<typeof atan2QuadrantsMeta.params>;

/**
 * Which quadrant (counted the screen way: +x right, +y down) a vector lies in, as the name of
 * the description's string that says so.
 */
export function quadrant(
  x: number,
  y: number,
): 'onJoint' | 'onAxis' | 'first' | 'second' | 'third' | 'fourth' {
  if (x === 0 && y === 0) return 'onJoint';
  if (x === 0 || y === 0) return 'onAxis';
  if (x > 0) return y > 0 ? 'first' : 'fourth';
  return y > 0 ? 'second' : 'third';
}

/**
 * Lesson 2's worked example: a World holding a short Joint bone at (25, 10) and the Point it
 * aims at, which the student drags.
 */
export class AimScene {
  readonly root = new Node2D('World');
  readonly joint = this.root.addChild(new Bone2D('Joint', 18));
  readonly point = this.root.addChild(new Marker2D('Point', 'target'));
  method: string;

  constructor(s: Settings) {
    this.joint.position = { x: 25, y: 10 };
    this.point.position = { x: s.pointX, y: s.pointY };
    this.method = s.method;
  }

  /** The point relative to the joint. */
  relative(): Vec2 {
    const p = this.point.globalPosition;
    const j = this.joint.globalPosition;
    return { x: p.x - j.x, y: p.y - j.y };
  }

  /** atan's answer; x = 0 gives ±90° (atan(±∞)) and 0/0 no angle, so the bone keeps its own. */
  atanAngle(r: Vec2): number {
    return r.x === 0 && r.y === 0 ? this.joint.rotation : Math.atan(r.y / r.x);
  }

  /** Turns the bone as the chosen function says (on the joint itself it stays as it was). */
  aim(): void {
    const r = this.relative();
    if (this.method === 'atan') this.joint.rotation = this.atanAngle(r);
    else if (r.x !== 0 || r.y !== 0) this.joint.rotation = Math.atan2(r.y, r.x);
  }
}
