import { describe, expect, it } from 'vitest';
import { parseDemoBlock } from '../../src/course/markdown';
import { LESSONS } from '../../src/course/lesson-list';
import { parseRoute } from '../../src/ui/course-route';
import { clip, parseParams, quote, rawParams, type ParamSchema } from '../../src/demos/params';
import { findDemo } from '../../src/demos/registry';
import { parseEmbedQuery } from '../../src/embed/embed-params';
import { sceneDemo } from '../../src/embed/scene-demo';
import { NODE_TYPES } from '../../src/ik/node-types';
import { Marker2D } from '../../src/scene/marker2d';
import { Node2D } from '../../src/scene/node2d';
import { readScene, sceneToJSON } from '../../src/scene/scene-json';

const schema = {
  bones: { type: 'number', label: 'Bones', default: 4, min: 2, max: 8, step: 1 },
  flip: { type: 'boolean', label: 'Flip', default: false },
} satisfies ParamSchema;

const OBJECT_NAMES = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'];

describe('parameter names are looked up as own keys only', () => {
  it('Object.prototype’s names, __proto__ included, are unknown parameters like any other', () => {
    // As the embed page gets them from its URL, and a lesson slot from its JSON.
    for (const raw of [
      parseEmbedQuery(`?demo=fabrik&${OBJECT_NAMES.map((n) => `${n}=1`).join('&')}`).demoParams,
      JSON.parse(`{${OBJECT_NAMES.map((n) => `"${n}": "1"`).join(', ')}}`) as Record<
        string,
        unknown
      >,
    ]) {
      expect(Object.keys(raw)).toEqual(OBJECT_NAMES);
      const r = parseParams(schema, raw, 'demo "fabrik"');
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.errors.map((e) => e.param)).toEqual(OBJECT_NAMES);
      for (const e of r.errors)
        expect(e.message).toBe(
          `"${e.param}" is not a parameter of demo "fabrik". Its parameters are: bones, flip.`,
        );
      expect(r.values).toEqual({ bones: 4, flip: false });
    }
  });

  it('in a real demo’s schema too', () => {
    const fabrik = findDemo('fabrik')!;
    const r = parseParams(fabrik.params, { constructor: '1', __proto__: '2' }, 'demo "fabrik"');
    expect(r.ok ? [] : r.errors.map((e) => e.param)).toEqual(['constructor']);
    const own = rawParams([
      ['__proto__', '2'],
      ['bones', '5'],
    ]);
    const r2 = parseParams(fabrik.params, own);
    expect(r2.ok ? [] : r2.errors.map((e) => e.param)).toEqual(['__proto__']);
    expect(r2.values.bones).toBe(5);
  });

  it('a lesson block keeps them as names, to be reported', () => {
    const b = parseDemoBlock(
      'demo fabrik',
      '__proto__: 1\nconstructor: 2\ntoString: 3\nbones: 5\n',
    );
    expect(b.problems).toEqual([]);
    expect(Object.keys(b.params)).toEqual(['__proto__', 'constructor', 'toString', 'bones']);
    // Through the page's data attribute, as mountDemoSlots reads it back.
    const back = JSON.parse(JSON.stringify(b.params)) as Record<string, unknown>;
    const r = parseParams(findDemo('fabrik')!.params, back);
    expect(r.ok ? [] : r.errors.map((e) => e.param)).toEqual([
      '__proto__',
      'constructor',
      'toString',
    ]);
  });

  it('a scene may expose a property as "constructor": it is that scene’s own parameter', () => {
    const root = new Node2D('Scene');
    const target = root.addChild(new Marker2D('Target', 'target'));
    target.position = { x: 10, y: 20 };
    const json = sceneToJSON(root, NODE_TYPES, {
      exposed: [{ node: 'Target', property: 'position', as: 'constructor' }],
    });
    const def = sceneDemo(readScene(JSON.stringify(json), NODE_TYPES), NODE_TYPES);
    expect(Object.keys(def.params)).toEqual(['constructor.x', 'constructor.y']);
    expect(parseParams(def.params, { toString: '1' }).ok).toBe(false);
    const r = parseParams(def.params, { 'constructor.x': '-40' });
    expect(r).toMatchObject({ ok: true, values: { 'constructor.x': -40, 'constructor.y': 20 } });
  });
});

describe('a parameter given more than once: the first is used, and that is said', () => {
  it('in a demo’s parameters', () => {
    const r = parseParams(
      schema,
      rawParams([
        ['bones', '5'],
        ['flip', 'true'],
        ['bones', '7'],
      ]),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.values).toEqual({ bones: 5, flip: true });
    expect(r.errors).toEqual([
      { param: 'bones', message: '"bones" is given 2 times; the first, 5, is used.' },
    ]);
  });

  it('in an embed URL, for page options and demo parameters alike', () => {
    const o = parseEmbedQuery('?demo=fabrik&bones=5&demo=ccd&bones=7&bones=8&tree=false&tree=true');
    expect(o.demo).toBe('fabrik');
    expect(o.tree).toBe(false);
    expect(o.demoParams).toEqual({ bones: ['5', '7', '8'] });
    expect(o.errors.map((e) => e.message)).toEqual([
      '"demo" is given 2 times; the first, fabrik, is used.',
      '"tree" is given 2 times; the first, false, is used.',
    ]);
    const r = parseParams(findDemo('fabrik')!.params, o.demoParams);
    expect(r.values.bones).toBe(5);
    expect(r.ok ? [] : r.errors.map((e) => e.message)).toEqual([
      '"bones" is given 3 times; the first, 5, is used.',
    ]);
  });

  it('in a lesson block', () => {
    const b = parseDemoBlock('demo fabrik', 'bones: 5\nbones: 7\n');
    const r = parseParams(findDemo('fabrik')!.params, b.params);
    expect(r.values.bones).toBe(5);
    expect(r.ok ? [] : r.errors.map((e) => e.message)).toEqual([
      '"bones" is given 2 times; the first, 5, is used.',
    ]);
  });
});

describe('messages repeat user input at a readable length', () => {
  const huge = 'x'.repeat(100 * 1024);

  it('quote cuts to 40 characters and marks the cut', () => {
    expect(quote('maybe')).toBe('"maybe"');
    expect(quote(huge)).toBe(`"${'x'.repeat(40)}…"`);
    // Whole characters: an emoji is never cut in half.
    const emoji = '😀'.repeat(50);
    expect(clip(emoji)).toBe('😀'.repeat(40) + '…');
    expect(clip('😀'.repeat(40))).toBe('😀'.repeat(40));
  });

  it('an unknown name, a bad value, a repeated one, a bad page option', () => {
    const r = parseParams(
      schema,
      rawParams([
        [huge, '1'],
        ['bones', huge],
        ['flip', huge],
        ['flip', 'true'],
      ]),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(4);
    for (const e of r.errors) expect(e.message.length, e.message.slice(0, 80)).toBeLessThan(200);
    const o = parseEmbedQuery(`?renderer=${huge}&tree=${huge}&theme=${huge}`);
    expect(o.errors).toHaveLength(3);
    for (const e of o.errors) expect(e.message.length).toBeLessThan(200);
    const block = parseDemoBlock('demo fabrik', `${huge} ${huge}`);
    expect(block.problems[0]!.length).toBeLessThan(200);
  });
});

describe('routes', () => {
  it('a hash that is not valid percent-encoding is a lesson there is not, never an exception', () => {
    const ids = LESSONS.map((e) => e.lesson?.meta.id);
    expect(ids).toContain('fabrik');
    for (const hash of ['#/%E0%A4%A', '#/fabrik/%ZZ', '#/%', '#/fabrik/%E0%A4%A']) {
      const route = parseRoute(hash);
      expect(route.lesson, hash).not.toBeNull();
      expect(ids, hash).not.toContain(route.lesson);
    }
    expect(parseRoute('#/fabrik/caf%C3%A9')).toEqual({ lesson: 'fabrik', section: 'café' });
  });
});
