import { describe, expect, it } from 'vitest';
import { nullControls } from '../../src/demos/null-controls';
import { defaultValues, parseParams } from '../../src/demos/params';
import { sceneDemo } from '../../src/embed/scene-demo';
import { FABRIK2D } from '../../src/ik/fabrik-2d';
import { NODE_TYPES } from '../../src/ik/node-types';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { Node2D } from '../../src/scene/node2d';
import { type SceneDocument, readScene, sceneToJSON } from '../../src/scene/scene-json';

const DEG = Math.PI / 180;
const UPPER_ROTATION = 0.4; // radians: 22.918…°

/** A FABRIK2D arm with a number, an angle, a vector and a boolean exposed, read as a file. */
function armDoc(): SceneDocument {
  const root = new Node2D('Scene');
  const skeleton = root.addChild(new Node2D('Skeleton'));
  const upper = skeleton.addChild(new Bone2D('Upper', 60));
  upper.rotation = UPPER_ROTATION;
  const forearm = upper.addChild(new Bone2D('Forearm', 45));
  forearm.position = { x: 60, y: 0 };
  const target = root.addChild(new Marker2D('Target', 'target'));
  target.position = { x: 80, y: 30 };
  const ik = root.addChild(new FABRIK2D('IK'));
  ik.rootBonePath = '../Skeleton/Upper';
  ik.tipBonePath = '../Skeleton/Upper/Forearm';
  ik.targetPath = '../Target';
  ik.mix = 0.5;
  const json = sceneToJSON(root, NODE_TYPES, {
    title: 'Exposed arm',
    exposed: [
      { node: 'IK', property: 'mix', as: 'mix' },
      { node: 'Skeleton/Upper', property: 'rotation', as: 'Upper.rotation' },
      { node: 'Target', property: 'position', as: 'Target.position' },
      { node: 'IK', property: 'enabled', as: 'solving' },
    ],
  });
  // Through the file format, as the embed page gets it.
  return readScene(JSON.stringify(json), NODE_TYPES);
}

const nodes = (doc: SceneDocument) => ({
  ik: doc.root.getNode('IK') as FABRIK2D,
  upper: doc.root.getNode('Skeleton/Upper') as Bone2D,
  target: doc.root.getNode('Target') as Marker2D,
});

describe('sceneDemo: exposed properties become parameters', () => {
  it('one parameter per number, angle and boolean; two (name.x, name.y) per vector', () => {
    const def = sceneDemo(armDoc(), NODE_TYPES);
    expect(def.title).toBe('Exposed arm');
    expect(Object.keys(def.params)).toEqual([
      'mix',
      'Upper.rotation',
      'Target.position.x',
      'Target.position.y',
      'solving',
    ]);
    expect(def.params.mix).toMatchObject({ type: 'number', default: 0.5, min: 0, max: 1 });
    const rotation = def.params['Upper.rotation']!;
    expect(rotation).toMatchObject({ type: 'number', unit: 'degrees', min: -360, max: 360 });
    // The default is the bone's rotation in degrees (rounded to a thousandth of a degree).
    expect(Math.abs((rotation.default as number) - UPPER_ROTATION / DEG)).toBeLessThanOrEqual(
      0.0005,
    );
    expect(def.params['Target.position.x']).toMatchObject({ type: 'number', default: 80 });
    expect(def.params['Target.position.y']).toMatchObject({ type: 'number', default: 30 });
    expect(def.params.solving).toMatchObject({ type: 'boolean', default: true });
    for (const spec of Object.values(def.params))
      expect(spec.label).toMatch(/^(IK|Upper|Target): /);
  });

  it('good values set the nodes (the angle given in degrees)', () => {
    const doc = armDoc();
    const def = sceneDemo(doc, NODE_TYPES);
    const parsed = parseParams(def.params, {
      mix: '0.25',
      'Upper.rotation': '-30',
      'Target.position.x': '12.5',
      'Target.position.y': '-4',
      solving: 'false',
    });
    expect(parsed.ok).toBe(true);
    const instance = def.create({ controls: nullControls }, parsed.values);
    const { ik, upper, target } = nodes(doc);
    expect(instance.root).toBe(doc.root);
    expect(ik.mix).toBe(0.25);
    expect(upper.rotation).toBeCloseTo(-30 * DEG, 12);
    expect(target.position).toEqual({ x: 12.5, y: -4 });
    expect(ik.enabled).toBe(false);
    expect(instance.currentParams!()).toEqual({
      mix: 0.25,
      'Upper.rotation': -30,
      'Target.position.x': 12.5,
      'Target.position.y': -4,
      solving: false,
    });
    instance.destroy?.();
  });

  it('a bad value is reported with the parameter’s name and range, and its default is used', () => {
    const doc = armDoc();
    const def = sceneDemo(doc, NODE_TYPES);
    const parsed = parseParams(def.params, {
      mix: '2',
      'Target.position.x': 'left',
      'Upper.rotation': '400',
      solving: 'maybe',
      'Target.position.y': '7',
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const byName = Object.fromEntries(parsed.errors.map((e) => [e.param, e.message]));
    expect(Object.keys(byName).sort()).toEqual(
      ['Target.position.x', 'Upper.rotation', 'mix', 'solving'].sort(),
    );
    expect(byName.mix).toBe('"mix" (IK: mix) must be a number from 0 to 1; got "2".');
    expect(byName['Target.position.x']).toContain('"Target.position.x" (Target: position x)');
    expect(byName['Target.position.x']).toContain('got "left"');
    expect(byName['Upper.rotation']).toContain('from -360 to 360 (degrees)');
    expect(byName.solving).toContain('must be true or false');

    const defaults = defaultValues(def.params);
    expect(parsed.values).toEqual({ ...defaults, 'Target.position.y': 7 });

    const instance = def.create({ controls: nullControls }, parsed.values);
    const { ik, upper, target } = nodes(doc);
    expect(ik.mix).toBe(0.5);
    expect(target.position).toEqual({ x: 80, y: 7 });
    expect(ik.enabled).toBe(true);
    // The default angle went through degrees rounded to 0.001°: within that of the file's value.
    expect(Math.abs(upper.rotation - UPPER_ROTATION)).toBeLessThanOrEqual(0.0005 * DEG);
    instance.destroy?.();
  });

  it('an unknown parameter is named, with the scene’s parameters listed', () => {
    const def = sceneDemo(armDoc(), NODE_TYPES);
    const parsed = parseParams(def.params, { 'Target.pos.x': '1' }, 'scene');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]!.param).toBe('Target.pos.x');
    expect(parsed.errors[0]!.message).toBe(
      '"Target.pos.x" is not a parameter of scene. Its parameters are: mix, Upper.rotation, Target.position.x, Target.position.y, solving.',
    );
  });

  it('with its parameters, the demo still solves: the target moved by a parameter is reached', () => {
    const doc = armDoc();
    const def = sceneDemo(doc, NODE_TYPES);
    const parsed = parseParams(def.params, { mix: '1', 'Target.position.x': '70' });
    const instance = def.create({ controls: nullControls }, parsed.values);
    for (let i = 0; i < 10; i++) instance.update(1 / 60);
    const { ik, target } = nodes(doc);
    const tip = (doc.root.getNode('Skeleton/Upper/Forearm') as Bone2D).tipGlobalPosition;
    // The oracle: the distance from the forearm's tip to the target, measured on the tree.
    expect(target.position).toEqual({ x: 70, y: 30 });
    expect(Math.hypot(tip.x - 70, tip.y - 30)).toBeLessThanOrEqual(ik.tolerance + 1e-6);
    instance.destroy?.();
  });
});
