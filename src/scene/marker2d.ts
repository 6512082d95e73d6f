import { Node2D } from './node2d';

/** What a marker stands for; decides how the view draws its handle. */
export type MarkerRole = 'target' | 'pole' | 'marker';
export const MARKER_ROLES: readonly MarkerRole[] = ['target', 'pole', 'marker'];

/**
 * A point in the scene, as Godot's Marker2D: IK targets and poles are markers. `draggable`
 * markers get a handle the student can move with pointer, touch or keyboard.
 */
export class Marker2D extends Node2D {
  override get typeName(): string {
    return 'Marker2D';
  }

  role: MarkerRole = 'marker';
  draggable = false;
  /** Size of the drawn cross, in the scene's units (Godot's gizmo_extents). */
  gizmoExtents = 10;

  constructor(name = 'Marker2D', role: MarkerRole = 'marker', draggable = role !== 'marker') {
    super(name);
    this.role = role;
    this.draggable = draggable;
  }
}
