import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/math/random';
import { jacobianSteps, newJacobianSteps, tipMotion } from '../../src/ik/jacobian-steps';
import { runDemo } from './fake-controls';

/** The oracle: forward kinematics of a planar chain from its joint angles (relative). */
function fk(lengths: number[], angles: number[]): Float64Array {
  const p = new Float64Array(2 * lengths.length + 2);
  let x = 0;
  let y = 0;
  let a = 0;
  lengths.forEach((l, i) => {
    p[2 * i] = x;
    p[2 * i + 1] = y;
    a += angles[i]!;
    x += l * Math.cos(a);
    y += l * Math.sin(a);
  });
  p[2 * lengths.length] = x;
  p[2 * lengths.length + 1] = y;
  return p;
}

describe('the Jacobian steps of lesson 6, written out', () => {
  const L = [120, 100, 80];
  const rand = mulberry32(5);

  it('each column is the tip’s velocity when one joint turns (finite differences agree)', () => {
    const out = newJacobianSteps(3);
    for (let trial = 0; trial < 50; trial++) {
      const angles = [0, 1, 2].map(() => 4 * (rand() - 0.5));
      const p = fk(L, angles);
      jacobianSteps(p, 10, 20, 30, out);
      for (let i = 0; i < 3; i++) {
        const h = 1e-6;
        const bumped = [...angles];
        bumped[i]! += h;
        const q = fk(L, bumped);
        expect(out.columns[2 * i]).toBeCloseTo((q[6]! - p[6]!) / h, 3);
        expect(out.columns[2 * i + 1]).toBeCloseTo((q[7]! - p[7]!) / h, 3);
      }
    }
  });

  it('the pseudo-inverse moves the tip exactly onto the target to first order; DLS is shorter and bounded', () => {
    const out = newJacobianSteps(3);
    const m = { x: 0, y: 0 };
    for (let trial = 0; trial < 50; trial++) {
      const angles = [0, 1, 2].map(() => 3 * (rand() - 0.5));
      const p = fk(L, angles);
      const e = { x: 80 * (rand() - 0.5), y: 80 * (rand() - 0.5) };
      const lambda = 30;
      jacobianSteps(p, e.x, e.y, lambda, out);
      if (out.sigma[1] < 1) continue;
      tipMotion(out.columns, out.pseudoInverse, m);
      expect(m.x).toBeCloseTo(e.x, 6);
      expect(m.y).toBeCloseTo(e.y, 6);
      const norm = (d: Float64Array) => Math.hypot(...d);
      expect(norm(out.dls)).toBeLessThanOrEqual(norm(out.pseudoInverse) + 1e-12);
      // DLS never asks for more than |e| / (2λ) radians in all.
      expect(norm(out.dls)).toBeLessThanOrEqual(Math.hypot(e.x, e.y) / (2 * lambda) + 1e-12);
    }
  });

  it('near a straight arm the pseudo-inverse step explodes while DLS stays tame', () => {
    const out = newJacobianSteps(3);
    // Almost straight along x, target a little to the side: J has nearly lost its y direction.
    const p = fk(L, [0, 0.001, 0.001]);
    jacobianSteps(p, -5, 20, 30, out);
    expect(out.sigma[1] / out.sigma[0]).toBeLessThan(0.01);
    expect(Math.max(...out.pseudoInverse.map(Math.abs))).toBeGreaterThan(5);
    expect(Math.max(...out.dls.map(Math.abs))).toBeLessThan(0.5);
  });

  it('the figure steps its arm towards the target with each method and says when J loses a direction', () => {
    for (const method of ['transpose', 'pseudo-inverse', 'dls']) {
      const { demo, controls } = runDemo('jacobian', { method });
      const err = () => Number(controls.readouts.get('error'));
      const before = err();
      for (let k = 0; k < 5; k++) {
        controls.act('step');
        demo.update(1 / 60);
      }
      expect(err(), method).toBeLessThan(before * 0.5);
    }
    const { demo, controls } = runDemo('jacobian');
    demo.onKey!('a', true);
    demo.update(1 / 60);
    expect(controls.readouts.get('sigma')).toMatch(/lost a direction|ratio \d{2,}/);
  });
});
