import { bone2DType } from './bone2d';
import { line2DType } from './line2d';
import { marker2DType } from './marker2d';
import { nodeType } from './node-description';
import type { NodeType } from './node-type';
import { node2DType } from './node2d';
import { polygon2DType } from './polygon2d';

/** The scene layer's own node types, in the order the playground offers them. */
export const SCENE_NODE_TYPES: readonly NodeType[] = [
  nodeType,
  node2DType,
  bone2DType,
  marker2DType,
  polygon2DType,
  line2DType,
];
