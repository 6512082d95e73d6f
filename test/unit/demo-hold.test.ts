import { describe, expect, it } from 'vitest';
import { DEMOS, findDemo } from '../../src/demos/registry';
import { holdFor } from '../../src/ui/demo-hold';

const defaults = (id: string) =>
  Object.fromEntries(Object.entries(findDemo(id)!.params).map(([k, p]) => [k, p.default]));

describe('which demos wait for Start', () => {
  it('under reduced motion, the demos that move by themselves wait, and only those', () => {
    const waiting = DEMOS.filter((d) => holdFor(d, defaults(d.id), false, true)).map((d) => d.id);
    expect(waiting.sort()).toEqual(
      [
        'ik-walk',
        'pd-character',
        'skeleton-3d',
        'spider-legs',
        'spider-swarm',
        'terrain-walk',
        'walk-analysis',
      ].sort(),
    );
    // Without the preference nothing waits on a course page.
    expect(DEMOS.filter((d) => holdFor(d, defaults(d.id), false, false))).toEqual([]);
  });

  it('a demo that would stand still with these values does not wait', () => {
    const spider = findDemo('spider-legs')!;
    expect(holdFor(spider, { ...defaults('spider-legs'), autopilot: false }, false, true)).toBe(
      null,
    );
    const walk = findDemo('skeleton-3d')!;
    expect(holdFor(walk, { ...defaults('skeleton-3d'), playRate: 0 }, false, true)).toBe(null);
  });

  it('the hundred spiders wait in an embed, with how many in the message; five do not', () => {
    const swarm = findDemo('spider-swarm')!;
    const hold = holdFor(swarm, defaults('spider-swarm'), true, false);
    expect(hold?.kind).toBe('heavy');
    expect(hold?.message).toMatch(/100 spiders walking at once/);
    expect(holdFor(swarm, { ...defaults('spider-swarm'), count: 5 }, true, false)).toBe(null);
    expect(holdFor(swarm, defaults('spider-swarm'), false, false)).toBe(null);
  });
});
