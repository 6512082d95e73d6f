import { describe, expect, it } from 'vitest';
import {
  allowedValues,
  defaultValues,
  paramsToQuery,
  parseParams,
  type ParamSchema,
} from '../../src/demos/params';
import { DEMOS, findDemo } from '../../src/demos/registry';

const schema = {
  angle: { type: 'number', label: 'Angle', default: 30, min: -180, max: 180 },
  flip: { type: 'boolean', label: 'Flip', default: false },
  node: { type: 'choice', label: 'Node', default: 'Root', options: ['Root', 'Arm'] },
} satisfies ParamSchema;

describe('demo parameters', () => {
  it('reads URL strings into typed values', () => {
    const r = parseParams(schema, { angle: '-45.5', flip: 'true', node: 'Arm' });
    expect(r).toEqual({ ok: true, values: { angle: -45.5, flip: true, node: 'Arm' } });
  });

  it('fills in defaults for what is not given', () => {
    expect(parseParams(schema, {})).toEqual({ ok: true, values: defaultValues(schema) });
  });

  it('reports every bad value with the name and what is allowed, and keeps defaults there', () => {
    const r = parseParams(
      schema,
      { angle: '200', flip: 'maybe', node: 'Leg', size: '3' },
      'demo "x"',
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.values).toEqual(defaultValues(schema));
    expect(r.errors.map((e) => e.param)).toEqual(['angle', 'flip', 'node', 'size']);
    expect(r.errors[0]!.message).toBe(
      '"angle" (Angle) must be a number from -180 to 180; got "200".',
    );
    expect(r.errors[1]!.message).toBe('"flip" (Flip) must be true or false; got "maybe".');
    expect(r.errors[2]!.message).toBe('"node" (Node) must be one of Root, Arm; got "Leg".');
    expect(r.errors[3]!.message).toBe(
      '"size" is not a parameter of demo "x". Its parameters are: angle, flip, node.',
    );
  });

  it('rejects non-numbers, empty strings, NaN and Infinity for numbers', () => {
    for (const bad of ['', 'abc', 'NaN', 'Infinity', '1e400', ' ']) {
      expect(parseParams(schema, { angle: bad }).ok, bad).toBe(false);
    }
  });

  it('writes only non-default values to a query, which reads back to the same values', () => {
    const values = { angle: 12.5, flip: true, node: 'Root' };
    const q = paramsToQuery(schema, values);
    expect(q.toString()).toBe('angle=12.5&flip=true');
    expect(parseParams(schema, Object.fromEntries(q))).toEqual({ ok: true, values });
  });

  it('describes allowed values for documentation', () => {
    expect(allowedValues(schema.angle)).toBe('a number from -180 to 180');
    expect(allowedValues(schema.node)).toBe('one of Root, Arm');
  });
});

describe('demo registry', () => {
  it('has unique ids and defaults that pass their own schema', () => {
    const ids = DEMOS.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of DEMOS) {
      const raw = Object.fromEntries(
        Object.entries(defaultValues(d.params)).map(([k, v]) => [k, String(v)]),
      );
      expect(parseParams(d.params, raw).ok, d.id).toBe(true);
      expect(findDemo(d.id)).toBe(d);
    }
    expect(findDemo('nope')).toBeUndefined();
  });
});
