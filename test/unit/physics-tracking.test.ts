import { describe, expect, test } from 'vitest';
import {
  BODY_PLAN,
  criticallyDampedN,
  KeyframeTrack,
  newPose,
  sagittalTrack,
  seedN,
  squatTrack,
  waveTrack,
  type CharacterSettings,
  type LinkPlan,
} from '../../src/physics';
import { rigFromBvh } from '../../src/walk3d/rig';
import { clipText } from './clip-text';
import { DEG, oneCharacter, walkTrack } from './physics-setup';

/**
 * A track that holds one pose: the walk's ninth keyframe (one leg swinging, knee bent 60°),
 * hung 5 m above the ground so that only the joints' torques and gravity act (root pinned).
 */
function holdTrack(): KeyframeTrack {
  const walk = walkTrack();
  const P = walk.poseLength;
  const pose = walk.poses.slice(8 * P, 9 * P);
  pose[1]! += 5;
  return new KeyframeTrack('hold', 1, pose, P, 0);
}

interface StepResponse {
  /** Largest joint error (radians) at each step. */
  worst: number[];
  /** The largest error at the start. */
  start: number;
  /** Seconds until every joint is within 10% of the largest starting error (Infinity: never). */
  reach: number;
}

/** From standing (all joints 0) towards the held keyframe, for `seconds`. */
function stepResponse(
  settings: Partial<CharacterSettings>,
  plan: readonly LinkPlan[] = BODY_PLAN,
  seconds = 1,
): StepResponse {
  const { scene, c } = oneCharacter(holdTrack(), settings, plan, 0, -5);
  const stand = newPose(plan);
  stand[1] = c.goal[1]!;
  c.ragdoll.placeAt(stand);
  const start = Math.max(...Array.from(c.goal.subarray(3), Math.abs));
  const worst: number[] = [];
  let reach = Infinity;
  for (let k = 1; k <= Math.round(seconds / scene.dt); k++) {
    scene.step();
    const w = Math.max(...Array.from(c.error.subarray(1), Math.abs));
    worst.push(w);
    if (reach === Infinity && w < 0.1 * start) reach = k * scene.dt;
  }
  return { worst, start, reach };
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const at = (r: StepResponse, seconds: number) => r.worst[Math.round(seconds * 120) - 1]!;
const T_HAT = 0.25;

describe('PD tracking with seed 004 analytic gains (root pinned, fixed 1/120 s steps)', () => {
  test('every joint comes within 10% of the largest starting error within t̂ (seed n = 9.49)', () => {
    const r = stepResponse({ n: seedN(0.9), tHat: T_HAT });
    expect(r.start).toBeGreaterThan(50 * DEG);
    expect(r.reach).toBeLessThanOrEqual(T_HAT);
    expect(at(r, T_HAT)).toBeLessThan(0.1 * r.start);
  });

  test('a larger n tracks faster: the error at t̂ shrinks as n grows', () => {
    const errors = [criticallyDampedN(0.9), 6, seedN(0.9)].map((n) =>
      at(stepResponse({ n, tHat: T_HAT }), T_HAT),
    );
    expect(errors[1]).toBeLessThan(errors[0]! * 0.8);
    expect(errors[2]).toBeLessThan(errors[1]! * 0.8);
  });

  test('doubling every mass leaves analytic tracking unchanged and makes manual gains worse', () => {
    const heavy = BODY_PLAN.map((l) => ({ ...l, mass: 2 * l.mass }));
    const manual: Partial<CharacterSettings> = {
      gainMode: 'manual',
      manualKs: new Float64Array(BODY_PLAN.length).fill(400),
      manualKd: new Float64Array(BODY_PLAN.length).fill(40),
    };
    const analytic = { n: seedN(0.9), tHat: T_HAT };
    const a1 = stepResponse(analytic);
    const a2 = stepResponse(analytic, heavy);
    const m1 = stepResponse(manual);
    const m2 = stepResponse(manual, heavy);
    // Analytic: the same error curve within 0.5° at every step of the second.
    for (let k = 0; k < a1.worst.length; k++)
      expect(Math.abs(a1.worst[k]! - a2.worst[k]!)).toBeLessThan(0.5 * DEG);
    // Manual: in the second half-second the heavy body's worst joint is on average ≥ 1.5×
    // further off, and it ends ≥ 1.5× further off (gravity's pull doubled, the same springs).
    const late = (r: StepResponse) => mean(r.worst.slice(60));
    expect(late(m2)).toBeGreaterThan(1.5 * late(m1));
    expect(at(m2, 1)).toBeGreaterThan(1.5 * at(m1, 1));
    expect(Math.abs(mean(a2.worst) - mean(a1.worst))).toBeLessThan(0.02 * mean(a1.worst));
  });

  test('a torque limit delays reaching the keyframe', () => {
    const free = stepResponse({ n: seedN(0.9), tHat: T_HAT });
    const clamped = stepResponse({ n: seedN(0.9), tHat: T_HAT, tauMax: 20 });
    // Lesson 16 says 0.22 s without a limit and 0.76 s with 20 N·m.
    expect(free.reach).toBeLessThan(0.25);
    expect(clamped.reach).toBeGreaterThan(0.7);
    expect(clamped.reach).toBeLessThan(0.8);
  });

  test('every clip asks only for angles inside the joints’ limits', () => {
    const rig = rigFromBvh(clipText('walk'), clipText('idle'));
    const tracks = [walkTrack(), sagittalTrack(rig, 'idle'), waveTrack(), squatTrack()];
    const pose = newPose(BODY_PLAN);
    const rate = newPose(BODY_PLAN);
    for (const t of tracks)
      for (let time = 0; time < t.duration; time += 1 / 240) {
        t.sample(time, pose, rate);
        BODY_PLAN.forEach((l, i) => {
          if (i === 0) return;
          const a = pose[i + 2]!;
          expect(a, `${t.name} ${l.name} at ${time.toFixed(3)} s`).toBeGreaterThanOrEqual(
            l.lower - 1e-9,
          );
          expect(a, `${t.name} ${l.name} at ${time.toFixed(3)} s`).toBeLessThanOrEqual(
            l.upper + 1e-9,
          );
        });
      }
  });

  test('a standing ankle’s analytic gains count only the foot: a few percent of the knee’s', () => {
    const { scene, c } = oneCharacter(walkTrack(), { n: seedN(0.9), tHat: T_HAT });
    scene.step();
    const ankle = BODY_PLAN.findIndex((l) => l.name === 'NearFoot');
    // Lesson 16: k_s ≈ 42 N·m/rad at the ankle, over 1 000 at the knee.
    expect(Math.abs(c.tracker.ks[ankle]! - 42)).toBeLessThan(3);
    expect(c.tracker.ks[ankle - 1]).toBeGreaterThan(1000);
  });

  test('while walking, every joint stays within 12° of the animation after the first t̂', () => {
    const { scene, c } = oneCharacter(walkTrack(), { n: seedN(0.9), tHat: T_HAT });
    let worst = 0;
    for (let k = 1; k <= 120 * 4; k++) {
      scene.step();
      if (k * scene.dt > T_HAT)
        for (let i = 1; i < c.error.length; i++) worst = Math.max(worst, Math.abs(c.error[i]!));
    }
    expect(worst).toBeLessThan(12 * DEG);
  });
});
