import { Node2D, node2DType } from './node2d.ts';
import { defineNodeType } from './node-type.ts';
import { booleanProperty, choiceProperty, numberProperty } from './property.ts';

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

export const marker2DType = defineNodeType<Marker2D>({
  name: 'Marker2D',
  summary: 'A point: an IK target, a pole, or a plain marker; draggable ones get a handle.',
  class: Marker2D,
  base: node2DType,
  create: () => new Marker2D(),
  properties: [
    choiceProperty<Marker2D>({
      name: 'role',
      label: 'Role',
      group: 'Marker2D',
      options: MARKER_ROLES,
      help: 'How it is drawn: a target (ringed cross), a pole (diamond) or a plain cross.',
      get: (n) => n.role,
      set: (n, v) => (n.role = v as MarkerRole),
    }),
    booleanProperty<Marker2D>({
      name: 'draggable',
      label: 'Draggable',
      group: 'Marker2D',
      help: 'Gives it a handle that pointer, touch and arrow keys can move.',
      get: (n) => n.draggable,
      set: (n, v) => (n.draggable = v),
    }),
    numberProperty<Marker2D>({
      name: 'gizmoExtents',
      label: 'Gizmo size',
      group: 'Marker2D',
      min: 0,
      unit: 'scene units',
      help: '0 hides the cross until the marker is picked.',
      get: (n) => n.gizmoExtents,
      set: (n, v) => (n.gizmoExtents = v),
    }),
  ],
});
