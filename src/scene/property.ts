import type { Vec2 } from '../math/vec2.ts';
import type { Node } from './node.ts';

/**
 * One property of a node class, described once, as Godot's ADD_PROPERTY does: its name (the
 * scene JSON key and the URL parameter name), a label, what kind of value it holds, and how to
 * read and write it. The inspector, scene JSON, the scene panel's read-out, undo and exposed
 * embed parameters are all driven by these descriptions; none of them knows the classes.
 */
export interface Property<N extends Node = Node, V = unknown> {
  readonly name: string;
  readonly label: string;
  readonly kind: PropertyKind;
  /** Inspector section, e.g. "Transform"; properties of one group are shown together. */
  readonly group: string;
  /** One sentence for the tooltip: what the property does. */
  readonly help?: string;
  get(node: N): V;
  /** Absent for read-only properties: shown, never edited, never saved. */
  set?(node: N, value: V): void;
  /**
   * What a scene file that leaves the property out means, when that is not the fresh node's
   * value: a Bone2D without a rest pose rests where it stands. Files leave out values equal to it.
   */
  missingMeans?(node: N): V;
}

/** Limits on one angle (radians): the arc clockwise from min to max, if `limited`. */
export interface AngleRange {
  limited: boolean;
  min: number;
  max: number;
}

/** Which nodes a node-path property may lead to, and how to say so. */
export interface NodeFilter {
  test(node: Node): boolean;
  /** e.g. "a Bone2D" */
  describe: string;
}

export type PropertyKind =
  | NumberKind
  | { type: 'angle'; min?: number; max?: number }
  | { type: 'vector'; min?: number; step?: number; unit?: string; flip?: boolean }
  | { type: 'boolean' }
  | { type: 'choice'; options: readonly string[] }
  | { type: 'nodePath'; accepts: NodeFilter }
  | { type: 'pathList'; accepts: NodeFilter }
  | { type: 'color'; allowNone?: boolean }
  | { type: 'points' }
  | { type: 'limits' }
  | { type: 'text' };

export interface NumberKind {
  type: 'number';
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  integer?: boolean;
}

/** The value type each kind holds. */
export interface KindValues {
  number: number;
  angle: number;
  vector: Vec2;
  boolean: boolean;
  choice: string;
  nodePath: string;
  pathList: string[];
  color: string;
  points: Vec2[];
  limits: AngleRange[];
  text: string;
}

type KindOf<T extends PropertyKind['type']> = Extract<PropertyKind, { type: T }>;

/** A property of a given kind, typed: what the `*Property` helpers below return. */
export type TypedProperty<N extends Node, T extends PropertyKind['type']> = Property<
  N,
  KindValues[T]
> & { readonly kind: KindOf<T> };

interface Spec<N extends Node, V> {
  name: string;
  label: string;
  group: string;
  help?: string;
  get(node: N): V;
  set?(node: N, value: V): void;
  missingMeans?(node: N): V;
}

function make<T extends PropertyKind['type']>(type: T) {
  return <N extends Node>(
    spec: Spec<N, KindValues[T]> & Omit<KindOf<T>, 'type'>,
  ): TypedProperty<N, T> => {
    const { name, label, group, help, get, set, missingMeans, ...options } = spec;
    const out: Property<N, KindValues[T]> = {
      name,
      label,
      group,
      kind: { type, ...options } as unknown as KindOf<T>,
      get,
    };
    return Object.assign(
      out,
      help ? { help } : {},
      set ? { set } : {},
      missingMeans ? { missingMeans } : {},
    ) as TypedProperty<N, T>;
  };
}

export const numberProperty = make('number');
/** Radians in code and files, degrees in the inspector and in URLs. */
export const angleProperty = make('angle');
export const vectorProperty = make('vector');
export const booleanProperty = make('boolean');
export const choiceProperty = make('choice');
export const nodePathProperty = make('nodePath');
export const pathListProperty = make('pathList');
export const colorProperty = make('color');
export const pointsProperty = make('points');
export const limitsProperty = make('limits');
/** A read-only line of text (a solver's status): shown, never saved. */
export const textProperty = make('text');

/** A filter for node-path properties: nodes of a class. */
export function nodesOf(
  cls: abstract new (...args: never[]) => Node,
  describe: string,
): NodeFilter {
  return { test: (node) => node instanceof cls, describe };
}

/** Editable and saved: has a setter. */
export const isEditable = (p: Property): boolean => typeof p.set === 'function';
