import type { Vec2 } from '../math/vec2.ts';
import { Node2D, node2DType } from './node2d.ts';
import { defineNodeType } from './node-type.ts';
import { colorProperty, numberProperty, pointsProperty } from './property.ts';

/**
 * A filled shape, as Godot's Polygon2D: `polygon` holds its corners in the node's local space,
 * so it moves, turns, scales and mirrors with the node. Views draw it in tree order among the
 * bones, so a spider's body can sit between its far legs and its near ones.
 */
export class Polygon2D extends Node2D {
  override get typeName(): string {
    return 'Polygon2D';
  }

  /** Corners in local space, in order (the last joins the first). */
  polygon: Vec2[] = [];
  /** A theme colour name ("bone", "ground", …) or any CSS colour. */
  color = 'bone';
  /** Outline colour ('' for none), drawn `outlineWidth` screen pixels wide. */
  outline = '';
  outlineWidth = 1.5;

  constructor(name = 'Polygon2D', polygon: Vec2[] = [], color = 'bone') {
    super(name);
    this.polygon = polygon;
    this.color = color;
  }
}

/** Corners of an ellipse centred on the origin (for bodies and heads). */
export function ellipsePolygon(rx: number, ry: number, corners = 20): Vec2[] {
  const out: Vec2[] = [];
  const n = Math.max(3, Math.floor(corners));
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    out.push({ x: Math.cos(a) * rx, y: Math.sin(a) * ry });
  }
  return out;
}

export const polygon2DType = defineNodeType<Polygon2D>({
  name: 'Polygon2D',
  summary: 'A filled shape in local space: a body, a head, a rock; it moves with its parent bone.',
  class: Polygon2D,
  base: node2DType,
  create: () => new Polygon2D(),
  properties: [
    pointsProperty<Polygon2D>({
      name: 'polygon',
      label: 'Corners',
      group: 'Polygon2D',
      help: 'Corners in local space, in order; the last joins the first.',
      get: (n) => n.polygon,
      set: (n, v) => (n.polygon = v.map((p) => ({ x: p.x, y: p.y }))),
    }),
    colorProperty<Polygon2D>({
      name: 'color',
      label: 'Colour',
      group: 'Polygon2D',
      get: (n) => n.color,
      set: (n, v) => (n.color = v),
    }),
    colorProperty<Polygon2D>({
      name: 'outline',
      label: 'Outline',
      group: 'Polygon2D',
      allowNone: true,
      get: (n) => n.outline,
      set: (n, v) => (n.outline = v),
    }),
    numberProperty<Polygon2D>({
      name: 'outlineWidth',
      label: 'Outline width',
      group: 'Polygon2D',
      min: 0,
      unit: 'pixels',
      get: (n) => n.outlineWidth,
      set: (n, v) => (n.outlineWidth = v),
    }),
  ],
});
