import type { Vec2 } from '../math/vec2';
import { Node2D } from './node2d';

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
