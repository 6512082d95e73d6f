import { describe, expect, it } from 'vitest';
import { LookAt2D } from '../../src/ik/look-at-2d';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { Node2D } from '../../src/scene/node2d';
import { SceneFormatError } from '../../src/scene/scene-format-error';
import { sceneFromJSON, sceneToJSON } from '../../src/scene/scene-json';
import { NODE_TYPES } from '../../src/ik/node-types';

function sampleScene() {
  const root = new Node2D('Body');
  root.position = { x: 12.5, y: -3 };
  root.scale = { x: -1, y: 1 };
  const neck = root.addChild(new Bone2D('Neck', 80));
  neck.rotation = -0.7;
  neck.setRestFromPose();
  const head = neck.addChild(new Bone2D('Head', 30));
  head.position = { x: 80, y: 0 };
  head.scale = { x: 1, y: -1 };
  const target = root.addChild(new Marker2D('Target', 'target'));
  target.position = { x: 50, y: 60 };
  const pole = root.addChild(new Marker2D('Pole', 'pole', false));
  pole.gizmoExtents = 4;
  const ik = root.addChild(new LookAt2D('LookAt2D'));
  ik.bonePath = head.getPathFrom(ik);
  ik.targetPath = target.getPathFrom(ik);
  ik.constrained = true;
  ik.minAngle = -0.5;
  ik.maxAngle = 0.75;
  ik.rotationOffset = 0.1;
  return { root, head, ik };
}

const validScene = () => JSON.parse(JSON.stringify(sceneToJSON(sampleScene().root, NODE_TYPES)));

function formatError(input: unknown): SceneFormatError {
  try {
    sceneFromJSON(input, NODE_TYPES);
  } catch (e) {
    if (e instanceof SceneFormatError) return e;
    throw e;
  }
  throw new Error('expected a SceneFormatError');
}

describe('scene JSON', () => {
  it('round-trips: same JSON, same global transforms, same solve', () => {
    const { root, head, ik } = sampleScene();
    const text = JSON.stringify(sceneToJSON(root, NODE_TYPES));
    const loaded = sceneFromJSON(text, NODE_TYPES) as Node2D;
    expect(sceneToJSON(loaded, NODE_TYPES)).toEqual(JSON.parse(text));
    const loadedHead = loaded.getNode('Neck/Head') as Bone2D;
    expect(loadedHead).toBeInstanceOf(Bone2D);
    expect(loadedHead.globalTransform).toEqual(head.globalTransform);
    const loadedIk = loaded.getNode('LookAt2D') as LookAt2D;
    expect(loadedIk.processPriority).toBe(100);
    expect(loadedIk.solve().rotation).toBeCloseTo(ik.solve().rotation, 12);
    expect((loaded.getNode('Pole') as Marker2D).draggable).toBe(false);
    expect((loaded.getNode('Neck') as Bone2D).rest.rotation).toBeCloseTo(-0.7, 12);
  });

  it('names the bad field and what was expected', () => {
    const cases: Array<[(s: ReturnType<typeof validScene>) => void, string, RegExp]> = [
      [
        (s) => (s.root.children[0].scale = [1, 'x']),
        'root.children[0].scale[1]',
        /expected a finite number, got "x"/,
      ],
      [(s) => (s.root.children[0].scale = [1]), 'root.children[0].scale', /a pair of numbers/],
      [
        (s) => (s.root.children[0].type = 'Bone3D'),
        'root.children[0].type',
        /a node type: Node, Node2D, Bone2D, Marker2D, Polygon2D, Line2D, LookAt2D/,
      ],
      [
        (s) => (s.root.children[0].lenght = 5),
        'root.children[0].lenght',
        /no such field on Bone2D/,
      ],
      [
        (s) => (s.root.children[0].length = -5),
        'root.children[0].length',
        /a number ≥ 0 \(scene units\), got -5/,
      ],
      [
        (s) => (s.root.children[1].role = 'goal'),
        'root.children[1].role',
        /one of "target", "pole", "marker"/,
      ],
      [
        (s) => (s.root.children[0].children[0].restRotation = 'up'),
        'root.children[0].children[0].restRotation',
        /finite number/,
      ],
      [
        (s) => (s.root.children[3].constrained = 'yes'),
        'root.children[3].constrained',
        /true or false/,
      ],
      [(s) => (s.root.children = {}), 'root.children', /an array of nodes/],
      [
        (s) => (s.root.children[2].name = 'Target'),
        'root.children[2].name',
        /a name no sibling has/,
      ],
      [(s) => (s.format = 'tscn'), 'scene.format', /"ik-scene"/],
      [(s) => (s.version = 2), 'scene.version', /1/],
    ];
    for (const [breakIt, path, message] of cases) {
      const s = validScene();
      breakIt(s);
      const e = formatError(JSON.stringify(s));
      expect(e.path, path).toBe(path);
      expect(e.message).toMatch(message);
      expect(e.message.startsWith(`${path}: expected `)).toBe(true);
    }
  });

  it('reports text that is not JSON, or not an object', () => {
    expect(formatError('{ nope').path).toBe('(file)');
    expect(formatError('[1, 2]').message).toMatch(/an object \{ format, version, root \}/);
    expect(formatError({ format: 'ik-scene', version: 1, root: 7 }).path).toBe('root');
  });
});
