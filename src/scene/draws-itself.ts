import type { Node } from './node.ts';

/**
 * Where a node that draws itself puts its shapes (the view implements it). Coordinates are
 * global scene units; colours are theme names ('bone') or CSS, times a CSS `tint`, times the
 * modulate the node inherits. Shapes in one colour are drawn together, so order between
 * colours is not kept.
 */
export interface ShapeSink {
  /** The colour of the lines that follow. */
  lineColor(color: string, tint: string): void;
  line(x0: number, y0: number, x1: number, y1: number): void;
  /** The fill and outline ('' for none) of the polygons that follow. */
  fillColor(fill: string, outline: string, tint: string): void;
  /** A closed polygon: the first `count` points of `xy` (x, y pairs). */
  polygon(xy: ArrayLike<number>, count: number): void;
}

/**
 * A node that stands for many things at once (a crowd of spiders kept in flat arrays) and
 * draws them itself, instead of being drawn from child nodes. Views draw it only in crowd
 * drawing (SceneView.batch), the one mode meant for thousands of shapes.
 */
export interface DrawsItself {
  drawShapes(sink: ShapeSink): void;
}

export const drawsItself = (node: Node): node is Node & DrawsItself =>
  typeof (node as Partial<DrawsItself>).drawShapes === 'function';
