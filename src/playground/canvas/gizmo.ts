import type { Vec2 } from '../../math/vec2.ts';
import { wrapAngle } from '../../math/angles.ts';
import type { LocalPose, Node2D } from '../../scene/node2d.ts';

/** What a drag on the canvas does (Godot's Q/W/E/R, plus Spine's bone tool). */
export type Tool = 'select' | 'move' | 'rotate' | 'scale' | 'bone';
export const TOOLS: readonly Tool[] = ['select', 'move', 'rotate', 'scale', 'bone'];

/** The part of a gizmo a drag grabbed. */
export type GizmoPart = 'free' | 'x' | 'y' | 'ring' | 'scale-x' | 'scale-y' | 'scale-both';

/** Gizmo sizes in screen pixels: they stay the same at any zoom. */
export const GIZMO = { axis: 70, ring: 58, grab: 10 };

/** Where a drag started: everything the result depends on, read once. */
export interface DragStart {
  part: GizmoPart;
  pose: LocalPose;
  /** The node's global origin, and the pointer, in scene units. */
  origin: Vec2;
  pointer: Vec2;
  /** The node's global x and y axes (unit length), for scaling along them. */
  xAxis: Vec2;
  yAxis: Vec2;
  /** −1 when the parent's space is mirrored: a turn on screen is the opposite turn locally. */
  sigma: number;
  /**
   * Added to both distances when scaling both axes (scene units): the square is grabbed within
   * a few pixels of the origin, where the plain ratio of distances jumps at every pixel.
   */
  cushion: number;
}

export function dragStart(node: Node2D, part: GizmoPart, pointer: Vec2, cushion = 0): DragStart {
  const g = node.globalTransform;
  const parent = node.parent2D?.globalTransform;
  const unit = (x: number, y: number) => {
    const l = Math.hypot(x, y) || 1;
    return { x: x / l, y: y / l };
  };
  return {
    part,
    pose: { position: node.position, rotation: node.rotation, scale: node.scale },
    origin: { x: g.tx, y: g.ty },
    pointer,
    xAxis: unit(g.a, g.b),
    yAxis: unit(g.c, g.d),
    sigma: parent && parent.a * parent.d - parent.b * parent.c < 0 ? -1 : 1,
    cushion,
  };
}

/** Which gizmo part is under a screen point, for the tool in use (null: none). */
export function partAt(
  tool: Tool,
  node: Node2D,
  screen: Vec2,
  toScreen: (p: Vec2) => Vec2,
): GizmoPart | null {
  const o = toScreen(node.globalPosition);
  const d = Math.hypot(screen.x - o.x, screen.y - o.y);
  const g = node.globalTransform;
  const along = (ax: number, ay: number) => {
    const l = Math.hypot(ax, ay) || 1;
    const end = { x: o.x + (ax / l) * GIZMO.axis, y: o.y + (ay / l) * GIZMO.axis };
    return Math.hypot(screen.x - end.x, screen.y - end.y) <= GIZMO.grab + 2;
  };
  switch (tool) {
    case 'move':
      if (d <= GIZMO.grab) return 'free';
      if (along(1, 0)) return 'x';
      if (along(0, 1)) return 'y';
      return null;
    case 'rotate':
      return Math.abs(d - GIZMO.ring) <= GIZMO.grab ? 'ring' : null;
    case 'scale':
      if (d <= GIZMO.grab) return 'scale-both';
      if (along(g.a, g.b)) return 'scale-x';
      if (along(g.c, g.d)) return 'scale-y';
      return null;
    default:
      return null;
  }
}

const SNAP_ANGLE = Math.PI / 12; // 15°
const SNAP_SCALE = 0.1;
/** Scales stay this far from 0: a zero axis would collapse the node and everything below it. */
const MIN_SCALE = 0.01;

/**
 * The node's new pose for a drag from `s.pointer` to `pointer` (scene units). `snap` (Shift)
 * rounds to the grid step, to 15°, or to tenths of a scale. Move results come back as a global
 * position (the caller converts it to the parent's space, so mirrored parents need no care).
 */
export function dragResult(
  s: DragStart,
  pointer: Vec2,
  snap: boolean,
  gridStep: number,
): { globalPosition?: Vec2; rotation?: number; scale?: Vec2 } {
  const dx = pointer.x - s.pointer.x;
  const dy = pointer.y - s.pointer.y;
  const round = (v: number, step: number) => (snap && step > 0 ? Math.round(v / step) * step : v);
  switch (s.part) {
    case 'free':
    case 'x':
    case 'y': {
      const x = s.part === 'y' ? s.origin.x : round(s.origin.x + dx, gridStep);
      const y = s.part === 'x' ? s.origin.y : round(s.origin.y + dy, gridStep);
      return { globalPosition: { x, y } };
    }
    case 'ring': {
      const a0 = Math.atan2(s.pointer.y - s.origin.y, s.pointer.x - s.origin.x);
      const a1 = Math.atan2(pointer.y - s.origin.y, pointer.x - s.origin.x);
      const turn = wrapAngle(a1 - a0);
      const r = s.pose.rotation + s.sigma * turn;
      return {
        rotation: wrapAngle(round(r, SNAP_ANGLE)),
      };
    }
    case 'scale-x':
    case 'scale-y':
    case 'scale-both': {
      const from = { x: s.pointer.x - s.origin.x, y: s.pointer.y - s.origin.y };
      const to = { x: pointer.x - s.origin.x, y: pointer.y - s.origin.y };
      const ratioAlong = (axis: Vec2) => {
        const a = from.x * axis.x + from.y * axis.y;
        return Math.abs(a) > 1e-9 ? (to.x * axis.x + to.y * axis.y) / a : 1;
      };
      const r0 = Math.hypot(from.x, from.y) + s.cushion;
      const both = r0 > 1e-9 ? (Math.hypot(to.x, to.y) + s.cushion) / r0 : 1;
      const kx = s.part === 'scale-y' ? 1 : s.part === 'scale-x' ? ratioAlong(s.xAxis) : both;
      const ky = s.part === 'scale-x' ? 1 : s.part === 'scale-y' ? ratioAlong(s.yAxis) : both;
      const fix = (v: number) => {
        const r = round(v, SNAP_SCALE);
        return Math.abs(r) < MIN_SCALE ? (r < 0 ? -MIN_SCALE : MIN_SCALE) : r;
      };
      // Only the dragged axes are rounded and kept off 0: a Shift-drag on the x handle must
      // leave a y scale of 0.37 at 0.37 (it used to become 0.4).
      return {
        scale: {
          x: s.part === 'scale-y' ? s.pose.scale.x : fix(s.pose.scale.x * kx),
          y: s.part === 'scale-x' ? s.pose.scale.y : fix(s.pose.scale.y * ky),
        },
      };
    }
  }
}
