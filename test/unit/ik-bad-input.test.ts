import { describe, expect, it } from 'vitest';
import { solveCCD } from '../../src/ik/ccd-kernel';
import { type Chain, chainFrom, forwardKinematics } from '../../src/ik/chain';
import { FABRIK2D } from '../../src/ik/fabrik-2d';
import { solveFabrik } from '../../src/ik/fabrik-kernel';
import { IKInputError } from '../../src/ik/input-checks';
import { solveJacobian } from '../../src/ik/jacobian-kernel';
import { createResult } from '../../src/ik/solve-result';
import { solveTwoBone, type TwoBoneOptions } from '../../src/ik/two-bone-kernel';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { Node2D } from '../../src/scene/node2d';
import { processTree } from '../../src/scene/node';

/**
 * Input no answer can come from, given to the solvers: each refuses it the same way, by a
 * message that names the field and says what is allowed, and leaves the chain as it was.
 */
type Kernel = (
  c: Chain,
  x: number,
  y: number,
  o: { tolerance: number; maxIterations: number },
) => unknown;
const KERNELS: Record<string, Kernel> = {
  FABRIK: (c, x, y, o) => solveFabrik(c, x, y, o, createResult()),
  CCD: (c, x, y, o) => solveCCD(c, x, y, o, createResult()),
  DLS: (c, x, y, o) => solveJacobian(c, x, y, { ...o, method: 'dls' }, createResult()),
  transpose: (c, x, y, o) => solveJacobian(c, x, y, { ...o, method: 'transpose' }, createResult()),
};
const OK = { tolerance: 1e-3, maxIterations: 50 };

describe('a kernel given a chain with a number that is not finite', () => {
  const cases: [string, () => Chain, RegExp][] = [
    ['a NaN length', () => withLength(NaN), /bone 1's length is NaN/],
    ['an infinite length', () => withLength(Infinity), /bone 1's length is Infinity/],
    ['a NaN angle', () => chainFrom([1, 1], [0.2, NaN]), /bone 1's angle is NaN/],
    ['an infinite angle', () => chainFrom([1, 1], [-Infinity, 0]), /bone 0's angle is -Infinity/],
    ['a NaN base', () => chainFrom([1, 1], [0, 0], { x: NaN }), /the chain's base is \(NaN, 0\)/],
  ];
  for (const [name, kernel] of Object.entries(KERNELS))
    for (const [what, make, message] of cases)
      it(`${name}, ${what}: throws IKInputError naming it, and leaves the chain as it was`, () => {
        const chain = make();
        const before = [Array.from(chain.angles), Array.from(chain.lengths)];
        expect(() => kernel(chain, 1, 1, OK)).toThrow(IKInputError);
        expect(() => kernel(chain, 1, 1, OK)).toThrow(message);
        expect([Array.from(chain.angles), Array.from(chain.lengths)]).toEqual(before);
      });
  it('the two-bone kernel refuses the same chains', () => {
    expect(() =>
      solveTwoBone(withLength(NaN), 1, 1, { bend: 1, tolerance: 0 }, createResult()),
    ).toThrow(/bone 1's length is NaN/);
  });
});

describe('options: one rule for every solver', () => {
  const bad: [string, { tolerance: number; maxIterations: number }, RegExp][] = [
    [
      'tolerance NaN',
      { tolerance: NaN, maxIterations: 50 },
      /^tolerance is NaN: it must be a finite number of scene units, 0 or more\.$/,
    ],
    ['tolerance −1', { tolerance: -1, maxIterations: 50 }, /^tolerance is -1: /],
    ['tolerance Infinity', { tolerance: Infinity, maxIterations: 50 }, /^tolerance is Infinity: /],
    [
      'maxIterations NaN',
      { tolerance: 1e-3, maxIterations: NaN },
      /^maxIterations is NaN: it must be a number, 0 or more/,
    ],
    ['maxIterations −3', { tolerance: 1e-3, maxIterations: -3 }, /^maxIterations is -3: /],
  ];
  for (const [what, options, message] of bad)
    it(`${what}: every iterative kernel throws the same message`, () => {
      const messages = Object.values(KERNELS).map((k) => {
        try {
          k(chainFrom([1, 1]), 1, 1, options);
          return 'no error';
        } catch (e) {
          expect(e).toBeInstanceOf(IKInputError);
          return (e as Error).message;
        }
      });
      expect(new Set(messages).size).toBe(1);
      expect(messages[0]).toMatch(message);
    });

  it('a node with a bad tolerance says so in its status, leaves its bones, and solves once it is fixed', () => {
    const world = new Node2D('World');
    const upper = world.addChild(new Bone2D('Upper', 3));
    upper.addBone('Fore', 2, 0.4);
    const target = world.addChild(new Marker2D('Target', 'target'));
    target.position = { x: 1, y: 3 };
    const ik = world.addChild(new FABRIK2D('IK', '../Upper', '../Upper/Fore', '../Target'));
    const fore = upper.children[0] as Bone2D;
    const rotations = () => [upper.rotation, fore.rotation];
    const before = rotations();
    ik.tolerance = NaN;
    processTree(world, 1 / 60);
    expect(ik.status.ok).toBe(false);
    expect(ik.status.message).toBe(
      'refused to solve: tolerance is NaN: it must be a finite number of scene units, 0 or more.',
    );
    expect(rotations()).toEqual(before);
    ik.tolerance = 1e-4;
    processTree(world, 1 / 60);
    expect(ik.status.ok).toBe(true);
    expect(ik.status.reached).toBe(true);
  });
});

describe('solveTwoBone called from JavaScript', () => {
  it('without bend: the usual bend, and the arm reaches', () => {
    const chain = chainFrom([3, 2]);
    const options = { tolerance: 1e-9 } as TwoBoneOptions;
    const r = solveTwoBone(chain, 2, 3, options, createResult());
    expect(r.reached).toBe(true);
    expect(options.usedBend).toBe(1);
    const flipped = chainFrom([3, 2]);
    solveTwoBone(flipped, 2, 3, { bend: 1, tolerance: 1e-9 }, createResult());
    expect(Array.from(flipped.angles)).toEqual(Array.from(chain.angles));
  });
  it('without a tolerance: the same message as every solver', () => {
    expect(() =>
      solveTwoBone(chainFrom([3, 2]), 2, 3, { bend: 1 } as TwoBoneOptions, createResult()),
    ).toThrow(/^tolerance is undefined: it must be a finite number of scene units, 0 or more\.$/);
  });
  it('with a bend that is not 1 or −1: a message naming bend', () => {
    expect(() =>
      solveTwoBone(
        chainFrom([3, 2]),
        2,
        3,
        { bend: 'up', tolerance: 1e-9 } as unknown as TwoBoneOptions,
        createResult(),
      ),
    ).toThrow(/^bend is "up": it must be 1 \(the usual bend\) or -1 \(flipped\)\.$/);
  });
});

/** A chain whose second length is `l`, its positions worked out again (the Chain's contract). */
function withLength(l: number): Chain {
  const c = chainFrom([1, 1]);
  c.lengths[1] = l;
  forwardKinematics(c);
  return c;
}
