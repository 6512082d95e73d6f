import { bone2DType } from './bone2d.ts';
import { line2DType } from './line2d.ts';
import { marker2DType } from './marker2d.ts';
import { nodeType } from './node-description.ts';
import type { NodeType } from './node-type.ts';
import { node2DType } from './node2d.ts';
import { polygon2DType } from './polygon2d.ts';

/** The scene layer's own node types, in the order the playground offers them. */
export const SCENE_NODE_TYPES: readonly NodeType[] = [
  nodeType,
  node2DType,
  bone2DType,
  marker2DType,
  polygon2DType,
  line2DType,
];
