import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FABRIK2D } from '../../src/ik/fabrik-2d';
import { NODE_TYPES } from '../../src/ik/node-types';
import {
  MAX_DEPTH,
  MAX_NODES,
  MAX_SCENE_BYTES,
  openSceneText,
} from '../../src/playground/share/scene-file';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { Node2D } from '../../src/scene/node2d';
import { type NodeJSON, type SceneJSON, sceneToJSON } from '../../src/scene/scene-json';

const WHAT = 'The file “arm.json”';

/** A small rigged arm, built from real nodes and written by sceneToJSON. */
function armScene(): SceneJSON {
  const root = new Node2D('Scene');
  const skeleton = root.addChild(new Node2D('Skeleton'));
  const upper = skeleton.addChild(new Bone2D('Upper', 60));
  upper.rotation = 0.4;
  const forearm = upper.addChild(new Bone2D('Forearm', 45));
  forearm.position = { x: 60, y: 0 };
  forearm.scale = { x: -1, y: 1 };
  const target = root.addChild(new Marker2D('Target', 'target'));
  target.position = { x: 80, y: 30 };
  const ik = root.addChild(new FABRIK2D('IK'));
  ik.rootBonePath = '../Skeleton/Upper';
  ik.tipBonePath = '../Skeleton/Upper/Forearm';
  ik.targetPath = '../Target';
  ik.mix = 0.5;
  return sceneToJSON(root, NODE_TYPES, {
    title: 'Arm',
    view: { x: -100, y: -100, width: 300, height: 200 },
    exposed: [{ node: 'Target', property: 'position', as: 'target' }],
  });
}

/** A deep copy to break, and the node objects in it by name. */
function broken(edit: (nodes: Record<string, NodeJSON>, json: SceneJSON) => void): string {
  const json = JSON.parse(JSON.stringify(armScene())) as SceneJSON;
  const nodes: Record<string, NodeJSON> = {};
  const visit = (n: NodeJSON) => {
    nodes[n.name] = n;
    n.children?.forEach(visit);
  };
  visit(json.root);
  edit(nodes, json);
  return JSON.stringify(json);
}

/** The refusal message, checked for the parts every refusal has. */
function refusal(text: string): string {
  const r = openSceneText(text, NODE_TYPES, WHAT);
  expect(r.ok).toBe(false);
  const message = (r as { message: string }).message;
  expect(message.startsWith(`${WHAT} was not opened: `)).toBe(true);
  expect(message).toMatch(/[.)]$/);
  expect(message).not.toMatch(/unchanged/);
  return message;
}

describe('openSceneText: a valid scene', () => {
  it('opens, and writes back to the same JSON', () => {
    const json = armScene();
    const r = openSceneText(JSON.stringify(json), NODE_TYPES, WHAT);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.doc.title).toBe('Arm');
    expect(r.doc.view).toEqual({ x: -100, y: -100, width: 300, height: 200 });
    expect(r.doc.exposed).toEqual([{ node: 'Target', property: 'position', as: 'target' }]);
    const forearm = r.doc.root.getNode('Skeleton/Upper/Forearm');
    expect(forearm).toBeInstanceOf(Bone2D);
    expect((forearm as Bone2D).length).toBe(45);
    expect((forearm as Bone2D).scale).toEqual({ x: -1, y: 1 });
    const back = sceneToJSON(r.doc.root, NODE_TYPES, {
      title: r.doc.title,
      view: r.doc.view,
      exposed: r.doc.exposed,
    });
    expect(back).toEqual(json);
  });
});

describe('openSceneText: refusals name the field, the node and what is allowed', () => {
  it('text that is not JSON', () => {
    const m = refusal('{"format": "ik-scene", root: }');
    expect(m).toMatch(/it is not JSON text \(.+\)\. A scene file is what “Save \.json” writes\./);
    expect(refusal('')).toMatch(/not JSON text/);
  });

  it('an unknown node type', () => {
    const m = refusal(broken((n) => (n.Forearm!.type = 'Bone3D')));
    expect(m).toContain('root.children[0].children[0].children[0].type');
    expect(m).toContain('Bone3D “Forearm”');
    expect(m).toContain('got "Bone3D"');
    // What is allowed: every listed node type.
    for (const name of NODE_TYPES.names) expect(m).toContain(name);
    expect(m).toContain(`expected a node type: ${NODE_TYPES.names.join(', ')}`);
  });

  it('a field of the wrong type: a number, a vector, a boolean', () => {
    let m = refusal(broken((n) => (n.Forearm!.length = 'long')));
    expect(m).toContain('root.children[0].children[0].children[0].length');
    expect(m).toContain('(in the Bone2D “Forearm”)');
    expect(m).toContain('expected a number ≥ 0');
    expect(m).toContain('got "long"');

    m = refusal(broken((n) => (n.Target!.position = [80, 'thirty'])));
    expect(m).toContain('root.children[1].position[1]');
    expect(m).toContain('(in the Marker2D “Target”)');
    expect(m).toContain('expected a finite number');

    m = refusal(broken((n) => (n.Target!.position = { x: 1, y: 2 })));
    expect(m).toContain('root.children[1].position');
    expect(m).toContain('expected a pair of numbers [x, y]');

    m = refusal(broken((n) => (n.IK!.enabled = 'yes')));
    expect(m).toContain('root.children[2].enabled');
    expect(m).toContain('(in the FABRIK2D “IK”)');
    expect(m).toContain('expected true or false');
  });

  it('a field the node type does not have lists the fields it has', () => {
    const m = refusal(broken((n) => (n.Upper!.lenght = 60)));
    expect(m).toContain('root.children[0].children[0].lenght');
    expect(m).toContain('Bone2D “Upper”');
    expect(m).toMatch(/no such field on Bone2D \(fields: .*\blength\b.*\)/);
  });

  it('a duplicate sibling name', () => {
    const m = refusal(broken((n) => (n.Target!.name = 'Skeleton')));
    expect(m).toContain('root.children[1].name');
    expect(m).toContain('Marker2D “Skeleton”');
    expect(m).toContain('expected a name no sibling has');
  });

  it('a file over MAX_SCENE_BYTES, counted in UTF-8 bytes, not characters', () => {
    // 1 000 001 "é" are fewer characters than the limit but more bytes (2 each).
    const title = 'é'.repeat(MAX_SCENE_BYTES / 2 + 1);
    const text = broken((_, json) => (json.title = title));
    expect(text.length).toBeLessThan(MAX_SCENE_BYTES);
    const m = refusal(text);
    expect(m).toContain('the playground opens scenes up to 2.0 MB');
    // Just under the limit, the same scene opens.
    const fits = broken((_, json) => (json.title = 'é'.repeat(MAX_SCENE_BYTES / 2 - 400)));
    expect(new TextEncoder().encode(fits).length).toBeLessThanOrEqual(MAX_SCENE_BYTES);
    expect(openSceneText(fits, NODE_TYPES, WHAT).ok).toBe(true);
  });

  /** A scene of exactly `total` nodes: the root, groups of up to 200 leaves under it. */
  function sceneOf(total: number): string {
    const groups = Math.ceil((total - 1) / 201);
    let leaves = total - 1 - groups;
    const children: NodeJSON[] = [];
    for (let g = 0; g < groups; g++) {
      const n = Math.min(200, leaves);
      leaves -= n;
      children.push({
        type: 'Node',
        name: `G${g}`,
        children: Array.from({ length: n }, (_, i) => ({ type: 'Node', name: `L${i}` })),
      });
    }
    return JSON.stringify({
      format: 'ik-scene',
      version: 1,
      root: { type: 'Node2D', name: 'Root', children },
    });
  }

  it(`more than MAX_NODES (${MAX_NODES}) nodes; exactly MAX_NODES opens`, () => {
    const m = refusal(sceneOf(MAX_NODES + 1));
    expect(m).toContain('more than 20,000 nodes; the playground opens scenes up to 20,000.');
    const r = openSceneText(sceneOf(MAX_NODES), NODE_TYPES, WHAT);
    expect(r.ok).toBe(true);
    let count = 0;
    if (r.ok) r.doc.root.walk(() => void count++);
    expect(count).toBe(MAX_NODES);
  });

  /** A chain of nodes `depth` levels deep (1: the root alone), written as text. */
  function chainOf(depth: number, type = 'Bone2D'): string {
    // Concatenated, not JSON.stringify'd: stringify itself recurses and overflows this deep.
    const open = `{"type":"${type}","name":"B","children":[`;
    const inner = `{"type":"${type}","name":"B"}`;
    const root = open.repeat(depth - 1) + inner + ']}'.repeat(depth - 1);
    return `{"format":"ik-scene","version":1,"root":${root}}`;
  }

  it(`nodes nested deeper than MAX_DEPTH (${MAX_DEPTH}) get a message, not a stack overflow`, () => {
    for (const depth of [MAX_DEPTH + 1, 5000, 20_000]) {
      const m = refusal(chainOf(depth));
      expect(m).toContain(`nest more than ${MAX_DEPTH} levels deep`);
    }
    // A bone chain exactly MAX_DEPTH deep opens, and saves again.
    const r = openSceneText(chainOf(MAX_DEPTH), NODE_TYPES, WHAT);
    expect(r.ok).toBe(true);
    if (r.ok) expect(sceneToJSON(r.doc.root, NODE_TYPES)).toEqual(JSON.parse(chainOf(MAX_DEPTH)));
  });

  it('anything else wrong with a scene: never throws, and the message keeps its form', () => {
    const base = armScene();
    const paths: string[][] = [];
    const collect = (v: unknown, at: string[]) => {
      paths.push(at);
      if (v && typeof v === 'object')
        for (const [k, c] of Object.entries(v)) collect(c, [...at, k]);
    };
    collect(base, []);
    fc.assert(
      fc.property(
        fc.constantFrom(...paths.filter((p) => p.length > 0)),
        fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined)),
        (path, value) => {
          const json = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
          let at: Record<string, unknown> = json;
          for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
          at[path[path.length - 1]!] = value;
          const r = openSceneText(JSON.stringify(json), NODE_TYPES, WHAT);
          if (!r.ok) {
            expect(r.message.startsWith(`${WHAT} was not opened: `)).toBe(true);
            expect(r.message).toMatch(/[.)]$/);
          }
        },
      ),
      { numRuns: 400, seed: 31337 },
    );
  });
});
