/**
 * Where the software renderer draws: a colour buffer of packed RGBA pixels (one 32-bit word each,
 * byte order R, G, B, A in memory, as ImageData wants) and a depth buffer, both width × height.
 * The colour words alias `bytes`, so the finished frame goes to a canvas in one putImageData.
 */
export class RasterTarget {
  width = 0;
  height = 0;
  bytes = new Uint8ClampedArray(0);
  /** The same bytes, unclamped: for reading channels (no clamping logic on the loads). */
  channels = new Uint8Array(0);
  color = new Uint32Array(0);
  depth = new Float32Array(0);

  constructor(width: number, height: number) {
    this.resize(width, height);
  }

  /** Reallocates only when the size really changes. */
  resize(width: number, height: number): void {
    const w = Math.max(1, Math.floor(width));
    const h = Math.max(1, Math.floor(height));
    if (w === this.width && h === this.height) return;
    this.width = w;
    this.height = h;
    this.bytes = new Uint8ClampedArray(w * h * 4);
    this.channels = new Uint8Array(this.bytes.buffer);
    this.color = new Uint32Array(this.bytes.buffer);
    this.depth = new Float32Array(w * h);
  }

  /** Fills colour with `rgba` (packed) and depth with +∞ (nothing drawn yet). */
  clear(rgba: number): void {
    this.color.fill(rgba);
    this.depth.fill(Infinity);
  }

  /** The colour at (x, y) as [r, g, b, a] (for tests). */
  pixel(x: number, y: number): [number, number, number, number] {
    const i = 4 * (y * this.width + x);
    return [this.bytes[i]!, this.bytes[i + 1]!, this.bytes[i + 2]!, this.bytes[i + 3]!];
  }
}

/** Packs 0–255 channels into one pixel word (little-endian: R in the lowest byte). */
export const rgba = (r: number, g: number, b: number, a = 255): number =>
  (((a & 255) << 24) | ((b & 255) << 16) | ((g & 255) << 8) | (r & 255)) >>> 0;

/** A CSS-style hex colour ("#rrggbb") as a pixel word; anything else is mid grey. */
export function hexColor(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return rgba(128, 128, 128);
  return rgba(parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16));
}

/** A pixel word with its RGB multiplied by k (0–1+), for shading. */
export function shade(color: number, k: number): number {
  const f = Math.max(0, k);
  const r = Math.min(255, (color & 255) * f);
  const g = Math.min(255, ((color >>> 8) & 255) * f);
  const b = Math.min(255, ((color >>> 16) & 255) * f);
  return rgba(r, g, b, color >>> 24);
}
