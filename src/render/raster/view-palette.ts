import type { CanvasColors } from '../theme-colors.ts';
import { mix } from './ground-backdrop.ts';
import { hexColor, rgba } from './raster-target.ts';
import type { TerrainGeometry } from './walk3d-geometry.ts';

/** The grid's colour on a terrain: a dark green, whatever the theme (terrains are green). */
const TERRAIN_GRID = rgba(24, 40, 20);
/** The sky's tint at the top of the picture, mixed into the background (either theme). */
const SKY_TINT = rgba(120, 165, 220);
/**
 * The frame's colours as pixels, worked out again only when the theme or the terrains change:
 * the page's background, highlight and grid colours, and the ground the backdrop continues (the
 * terrains' border, or the theme's ground colour for a level floor), the haze it fades into
 * and the sky above.
 */
export class Palette {
  background = 0;
  highlight = 0;
  grid = 0;
  ground = 0;
  horizon = 0;
  sky = 0;
  skyTop = 0;
  /** The terrains' mean border height: the level of the ground beyond them. */
  edgeHeight = 0;
  private readFrom: CanvasColors | null = null;
  private readBackground = '';
  private readGround = '';
  private readTerrain: TerrainGeometry | null = null;
  private readCount = -1;

  read(colors: CanvasColors, terrains: readonly TerrainGeometry[]): this {
    if (
      colors === this.readFrom &&
      colors.background === this.readBackground &&
      colors.ground === this.readGround &&
      (terrains[0] ?? null) === this.readTerrain &&
      terrains.length === this.readCount
    )
      return this;
    this.readFrom = colors;
    this.readBackground = colors.background;
    this.readGround = colors.ground;
    this.readTerrain = terrains[0] ?? null;
    this.readCount = terrains.length;
    this.background = hexColor(colors.background);
    this.highlight = hexColor(colors.highlight);
    // On a terrain (green in either theme) a dark line; on the floor the theme's edge colour.
    this.grid = terrains.length ? TERRAIN_GRID : hexColor(colors.groundEdge);
    if (terrains.length) {
      let h = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (const t of terrains) {
        h += t.edgeHeight;
        r += t.edgeColor & 255;
        g += (t.edgeColor >>> 8) & 255;
        b += (t.edgeColor >>> 16) & 255;
      }
      const n = terrains.length;
      this.edgeHeight = h / n;
      this.ground = rgba(r / n, g / n, b / n);
    } else this.ground = hexColor(colors.ground);
    this.horizon = mix(this.ground, this.background, 0.55);
    this.sky = mix(this.background, SKY_TINT, 0.1);
    this.skyTop = mix(this.background, SKY_TINT, 0.26);
    return this;
  }
}
