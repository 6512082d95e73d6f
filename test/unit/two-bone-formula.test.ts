import { describe, expect, it } from 'vitest';
import { runDemo } from './fake-controls';

/** The numbers after "θ1 = … =" and "θ2 = … =" in lesson 3's rotation formula. */
function formulaAngles(tex: string): [number, number] {
  const [left, right] = tex.split('\\qquad');
  const t1 = /([-\d.]+)\^\\circ\s*$/.exec(left!.trim());
  const t2 = /([-\d.]+)\^\\circ\s*\\quad/.exec(right!);
  return [Number(t1![1]), Number(t2![1])];
}
const degrees = (s: string | undefined) => Number(s!.replace('−', '-').replace('°', ''));

describe("lesson 3's formula says what the arm does", () => {
  it('with a pole on either side, whatever Flip the bend says, θ1 and θ2 equal the bones’ rotations', () => {
    for (const poleY of ['200', '-300'])
      for (const flipBend of ['false', 'true']) {
        const { controls } = runDemo('two-bone-ik', { pole: 'true', poleY, flipBend });
        const [t1, t2] = formulaAngles(controls.formulas.get('rotations')!);
        const where = `pole y ${poleY}, flip ${flipBend}`;
        expect(t1, where).toBeCloseTo(degrees(controls.readouts.get('upper-rotation')), 1);
        expect(t2, where).toBeCloseTo(degrees(controls.readouts.get('fore-rotation')), 1);
      }
  });
});
