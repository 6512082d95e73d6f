import type { SoftwareRenderer } from './software-renderer.ts';

/** Contact shadows (world units): disc radius, ankle height at rest, fade-out height, darkness. */
const SHADOW_RADIUS = 0.55;
export const SHADOW_REST = 0.4;
export const SHADOW_FADE = 1.2;
export const SHADOW_DARK = 0.55;
/**
 * Below this ratio of the disc's short axis to its long one on screen the ground is seen
 * nearly edge-on (a side view with the camera level): the shadow is then a half-ellipse under
 * the contact point, this flat, so it still shows where the foot meets the ground.
 */
export const EDGE_ON = 0.22;
/** The edge-on shadow's depth on screen, as a share of its width each way. */
const EDGE_ON_DEPTH = 0.32;

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
  return groundShadow(r, ground, x, y, g, z - g - SHADOW_REST);
}

/**
 * The shadow of a foot whose sole is `lift` above the ground at its lowest point, centred at
 * (x, y) on the ground (the sole's middle), `radius` round: full when the sole touches (or is
 * in the ground), gone SHADOW_FADE above it.
 */
export function soleShadow(
  r: SoftwareRenderer,
  ground: (x: number, y: number) => number,
  x: number,
  y: number,
  lift: number,
  radius: number,
): number {
  const g = ground(x, y);
  if (!Number.isFinite(g)) return 0;
  return groundShadow(r, ground, x, y, g, lift, radius);
}

function groundShadow(
  r: SoftwareRenderer,
  ground: (x: number, y: number) => number,
  x: number,
  y: number,
  g: number,
  lift: number,
  radius = SHADOW_RADIUS,
): number {
  const strength = SHADOW_DARK * Math.min(1, Math.max(0, 1 - lift / SHADOW_FADE));
  if (!(strength > 0.01)) return 0;
  r.project(x, y, g, P);
  if (!P.visible) return 0;
  const cx = P.x;
  const cy = P.y;
  const cd = P.depth;
  // The disc's two ground axes on screen; their spread in depth bounds what counts as ground.
  r.project(x + radius, y, ground(x + radius, y), P);
  const ax = P.x - cx;
  const ay = P.y - cy;
  let spread = Math.abs(P.depth - cd);
  r.project(x, y + radius, ground(x, y + radius), P);
  const bx = P.x - cx;
  const by = P.y - cy;
  spread = Math.max(spread, Math.abs(P.depth - cd));
  if (!Number.isFinite(spread)) return 0;
  const det = ax * by - ay * bx;
  const major = Math.max(Math.hypot(ax, ay), Math.hypot(bx, by));
  if (!(major > 0.5)) return 0;
  const tol = 2 * spread + 1e-4;
  // Short axis on screen = |det| / long axis: a disc seen this flat is a line.
  if (Math.abs(det) < EDGE_ON * major * major)
    return edgeOnShadow(r, cx, cy, cd, major, tol, strength);
  const t = r.target;
  const hw = Math.abs(ax) + Math.abs(bx);
  const hh = Math.abs(ay) + Math.abs(by);
  const x0 = Math.max(0, Math.floor(cx - hw));
  const x1 = Math.min(t.width - 1, Math.ceil(cx + hw));
  const y0 = Math.max(0, Math.floor(cy - hh));
  const y1 = Math.min(t.height - 1, Math.ceil(cy + hh));
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
      count += darken(bytes, i, s * s + u * u, strength);
    }
  return count;
}

/**
 * The ground seen edge-on: a half-ellipse under the contact point (cx, cy), `major` pixels
 * each way and EDGE_ON_DEPTH × that deep, over the ground drawn there (about the contact's depth) and
 * over what has no depth (a section's cut face, the earth under a level floor).
 */
function edgeOnShadow(
  r: SoftwareRenderer,
  cx: number,
  cy: number,
  cd: number,
  major: number,
  tol: number,
  strength: number,
): number {
  const t = r.target;
  const deep = EDGE_ON_DEPTH * major;
  const x0 = Math.max(0, Math.floor(cx - major));
  const x1 = Math.min(t.width - 1, Math.ceil(cx + major));
  const y0 = Math.max(0, Math.floor(cy));
  const y1 = Math.min(t.height - 1, Math.ceil(cy + deep));
  const bytes = t.bytes;
  let count = 0;
  for (let py = y0; py <= y1; py++)
    for (let px = x0; px <= x1; px++) {
      const i = py * t.width + px;
      const d = t.depth[i]!;
      if (d !== Infinity && !(Math.abs(d - cd) <= tol)) continue;
      const s = (px + 0.5 - cx) / major;
      const u = (py + 0.5 - cy) / deep;
      count += darken(bytes, i, s * s + u * u, strength);
    }
  return count;
}

/** Pixel i darkened for a point q (squared radius, 0–1) into the shadow; 1 if it was touched. */
function darken(bytes: Uint8ClampedArray, i: number, q: number, strength: number): number {
  if (q >= 1) return 0;
  const k = 1 - strength * (1 - q);
  bytes[4 * i] = bytes[4 * i]! * k;
  bytes[4 * i + 1] = bytes[4 * i + 1]! * k;
  bytes[4 * i + 2] = bytes[4 * i + 2]! * k;
  return 1;
}
