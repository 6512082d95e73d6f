import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  angleBetweenRotations,
  dotQuat,
  fromAxisAngle,
  mulQuat,
  quat,
  rotateVec,
  rotationMatrix,
  rotationMatrixInto,
  toAxisAngle,
} from '../../src/math/quat';
import { mulberry32 } from '../../src/math/random';
import { cross3, dot3, vec3 } from '../../src/math/vec3';
import type { OverlayPainter } from '../../src/render/overlay-painter';
import { VIEW_DIR } from '../../src/demos/rotation-order/box';
import { turnedSoFar } from '../../src/demos/rotation-order/scene';
import { runDemo } from './fake-controls';

const DEG = Math.PI / 180;
const random = mulberry32(11);
const randomQuat = () =>
  fromAxisAngle(quat(), [random() - 0.5, random() - 0.5, random() - 0.5], 6 * random() - 3);
/** R·v, R row-major. */
const apply = (r: ArrayLike<number>, v: ArrayLike<number>) =>
  [0, 1, 2].map((i) => r[3 * i]! * v[0]! + r[3 * i + 1]! * v[1]! + r[3 * i + 2]! * v[2]!);
const matMul = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Array.from({ length: 9 }, (_, k) => {
    const [i, j] = [Math.floor(k / 3), k % 3];
    return a[3 * i]! * b[j]! + a[3 * i + 1]! * b[3 + j]! + a[3 * i + 2]! * b[6 + j]!;
  });
const close = (a: ArrayLike<number>, b: ArrayLike<number>, digits = 12) =>
  Array.from(a).forEach((v, i) => expect(v, `[${i}]`).toBeCloseTo(b[i]!, digits));

/** Lesson 11 with its lines joined (a quoted value may be broken across two) and no quote marks. */
const LESSON = readFileSync(new URL('../../lessons/11-a-3d-skeleton.md', import.meta.url), 'utf8')
  .replace(/^> ?/gm, '')
  .replace(/\s+/g, ' ');

describe('quaternions to matrices (src/math/quat.ts)', () => {
  it('rotationMatrixInto writes the matrix rotationMatrix returns, and R·v turns v as q does', () => {
    const r = new Float64Array(9);
    for (let n = 0; n < 200; n++) {
      const q = randomQuat();
      rotationMatrixInto(r, q);
      close(r, rotationMatrix(q), 15);
      const v = vec3(random() - 0.5, random() - 0.5, random() - 0.5);
      close(apply(r, v), rotateVec(vec3(), q, v));
    }
  });

  it('q and −q give the same R; R of a product is the product of the Rs, later on the left', () => {
    for (let n = 0; n < 100; n++) {
      const a = randomQuat();
      const b = randomQuat();
      const minus = a.map((v) => -v);
      close(rotationMatrix(minus), rotationMatrix(a), 15);
      close(rotationMatrix(mulQuat(quat(), b, a)), matMul(rotationMatrix(b), rotationMatrix(a)));
    }
  });

  it('measures the turn between two rotations: 0 for q and −q, exact for tiny angles', () => {
    const a = randomQuat();
    expect(
      angleBetweenRotations(
        a,
        a.map((v) => -v),
      ),
    ).toBeCloseTo(0, 12);
    expect(angleBetweenRotations(quat(), fromAxisAngle(quat(), [1, 0, 0], 90 * DEG))).toBeCloseTo(
      Math.PI / 2,
      12,
    );
    const tiny = mulQuat(quat(), fromAxisAngle(quat(), [0, 1, 1], 1e-7), a);
    expect(angleBetweenRotations(a, tiny) / 1e-7).toBeCloseTo(1, 6);
    expect(dotQuat(a, a)).toBeCloseTo(1, 14);
  });
});

describe('composing two quaternions, as lesson 11 writes the product', () => {
  /** (w_B v_A + w_A v_B + v_B × v_A, w_B w_A − v_B·v_A), term by term. */
  function byTerms(b: ArrayLike<number>, a: ArrayLike<number>) {
    const cross = cross3(vec3(), b, a);
    const v = [0, 1, 2].map((i) => b[3]! * a[i]! + a[3]! * b[i]! + cross[i]!);
    return [...v, b[3]! * a[3]! - dot3(b, a)];
  }

  it('the formula is mulQuat; swapping the order flips only the cross term', () => {
    for (let n = 0; n < 100; n++) {
      const a = randomQuat();
      const b = randomQuat();
      close(byTerms(b, a), mulQuat(quat(), b, a));
      const ba = mulQuat(quat(), b, a);
      const ab = mulQuat(quat(), a, b);
      const cross = cross3(vec3(), b, a);
      for (let i = 0; i < 3; i++) expect(ba[i]! - ab[i]!).toBeCloseTo(2 * cross[i]!, 12);
      expect(ba[3]).toBeCloseTo(ab[3]!, 12);
    }
  });

  it('90° about x then 90° about y: the numbers the lesson works through', () => {
    const qA = fromAxisAngle(quat(), [1, 0, 0], 90 * DEG);
    const qB = fromAxisAngle(quat(), [0, 1, 0], 90 * DEG);
    close(qA, [0.70710678, 0, 0, 0.70710678], 8);
    expect(LESSON).toContain('$q_A = (0.707, 0, 0, 0.707)$');
    expect(LESSON).toContain('$q_B = (0, 0.707, 0, 0.707)$');
    // w_B v_A + w_A v_B, then the cross term, then w.
    close(
      [0, 1, 2].map((i) => qB[3]! * qA[i]! + qA[3]! * qB[i]!),
      [0.5, 0.5, 0],
    );
    expect(LESSON).toContain('The first two terms give $(0.5, 0.5, 0)$');
    close(cross3(vec3(), qB, qA), [0, 0, -0.5]);
    expect(LESSON).toContain('$v_B \\times v_A = (0, 0, -0.5)$');
    const q = mulQuat(quat(), qB, qA);
    close(q, [0.5, 0.5, -0.5, 0.5]);
    expect(LESSON).toContain('q_B\\,q_A = (0.5, 0.5, -0.5, 0.5)');
    close(mulQuat(quat(), qA, qB), [0.5, 0.5, 0.5, 0.5]);
    expect(LESSON).toContain('$q_A\\,q_B = (0.5, 0.5, 0.5, 0.5)$');
    // One turn of 120° about the diagonal.
    const axis = vec3();
    expect(toAxisAngle(axis, q) / DEG).toBeCloseTo(120, 10);
    expect([...axis].map((v) => v.toFixed(3))).toEqual(['0.577', '0.577', '-0.577']);
    expect(LESSON).toContain(
      'a single turn of 120°, about the diagonal axis $(0.577, 0.577, -0.577)$',
    );
    // Its matrix, and the columns the lesson reads.
    close(rotationMatrix(q), [0, 1, 0, 0, 0, -1, -1, 0, 0]);
    expect(LESSON).toContain(
      'R = \\begin{bmatrix} 0 & 1 & 0 \\\\ 0 & 0 & -1 \\\\ -1 & 0 & 0 \\end{bmatrix}',
    );
  });

  it('the challenge: A 60° about x, B 90° about y gives w = cos 45° cos 30° = 0.6124', () => {
    const qA = fromAxisAngle(quat(), [1, 0, 0], 60 * DEG);
    const qB = fromAxisAngle(quat(), [0, 1, 0], 90 * DEG);
    expect(mulQuat(quat(), qB, qA)[3]).toBeCloseTo(0.6124, 4);
    expect(LESSON).toContain('answer: 0.6124 ± 0.004');
  });
});

describe('the rotation-order figure (lesson 11)', () => {
  const read = (controls: { readouts: Map<string, string> }, id: string) =>
    controls.readouts.get(id);

  it('with both turns done, reads the two products, 120° apart, and R of q_B q_A', () => {
    const { controls } = runDemo('rotation-order');
    expect(read(controls, 'q-ab')).toBe('(0.500, 0.500, -0.500, 0.500)');
    expect(read(controls, 'q-ba')).toBe('(0.500, 0.500, 0.500, 0.500)');
    expect(read(controls, 'same')).toBe('no: 120.0° apart');
    expect(LESSON).toContain('*Same rotation?* reads "no: 120.0° apart"');
    expect(controls.formulas.get('product')).toBe(
      'q_B\\,q_A = (0, 0.707, 0, 0.707)\\,(0.707, 0, 0, 0.707) = (0.5, 0.5, -0.5, 0.5)',
    );
    expect(controls.formulas.get('cross')).toContain('v_B \\times v_A = (0, 0, -0.5)');
    expect(controls.formulas.get('cross')).toContain('q_A\\,q_B = (0.5, 0.5, 0.5, 0.5)');
    expect(controls.formulas.get('matrix')).toBe(
      'R(q) = \\begin{bmatrix} 0 & 1 & 0 \\\\ 0 & 0 & -1 \\\\ -1 & 0 & 0 \\end{bmatrix}',
    );
  });

  it('turns each book about the world axes as the lesson says, cover and arrow alike', () => {
    const a = { axis: 'x', angle: 90 * DEG };
    const b = { axis: 'y', angle: 90 * DEG };
    const turn = (first: typeof a, second: typeof a, t: number, v: number[]) =>
      [...rotateVec(vec3(), turnedSoFar(quat(), first, second, t), v)].map(
        (x) => +x.toFixed(9) + 0,
      );
    const cover = [0, 0, 1];
    const length = [1, 0, 0];
    // Left, A then B: the cover to −y, and B leaves it there; the arrow ends pointing down.
    expect(turn(a, b, 1, cover)).toEqual([0, -1, 0]);
    expect(turn(a, b, 2, cover)).toEqual([0, -1, 0]);
    expect(turn(a, b, 2, length)).toEqual([0, 0, -1]);
    expect(dot3(turn(a, b, 2, cover), VIEW_DIR)).toBeLessThan(0); // facing away from you
    // Right, B then A: the cover to +x, and A leaves it there; the book on its long edge.
    expect(turn(b, a, 1, cover)).toEqual([1, 0, 0]);
    expect(turn(b, a, 2, cover)).toEqual([1, 0, 0]);
    expect(turn(b, a, 2, [0, 1, 0])).toEqual([0, 0, 1]);
    expect(dot3(turn(b, a, 2, cover), VIEW_DIR)).toBeGreaterThan(0); // facing you
    expect(turn(a, b, 0.5, cover)).toEqual(
      [0, -Math.SQRT1_2, Math.SQRT1_2].map((x) => +x.toFixed(9) + 0),
    );
  });

  it('Turned so far shows the first turn alone at 1, and nothing at 0', () => {
    const one = runDemo('rotation-order', { turned: '1' }).controls;
    expect(read(one, 'q-ab')).toBe('(0.707, 0.000, 0.000, 0.707)');
    expect(read(one, 'q-ba')).toBe('(0.000, 0.707, 0.000, 0.707)');
    const zero = runDemo('rotation-order', { turned: '0' }).controls;
    expect(read(zero, 'q-ab')).toBe('(0.000, 0.000, 0.000, 1.000)');
    expect(read(zero, 'same')).toBe('yes: q′ = q');
  });

  it('the Try this: one turn of 0, or one axis, commutes; small turns nearly do', () => {
    expect(read(runDemo('rotation-order', { angleB: '0' }).controls, 'same')).toBe('yes: q′ = q');
    expect(read(runDemo('rotation-order', { axisB: 'x' }).controls, 'same')).toBe('yes: q′ = q');
    const small = (deg: string) =>
      read(runDemo('rotation-order', { angleA: deg, angleB: deg }).controls, 'same');
    expect(small('10')).toBe('no: 1.7° apart');
    expect(small('5')).toBe('no: 0.44° apart');
    expect(LESSON).toContain('at 10° each the books end 1.7° apart, at 5° each 0.44°');
  });

  it('two half turns about x and y commute, with q′ = −q', () => {
    const { controls } = runDemo('rotation-order', { angleA: '180', angleB: '180' });
    expect(read(controls, 'same')).toBe('yes: q′ = −q, the same turn');
    expect(read(controls, 'q-ab')).toBe('(0.000, 0.000, -1.000, 0.000)');
    expect(read(controls, 'q-ba')).toBe('(0.000, 0.000, 1.000, 0.000)');
    expect(LESSON).toContain('their vector parts are $(0, 0, -1)$ and $(0, 0, 1)$');
  });

  it('the challenge’s w shows in the product formula once A is 60°', () => {
    const { controls } = runDemo('rotation-order', { angleA: '60' });
    expect(controls.formulas.get('product')).toMatch(/= \([-\d.]+, [-\d.]+, [-\d.]+, 0\.612\)$/);
  });

  it('follows its controls, and Play (or Space) runs Turned so far from 0 to 2', () => {
    const { demo, controls } = runDemo('rotation-order');
    controls.act('angleA', 10);
    controls.act('angleB', 10);
    demo.update(1 / 60);
    expect(read(controls, 'same')).toBe('no: 1.7° apart');
    controls.act('play');
    demo.update(1 / 60);
    expect(controls.values.get('turned')).toBeLessThan(0.1);
    expect(controls.buttons.get('play')!.label).toBe('Pause');
    expect(demo.onKey!(' ', true)).toBe(true); // Space pauses
    const paused = controls.values.get('turned');
    demo.update(0.5);
    expect(controls.values.get('turned')).toBe(paused);
    demo.onKey!(' ', true);
    for (let i = 0; i < 200; i++) demo.update(1 / 60);
    expect(controls.values.get('turned')).toBe(2);
    expect(controls.buttons.get('play')!.label).toBe('Play both turns');
    expect(demo.currentParams!()).toMatchObject({ angleA: 10, angleB: 10, turned: 2 });
  });

  it('draws at most three faces of each book, far to near, and every point finite', () => {
    const { demo } = runDemo('rotation-order');
    const polygons: { points: { x: number; y: number }[]; fill?: string }[] = [];
    const painter = {
      polygon: (points: { x: number; y: number }[], s: { fill?: string } = {}) =>
        polygons.push({ points: points.map((p) => ({ ...p })), fill: s.fill }),
      line: () => {},
      text: () => {},
      circle: () => {},
      arc: () => {},
      arcPx: () => {},
      wedgePx: () => {},
      polyline: () => {},
      dot: () => {},
    } as unknown as OverlayPainter;
    demo.drawOverlay!(painter);
    const faces = polygons.filter((p) => p.points.length === 4);
    // Two books, each showing three faces from the 3/4 view (none edge-on at 90° turns).
    expect(faces.length).toBe(6);
    for (const p of polygons)
      for (const pt of p.points) expect(Number.isFinite(pt.x) && Number.isFinite(pt.y)).toBe(true);
    // The right book shows its cover (and its arrow); the left one does not.
    const covers = polygons.filter((p) => p.fill === 'highlight');
    expect(covers.length).toBe(1);
    expect(covers[0]!.points.every((pt) => pt.x > 0)).toBe(true);
  });
});
