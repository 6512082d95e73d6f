export { Node, processTree } from './node';
export { Node2D } from './node2d';
export { Bone2D, type RestPose } from './bone2d';
export { Marker2D, type MarkerRole, MARKER_ROLES } from './marker2d';
export { Polygon2D, ellipsePolygon } from './polygon2d';
export { Line2D } from './line2d';
export { Signal } from './signal';
export { SceneFormatError } from './scene-format-error';
export * from './scene-json';
