import type { Vec2 } from '../math/vec2';
import { Node2D } from './node2d';

/**
 * A polyline, as Godot's Line2D: `points` in local space, `width` in scene units (it scales with
 * the node and the zoom, as a drawn line in a game does). Used for terrain surfaces and paths.
 */
export class Line2D extends Node2D {
  override get typeName(): string {
    return 'Line2D';
  }

  points: Vec2[] = [];
  width = 2;
  /** A theme colour name or any CSS colour (Godot's default_color). */
  defaultColor = 'boneOutline';
  /** Join the last point back to the first. */
  closed = false;

  constructor(name = 'Line2D', points: Vec2[] = [], defaultColor = 'boneOutline') {
    super(name);
    this.points = points;
    this.defaultColor = defaultColor;
  }
}
