import { describe, expect, it } from 'vitest';
import { CCDIK2D, FABRIK2D, TwoBoneIK2D, type ChainIK2D } from '../../src/ik';
import { chainFrom, createChain, forwardKinematics } from '../../src/ik/chain';
import { solveFabrik } from '../../src/ik/fabrik-kernel';
import { createResult, workCap } from '../../src/ik/solve-result';
import { solveJacobian } from '../../src/ik/jacobian-kernel';
import { reachabilityOf } from '../../src/ik/reach';
import { curledChain } from './curled-chain';
import { LookAt2D } from '../../src/ik/look-at-2d';
import { clampAngle } from '../../src/math/angles';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { processTree } from '../../src/scene/node';
import { Node2D } from '../../src/scene/node2d';

/**
 * The corners an outside check of the solvers found (issue 17), each written from the numbers
 * it gave, with the tip measured here by composing the bones' transforms by hand.
 */

/** A chain of `lengths` under a root at the origin, each bone at its parent's tip. */
function chain(lengths: number[]) {
  const world = new Node2D('World');
  const bones: Bone2D[] = [];
  let parent: Node2D = world;
  lengths.forEach((l, i) => {
    const b = parent.addChild(new Bone2D(`Bone${i}`, l));
    b.position = { x: i === 0 ? 0 : lengths[i - 1]!, y: 0 };
    bones.push(b);
    parent = b;
  });
  const target = world.addChild(new Marker2D('Target', 'target'));
  /** The tip, from the bones' rotations and lengths alone (the root sits at the origin). */
  const tip = () => chainTip(bones, lengths);
  return { world, bones, target, tip };
}

function withSolver(make: () => ChainIK2D, lengths: number[]) {
  const c = chain(lengths);
  const ik = c.world.addChild(make());
  ik.rootBonePath = '../Bone0';
  ik.tipBonePath = `../${c.bones.map((b) => b.name).join('/')}`;
  ik.targetPath = '../Target';
  ik.tolerance = 1e-3;
  ik.maxIterations = 100;
  return { ...c, ik };
}

/** A chain's tip from its bones' rotations and lengths alone, the root at the origin: the oracle. */
function chainTip(bones: readonly Bone2D[], lengths: readonly number[]): { x: number; y: number } {
  let x = 0;
  let y = 0;
  let angle = 0;
  bones.forEach((b, i) => {
    angle += b.rotation;
    x += lengths[i]! * Math.cos(angle);
    y += lengths[i]! * Math.sin(angle);
  });
  return { x, y };
}

describe('1. a full-circle limit allows every angle', () => {
  it('clampAngle: limits a full turn or more apart leave the angle as it is', () => {
    for (const a of [-3, -1, 0, 0.5, 2, 3.1, Math.PI])
      for (const [min, max] of [
        [-Math.PI, Math.PI],
        [-2 * Math.PI, 2 * Math.PI],
        [0, 2 * Math.PI],
        [-10, 10],
      ] as const)
        expect(clampAngle(a, min, max)).toBeCloseTo(a, 12);
    // A narrower arc still clamps, and one across the seam too.
    expect(clampAngle(1, -0.5, 0.5)).toBe(0.5);
    const deg = Math.PI / 180;
    expect(clampAngle(170 * deg, 150 * deg, -150 * deg)).toBeCloseTo(170 * deg, 12);
    expect(clampAngle(100 * deg, 150 * deg, -150 * deg)).toBeCloseTo(150 * deg, 12);
  });

  for (const [name, make] of [
    ['FABRIK2D', () => new FABRIK2D()],
    ['CCDIK2D', () => new CCDIK2D()],
  ] as const)
    for (const [min, max] of [
      [-Math.PI, Math.PI],
      [-2 * Math.PI, 2 * Math.PI],
    ] as const)
      it(`${name} with limits [${min.toFixed(2)}, ${max.toFixed(2)}] on lengths 3, 2 reaches (1, 3)`, () => {
        const s = withSolver(make, [3, 2]);
        s.ik.joints = [
          { limited: true, min, max },
          { limited: true, min, max },
        ];
        s.target.position = { x: 1, y: 3 };
        processTree(s.world, 1 / 60);
        const tip = s.tip();
        expect(Math.hypot(tip.x - 1, tip.y - 3)).toBeLessThan(1e-3);
        expect(s.ik.status.reached).toBe(true);
      });

  it('LookAt2D with min −π, max π points at the target', () => {
    const { world, bones, target } = chain([2]);
    const look = world.addChild(new LookAt2D('Look', '../Bone0', '../Target'));
    look.constrained = true;
    look.minAngle = -Math.PI;
    look.maxAngle = Math.PI;
    target.position = { x: -1, y: -1 };
    processTree(world, 1 / 60);
    expect(bones[0]!.rotation).toBeCloseTo(Math.atan2(-1, -1), 12);
  });
});

describe('5. a non-finite target leaves the chain as it was', () => {
  for (const [name, make] of [
    ['FABRIK2D', () => new FABRIK2D()],
    ['CCDIK2D', () => new CCDIK2D()],
  ] as const)
    it(`${name}: NaN or Infinity written to the target does not send the chain to the origin`, () => {
      const s = withSolver(make, [3, 2]);
      s.target.position = { x: 1, y: 3 };
      processTree(s.world, 1 / 60);
      const solved = s.bones.map((b) => b.rotation);
      for (const bad of [
        { x: NaN, y: 0 },
        { x: 0, y: Infinity },
        { x: -Infinity, y: NaN },
      ]) {
        s.target.position = bad;
        processTree(s.world, 1 / 60);
        expect(s.target.position).toEqual({ x: 1, y: 3 });
        expect(s.bones.map((b) => b.rotation)).toEqual(solved);
        const tip = s.tip();
        expect(Math.hypot(tip.x - 1, tip.y - 3)).toBeLessThan(1e-3);
      }
    });
});

describe('6. rounding in lengths read from the tree is not a dead zone', () => {
  it('a (1, 1) chain whose second length reads 1 − 2⁻⁵³: the root itself is reachable', () => {
    const c = createChain(2);
    c.lengths[0] = 1;
    c.lengths[1] = 1 - 2 ** -53;
    expect(reachabilityOf(c, 0, 0)).toBe('reachable');
    // A real dead zone is still one: (1, 0.9) leaves a ring of radius 0.1 around the base.
    c.lengths[1] = 0.9;
    expect(reachabilityOf(c, 0, 0)).toBe('dead-zone');
    expect(reachabilityOf(c, 0.0999, 0)).toBe('dead-zone');
    expect(reachabilityOf(c, 0.1001, 0)).toBe('reachable');
    // And the outer circle likewise: a target a few ulps past full reach is on it.
    c.lengths[1] = 1;
    expect(reachabilityOf(c, 2 + 2 ** -51, 0)).toBe('reachable');
    expect(reachabilityOf(c, 2.000001, 0)).toBe('beyond');
  });

  it('FABRIK2D on a (1, 1) chain, target on the root: reached, not "dead-zone"', () => {
    // A pose where the lengths read back from the transforms differ by an ulp (found by search).
    const world = new Node2D('World');
    const root = world.addChild(new Node2D('Root'));
    root.position = { x: 0.4, y: 0.3 };
    root.rotation = 0.04;
    const a = root.addChild(new Bone2D('A', 1));
    a.rotation = 1.2;
    const b = a.addChild(new Bone2D('B', 1));
    b.position = { x: 1, y: 0 };
    const target = world.addChild(new Marker2D('Target', 'target'));
    target.position = root.globalPosition;
    const ik = world.addChild(new FABRIK2D());
    ik.rootBonePath = '../Root/A';
    ik.tipBonePath = '../Root/A/B';
    ik.targetPath = '../Target';
    processTree(world, 1 / 60);
    expect(ik.status.reachability).toBe('reachable');
    expect(ik.status.reached).toBe(true);
  });
});

describe('2. a non-uniform scale above the chain is solved exactly', () => {
  /** Three bones under a root scaled (2, 0.5) and turned, tip by hand-composed matrices. */
  function scaled(make: () => ChainIK2D, lengths: number[], sx: number, sy: number) {
    const world = new Node2D('World');
    const root = world.addChild(new Node2D('Root'));
    root.position = { x: 3, y: -2 };
    root.rotation = 0.4;
    root.scale = { x: sx, y: sy };
    const bones: Bone2D[] = [];
    let parent: Node2D = root;
    lengths.forEach((l, i) => {
      const b = parent.addChild(new Bone2D(`Bone${i}`, l));
      b.position = { x: i === 0 ? 0 : lengths[i - 1]!, y: 0 };
      b.rotation = 0.2;
      bones.push(b);
      parent = b;
    });
    const target = world.addChild(new Marker2D('Target', 'target'));
    const ik = world.addChild(make());
    ik.rootBonePath = '../Root/Bone0';
    ik.tipBonePath = `../Root/${bones.map((b) => b.name).join('/')}`;
    ik.targetPath = '../Target';
    ik.tolerance = 1e-3;
    ik.maxIterations = 200;
    /** The tip: root TRS, then each bone's rotation and length, composed here. */
    const tip = () => {
      const { x, y } = chainTip(bones, lengths);
      const c = Math.cos(0.4);
      const s = Math.sin(0.4);
      const lx = sx * x;
      const ly = sy * y;
      return { x: 3 + c * lx - s * ly, y: -2 + s * lx + c * ly };
    };
    return { world, bones, target, ik, tip };
  }

  for (const [name, make, lengths] of [
    ['FABRIK2D', () => new FABRIK2D(), [2, 2, 1]],
    ['CCDIK2D', () => new CCDIK2D(), [2, 2, 1]],
    ['TwoBoneIK2D', () => new TwoBoneIK2D(), [3, 2]],
  ] as const)
    for (const [sx, sy] of [
      [2, 0.5],
      [-2, 0.5],
      [0.5, -3],
    ] as const)
      it(`${name} under a root scaled (${sx}, ${sy}): the real tip lands on the target`, () => {
        const s = scaled(make, [...lengths], sx, sy);
        let worst = 0;
        for (let k = 0; k < 24; k++) {
          // Targets inside the scaled reach: the chain's local ring mapped by the root.
          const r = 0.3 + (0.6 * ((k * 7) % 11)) / 10;
          const a = (k / 24) * 2 * Math.PI;
          const reach = lengths.reduce((p, q) => p + q, 0) * r;
          const lx = sx * reach * Math.cos(a);
          const ly = sy * reach * Math.sin(a);
          const c = Math.cos(0.4);
          const sn = Math.sin(0.4);
          s.target.position = { x: 3 + c * lx - sn * ly, y: -2 + sn * lx + c * ly };
          processTree(s.world, 1 / 60);
          const tip = s.tip();
          const miss = Math.hypot(tip.x - s.target.position.x, tip.y - s.target.position.y);
          worst = Math.max(worst, miss);
          expect(s.ik.status.reached, `target ${k}`).toBe(miss <= 1e-3 + 1e-9);
        }
        expect(worst).toBeLessThan(1e-3);
      });
});

describe('2b. the bend side and the warning under a stretched parent', () => {
  it('TwoBoneIK2D: flipBend puts the elbow on the other side of the shoulder–target line, in every case', () => {
    let wrong = 0;
    let cases = 0;
    for (const [sx, sy] of [
      [2, 0.5],
      [-2, 0.5],
      [0.5, -3],
      [3, 1],
    ] as const)
      for (let k = 0; k < 60; k++) {
        const sides: number[] = [];
        for (const flip of [false, true]) {
          const world = new Node2D('World');
          const root = world.addChild(new Node2D('Root'));
          root.rotation = 0.3;
          root.scale = { x: sx, y: sy };
          const upper = root.addChild(new Bone2D('Upper', 3));
          const fore = upper.addChild(new Bone2D('Fore', 2));
          fore.position = { x: 3, y: 0 };
          const target = world.addChild(new Marker2D('Target', 'target'));
          const a = (k / 60) * 2 * Math.PI;
          const r = 2 + (2 * ((k * 3) % 7)) / 7;
          const lx = sx * r * Math.cos(a);
          const ly = sy * r * Math.sin(a);
          target.position = {
            x: Math.cos(0.3) * lx - Math.sin(0.3) * ly,
            y: Math.sin(0.3) * lx + Math.cos(0.3) * ly,
          };
          const ik = world.addChild(new TwoBoneIK2D());
          ik.rootBonePath = '../Root/Upper';
          ik.tipBonePath = '../Root/Upper/Fore';
          ik.targetPath = '../Target';
          ik.flipBend = flip;
          processTree(world, 1 / 60);
          const elbow = fore.globalPosition;
          const t = target.position;
          // Which side of the line from the shoulder (the origin) to the target the elbow is on.
          sides.push(Math.sign(t.x * elbow.y - t.y * elbow.x));
        }
        cases++;
        if (sides[0] === sides[1] || sides[0] === 0) wrong++;
      }
    expect(cases).toBe(240);
    expect(wrong).toBe(0);
  });

  it('warns of non-uniform scale only between joints, where it truly bends lengths', () => {
    const s = withSolver(() => new FABRIK2D(), [3, 2]);
    s.target.position = { x: 1, y: 3 };
    processTree(s.world, 1 / 60);
    expect(s.ik.status.warning).toBe('');
    // Stretch the world above the chain: still exact, still no warning.
    s.world.scale = { x: 2, y: 0.5 };
    processTree(s.world, 1 / 60);
    expect(s.ik.status.warning).toBe('');
    expect(s.ik.status.reached).toBe(true);
    // Stretch the first bone (its child joint lives in a stretched space): a warning.
    s.bones[0]!.scale = { x: 1, y: 2 };
    processTree(s.world, 1 / 60);
    expect(s.ik.status.warning).not.toBe('');
  });
});

describe('3. a joint FABRIK could not bend to its pole is reported', () => {
  it('the outside check’s 6-bone case: every joint on the wrong side is counted in poleMisses', () => {
    const lengths = [
      26.38673116994856, 39.75558051733068, 43.57104598346184, 3.401494627400085, 7.897030282123635,
      10.402657938476727,
    ];
    const angles = [
      0.3108639358849939, -1.7964799601098111, 0.7166406625715528, -2.1900470686396227,
      2.2061686965129916, -2.5768805861511974,
    ];
    const c = chainFrom(lengths, angles);
    c.baseX = 3.526943572796881;
    c.baseY = 3.306072996929288;
    c.baseAngle = -2.2122987138642483;
    forwardKinematics(c);
    const pole = { x: 114.27452166287578, y: 110.05505698348149 };
    const r = solveFabrik(
      c,
      64.52404907391858,
      61.092860196440995,
      { tolerance: 0.1314, maxIterations: 100, poleX: pole.x, poleY: pole.y },
      createResult(),
    );
    // The test's own count: interior joints on the other side of their neighbours' line from
    // the pole, by more than round-off.
    const P = c.positions;
    let wrong = 0;
    for (let i = 1; i < c.count; i++) {
      const ax = P[2 * i - 2]!;
      const ay = P[2 * i - 1]!;
      const lx = P[2 * i + 2]! - ax;
      const ly = P[2 * i + 3]! - ay;
      const joint = lx * (P[2 * i + 1]! - ay) - ly * (P[2 * i]! - ax);
      const toPole = lx * (pole.y - ay) - ly * (pole.x - ax);
      if (joint * toPole < 0 && Math.abs(joint) > 1e-6 * (lx * lx + ly * ly)) wrong++;
    }
    expect(r.reached).toBe(true);
    expect(r.poleMisses).toBe(wrong);
    // The check found joint 2 left on the far side: the mirror passes stopped at their old cap
    // of 2n + 2 = 14; 18 settle it (fabrik-edges.test.ts has it with the other pole mode).
    expect(wrong).toBe(0);
  });
});

describe('4. one call does bounded work, and says what stopped it', () => {
  const line = curledChain;

  it('a 1 000-bone Jacobian solve at the default cap (200) stops at the work bound and says so', () => {
    for (const method of ['dls', 'transpose'] as const) {
      const c = line(1000, null);
      const r = solveJacobian(
        c,
        2000,
        5,
        { method, tolerance: 1e-3, maxIterations: 200, closedFormWhenUnreachable: false },
        createResult(),
      );
      expect(r.reached).toBe(false);
      expect(r.iterations).toBeLessThanOrEqual(workCap(200, 1000));
      expect(r.capped && r.workBound, method).toBe(true);
    }
  });

  for (const bones of [10, 50])
    it(`FABRIK with limits ±0.2 on ${bones} bones, target out of reach, cap 100 000: stops as stalled within ${bones === 10 ? 100 : 200} iterations`, () => {
      const c = line(bones, 0.2);
      const r = solveFabrik(
        c,
        -bones,
        0.5,
        { tolerance: 1e-3, maxIterations: 100_000 },
        createResult(),
      );
      expect(r.reached).toBe(false);
      expect(r.stalled).toBe(true);
      expect(r.capped).toBe(false);
      expect(r.iterations).toBeLessThan(bones === 10 ? 100 : 200);
    });

  it('a 3-bone leg keeps thousands of iterations: the bound does not bite where chains are short', () => {
    expect(workCap(100_000, 3)).toBeGreaterThan(5000);
    expect(workCap(30, 3)).toBe(30);
  });
});
