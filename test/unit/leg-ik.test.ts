import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toAxisAngle } from '../../src/math/quat';
import { type DescentProblem, GradientDescent } from '../../src/walk3d/gradient-descent';
import { LegIK } from '../../src/walk3d/leg-ik';
import { forwardKinematics, Pose } from '../../src/walk3d/pose';
import { rigFromBvh } from '../../src/walk3d/rig';
import { clipText } from './clip-text';

const bvh = clipText;
const rig = rigFromBvh(bvh('walk'), bvh('idle'));
const sk = rig.skeleton;
const legs = ['Left', 'Right'].map((s) => ({
  joints: [sk.indexOf(`${s}UpLeg`), sk.indexOf(`${s}Leg`)],
  ee: sk.indexOf(`${s}Foot`),
}));

function legIK(frameTime: number) {
  const pose = rig.walk.clip.sample(frameTime, new Pose(sk));
  const ik = new LegIK(sk, legs);
  ik.setPose(pose);
  return { ik, pose };
}

/**
 * Each chain joint as a hinge: its rotation in `pose` as axis and angle, the axis's sign kept
 * towards +x (the legs hinge about +x in this clip; a joint with no rotation gets +x), and
 * ω = γ = that angle.
 */
function hingesFromPose(ik: LegIK, pose: Pose): void {
  const axis = new Float64Array(3);
  ik.joint.forEach((j, k) => {
    let th = toAxisAngle(axis, pose.r.subarray(4 * j, 4 * j + 4));
    if (Math.hypot(axis[0]!, axis[1]!, axis[2]!) < 0.5) axis.set([1, 0, 0]);
    if (axis[0]! < 0) {
      axis.set([-axis[0]!, -axis[1]!, -axis[2]!]);
      th = -th;
    }
    ik.axis.set(axis, 3 * k);
    ik.omega[k] = ik.gamma[k] = th;
  });
}

const angle = fc.double({ min: -2, max: 2, noNaN: true });
const unit = fc
  .tuple(
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  )
  .filter(([x, y, z]) => Math.hypot(x, y, z) > 0.2)
  .map(([x, y, z]) => {
    const l = Math.hypot(x, y, z);
    return [x / l, y / l, z / l];
  });

describe('gradient-descent IK (seed 000 §7)', () => {
  it('places the end-effectors where full forward kinematics does, for the pose’s own angles', () => {
    for (const t of [0, 0.3, 0.71]) {
      const { ik, pose } = legIK(t);
      // Each chain joint's rotation as axis and angle: the hinge model must reproduce it.
      ik.joint.forEach((j, k) => {
        const axis = new Float64Array(3);
        ik.theta[k] = toAxisAngle(axis, pose.r.subarray(4 * j, 4 * j + 4));
        ik.axis.set(axis, 3 * k);
      });
      ik.evaluate(ik.theta, new Float64Array(ik.size));
      const m = forwardKinematics(pose, new Float64Array(16 * sk.count));
      legs.forEach((leg, c) => {
        for (let r = 0; r < 3; r++)
          expect(ik.eePos[3 * c + r]).toBeCloseTo(m[16 * leg.ee + 12 + r]!, 9);
      });
    }
  });

  it('each term’s analytic gradient matches central finite differences', () => {
    fc.assert(
      fc.property(
        fc.array(angle, { minLength: 12, maxLength: 12 }),
        fc.array(unit, { minLength: 4, maxLength: 4 }),
        fc.array(fc.double({ min: -80, max: 80, noNaN: true }), { minLength: 6, maxLength: 6 }),
        fc.constantFrom(0, 0.4, 0.9),
        (angles, axes, targets, t) => {
          const { ik } = legIK(t);
          axes.forEach((a, k) => ik.axis.set(a, 3 * k));
          ik.theta.set(angles.slice(0, 4));
          ik.omega.set(angles.slice(4, 8));
          ik.gamma.set(angles.slice(8, 12));
          ik.targets.set(targets);
          for (const [a, b, c] of [
            [1, 0, 0],
            [0, 1, 0],
            [0, 0, 1],
          ] as const) {
            ik.a = a;
            ik.b = b;
            ik.c = c;
            const g = new Float64Array(4);
            ik.evaluate(ik.theta, g);
            const h = 1e-6;
            for (let k = 0; k < 4; k++) {
              const x = Float64Array.from(ik.theta);
              x[k] = x[k]! + h;
              const up = ik.evaluate(x, new Float64Array(4));
              x[k] = x[k]! - 2 * h;
              const down = ik.evaluate(x, new Float64Array(4));
              const numeric = (up - down) / (2 * h);
              expect(Math.abs(g[k]! - numeric)).toBeLessThan(1e-4 * Math.max(1, Math.abs(numeric)));
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  /** A reachable target: where the feet would be with both leg joints turned `turn` rad more. */
  function reachable(t: number, turn = 0.25) {
    const { ik, pose } = legIK(t);
    hingesFromPose(ik, pose);
    ik.evaluate(
      ik.omega.map((w) => w + turn),
      new Float64Array(4),
    );
    ik.targets.set(ik.eePos);
    ik.a = 200 / (176 * 176); // the seed's a = 1/(rigHeight·δp), δp = rigHeight/200
    return ik;
  }
  const gap = (ik: LegIK) =>
    Math.hypot(...[0, 1, 2, 3, 4, 5].map((i) => ik.eePos[i]! - ik.targets[i]!));

  it('the seed’s descent brings the feet most of the way to their targets, within 300 steps', () => {
    const ik = reachable(0.4);
    const before = ik.evaluate(ik.gamma, new Float64Array(4));
    const far = gap(ik);
    const r = ik.solve();
    expect(r.iterations).toBeLessThanOrEqual(300);
    expect(ik.terms.F).toBeLessThan(before / 2);
    // f2 and f3 hold the legs back a little: the feet get most of the way, not all of it.
    expect(gap(ik)).toBeLessThan(far / 2);
  });

  it('a = 200/h² makes the descent the same at any size (the seed’s Tables 4.1/4.2, ×150)', () => {
    // The same walk with every length 150 times longer: offsets and the hips' positions.
    const times150 = (line: string) => line.replace(/-?\d+\.\d+/g, (v) => String(Number(v) * 150));
    const lines = bvh('walk').split('\n');
    const motion = lines.findIndex((l) => l.startsWith('Frame Time'));
    const big = lines.map((l, i) => {
      if (/^\s*OFFSET/.test(l)) return times150(l);
      if (i <= motion || !l.trim()) return l;
      const v = l.trim().split(/\s+/);
      return [...v.slice(0, 3).map((x) => String(Number(x) * 150)), ...v.slice(3)].join(' ');
    });
    const bigRig = rigFromBvh(big.join('\n'), bvh('idle'));
    const solveAt = (r: typeof rig, size: number, fixedA?: number) => {
      const s = r.skeleton;
      const chains = ['Left', 'Right'].map((side) => ({
        joints: [s.indexOf(`${side}UpLeg`), s.indexOf(`${side}Leg`)],
        ee: s.indexOf(`${side}Foot`),
      }));
      const pose = r.walk.clip.sample(0.3, new Pose(s));
      const ik = new LegIK(s, chains);
      ik.setPose(pose);
      hingesFromPose(ik, pose);
      ik.evaluate(ik.omega, new Float64Array(4));
      ik.targets.set(ik.eePos);
      // A target 10 model units (cm) up and 8 ahead of each foot, at this size.
      for (let c = 0; c < 2; c++) {
        ik.targets[3 * c + 1] = ik.targets[3 * c + 1]! + 8 * size;
        ik.targets[3 * c + 2] = ik.targets[3 * c + 2]! + 10 * size;
      }
      const h = 2 * s.chainLength(chains[0]!.joints[0]!, chains[0]!.ee);
      ik.a = fixedA ?? 200 / (h * h);
      const r2 = ik.solve();
      return { iterations: r2.iterations, theta: Array.from(ik.theta), F: ik.terms.F, a: ik.a };
    };
    const small = solveAt(rig, 1);
    const large = solveAt(bigRig, 150);
    expect(small.iterations).toBeGreaterThan(3);
    expect(large.iterations).toBe(small.iterations);
    expect(large.F).toBeCloseTo(small.F, 6);
    large.theta.forEach((t, k) => expect(t).toBeCloseTo(small.theta[k]!, 6));
    // With the small rig's a, the large rig's reach term is 22 500× too strong: another answer.
    const unscaled = solveAt(bigRig, 150, small.a);
    const moved = Math.max(...unscaled.theta.map((t, k) => Math.abs(t - small.theta[k]!)));
    expect(moved).toBeGreaterThan(0.05);
  });

  it('Levenberg–Marquardt reaches the same cost (or lower) in fewer than half the steps', () => {
    for (const turn of [0.5, 0.8]) {
      const gd = reachable(0.4, turn);
      const gdSteps = gd.solve().iterations;
      const lm = reachable(0.4, turn);
      const lmSteps = lm.solveLM().iterations;
      expect(lm.terms.F).toBeLessThanOrEqual(gd.terms.F * 1.001);
      expect(lmSteps * 2).toBeLessThan(gdSteps);
    }
  });

  it('Levenberg–Marquardt handles any number of angles (here 10: legs to the toes, and arms)', () => {
    const chains = [
      ['LeftUpLeg', 'LeftLeg', 'LeftFoot', 'LeftToe'],
      ['RightUpLeg', 'RightLeg', 'RightFoot', 'RightToe'],
      ['LeftShoulder', 'LeftArm', 'LeftHand'],
      ['RightShoulder', 'RightArm', 'RightHand'],
    ].map((names) => ({
      joints: names.slice(0, -1).map((j) => sk.indexOf(j)),
      ee: sk.indexOf(names[names.length - 1]!),
    }));
    const pose = rig.walk.clip.sample(0.2, new Pose(sk));
    const ik = new LegIK(sk, chains);
    ik.setPose(pose);
    expect(ik.size).toBe(10);
    hingesFromPose(ik, pose);
    // Targets every chain can reach: its end with each angle turned 0.2 rad more.
    ik.evaluate(
      ik.omega.map((w) => w + 0.2),
      new Float64Array(10),
    );
    ik.targets.set(ik.eePos);
    ik.a = 1;
    ik.b = ik.c = 0;
    const r = ik.solveLM(50, 1e-6);
    expect(ik.theta.every(Number.isFinite)).toBe(true);
    expect(r.iterations).toBeLessThan(50);
    expect(ik.terms.F).toBeLessThan(1e-6);
  });

  it('never returns NaN, whatever the targets and weights', () => {
    const { ik } = legIK(0.2);
    ik.axis.set([1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]);
    for (const target of [NaN, Infinity, 1e300, -1e300]) {
      ik.targets.fill(target);
      ik.solve();
      expect([...ik.theta].every(Number.isFinite)).toBe(true);
      ik.solveLM();
      expect([...ik.theta].every(Number.isFinite)).toBe(true);
    }
  });
});

describe('the generic gradient descent (seed 000 §7.1)', () => {
  const bowl = (cx: number): DescentProblem => ({
    size: 2,
    evaluate(x, g) {
      g[0] = 2 * (x[0]! - cx);
      g[1] = 20 * x[1]!;
      return (x[0]! - cx) ** 2 + 10 * x[1]! ** 2;
    },
  });

  it('stops once no step moves a variable more than the tolerance, or at the cap', () => {
    const gd = new GradientDescent();
    const x = Float64Array.of(0, 1);
    const r = gd.run(bowl(3), x, { learningRate: 0.04, maxIterations: 1000, targetArgDelta: 1e-6 });
    expect(r.converged).toBe(true);
    expect(x[0]).toBeCloseTo(3, 4);
    expect(x[1]).toBeCloseTo(0, 4);
    const y = Float64Array.of(0, 1);
    const capped = gd.run(bowl(3), y, { learningRate: 0.04, maxIterations: 5, targetArgDelta: 0 });
    expect(capped.iterations).toBe(5);
    expect(capped.converged).toBe(false);
  });

  it('with momentum it still converges, and afterStep can hold a variable down', () => {
    const gd = new GradientDescent();
    const x = Float64Array.of(0, 1);
    const p = bowl(3);
    p.afterStep = (v, d) => {
      if (v[0]! > 2) {
        v[0] = 2; // a floor, like the stride corrector's terrain
        d[0] = d[0]! * 1e-5;
      }
    };
    gd.run(p, x, { learningRate: 0.02, maxIterations: 2000, targetArgDelta: 1e-7, momentum: true });
    expect(x[0]).toBeCloseTo(2, 6);
    expect(x[1]).toBeCloseTo(0, 4);
  });
});
