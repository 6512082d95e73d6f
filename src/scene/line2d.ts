import type { Vec2 } from '../math/vec2.ts';
import { Node2D, node2DType } from './node2d.ts';
import { defineNodeType } from './node-type.ts';
import { booleanProperty, colorProperty, numberProperty, pointsProperty } from './property.ts';

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

export const line2DType = defineNodeType<Line2D>({
  name: 'Line2D',
  summary: 'A polyline in local space: ground, paths, guides.',
  class: Line2D,
  base: node2DType,
  create: () => new Line2D(),
  properties: [
    pointsProperty<Line2D>({
      name: 'points',
      label: 'Points',
      group: 'Line2D',
      get: (n) => n.points,
      set: (n, v) => (n.points = v.map((p) => ({ x: p.x, y: p.y }))),
    }),
    numberProperty<Line2D>({
      name: 'width',
      label: 'Width',
      group: 'Line2D',
      min: 0,
      unit: 'scene units',
      get: (n) => n.width,
      set: (n, v) => (n.width = v),
    }),
    colorProperty<Line2D>({
      name: 'defaultColor',
      label: 'Colour',
      group: 'Line2D',
      get: (n) => n.defaultColor,
      set: (n, v) => (n.defaultColor = v),
    }),
    booleanProperty<Line2D>({
      name: 'closed',
      label: 'Closed',
      group: 'Line2D',
      help: 'Join the last point back to the first.',
      get: (n) => n.closed,
      set: (n, v) => (n.closed = v),
    }),
  ],
});
