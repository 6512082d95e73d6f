import { describe, expect, it } from 'vitest';
import { Bone2D } from '../../src/scene/bone2d';
import { Marker2D } from '../../src/scene/marker2d';
import { m3Apply, m3Mul, m3TRS, type M3 } from './oracle';
import { runDemo } from './fake-controls';

/**
 * Lesson 3's two-bone demo with the skeleton stretched on x (a non-uniform scale above the arm):
 * the hand lands on the target, by the test's own matrices, and the triangle's numbers are the
 * skeleton's-space ones the solver uses.
 */
describe('two-bone demo, skeleton stretched', () => {
  for (const [stretch, flip] of [
    [1.6, false],
    [0.6, false],
    [1.6, true],
  ] as const)
    it(`stretch ${stretch}${flip ? ', mirrored on x' : ''}: the hand reaches every reachable target`, () => {
      const { demo, controls } = runDemo('two-bone-ik', {
        stretch: String(stretch),
        flipRootX: String(flip),
      });
      const bones = demo.root.findAll(Bone2D);
      const target = demo.root.findAll(Marker2D).find((m) => m.name === 'Target')!;
      const [upper, fore] = bones as [Bone2D, Bone2D];
      const sx = (flip ? -1 : 1) * stretch;
      let checked = 0;
      for (const [tx, ty] of [
        [150, 90],
        [-200, 40],
        [0, -150],
        [60, 200],
        [40, 60],
        [-100, -80],
      ] as const) {
        target.position = { x: tx, y: ty };
        demo.update(1 / 60);
        // The target in the skeleton's space (skeleton at (−90, 20), scale (sx, 1)).
        const lx = (tx + 90) / sx;
        const ly = ty - 20;
        const d = Math.hypot(lx - upper.position.x, ly - upper.position.y);
        if (d > upper.length + fore.length || d < Math.abs(upper.length - fore.length)) continue;
        checked++;
        let m: M3 = m3TRS(-90, 20, 0, sx, 1);
        m = m3Mul(m, m3TRS(upper.position.x, upper.position.y, upper.rotation, 1, 1));
        m = m3Mul(m, m3TRS(upper.length, 0, fore.rotation, 1, 1));
        const tip = m3Apply(m, fore.length, 0);
        expect(Math.hypot(tip.x - tx, tip.y - ty), `target (${tx}, ${ty})`).toBeLessThan(0.01);
        expect(controls.readouts.get('status')).toMatch(/^reached/);
        expect(Number(controls.readouts.get('distance'))).toBeCloseTo(d, 0);
      }
      expect(checked).toBeGreaterThanOrEqual(3);
    });
});
