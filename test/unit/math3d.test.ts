import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromTRS, invert4, mat4, mul4, transformPoint } from '../../src/math/mat4';
import {
  fromAxisAngle,
  fromEulerDegrees,
  mulQuat,
  quat,
  quatAngle,
  rotateVec,
  slerp,
  toAxisAngle,
  toEulerDegrees,
} from '../../src/math/quat';
import { vec3 } from '../../src/math/vec3';
import { forwardKinematics, Pose } from '../../src/walk3d/pose';
import { Skeleton } from '../../src/walk3d/skeleton';
import * as O from './oracle3d';

const num = (min = -5, max = 5) => fc.double({ min, max, noNaN: true });
const axis = fc.tuple(num(), num(), num()).filter(([x, y, z]) => Math.hypot(x, y, z) > 0.1);
const angle = fc.double({ min: -Math.PI * 2, max: Math.PI * 2, noNaN: true });

/** The oracle's matrix as column-major numbers, to compare with src/math. */
const flat = (m: O.M4) => [0, 1, 2, 3].flatMap((c) => [0, 1, 2, 3].map((r) => m[r]![c]!));

describe('quaternions and matrices against an independent oracle', () => {
  it('a quaternion rotates vectors as Rodrigues’ matrix does', () => {
    fc.assert(
      fc.property(axis, angle, fc.tuple(num(), num(), num()), ([ax, ay, az], t, p) => {
        const q = fromAxisAngle(quat(), [ax, ay, az], t);
        const got = rotateVec(vec3(), q, p);
        const want = O.apply(O.rotate(ax, ay, az, t), p);
        for (let k = 0; k < 3; k++) expect(got[k]).toBeCloseTo(want[k]!, 9);
      }),
    );
  });

  it('q1·q2 rotates as R1·R2, and T·R·S matches the oracle’s product', () => {
    fc.assert(
      fc.property(
        axis,
        angle,
        axis,
        angle,
        fc.tuple(num(), num(), num()),
        fc.tuple(num(0.2, 3), num(0.2, 3), num(0.2, 3)),
        (a1, t1, a2, t2, t, s) => {
          const q = mulQuat(quat(), fromAxisAngle(quat(), a1, t1), fromAxisAngle(quat(), a2, t2));
          const m = fromTRS(mat4(), t, q, s);
          const want = O.mul(
            O.mul(O.translate(...t), O.mul(O.rotate(...a1, t1), O.rotate(...a2, t2))),
            O.scale(...s),
          );
          flat(want).forEach((v, i) => expect(m[i]).toBeCloseTo(v, 9));
        },
      ),
    );
  });

  it('forward kinematics of a random chain equals the oracle’s product of T·R·S', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ offset: fc.tuple(num(), num(), num()), axis, angle }), {
          minLength: 1,
          maxLength: 8,
        }),
        (links) => {
          const skel = new Skeleton(
            links.map((l, i) => ({ name: `J${i}`, parent: i - 1, offset: l.offset, end: false })),
          );
          const pose = new Pose(skel);
          links.forEach((l, i) => pose.r.set(fromAxisAngle(quat(), l.axis, l.angle), 4 * i));
          const base = fromTRS(mat4(), [1, 2, 3], fromAxisAngle(quat(), [0, 0, 1], 0.7), [2, 2, 2]);
          const out = forwardKinematics(pose, new Float64Array(16 * links.length), base);
          let m = O.mul(O.mul(O.translate(1, 2, 3), O.rotate(0, 0, 1, 0.7)), O.scale(2, 2, 2));
          links.forEach((l, i) => {
            m = O.mul(m, O.mul(O.translate(...l.offset), O.rotate(...l.axis, l.angle)));
            flat(m).forEach((v, k) => expect(out[16 * i + k]).toBeCloseTo(v, 8));
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('inverts a transform', () => {
    const m = fromTRS(mat4(), [3, -2, 5], fromAxisAngle(quat(), [1, 2, 3], 1.1), [2, 0.5, 1.5]);
    const p = transformPoint(vec3(), invert4(mat4(), m), transformPoint(vec3(), m, [0.3, 4, -7]));
    expect([...p].map((v) => +v.toFixed(9))).toEqual([0.3, 4, -7]);
    const id = mul4(mat4(), m, invert4(mat4(), m));
    id.forEach((v, i) => expect(v).toBeCloseTo([0, 5, 10, 15].includes(i) ? 1 : 0, 9));
  });

  it('Euler angles round-trip in every BVH order', () => {
    for (const order of ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX'])
      fc.assert(
        fc.property(num(-170, 170), num(-80, 80), num(-170, 170), (a, b, c) => {
          const q = fromEulerDegrees(quat(), order, [a, b, c]);
          const back = fromEulerDegrees(quat(), order, toEulerDegrees(q, order));
          // The same rotation (q or −q).
          const dot = Math.abs(
            q[0]! * back[0]! + q[1]! * back[1]! + q[2]! * back[2]! + q[3]! * back[3]!,
          );
          expect(dot).toBeCloseTo(1, 9);
        }),
        { numRuns: 50 },
      );
  });

  it('slerp goes along the shorter arc at a constant rate', () => {
    const a = fromAxisAngle(quat(), [0, 0, 1], 0.2);
    const b = fromAxisAngle(quat(), [0, 0, 1], 1.4);
    for (const t of [0, 0.25, 0.5, 1]) {
      const m = slerp(quat(), a, b, t);
      const rel = mulQuat(quat(), m, [-a[0]!, -a[1]!, -a[2]!, a[3]!]);
      expect(quatAngle(rel)).toBeCloseTo(1.2 * t, 6); // acos near 1 is good to ~1e-8
    }
    // −b is the same rotation: still the short way.
    const mid = slerp(quat(), a, [-b[0]!, -b[1]!, -b[2]!, -b[3]!], 0.5);
    expect(quatAngle(mulQuat(quat(), mid, [-a[0]!, -a[1]!, -a[2]!, a[3]!]))).toBeCloseTo(0.6, 6);
  });

  it('axis and angle read back from any quaternion, q and −q alike', () => {
    fc.assert(
      fc.property(
        axis,
        fc.double({ min: 0.01, max: Math.PI - 0.01, noNaN: true }),
        fc.boolean(),
        ([ax, ay, az], t, flip) => {
          const q = fromAxisAngle(quat(), [ax, ay, az], t);
          if (flip) for (let k = 0; k < 4; k++) q[k] = -q[k]!;
          const out = vec3();
          expect(toAxisAngle(out, q)).toBeCloseTo(t, 6);
          const l = Math.hypot(ax, ay, az);
          [ax, ay, az].forEach((v, k) => expect(out[k]).toBeCloseTo(v / l, 6));
        },
      ),
      { numRuns: 50 },
    );
    expect(toAxisAngle(vec3(), quat())).toBe(0);
  });

  it('the offset forms read and write inside bigger arrays exactly as the plain forms', () => {
    const a = fromAxisAngle(quat(), [1, 2, 3], 0.7);
    const b = fromAxisAngle(quat(), [-2, 1, 0.5], 2.1);
    const big = new Float64Array(12);
    big.set(a, 2);
    big.set(b, 7);
    const out = new Float64Array(9);
    slerp(out, big, big, 0.3, 5, 2, 7);
    expect([...out.slice(5, 9)]).toEqual([...slerp(quat(), a, b, 0.3)]);
    const m1 = fromTRS(mat4(), [1, 2, 3], a, [1, 2, 1]);
    const m2 = fromTRS(mat4(), [0, -1, 4], b, [0.5, 1, 1]);
    const mats = new Float64Array(48);
    mats.set(m1, 0);
    mats.set(m2, 16);
    mul4(mats, mats, mats, 32, 0, 16);
    expect([...mats.slice(32)]).toEqual([...mul4(mat4(), m1, m2)]);
  });
});
