import { describe, expect, it } from 'vitest';
import { isHostAttribute } from '../../src/embed/host-attributes';
import { LOADED_DEMOS } from './loaded-demos';

describe('<ik-demo> attributes', () => {
  it('leaves the page its global, data-, aria- and event attributes', () => {
    for (const name of [
      'id',
      'class',
      'style',
      'title',
      'hidden',
      'data-x',
      'aria-label',
      'onclick',
    ])
      expect(isHostAttribute(name), name).toBe(true);
  });

  it('keeps the element its own attributes', () => {
    for (const name of ['demo', 'scene', 'src', 'theme', 'tree', 'renderer', 'width', 'height'])
      expect(isHostAttribute(name), name).toBe(true);
  });

  it('passes every parameter of every demo through to the demo', () => {
    // HTML lower-cases attribute names, so that is the form the element sees.
    const swallowed = LOADED_DEMOS.flatMap((d) =>
      Object.keys(d.params)
        .map((k) => k.toLowerCase())
        .filter(isHostAttribute)
        .map((k) => `${d.id}.${k}`),
    );
    expect(swallowed).toEqual([]);
  });
});
