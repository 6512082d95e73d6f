import { NodeTypes } from '../scene/node-type';
import { SCENE_NODE_TYPES } from '../scene/scene-node-types';
import { ccdIK2DType } from './ccd-ik-2d';
import { fabrik2DType } from './fabrik-2d';
import { jacobianIK2DType } from './jacobian-ik-2d';
import { lookAt2DType } from './look-at-2d';
import { twoBoneIK2DType } from './two-bone-ik-2d';

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
