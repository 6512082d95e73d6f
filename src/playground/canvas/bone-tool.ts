import type { Transform2D } from '../../math/transform2d.ts';
import { applyPoint, invert } from '../../math/transform2d.ts';
import { wrapAngle } from '../../math/angles.ts';
import type { Vec2 } from '../../math/vec2.ts';

/**
 * A bone drawn by a drag, as Godot's and Spine's bone tools make them: its joint where the drag
 * started, its tip where the pointer is. In the parent's space that is a position, a rotation
 * and a length; the parent's transform carries (joint, joint + (length, 0) turned) back to the
 * two global points exactly, whatever it is (mirrored, scaled, even unevenly). `snap` (Shift)
 * rounds the bone's rotation to 15°.
 */
export function boneFromDrag(
  parentGlobal: Readonly<Transform2D> | null,
  start: Vec2,
  end: Vec2,
  snap: boolean,
): { position: Vec2; rotation: number; length: number } {
  const inv = parentGlobal ? invert(parentGlobal as Transform2D) : null;
  const s = inv ? applyPoint(inv, start) : start;
  const e = inv ? applyPoint(inv, end) : end;
  const dx = e.x - s.x;
  const dy = e.y - s.y;
  let rotation = Math.atan2(dy, dx);
  if (snap) rotation = Math.round(rotation / (Math.PI / 12)) * (Math.PI / 12);
  return {
    position: s,
    rotation: wrapAngle(rotation),
    length: Math.hypot(dx, dy),
  };
}
