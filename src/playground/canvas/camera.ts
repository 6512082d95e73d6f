import type { Vec2 } from '../../math/vec2.ts';
import type { ViewRect } from '../../scene/scene-json.ts';

/**
 * The playground's camera: the scene point at the canvas centre and how many pixels one scene
 * unit takes. The canvas shows exactly `viewRect` (no letterbox), so the viewport's fit keeps
 * this scale. Zooming keeps the point under the cursor still, as every map and editor does.
 */
export interface Camera {
  cx: number;
  cy: number;
  scale: number;
}

export const MIN_SCALE = 0.02;
export const MAX_SCALE = 50;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** What the camera shows on a canvas of this size. */
export function viewRect(c: Camera, widthPx: number, heightPx: number): ViewRect {
  const width = widthPx / c.scale;
  const height = heightPx / c.scale;
  return { x: c.cx - width / 2, y: c.cy - height / 2, width, height };
}

/** The camera that fits `rect` inside the canvas, centred. */
export function cameraFor(rect: ViewRect, widthPx: number, heightPx: number): Camera {
  return {
    cx: rect.x + rect.width / 2,
    cy: rect.y + rect.height / 2,
    scale: clampScale(Math.min(widthPx / rect.width, heightPx / rect.height)),
  };
}

export function toScreen(c: Camera, p: Vec2, widthPx: number, heightPx: number): Vec2 {
  return { x: (p.x - c.cx) * c.scale + widthPx / 2, y: (p.y - c.cy) * c.scale + heightPx / 2 };
}

export function toWorld(c: Camera, s: Vec2, widthPx: number, heightPx: number): Vec2 {
  return { x: (s.x - widthPx / 2) / c.scale + c.cx, y: (s.y - heightPx / 2) / c.scale + c.cy };
}

/** Zooms by `factor` (> 1: closer) keeping the scene point under `screen` where it is. */
export function zoomAt(
  c: Camera,
  factor: number,
  screen: Vec2,
  widthPx: number,
  heightPx: number,
): Camera {
  if (!Number.isFinite(factor) || factor <= 0) return c;
  const anchor = toWorld(c, screen, widthPx, heightPx);
  const scale = clampScale(c.scale * factor);
  return {
    scale,
    cx: anchor.x - (screen.x - widthPx / 2) / scale,
    cy: anchor.y - (screen.y - heightPx / 2) / scale,
  };
}

/** Moves the view by a drag of `dx`, `dy` pixels (the scene follows the pointer). */
export const panBy = (c: Camera, dx: number, dy: number): Camera => ({
  ...c,
  cx: c.cx - dx / c.scale,
  cy: c.cy - dy / c.scale,
});

/** A rect around `points`, with a margin, never smaller than `minSize` on either side. */
export function boundsOf(points: readonly Vec2[], minSize = 240, margin = 0.2): ViewRect {
  if (points.length === 0) return { x: -400, y: -300, width: 800, height: 600 };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  if (x0 > x1) return { x: -400, y: -300, width: 800, height: 600 };
  const w = Math.max(minSize, (x1 - x0) * (1 + 2 * margin));
  const h = Math.max(minSize, (y1 - y0) * (1 + 2 * margin));
  return { x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, width: w, height: h };
}
