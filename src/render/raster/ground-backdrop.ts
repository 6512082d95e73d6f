import { invert4 } from '../../math/mat4.ts';
import type { OrbitCamera } from './orbit-camera.ts';
import type { SoftwareRenderer } from './software-renderer.ts';

/**
 * The backdrop's colours (packed pixels): the near ground, the haze it fades into, the sky at
 * the horizon and at the top of the picture.
 */
export interface BackdropColors {
  ground: number;
  horizon: number;
  sky: number;
  skyTop: number;
}

/**
 * Where the ground starts fading into haze, where it is all haze, and where the haze has become
 * sky, in view heights from the target: an orthographic view, which has no horizon, gets one
 * where the ground meets the sky, and a perspective one meets it at its own.
 */
const FADE_FROM = 1;
const HAZE_AT = 2.5;
const SKY_AT = 5;
/** How much of the picture's height the sky takes to go from haze to its top colour. */
const SKY_SPAN = 0.6;

/**
 * What lies behind everything drawn: a level ground plane at `height` reaching to the camera's
 * far plane, its colour fading with distance into a haze, and above its horizon a sky that goes
 * from that haze to the sky colour. With the camera never rolled (it orbits with Z up) the
 * horizon is level on screen and the plane is as far along a whole row of pixels, so each row
 * is one colour and one depth: the backdrop costs what clearing the frame costs.
 *
 * `solid`: the plane is the floor itself (lessons without terrain) and writes its depth, so
 * contact shadows find it and a foot below it is hidden. Otherwise it is a picture only: the
 * ground beyond a terrain's edge, hiding nothing drawn after it.
 */
export class GroundBackdrop {
  private readonly inverse = new Float64Array(16);
  private readonly point = { x: 0, y: 0, visible: false, depth: 0 };
  /** Rows painted as ground in the last frame (for tests). */
  groundRows = 0;

  paint(
    r: SoftwareRenderer,
    camera: OrbitCamera,
    height: number,
    colors: BackdropColors,
    solid: boolean,
  ): void {
    const t = r.target;
    const W = t.width;
    const H = t.height;
    const inv = invert4(this.inverse, camera.viewProj);
    const span =
      camera.projection === 'perspective'
        ? 2 * camera.distance * Math.tan(camera.fovY / 2)
        : camera.viewHeight;
    const near = FADE_FROM * span;
    const haze = HAZE_AT * span;
    const sky = SKY_AT * span;
    const tx = camera.target[0]!;
    const ty = camera.target[1]!;
    // The camera's heading on the ground (from the eye towards the target).
    const fx0 = -Math.cos(camera.yaw);
    const fy0 = -Math.sin(camera.yaw);
    const horizon = this.horizonRow(r, camera, height);
    const skySpan = Math.max(1, SKY_SPAN * H);
    const p = this.point;
    this.groundRows = 0;
    for (let y = 0; y < H; y++) {
      // The ray through the row's middle pixel: from the near plane (ndc z −1) to the far (1).
      const ny = 1 - (2 * (y + 0.5)) / H;
      const nw = inv[7]! * ny - inv[11]! + inv[15]!;
      const fw = inv[7]! * ny + inv[11]! + inv[15]!;
      const nx = (inv[4]! * ny - inv[8]! + inv[12]!) / nw;
      const nyw = (inv[5]! * ny - inv[9]! + inv[13]!) / nw;
      const nz = (inv[6]! * ny - inv[10]! + inv[14]!) / nw;
      const fx = (inv[4]! * ny + inv[8]! + inv[12]!) / fw;
      const fy = (inv[5]! * ny + inv[9]! + inv[13]!) / fw;
      const fz = (inv[6]! * ny + inv[10]! + inv[14]!) / fw;
      const s = (height - nz) / (fz - nz);
      let color: number;
      let depth = Infinity;
      if (s >= 0 && s <= 1) {
        const hx = nx + s * (fx - nx);
        const hy = nyw + s * (fy - nyw);
        // How far beyond the target, along the view: ground nearer the eye never fades.
        const d = (hx - tx) * fx0 + (hy - ty) * fy0;
        color =
          d < haze
            ? mix(colors.ground, colors.horizon, smooth((d - near) / (haze - near)))
            : mix(colors.horizon, colors.sky, smooth((d - haze) / (sky - haze)));
        if (solid) {
          r.project(hx, hy, height, p);
          depth = p.depth;
        }
        this.groundRows++;
      } else if (nz < height) {
        // Under the plane, not meeting it in view (a level camera's view below the floor
        // line): the ground's front, as a section shows the earth.
        color = colors.ground;
        this.groundRows++;
      } else color = mix(colors.sky, colors.skyTop, smooth((horizon - y) / skySpan));
      const row = y * W;
      t.color.fill(color, row, row + W);
      if (depth !== Infinity) t.depth.fill(depth, row, row + W);
    }
  }

  /**
   * The row where the plane ends: its point straight ahead (along the camera's heading) at the
   * far plane. Rows above it are sky.
   */
  private horizonRow(r: SoftwareRenderer, camera: OrbitCamera, height: number): number {
    const hx = -Math.cos(camera.yaw);
    const hy = -Math.sin(camera.yaw);
    const reach = 0.99 * camera.far;
    const p = this.point;
    r.project(camera.eye[0]! + hx * reach, camera.eye[1]! + hy * reach, height, p);
    return Number.isFinite(p.y) ? p.y : 0;
  }
}

const smooth = (u: number): number => {
  const c = Math.min(1, Math.max(0, u));
  return c * c * (3 - 2 * c);
};

/** Packed colours a and b mixed, t of the way to b (alpha opaque). */
export function mix(a: number, b: number, t: number): number {
  const r = (a & 255) + ((b & 255) - (a & 255)) * t;
  const g = ((a >>> 8) & 255) + (((b >>> 8) & 255) - ((a >>> 8) & 255)) * t;
  const bl = ((a >>> 16) & 255) + (((b >>> 16) & 255) - ((a >>> 16) & 255)) * t;
  return (0xff000000 | (Math.round(bl) << 16) | (Math.round(g) << 8) | Math.round(r)) >>> 0;
}
