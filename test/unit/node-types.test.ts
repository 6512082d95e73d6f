import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../../src/ik/node-types';
import { Node2D } from '../../src/scene/node2d';
import type { NodeType } from '../../src/scene/node-type';
import { isEditable, type Property, type PropertyKind } from '../../src/scene/property';
import { parseText, sameValue } from '../../src/scene/property-values';
import { SceneFormatError } from '../../src/scene/scene-format-error';
import { sceneFromJSON, sceneToJSON } from '../../src/scene/scene-json';

const creatable = NODE_TYPES.list.filter((t) => t.create);
const editable = (t: NodeType) => NODE_TYPES.properties(t).filter(isEditable);

/** A value of the property's kind, allowed by its range, drawn from `rand` (0..1 numbers). */
function sample(p: Property, rand: () => number, fresh: unknown): unknown {
  const k = p.kind;
  const between = (lo = -500, hi = 500) => {
    const a = Math.max(lo, -500);
    const b = Math.min(hi, 500);
    return a + (b - a) * rand();
  };
  switch (k.type) {
    case 'number': {
      const v = between(k.min, k.max);
      return k.integer ? Math.round(v) : v;
    }
    case 'angle':
      return between(k.min ?? -Math.PI, k.max ?? Math.PI);
    case 'vector':
      return { x: between(k.min), y: between(k.min) };
    case 'boolean':
      return !fresh;
    case 'choice':
      return k.options[Math.floor(rand() * k.options.length)]!;
    case 'nodePath':
      return `../Node${Math.floor(rand() * 100)}`;
    case 'pathList':
      return ['', `../Pole${Math.floor(rand() * 100)}`];
    case 'color':
      return `#${Math.floor(rand() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`;
    case 'points':
      return [0, 1, 2].map(() => ({ x: between(), y: between() }));
    case 'limits':
      return [0, 1].map(() => {
        const min = between(-3, 0);
        return { limited: rand() < 0.5, min, max: min + between(0, 3) };
      });
    case 'text':
      return fresh;
  }
}

/** A JSON value no property of this kind accepts. */
function badJson(k: PropertyKind): unknown {
  switch (k.type) {
    case 'number':
      return k.min !== undefined ? k.min - 1 : 'seven';
    case 'angle':
      return 'north';
    case 'vector':
      return [1];
    case 'boolean':
      return 'yes';
    case 'choice':
      return 'none of these';
    case 'nodePath':
      return 5;
    case 'pathList':
      return ['../A', 5];
    case 'color':
      return 'not a colour!';
    case 'points':
      return [[1, 2], [3]];
    case 'limits':
      return [{ limited: 'sometimes' }];
    case 'text':
      return 0;
  }
}

describe('node types described once', () => {
  it('lists each type once, and a fresh node reports its type’s name', () => {
    expect(NODE_TYPES.names).toEqual([
      'Node',
      'Node2D',
      'Bone2D',
      'Marker2D',
      'Polygon2D',
      'Line2D',
      'LookAt2D',
      'TwoBoneIK2D',
      'CCDIK2D',
      'FABRIK2D',
      'JacobianIK2D',
    ]);
    for (const t of creatable) expect(t.create!().typeName).toBe(t.name);
  });

  it('a subclass nobody described is described, and saved, as its nearest listed base', () => {
    class Creature extends Node2D {}
    const c = new Creature('Crab');
    expect(NODE_TYPES.of(c).name).toBe('Node2D');
    expect(NODE_TYPES.savedAs(c).name).toBe('Node2D');
    const fabrik = NODE_TYPES.named('FABRIK2D')!;
    // Inherited properties come first, from Node through the chain base to FABRIK2D's own.
    const names = NODE_TYPES.properties(fabrik).map((p) => p.name);
    expect(names.indexOf('processPriority')).toBeLessThan(names.indexOf('rootBonePath'));
    expect(names.indexOf('rootBonePath')).toBeLessThan(names.indexOf('poleMode'));
    expect(names).toContain('mix');
  });

  it('every node type round-trips through JSON, every property at a random allowed value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 2 }), (seed) => {
        let s = seed;
        const rand = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
        const root = new Node2D('Root');
        const expected = new Map<string, Map<string, unknown>>();
        for (const type of creatable) {
          const node = root.addChild(type.create!());
          node.name = `The${type.name}`;
          const fresh = NODE_TYPES.defaults(type);
          const values = new Map<string, unknown>();
          for (const p of editable(type)) {
            const v = sample(p, rand, p.get(fresh));
            p.set!(node, v);
            // The setter keeps what it was given: a value read back is the value set.
            expect(sameValue(p.kind, p.get(node), v), `${type.name}.${p.name}`).toBe(true);
            values.set(p.name, v);
          }
          expected.set(node.name, values);
        }
        const text = JSON.stringify(sceneToJSON(root, NODE_TYPES));
        const back = sceneFromJSON(text, NODE_TYPES);
        for (const type of creatable) {
          const node = back.getNode(`The${type.name}`)!;
          expect(NODE_TYPES.of(node)).toBe(type);
          for (const p of editable(type)) {
            const want = expected.get(node.name)!.get(p.name);
            expect(sameValue(p.kind, p.get(node), want), `${type.name}.${p.name}`).toBe(true);
          }
        }
        expect(JSON.stringify(sceneToJSON(back, NODE_TYPES))).toBe(text);
      }),
      { numRuns: 40 },
    );
  });

  it('a fresh node saves as its type and name only, and loads back the same', () => {
    for (const type of creatable) {
      const json = sceneToJSON(type.create!(), NODE_TYPES);
      expect(Object.keys(json.root).sort()).toEqual(['name', 'type']);
      const back = sceneFromJSON(json, NODE_TYPES);
      for (const p of editable(type))
        expect(sameValue(p.kind, p.get(back), p.get(NODE_TYPES.defaults(type)))).toBe(true);
    }
  });

  it('each kind of property refuses a bad value with the field’s name and what is allowed', () => {
    let checked = 0;
    for (const type of creatable) {
      for (const p of editable(type)) {
        const root = new Node2D('Root');
        root.addChild(type.create!());
        const json = sceneToJSON(root, NODE_TYPES) as unknown as {
          root: { children: Record<string, unknown>[] };
        };
        json.root.children[0]![p.name] = badJson(p.kind);
        let error: unknown = null;
        try {
          sceneFromJSON(json, NODE_TYPES);
        } catch (e) {
          error = e;
        }
        expect(error, `${type.name}.${p.name}`).toBeInstanceOf(SceneFormatError);
        const e = error as SceneFormatError;
        expect(e.path.startsWith(`root.children[0].${p.name}`), e.message).toBe(true);
        expect(e.message).toMatch(/: expected .+, got /);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('an unknown field lists the fields the type has', () => {
    const json = sceneToJSON(NODE_TYPES.named('Bone2D')!.create!(), NODE_TYPES);
    (json.root as Record<string, unknown>).lenght = 4;
    expect(() => sceneFromJSON(json, NODE_TYPES)).toThrow(
      /root\.lenght: expected no such field on Bone2D \(fields: .*length.*\)/,
    );
  });

  it('text typed in a URL or a field: degrees for angles, "x, y" for vectors, refusals say what is allowed', () => {
    const rotation = NODE_TYPES.property(NODE_TYPES.named('Node2D')!, 'rotation')!;
    const scale = NODE_TYPES.property(NODE_TYPES.named('Node2D')!, 'scale')!;
    const mix = NODE_TYPES.property(NODE_TYPES.named('FABRIK2D')!, 'mix')!;
    const cap = NODE_TYPES.property(NODE_TYPES.named('FABRIK2D')!, 'maxIterations')!;
    const angle = parseText(rotation.kind, '90');
    expect(angle.ok && angle.value).toBeCloseTo(Math.PI / 2, 12);
    expect(parseText(scale.kind, '-1, 2')).toEqual({ ok: true, value: { x: -1, y: 2 } });
    expect(parseText(mix.kind, '0.25')).toEqual({ ok: true, value: 0.25 });
    expect(parseText(mix.kind, '1.5')).toEqual({
      ok: false,
      message: 'must be a number from 0 to 1; got "1.5"',
    });
    expect(parseText(cap.kind, '2.5')).toMatchObject({ ok: false });
    expect(parseText(scale.kind, 'big')).toEqual({
      ok: false,
      message: 'must be two numbers "x, y"; got "big"',
    });
  });
});
