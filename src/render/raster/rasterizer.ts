import type { RasterTarget } from './raster-target.ts';

/** Numbers per corner of a smooth triangle while it is clipped: x, y, z, w, r, g, b. */
const SMOOTH = 7;
/** Where a triangle lies (Rasterizer.placement). */
const INSIDE = 0;
const CROSSING = 1;
const OFF_SCREEN = 2;

/**
 * The part of the software renderer that turns clip-space triangles and lines into pixels:
 *
 * 1. clip against the near plane (z ≥ −w), so geometry behind the eye is cut, not mirrored;
 * 2. divide by w and map to the pixel grid (y down);
 * 3. drop triangles facing away (back-face culling: counter-clockwise is the front);
 * 4. for every pixel centre inside the triangle (edge functions), interpolate the depth and keep
 *    the pixel only if it is nearer than what the depth buffer holds (the z-buffer).
 *
 * Lines are quads `width` pixels wide, depth-tested like triangles and pulled slightly towards
 * the eye, so a curve drawn on a surface shows. Nothing here allocates per triangle.
 */
export class Rasterizer {
  /** Triangles drawn and pixels written since the last `resetStats` (for the bench). */
  triangles = 0;
  pixels = 0;
  /** Depth offset for lines (in the 0–1 depth range): they win ties with the surface under them. */
  lineBias = 2e-4;
  /**
   * An extra clip plane in clip space, or null: triangles keep the part where
   * a·x + b·y + c·z + d·w ≥ 0 (a section view's cut, set only while the ground is drawn).
   */
  cut: Float64Array | null = null;
  /**
   * Whether triangles write their depth. Off for a backdrop that must not hide what is drawn
   * after it (a section's cut face: the walker behind it stays visible).
   */
  depthWrite = true;
  /**
   * Lines' opacity, 0–256: below 256 a line is blended over what is drawn (a grid on the
   * ground: it tints the surface, whatever its colour) and writes no depth, and its segments
   * end flush, so a polyline's joints are not blended twice.
   */
  lineAlpha = 256;
  // A triangle clipped by two planes has at most 5 corners: x, y, z, w (and r, g, b for a
  // smooth one) each.
  private readonly poly = new Float64Array(5 * SMOOTH);
  private readonly clipped = new Float64Array(5 * SMOOTH);
  /** The three screen corners' r, g, b, for a smooth triangle (null for one colour). */
  private readonly rgb = new Float64Array(9);

  constructor(public target: RasterTarget) {}

  resetStats(): void {
    this.triangles = 0;
    this.pixels = 0;
  }

  /**
   * One triangle given in clip space (after the projection: x, y, z, w per corner, offsets
   * a, b, c into `v`), in one colour. `cull` drops it when it faces away.
   */
  triangle(
    v: ArrayLike<number>,
    a: number,
    b: number,
    c: number,
    color: number,
    cull = true,
  ): void {
    const where = this.placement(v, a, b, c);
    if (where === OFF_SCREEN) return;
    if (where === INSIDE) {
      this.screenTriangle(v, a, b, c, color, cull, 0, null);
      return;
    }
    this.load(v, a, b, c, 4);
    this.drawClipped(4, color, cull);
  }

  /**
   * A triangle with a colour at each corner (packed words ca, cb, cc), blended across it:
   * Gouraud shading, when the corners carry the light at each vertex. Clipping blends the
   * colours too, so a cut triangle keeps its gradient.
   */
  triangleSmooth(
    v: ArrayLike<number>,
    a: number,
    b: number,
    c: number,
    ca: number,
    cb: number,
    cc: number,
    cull = true,
  ): void {
    if (ca === cb && cb === cc) {
      this.triangle(v, a, b, c, ca, cull);
      return;
    }
    const rgb = this.rgb;
    const where = this.placement(v, a, b, c);
    if (where === OFF_SCREEN) return;
    if (where === INSIDE) {
      unpack(rgb, 0, ca);
      unpack(rgb, 3, cb);
      unpack(rgb, 6, cc);
      this.screenTriangle(v, a, b, c, ca, cull, 0, rgb);
      return;
    }
    this.load(v, a, b, c, SMOOTH);
    unpack(this.poly, 4, ca);
    unpack(this.poly, SMOOTH + 4, cb);
    unpack(this.poly, 2 * SMOOTH + 4, cc);
    this.drawClipped(SMOOTH, ca, cull);
  }

  /** Corners a, b, c of `v` (x, y, z, w) into `poly`, `stride` numbers apart. */
  private load(v: ArrayLike<number>, a: number, b: number, c: number, stride: number): void {
    const p = this.poly;
    for (let k = 0; k < 4; k++) {
      p[k] = v[a + k]!;
      p[stride + k] = v[b + k]!;
      p[2 * stride + k] = v[c + k]!;
    }
  }

  /**
   * The triangle in `poly` (`stride` numbers a corner: x, y, z, w, then r, g, b for a smooth
   * one) clipped to the near plane and the cut, and drawn as a fan.
   */
  private drawClipped(stride: number, color: number, cull: boolean): void {
    const smooth = stride === SMOOTH;
    let n = clipPolygon(this.poly, this.clipped, 3, NEAR, stride);
    let q = this.clipped;
    if (this.cut && n >= 3) {
      n = clipPolygon(this.clipped, this.poly, n, this.cut, stride);
      q = this.poly;
    }
    const rgb = this.rgb;
    for (let i = 1; i + 1 < n; i++) {
      if (smooth)
        for (let k = 0; k < 3; k++) {
          rgb[k] = q[4 + k]!;
          rgb[3 + k] = q[stride * i + 4 + k]!;
          rgb[6 + k] = q[stride * (i + 1) + 4 + k]!;
        }
      this.screenTriangle(q, 0, stride * i, stride * (i + 1), color, cull, 0, smooth ? rgb : null);
    }
  }

  /**
   * Where triangle a, b, c of `v` lies: INSIDE when all its corners are on the kept side of the
   * near plane and of the cut (most triangles: they go straight to the screen), OFF_SCREEN when
   * wholly off one side of the screen, else CROSSING (it needs clipping).
   */
  private placement(v: ArrayLike<number>, a: number, b: number, c: number): number {
    if (v[a + 2]! + v[a + 3]! < 0 || v[b + 2]! + v[b + 3]! < 0 || v[c + 2]! + v[c + 3]! < 0)
      return CROSSING;
    // Wholly off one side of the screen (x or y beyond ±w at every corner): drawn as nothing,
    // decided here before any work (most of a big terrain's triangles, in a close view).
    const aw = v[a + 3]!;
    const bw = v[b + 3]!;
    const cw = v[c + 3]!;
    if (
      (v[a]! > aw && v[b]! > bw && v[c]! > cw) ||
      (v[a]! < -aw && v[b]! < -bw && v[c]! < -cw) ||
      (v[a + 1]! > aw && v[b + 1]! > bw && v[c + 1]! > cw) ||
      (v[a + 1]! < -aw && v[b + 1]! < -bw && v[c + 1]! < -cw)
    )
      return OFF_SCREEN;
    const cut = this.cut;
    if (!cut) return INSIDE;
    const x = cut[0]!;
    const y = cut[1]!;
    const z = cut[2]!;
    const w = cut[3]!;
    return x * v[a]! + y * v[a + 1]! + z * v[a + 2]! + w * v[a + 3]! >= 0 &&
      x * v[b]! + y * v[b + 1]! + z * v[b + 2]! + w * v[b + 3]! >= 0 &&
      x * v[c]! + y * v[c + 1]! + z * v[c + 2]! + w * v[c + 3]! >= 0
      ? INSIDE
      : CROSSING;
  }

  /** A line from clip-space point a to b (offsets into `v`), `width` pixels wide. */
  line(v: ArrayLike<number>, a: number, b: number, width: number, color: number): void {
    let ax = v[a]!;
    let ay = v[a + 1]!;
    let az = v[a + 2]!;
    let aw = v[a + 3]!;
    let bx = v[b]!;
    let by = v[b + 1]!;
    let bz = v[b + 2]!;
    let bw = v[b + 3]!;
    // Near plane: keep the part with z + w ≥ 0.
    const da = az + aw;
    const db = bz + bw;
    if (da < 0 && db < 0) return;
    if (da < 0 || db < 0) {
      const t = da / (da - db);
      const cx = ax + (bx - ax) * t;
      const cy = ay + (by - ay) * t;
      const cz = az + (bz - az) * t;
      const cw = aw + (bw - aw) * t;
      // Plain assignments: a destructured array literal would allocate on this hot path.
      if (da < 0) {
        ax = cx;
        ay = cy;
        az = cz;
        aw = cw;
      } else {
        bx = cx;
        by = cy;
        bz = cz;
        bw = cw;
      }
    }
    const W = this.target.width;
    const H = this.target.height;
    const sx0 = (ax / aw + 1) * 0.5 * W;
    const sy0 = (1 - ay / aw) * 0.5 * H;
    const sz0 = (az / aw) * 0.5 + 0.5;
    const sx1 = (bx / bw + 1) * 0.5 * W;
    const sy1 = (1 - by / bw) * 0.5 * H;
    const sz1 = (bz / bw) * 0.5 + 0.5;
    let dx = sx1 - sx0;
    let dy = sy1 - sy0;
    const len = Math.hypot(dx, dy);
    if (len > 0) {
      dx /= len;
      dy /= len;
    } else {
      dx = 1;
      dy = 0;
    }
    const h = Math.max(0.5, width / 2);
    const nx = -dy * h;
    const ny = dx * h;
    // Extend by half a width at both ends, so joined segments meet without notches (not a
    // translucent line's: there the overlap would show darker).
    const flush = this.lineAlpha < 256 ? 0 : h;
    const ex = dx * flush;
    const ey = dy * flush;
    const q = this.clipped;
    q[0] = sx0 + nx - ex;
    q[1] = sy0 + ny - ey;
    q[2] = sz0;
    q[4] = sx1 + nx + ex;
    q[5] = sy1 + ny + ey;
    q[6] = sz1;
    q[8] = sx1 - nx + ex;
    q[9] = sy1 - ny + ey;
    q[10] = sz1;
    q[12] = sx0 - nx - ex;
    q[13] = sy0 - ny - ey;
    q[14] = sz0;
    this.fill(q, 0, 4, 8, color, this.lineBias, null, this.lineAlpha);
    this.fill(q, 0, 8, 12, color, this.lineBias, null, this.lineAlpha);
  }

  /** Clip-space corners (in `q`) → pixels, culled, then filled (blending `rgb` if given). */
  private screenTriangle(
    q: ArrayLike<number>,
    a: number,
    b: number,
    c: number,
    color: number,
    cull: boolean,
    bias: number,
    rgb: Float64Array | null,
  ): void {
    const s = SCREEN;
    if (!this.toScreen(q, a, s, 0) || !this.toScreen(q, b, s, 4) || !this.toScreen(q, c, s, 8))
      return;
    // In pixels y points down, so a counter-clockwise (front) triangle has negative area here.
    const area = (s[4]! - s[0]!) * (s[9]! - s[1]!) - (s[5]! - s[1]!) * (s[8]! - s[0]!);
    if (cull && area >= 0) return;
    this.fill(s, 0, 4, 8, color, bias, rgb);
  }

  /** Clip-space point at `src` of q → pixel x, y and depth 0–1 at `dst` of s. False if w ≤ 0. */
  private toScreen(q: ArrayLike<number>, src: number, s: Float64Array, dst: number): boolean {
    const w = q[src + 3]!;
    if (!(w > 0)) return false;
    s[dst] = (q[src]! / w + 1) * 0.5 * this.target.width;
    s[dst + 1] = (1 - q[src + 1]! / w) * 0.5 * this.target.height;
    s[dst + 2] = (q[src + 2]! / w) * 0.5 + 0.5;
    return true;
  }

  /**
   * Fills a pixel-space triangle (x, y, depth at offsets a, b, c of `s`) with depth testing, in
   * `color`, or blending the corners' r, g, b in `rgb` (a's, b's, c's) when it is given. With
   * `blend` below 256 (a translucent line) each pixel moves that share of the way from what is
   * drawn towards `color`, and no depth is written.
   */
  private fill(
    s: Float64Array,
    a: number,
    b: number,
    c: number,
    color: number,
    bias: number,
    rgb: Float64Array | null,
    blend = 256,
  ): void {
    let x0 = s[a]!;
    let y0 = s[a + 1]!;
    let z0 = s[a + 2]!;
    let x1 = s[b]!;
    let y1 = s[b + 1]!;
    let z1 = s[b + 2]!;
    const x2 = s[c]!;
    const y2 = s[c + 1]!;
    const z2 = s[c + 2]!;
    let area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    if (area === 0 || !Number.isFinite(area)) return;
    if (area < 0) {
      // Make the winding positive so the three edge functions are ≥ 0 inside.
      let tmp = x0;
      x0 = x1;
      x1 = tmp;
      tmp = y0;
      y0 = y1;
      y1 = tmp;
      tmp = z0;
      z0 = z1;
      z1 = tmp;
      area = -area;
      if (rgb)
        for (let k = 0; k < 3; k++) {
          tmp = rgb[k]!;
          rgb[k] = rgb[3 + k]!;
          rgb[3 + k] = tmp;
        }
    }
    const t = this.target;
    const W = t.width;
    const H = t.height;
    const minX = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
    const maxX = Math.min(W - 1, Math.ceil(Math.max(x0, x1, x2)));
    const minY = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
    const maxY = Math.min(H - 1, Math.ceil(Math.max(y0, y1, y2)));
    if (minX > maxX || minY > maxY) return;
    this.triangles++;
    const inv = 1 / area;
    // Edge functions e_k(x, y) = A_k x + B_k y + C_k, each zero on the edge opposite corner k.
    const A0 = y1 - y2;
    const B0 = x2 - x1;
    const C0 = x1 * y2 - x2 * y1;
    const A1 = y2 - y0;
    const B1 = x0 - x2;
    const C1 = x2 * y0 - x0 * y2;
    const A2 = y0 - y1;
    const B2 = x1 - x0;
    const C2 = x0 * y1 - x1 * y0;
    const depth = t.depth;
    const colorBuf = t.color;
    // A packed colour with alpha 255 is above 2^31, which JavaScript keeps as a double; as a
    // signed integer (same bits) it stores into the Uint32Array without a conversion per pixel.
    const word = color | 0;
    const writeDepth = this.depthWrite;
    const tr = color & 0xff;
    const tg = (color >>> 8) & 0xff;
    const tb = (color >>> 16) & 0xff;
    let written = 0;
    // Depth is affine in screen space: z(x, y) = (e0 z0 + e1 z1 + e2 z2) / area; its x-step:
    const dzdx = (A0 * z0 + A1 * z1 + A2 * z2) * inv;
    // Colours blend the same way (affine in screen space, as Gouraud's shading does): their
    // x-steps in 16.16 fixed point, worked out only for a smooth triangle. Rounded with | 0,
    // which always gives a small integer (Math.round can give −0, a double, and one double in
    // the sum makes every step a float operation).
    let dr = 0;
    let dg = 0;
    let db = 0;
    if (rgb) {
      dr = fixedStep((A0 * rgb[0]! + A1 * rgb[3]! + A2 * rgb[6]!) * inv);
      dg = fixedStep((A0 * rgb[1]! + A1 * rgb[4]! + A2 * rgb[7]!) * inv);
      db = fixedStep((A0 * rgb[2]! + A1 * rgb[5]! + A2 * rgb[8]!) * inv);
    }
    for (let y = minY; y <= maxY; y++) {
      const py = y + 0.5;
      // Each row: the span of pixel centres where all three edge functions are ≥ 0, found by
      // solving A·x + (B·y + C) ≥ 0 for x, so long thin triangles cost their pixels, not their
      // bounding boxes.
      // (Written out for the three edges: this runs for every row of every triangle.)
      let lo = minX + 0.5;
      let hi = maxX + 0.5;
      const q0 = B0 * py + C0;
      const q1 = B1 * py + C1;
      const q2 = B2 * py + C2;
      if (A0 > 0) lo = Math.max(lo, -q0 / A0);
      else if (A0 < 0) hi = Math.min(hi, -q0 / A0);
      else if (q0 < 0) continue;
      if (A1 > 0) lo = Math.max(lo, -q1 / A1);
      else if (A1 < 0) hi = Math.min(hi, -q1 / A1);
      else if (q1 < 0) continue;
      if (A2 > 0) lo = Math.max(lo, -q2 / A2);
      else if (A2 < 0) hi = Math.min(hi, -q2 / A2);
      else if (q2 < 0) continue;
      const xs = Math.max(minX, Math.ceil(lo - 0.5));
      const xe = Math.min(maxX, Math.floor(hi - 0.5));
      if (xs > xe) continue;
      const px0 = xs + 0.5;
      const e0 = (A0 * px0 + q0) * inv;
      const e1 = (A1 * px0 + q1) * inv;
      const e2 = (A2 * px0 + q2) * inv;
      let z = e0 * z0 + e1 * z1 + e2 * z2 - bias;
      let row = y * W + xs;
      if (rgb) {
        // Channels in 16.16 fixed point, rounded (+½) once here: integer steps and masks per
        // pixel instead of three float-to-integer conversions. Clamped at the span's start,
        // where a pixel centre on an edge can land a hair outside the triangle.
        let r = fixed(e0 * rgb[0]! + e1 * rgb[3]! + e2 * rgb[6]!);
        let g = fixed(e0 * rgb[1]! + e1 * rgb[4]! + e2 * rgb[7]!);
        let b = fixed(e0 * rgb[2]! + e1 * rgb[5]! + e2 * rgb[8]!);
        // (The loops are written once per depth mode: a test inside them costs every pixel.)
        if (writeDepth)
          for (let x = xs; x <= xe; x++, row++, z += dzdx, r += dr, g += dg, b += db) {
            if (z < depth[row]! && z >= -bias) {
              depth[row] = z;
              colorBuf[row] = 0xff000000 | (b & 0xff0000) | ((g >> 8) & 0xff00) | (r >> 16);
              written++;
            }
          }
        else
          for (let x = xs; x <= xe; x++, row++, z += dzdx, r += dr, g += dg, b += db) {
            if (z < depth[row]! && z >= -bias) {
              colorBuf[row] = 0xff000000 | (b & 0xff0000) | ((g >> 8) & 0xff00) | (r >> 16);
              written++;
            }
          }
        continue;
      }
      if (blend < 256) {
        for (let x = xs; x <= xe; x++, row++, z += dzdx) {
          if (z < depth[row]! && z >= -bias) {
            const under = colorBuf[row]!;
            const r0 = under & 0xff;
            const g0 = (under >>> 8) & 0xff;
            const b0 = (under >>> 16) & 0xff;
            colorBuf[row] =
              0xff000000 |
              ((b0 + (((tb - b0) * blend) >> 8)) << 16) |
              ((g0 + (((tg - g0) * blend) >> 8)) << 8) |
              (r0 + (((tr - r0) * blend) >> 8));
            written++;
          }
        }
        continue;
      }
      if (writeDepth)
        for (let x = xs; x <= xe; x++, row++, z += dzdx) {
          if (z < depth[row]! && z >= -bias) {
            depth[row] = z;
            colorBuf[row] = word;
            written++;
          }
        }
      else
        for (let x = xs; x <= xe; x++, row++, z += dzdx) {
          if (z < depth[row]! && z >= -bias) {
            colorBuf[row] = word;
            written++;
          }
        }
    }
    this.pixels += written;
  }
}

const SCREEN = new Float64Array(12);

/** One in 16.16 fixed point. */
const ONE = 65536;

/** A per-pixel step of a channel as 16.16 fixed point, rounded to nearest. */
function fixedStep(v: number): number {
  return (ONE * v + (v < 0 ? -0.5 : 0.5)) | 0;
}

/** A channel value 0–255 as 16.16 fixed point, rounded to nearest and kept in range. */
function fixed(v: number): number {
  return (Math.min(255, Math.max(0, v)) * ONE + 0.5 * ONE + 0.5) | 0;
}

/** A packed colour's r, g, b as numbers at `at` of `out`. */
function unpack(out: Float64Array, at: number, color: number): void {
  out[at] = color & 255;
  out[at + 1] = (color >>> 8) & 255;
  out[at + 2] = (color >>> 16) & 255;
}

/** The near plane in clip space: z + w ≥ 0. */
const NEAR = Float64Array.of(0, 0, 1, 1);

/**
 * Clips polygon `p` (n corners, `stride` numbers each: x y z w, then anything blended along,
 * like colours) to the side of `plane` where plane · (x, y, z, w) ≥ 0, into `out`
 * (Sutherland–Hodgman); returns the corners kept.
 */
function clipPolygon(
  p: Float64Array,
  out: Float64Array,
  n: number,
  plane: Float64Array,
  stride: number,
): number {
  const a = plane[0]!;
  const b = plane[1]!;
  const c = plane[2]!;
  const d = plane[3]!;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const I = stride * i;
    const J = stride * j;
    const di = a * p[I]! + b * p[I + 1]! + c * p[I + 2]! + d * p[I + 3]!;
    const dj = a * p[J]! + b * p[J + 1]! + c * p[J + 2]! + d * p[J + 3]!;
    if (di >= 0) {
      for (let k = 0; k < stride; k++) out[stride * m + k] = p[I + k]!;
      m++;
    }
    if (di >= 0 !== dj >= 0) {
      const t = di / (di - dj);
      for (let k = 0; k < stride; k++)
        out[stride * m + k] = p[I + k]! + (p[J + k]! - p[I + k]!) * t;
      m++;
    }
  }
  return m;
}
