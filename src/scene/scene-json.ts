import type { Node } from './node.ts';
import type { NodeTypes } from './node-type.ts';
import { isEditable } from './property.ts';
import { readValue, sameValue, writeValue } from './property-values.ts';
import { SceneFormatError } from './scene-format-error.ts';

/**
 * Scenes as JSON, like Godot's .tscn but JSON: { format, version, root }, each node
 * { type, name, ...properties, children }. Each property is written and read as its node type
 * describes it (rotations in radians, vectors as [x, y]); a property still at the value a fresh
 * node of that type has is left out, so files stay short and say only what was changed.
 * Which node types a file may hold is the `types` list the caller passes.
 */
export const SCENE_FORMAT = 'ik-scene';
export const SCENE_VERSION = 1;

export interface NodeJSON {
  type: string;
  name: string;
  children?: NodeJSON[];
  [field: string]: unknown;
}

/** The part of the scene a viewer shows first (scene units), as the author framed it. */
export interface ViewRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A node property an embed may set from its URL: `?<as>=<value>` (or the property's own name).
 * `node` is the node's path from the root ("." for the root itself).
 */
export interface ExposedProperty {
  node: string;
  property: string;
  as: string;
}

export interface SceneJSON {
  format: typeof SCENE_FORMAT;
  version: number;
  title?: string;
  view?: ViewRect;
  exposed?: ExposedProperty[];
  root: NodeJSON;
}

/** A scene as the playground keeps it: the tree plus what the file says around it. */
export interface SceneDocument {
  root: Node;
  title: string;
  view: ViewRect | null;
  exposed: ExposedProperty[];
}

export function nodeToJSON(node: Node, types: NodeTypes): NodeJSON {
  const type = types.savedAs(node);
  const json: NodeJSON = { type: type.name, name: node.name };
  const fresh = types.defaults(type);
  for (const p of types.properties(type)) {
    if (!isEditable(p)) continue;
    const value = p.get(node);
    const omitted = p.missingMeans ? p.missingMeans(node) : p.get(fresh);
    if (!sameValue(p.kind, value, omitted)) json[p.name] = writeValue(p.kind, value);
  }
  if (node.children.length) json.children = node.children.map((c) => nodeToJSON(c, types));
  return json;
}

export function sceneToJSON(
  root: Node,
  types: NodeTypes,
  extra: { title?: string; view?: ViewRect | null; exposed?: readonly ExposedProperty[] } = {},
): SceneJSON {
  const json: SceneJSON = {
    format: SCENE_FORMAT,
    version: SCENE_VERSION,
    root: nodeToJSON(root, types),
  };
  if (extra.title) json.title = extra.title;
  if (extra.view) json.view = { ...extra.view };
  if (extra.exposed?.length) json.exposed = extra.exposed.map((e) => ({ ...e }));
  return json;
}

/** Builds a node tree from parsed JSON. Throws SceneFormatError naming the first bad field. */
export function nodeFromJSON(json: unknown, types: NodeTypes, path = 'root'): Node {
  if (!isObject(json)) throw new SceneFormatError(path, 'a node object { type, name, ... }', json);
  const type = types.named(typeof json.type === 'string' ? json.type : '');
  if (!type?.create)
    throw new SceneFormatError(`${path}.type`, `a node type: ${types.names.join(', ')}`, json.type);
  const node = type.create();
  const name = json.name ?? type.name;
  if (typeof name !== 'string') throw new SceneFormatError(`${path}.name`, 'a string', name);
  if (name.trim() === '') throw new SceneFormatError(`${path}.name`, 'a non-empty name', name);
  node.name = name;
  const props = types.properties(type).filter(isEditable);
  for (const key of Object.keys(json)) {
    if (key === 'type' || key === 'name' || key === 'children') continue;
    if (!props.some((p) => p.name === key)) {
      const fields = ['name', ...props.map((p) => p.name), 'children'].sort().join(', ');
      throw new SceneFormatError(
        `${path}.${key}`,
        `no such field on ${type.name} (fields: ${fields})`,
        json[key],
      );
    }
  }
  for (const p of props) {
    if (p.name in json) p.set!(node, readValue(p.kind, json[p.name], `${path}.${p.name}`));
    else if (p.missingMeans) p.set!(node, p.missingMeans(node));
  }
  const children = json.children;
  if (children !== undefined) {
    if (!Array.isArray(children))
      throw new SceneFormatError(`${path}.children`, 'an array of nodes', children);
    children.forEach((child, i) => {
      const at = `${path}.children[${i}]`;
      const built = nodeFromJSON(child, types, at);
      if (node.children.some((c) => c.name === built.name))
        throw new SceneFormatError(`${at}.name`, 'a name no sibling has', built.name);
      node.addChild(built);
    });
  }
  return node;
}

/** Parses a scene file (text or parsed JSON). Throws SceneFormatError naming the bad field. */
export function readScene(input: string | unknown, types: NodeTypes): SceneDocument {
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
  const allowed = ['format', 'version', 'title', 'view', 'exposed', 'root'];
  for (const key of Object.keys(json))
    if (!allowed.includes(key))
      throw new SceneFormatError(
        `scene.${key}`,
        `no such field on a scene (fields: ${allowed.join(', ')})`,
        json[key],
      );
  if (json.format !== SCENE_FORMAT)
    throw new SceneFormatError('scene.format', `"${SCENE_FORMAT}"`, json.format);
  if (json.version !== SCENE_VERSION)
    throw new SceneFormatError('scene.version', String(SCENE_VERSION), json.version);
  const title = json.title ?? '';
  if (typeof title !== 'string') throw new SceneFormatError('scene.title', 'text', title);
  const root = nodeFromJSON(json.root, types, 'root');
  return {
    root,
    title,
    view: json.view === undefined ? null : readView(json.view),
    exposed: json.exposed === undefined ? [] : readExposed(json.exposed, root, types),
  };
}

/** The tree of a scene file, for code that needs only the nodes. */
export const sceneFromJSON = (input: string | unknown, types: NodeTypes): Node =>
  readScene(input, types).root;

function readView(v: unknown): ViewRect {
  const expected = 'an object { x, y, width, height } with width and height > 0';
  if (!isObject(v)) throw new SceneFormatError('scene.view', expected, v);
  const out: Record<string, number> = {};
  for (const key of ['x', 'y', 'width', 'height']) {
    const n = v[key];
    if (
      typeof n !== 'number' ||
      !Number.isFinite(n) ||
      ((key === 'width' || key === 'height') && n <= 0)
    )
      throw new SceneFormatError(
        `scene.view.${key}`,
        key === 'x' || key === 'y' ? 'a finite number' : 'a number > 0',
        n,
      );
    out[key] = n;
  }
  return out as unknown as ViewRect;
}

/** Kinds a URL can set: one value typed as text. */
export const EXPOSABLE_KINDS = ['number', 'angle', 'vector', 'boolean', 'choice'] as const;

function readExposed(v: unknown, root: Node, types: NodeTypes): ExposedProperty[] {
  if (!Array.isArray(v))
    throw new SceneFormatError('scene.exposed', 'a list of { node, property, as }', v);
  const names = new Set<string>();
  return v.map((item, i) => {
    const at = `scene.exposed[${i}]`;
    if (!isObject(item)) throw new SceneFormatError(at, 'an object { node, property, as }', item);
    const { node, property } = item;
    const as = item.as ?? property;
    if (typeof node !== 'string')
      throw new SceneFormatError(`${at}.node`, 'a node path (text)', node);
    const target = root.getNode(node);
    if (!target) throw new SceneFormatError(`${at}.node`, 'the path of a node in this scene', node);
    const p = typeof property === 'string' ? types.property(types.of(target), property) : undefined;
    if (!p || !isEditable(p) || !(EXPOSABLE_KINDS as readonly string[]).includes(p.kind.type)) {
      const usable = types
        .properties(types.of(target))
        .filter(
          (q) => isEditable(q) && (EXPOSABLE_KINDS as readonly string[]).includes(q.kind.type),
        )
        .map((q) => q.name);
      throw new SceneFormatError(
        `${at}.property`,
        `a property of ${target.name} a URL can set: ${usable.join(', ')}`,
        property,
      );
    }
    if (typeof as !== 'string' || !/^[A-Za-z][\w.-]*$/.test(as))
      throw new SceneFormatError(
        `${at}.as`,
        'a parameter name: a letter, then letters, digits, _ . or -',
        as,
      );
    if (names.has(as))
      throw new SceneFormatError(`${at}.as`, 'a name no other exposed property has', as);
    names.add(as);
    return { node, property: property as string, as };
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
