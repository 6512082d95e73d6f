import type { SoftwareRenderer } from './software-renderer';

/** Contact shadows (world units): disc radius, ankle height at rest, fade-out height, darkness. */
const SHADOW_RADIUS = 0.55;
export const SHADOW_REST = 0.4;
export const SHADOW_FADE = 1.2;
export const SHADOW_DARK = 0.55;

const P = { x: 0, y: 0, visible: false, depth: 0 };

/**
 * Darkens the ground's pixels round the point under an ankle at (x, y, z): a disc of
 * SHADOW_RADIUS on the ground, soft to its edge, as dark as SHADOW_DARK (its centre's colour
 * times 1 − SHADOW_DARK) when the ankle stands at its resting height SHADOW_REST, fading out as
 * it lifts SHADOW_FADE above that. Only pixels already drawn at about the ground point's depth
 * are touched, so far hills behind the disc on screen keep their colour; call it after the
 * ground and before the walkers. Returns how many pixels it darkened.
 */
export function contactShadow(
  r: SoftwareRenderer,
  ground: (x: number, y: number) => number,
  x: number,
  y: number,
  z: number,
): number {
  const g = ground(x, y);
  if (!Number.isFinite(g)) return 0;
  const lift = z - g - SHADOW_REST;
  const strength = SHADOW_DARK * Math.min(1, Math.max(0, 1 - lift / SHADOW_FADE));
  if (strength <= 0.01) return 0;
  r.project(x, y, g, P);
  if (!P.visible) return 0;
  const cx = P.x;
  const cy = P.y;
  const cd = P.depth;
  // The disc's two ground axes on screen; their spread in depth bounds what counts as ground.
  r.project(x + SHADOW_RADIUS, y, ground(x + SHADOW_RADIUS, y), P);
  const ax = P.x - cx;
  const ay = P.y - cy;
  let spread = Math.abs(P.depth - cd);
  r.project(x, y + SHADOW_RADIUS, ground(x, y + SHADOW_RADIUS), P);
  const bx = P.x - cx;
  const by = P.y - cy;
  spread = Math.max(spread, Math.abs(P.depth - cd));
  const det = ax * by - ay * bx;
  if (!(Math.abs(det) > 1e-6)) return 0;
  const t = r.target;
  const hw = Math.abs(ax) + Math.abs(bx);
  const hh = Math.abs(ay) + Math.abs(by);
  const x0 = Math.max(0, Math.floor(cx - hw));
  const x1 = Math.min(t.width - 1, Math.ceil(cx + hw));
  const y0 = Math.max(0, Math.floor(cy - hh));
  const y1 = Math.min(t.height - 1, Math.ceil(cy + hh));
  const tol = 2 * spread + 1e-4;
  const bytes = t.bytes;
  let count = 0;
  for (let py = y0; py <= y1; py++)
    for (let px = x0; px <= x1; px++) {
      const i = py * t.width + px;
      if (!(Math.abs(t.depth[i]! - cd) <= tol)) continue;
      // The pixel in the disc's own coordinates (s, u): inside when s² + u² < 1.
      const dx = px + 0.5 - cx;
      const dy = py + 0.5 - cy;
      const s = (dx * by - dy * bx) / det;
      const u = (ax * dy - ay * dx) / det;
      const q = s * s + u * u;
      if (q >= 1) continue;
      const k = 1 - strength * (1 - q) * (1 - q);
      bytes[4 * i] = bytes[4 * i]! * k;
      bytes[4 * i + 1] = bytes[4 * i + 1]! * k;
      bytes[4 * i + 2] = bytes[4 * i + 2]! * k;
      count++;
    }
  return count;
}
