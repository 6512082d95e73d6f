import { Color } from './pixi.ts';

/** A colour as four 0–1 components, red, green, blue, alpha. */
interface Rgba {
  readonly rgba: Float64Array;
}

const WHITE = [1, 1, 1, 1] as const;

/**
 * Multiplies CSS colours by a modulate colour (Godot's modulate: component by component,
 * alpha included). CSS strings are parsed once with PixiJS's Color and cached: a scene of 100
 * spiders asks for the same few colours thousands of times a frame.
 */
export class ColorMixer {
  private readonly parsed = new Map<string, Rgba>();

  /** Writes white (no change) at `at`. */
  static white(mods: Float64Array, at: number): void {
    mods.set(WHITE, at);
  }

  /** Multiplies the modulate at `at` by a CSS colour (a node's own modulate). */
  apply(css: string, mods: Float64Array, at: number): void {
    const own = this.parse(css).rgba;
    for (let k = 0; k < 4; k++) mods[at + k]! *= own[k]!;
  }

  /** An unparseable colour reads as white, so a typo in a scene file never breaks drawing. */
  parse(css: string): Rgba {
    let c = this.parsed.get(css);
    if (!c) {
      let rgba: number[];
      try {
        rgba = new Color(css).toArray() as number[];
      } catch {
        rgba = [1, 1, 1, 1];
      }
      c = { rgba: new Float64Array(rgba) };
      this.parsed.set(css, c);
    }
    return c;
  }

  /**
   * `css` times the modulate stored at `at` in `mods`, as PixiJS fill/stroke options, written
   * into `out` (drawing a crowd asks thousands of times a frame).
   */
  multiplyInto<T extends { color: number; alpha: number }>(
    css: string,
    mods: Float64Array,
    at: number,
    out: T,
  ): T {
    const c = this.parse(css).rgba;
    const r = Math.round(c[0]! * mods[at]! * 255);
    const g = Math.round(c[1]! * mods[at + 1]! * 255);
    const b = Math.round(c[2]! * mods[at + 2]! * 255);
    out.color = (r << 16) | (g << 8) | b;
    out.alpha = c[3]! * mods[at + 3]!;
    return out;
  }
}
