import type { NodeTypes } from '../../scene/node-type.ts';
import { SceneFormatError } from '../../scene/scene-format-error.ts';
import { readScene, type SceneDocument } from '../../scene/scene-json.ts';

/** Largest scene file the playground opens (a lesson's scene is 2–40 KB). */
export const MAX_SCENE_BYTES = 2_000_000;
/** Most nodes a scene may have: far beyond any lesson (the 100-spider swarm has about 5 000). */
export const MAX_NODES = 20_000;
/**
 * Deepest nesting of nodes a scene may have (a lesson's scene nests under 10 deep). Reading,
 * saving and drawing a tree recurse once per level, so a much deeper file (a crafted link, a
 * 2 000-bone chain) overflowed the call stack: a RangeError thrown past openSceneText instead
 * of a message. 500 levels leave V8's stack a wide margin.
 */
export const MAX_DEPTH = 500;

export type OpenResult = { ok: true; doc: SceneDocument } | { ok: false; message: string };

/**
 * Reads a scene file, a pasted text or a link's scene. Anything wrong comes back as a message
 * naming the field and the node it belongs to and what is allowed there; the caller keeps the
 * scene it has, so nothing is lost, and says so in its own words.
 */
export function openSceneText(text: string, types: NodeTypes, what: string): OpenResult {
  const fail = (detail: string): OpenResult => ({
    ok: false,
    message: `${what} was not opened: ${detail}`,
  });
  const bytes = new Blob([text]).size;
  if (bytes > MAX_SCENE_BYTES)
    return fail(
      `it is ${megabytes(bytes)}; the playground opens scenes up to ${megabytes(MAX_SCENE_BYTES)}.`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return fail(
      `it is not JSON text (${(e as Error).message}). A scene file is what “Save .json” writes.`,
    );
  }
  const count = countNodes((json as { root?: unknown })?.root, MAX_NODES + 1);
  if (count > MAX_NODES)
    return fail(
      `it has more than ${MAX_NODES.toLocaleString('en')} nodes; the playground opens scenes up to ${MAX_NODES.toLocaleString('en')}.`,
    );
  if (depthOf((json as { root?: unknown })?.root, MAX_DEPTH + 1) > MAX_DEPTH)
    return fail(
      `its nodes nest more than ${MAX_DEPTH} levels deep; the playground opens scenes up to ${MAX_DEPTH} levels.`,
    );
  try {
    return { ok: true, doc: readScene(json, types) };
  } catch (e) {
    if (!(e instanceof SceneFormatError)) throw e;
    const node = nodeAt(json, e.path);
    return fail(`${e.message}${node ? ` (in the ${node})` : ''}.`);
  }
}

const megabytes = (b: number) => `${(b / 1_000_000).toFixed(1)} MB`;

function countNodes(node: unknown, stop: number): number {
  let n = 0;
  const stack = [node];
  while (stack.length && n < stop) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    n++;
    const children = (v as { children?: unknown }).children;
    if (Array.isArray(children)) stack.push(...children);
  }
  return n;
}

/** How deeply nodes nest below `node` (1: a lone node), counted up to `stop`; no recursion. */
function depthOf(node: unknown, stop: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[node, 1]];
  while (stack.length && deepest < stop) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    deepest = Math.max(deepest, depth);
    const children = (v as { children?: unknown }).children;
    if (Array.isArray(children)) for (const c of children) stack.push([c, depth + 1]);
  }
  return deepest;
}

/**
 * The node an error path points into, as "Bone2D “Forearm”": follows root.children[i]… through
 * the JSON and names the last node object passed.
 */
export function nodeAt(json: unknown, path: string): string {
  if (!path.startsWith('root')) return '';
  let v: unknown = (json as { root?: unknown })?.root;
  let found = describeNode(v);
  for (const m of path.slice(4).matchAll(/\.children\[(\d+)\]/g)) {
    const children = (v as { children?: unknown[] })?.children;
    v = Array.isArray(children) ? children[Number(m[1])] : undefined;
    found = describeNode(v) || found;
  }
  return found;
}

function describeNode(v: unknown): string {
  if (typeof v !== 'object' || v === null) return '';
  const { type, name } = v as { type?: unknown; name?: unknown };
  if (typeof name !== 'string') return '';
  return `${typeof type === 'string' ? type : 'node'} “${name}”`;
}
