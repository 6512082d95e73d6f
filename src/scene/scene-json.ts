import type { Vec2 } from '../math/vec2';
import { Bone2D } from './bone2d';
import { FieldReader } from './field-reader';
import { Line2D } from './line2d';
import { MARKER_ROLES, Marker2D } from './marker2d';
import { Node } from './node';
import { Node2D } from './node2d';
import { Polygon2D } from './polygon2d';
import { SceneFormatError } from './scene-format-error';

/**
 * Scenes as JSON, like Godot's .tscn but JSON: { format, version, root }, each node
 * { type, name, ...fields, children }. Rotations are radians; vectors are [x, y].
 */
export const SCENE_FORMAT = 'ik-scene';
export const SCENE_VERSION = 1;

export interface NodeJSON {
  type: string;
  name: string;
  children?: NodeJSON[];
  [field: string]: unknown;
}

export interface SceneJSON {
  format: typeof SCENE_FORMAT;
  version: number;
  root: NodeJSON;
}

/** How one class's own fields go to and from JSON. Applied to every node that is an instance. */
interface FieldCodec<N extends Node> {
  owner: abstract new (...args: never[]) => N;
  write(node: N): Record<string, unknown>;
  read(node: N, fields: FieldReader): void;
}

const constructors = new Map<string, () => Node>();
const codecs: FieldCodec<Node>[] = [];

/** Makes a node type loadable: `create` gives a fresh node of it. */
export function registerNodeType(type: string, create: () => Node): void {
  constructors.set(type, create);
}

/** Adds the fields a class contributes (in class order: register base classes first). */
export function registerFields<N extends Node>(codec: FieldCodec<N>): void {
  codecs.push(codec as unknown as FieldCodec<Node>);
}

export const registeredNodeTypes = (): string[] => [...constructors.keys()];

registerNodeType('Node', () => new Node());
registerNodeType('Node2D', () => new Node2D());
registerNodeType('Bone2D', () => new Bone2D());
registerNodeType('Marker2D', () => new Marker2D());
registerNodeType('Polygon2D', () => new Polygon2D());
registerNodeType('Line2D', () => new Line2D());

registerFields<Node>({
  owner: Node,
  write: (n) => (n.processPriority !== 0 ? { processPriority: n.processPriority } : {}),
  read: (n, f) => {
    n.processPriority = f.number('processPriority', n.processPriority);
  },
});

registerFields<Node2D>({
  owner: Node2D,
  write: (n) => ({
    position: [n.position.x, n.position.y],
    rotation: n.rotation,
    scale: [n.scale.x, n.scale.y],
    ...(n.modulate !== '#ffffff' ? { modulate: n.modulate } : {}),
  }),
  read: (n, f) => {
    n.position = f.vec2('position', { x: 0, y: 0 });
    n.rotation = f.number('rotation', 0);
    n.scale = f.vec2('scale', { x: 1, y: 1 });
    n.modulate = f.string('modulate', '#ffffff');
  },
});

registerFields<Bone2D>({
  owner: Bone2D,
  write: (n) => ({
    length: n.length,
    rest: {
      position: [n.rest.position.x, n.rest.position.y],
      rotation: n.rest.rotation,
      scale: [n.rest.scale.x, n.rest.scale.y],
    },
  }),
  read: (n, f) => {
    n.length = f.number('length', 16, { min: 0 });
    const rest = f.raw('rest');
    if (rest === undefined) {
      n.setRestFromPose();
      return;
    }
    if (!isObject(rest))
      throw new SceneFormatError(f.at('rest'), 'an object { position, rotation, scale }', rest);
    const r = new FieldReader(f.at('rest'), rest);
    n.rest = {
      position: r.vec2('position', { x: 0, y: 0 }),
      rotation: r.number('rotation', 0),
      scale: r.vec2('scale', { x: 1, y: 1 }),
    };
    r.rejectUnknown('a rest pose');
  },
});

registerFields<Marker2D>({
  owner: Marker2D,
  write: (n) => ({ role: n.role, draggable: n.draggable, gizmoExtents: n.gizmoExtents }),
  read: (n, f) => {
    n.role = f.oneOf('role', MARKER_ROLES, 'marker');
    n.draggable = f.boolean('draggable', n.role !== 'marker');
    n.gizmoExtents = f.number('gizmoExtents', 10, { min: 0 });
  },
});

const pairs = (points: readonly Vec2[]) => points.map((p) => [p.x, p.y]);

registerFields<Polygon2D>({
  owner: Polygon2D,
  write: (n) => ({
    polygon: pairs(n.polygon),
    color: n.color,
    outline: n.outline,
    outlineWidth: n.outlineWidth,
  }),
  read: (n, f) => {
    n.polygon = f.vec2List('polygon', []);
    n.color = f.string('color', 'bone');
    n.outline = f.string('outline', '');
    n.outlineWidth = f.number('outlineWidth', 1.5, { min: 0 });
  },
});

registerFields<Line2D>({
  owner: Line2D,
  write: (n) => ({
    points: pairs(n.points),
    width: n.width,
    defaultColor: n.defaultColor,
    closed: n.closed,
  }),
  read: (n, f) => {
    n.points = f.vec2List('points', []);
    n.width = f.number('width', 2, { min: 0 });
    n.defaultColor = f.string('defaultColor', 'boneOutline');
    n.closed = f.boolean('closed', false);
  },
});

export function nodeToJSON(node: Node): NodeJSON {
  const json: NodeJSON = { type: node.typeName, name: node.name };
  for (const codec of codecs)
    if (node instanceof codec.owner) Object.assign(json, codec.write(node));
  if (node.children.length) json.children = node.children.map(nodeToJSON);
  return json;
}

export function sceneToJSON(root: Node): SceneJSON {
  return { format: SCENE_FORMAT, version: SCENE_VERSION, root: nodeToJSON(root) };
}

/** Builds a node tree from parsed JSON. Throws SceneFormatError naming the first bad field. */
export function nodeFromJSON(json: unknown, path = 'root'): Node {
  if (!isObject(json)) throw new SceneFormatError(path, 'a node object { type, name, ... }', json);
  const f = new FieldReader(path, json);
  const type = f.string('type', '');
  const create = constructors.get(type);
  if (!create) {
    throw new SceneFormatError(
      f.at('type'),
      `a node type: ${registeredNodeTypes().join(', ')}`,
      json.type,
    );
  }
  const node = create();
  const name = f.string('name', type);
  if (name.trim() === '') throw new SceneFormatError(f.at('name'), 'a non-empty name', name);
  node.name = name;
  for (const codec of codecs) if (node instanceof codec.owner) codec.read(node, f);
  const children = f.raw('children');
  if (children !== undefined) {
    if (!Array.isArray(children))
      throw new SceneFormatError(f.at('children'), 'an array of nodes', children);
    children.forEach((child, i) => {
      const built = nodeFromJSON(child, `${f.at('children')}[${i}]`);
      node.addChild(built);
      if (built.name !== (child as NodeJSON).name) {
        throw new SceneFormatError(
          `${f.at('children')}[${i}].name`,
          'a name no sibling has',
          (child as NodeJSON).name,
        );
      }
    });
  }
  f.rejectUnknown(type);
  return node;
}

/** Parses a scene file's text. Throws SceneFormatError (also for text that is not JSON). */
export function sceneFromJSON(input: string | unknown): Node {
  let json: unknown = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch (e) {
      throw new SceneFormatError('(file)', 'JSON text', (e as Error).message);
    }
  }
  if (!isObject(json))
    throw new SceneFormatError('(file)', 'an object { format, version, root }', json);
  const f = new FieldReader('scene', json);
  const format = f.string('format', '');
  if (format !== SCENE_FORMAT)
    throw new SceneFormatError(f.at('format'), `"${SCENE_FORMAT}"`, json.format);
  const version = f.number('version', NaN);
  if (version !== SCENE_VERSION)
    throw new SceneFormatError(f.at('version'), String(SCENE_VERSION), json.version);
  const root = nodeFromJSON(f.raw('root'), 'root');
  f.rejectUnknown('a scene');
  return root;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
