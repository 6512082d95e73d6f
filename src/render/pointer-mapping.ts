import type { Vec2 } from '../math/vec2.ts';
import type { Viewport } from './viewport.ts';

/** Where a box is on the screen now, as getBoundingClientRect says (CSS pixels, after scroll). */
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The scene point under a pointer at `client` (an event's clientX/Y) over a box at `rect`.
 * The rect is read at each event, so a page scrolled mid-drag is followed. A box drawn larger
 * or smaller than its layout size (a CSS transform, a zoomed page) is scaled back to the
 * viewport's pixels. The device-pixel ratio does not enter: the viewport works in CSS pixels,
 * whatever the renderer's resolution.
 */
export function clientToWorld(viewport: Viewport, rect: ScreenRect, client: Vec2): Vec2 {
  return viewport.toWorld(clientToScreen(viewport, rect, client));
}

/**
 * Where on the canvas a pointer at `client` is, in the viewport's pixels (CSS pixels from the
 * box's top left, a CSS transform taken back off): the point an editor pans by, zooms about and
 * hit-tests its gizmo with, as clientToWorld maps it into the scene.
 */
export function clientToScreen(viewport: Viewport, rect: ScreenRect, client: Vec2): Vec2 {
  const sx = rect.width > 0 ? viewport.widthPx / rect.width : 1;
  const sy = rect.height > 0 ? viewport.heightPx / rect.height : 1;
  return { x: (client.x - rect.left) * sx, y: (client.y - rect.top) * sy };
}

/** The inverse of clientToWorld: where a scene point is on the screen. */
export function worldToClient(viewport: Viewport, rect: ScreenRect, world: Vec2): Vec2 {
  const s = viewport.toScreen(world);
  const sx = viewport.widthPx > 0 ? rect.width / viewport.widthPx : 1;
  const sy = viewport.heightPx > 0 ? rect.height / viewport.heightPx : 1;
  return { x: rect.left + s.x * sx, y: rect.top + s.y * sy };
}

/**
 * A drag that keeps the offset between the pointer and what it grabbed, so a marker does not
 * jump to the finger's centre: the point follows the pointer by the same scene offset it had
 * at the press.
 */
export class PointerGrab {
  private readonly dx: number;
  private readonly dy: number;

  constructor(at: Vec2, grabbed: Vec2) {
    this.dx = grabbed.x - at.x;
    this.dy = grabbed.y - at.y;
  }

  /** Where the grabbed point goes with the pointer over scene point `at`. */
  follow(at: Vec2): Vec2 {
    return { x: at.x + this.dx, y: at.y + this.dy };
  }
}
