import { NodeTypes } from '../scene/node-type.ts';
import { SCENE_NODE_TYPES } from '../scene/scene-node-types.ts';
import { ccdIK2DType } from './ccd-ik-2d.ts';
import { fabrik2DType } from './fabrik-2d.ts';
import { jacobianIK2DType } from './jacobian-ik-2d.ts';
import { lookAt2DType } from './look-at-2d.ts';
import { twoBoneIK2DType } from './two-bone-ik-2d.ts';

/**
 * Every node type a scene file may hold and the playground can add: the scene layer's own
 * (Node, Node2D, Bone2D, Marker2D, Polygon2D, Line2D) and the IK nodes. One explicit list:
 * nothing registers itself by being imported.
 */
export const NODE_TYPES = new NodeTypes([
  ...SCENE_NODE_TYPES,
  lookAt2DType,
  twoBoneIK2DType,
  ccdIK2DType,
  fabrik2DType,
  jacobianIK2DType,
]);
