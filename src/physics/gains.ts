/**
 * "On the Beat" gains (seed 004 §1.4.2): a joint whose subtree has moment of inertia m, asked
 * to remove most of an error in t̂ seconds, gets
 *
 *     k_s = m / λ²,   k_d = 2 m / λ,   λ = t̂ / n
 *
 * which is critical damping (k_d² = 4 m k_s): the fastest return with no overshoot. The seed
 * prints the damping term with a minus sign; with it the joint would be pushed away from the
 * target speed, so this uses +2m/λ (the spec's correction).
 */
export interface Gains {
  ks: number;
  kd: number;
}

export function analyticGains(m: number, tHat: number, n: number, out: Gains): Gains {
  const lambda = tHat / n;
  out.ks = m / (lambda * lambda);
  out.kd = (2 * m) / lambda;
  return out;
}

/**
 * The seed's n for "remove a fraction f of the error in t̂": n = −1/ln f. With f = 0.9 that is
 * 9.49 time constants, which leaves 0.08% of the error at t̂ (not the 10% the seed says).
 */
export const seedN = (f: number): number => -1 / Math.log(f);

/**
 * The n that really leaves 1 − f of the error at t̂ for a critically damped joint starting at
 * rest: solves (1 + n)·e^(−n) = 1 − f by Newton's method (f = 0.9 → n ≈ 3.89).
 */
export function criticallyDampedN(f: number): number {
  const residual = 1 - f;
  if (!(residual > 0 && residual < 1)) return Number.NaN;
  let n = 2;
  for (let k = 0; k < 50; k++) {
    const g = (1 + n) * Math.exp(-n) - residual;
    const dg = -n * Math.exp(-n);
    const next = n - g / dg;
    if (!Number.isFinite(next) || next <= 0) break;
    if (Math.abs(next - n) < 1e-12) return next;
    n = next;
  }
  return n;
}

/** The two n of lesson 16: the seed's −1/ln 0.9 = 9.49, and the 3.89 that really leaves 10%. */
export const N_SEED = seedN(0.9);
export const N_TEN = criticallyDampedN(0.9);

/**
 * The fixed physics step: 120 steps a second, whatever the screen's frame rate. Here, with no
 * planck import, so a figure that only steps one joint the same way does not load the engine.
 */
export const PHYSICS_DT = 1 / 120;

/** The n that leaves 1 − f of the error at t̂ for a first-order lag e^(−t/λ): −ln(1 − f). */
export const firstOrderN = (f: number): number => -Math.log(1 - f);

/** What is left of an error after time t, critically damped with time constant λ, from rest. */
export const criticalResidual = (t: number, lambda: number): number =>
  (1 + t / lambda) * Math.exp(-t / lambda);

/**
 * A damped spring's remaining error after time t (unit mass, unit start error, at rest):
 * natural frequency ω, damping ratio ζ. Under-damped (ζ < 1) it overshoots.
 */
export function springResidual(t: number, omega: number, zeta: number): number {
  if (zeta < 1 - 1e-9) {
    const wd = omega * Math.sqrt(1 - zeta * zeta);
    return (
      Math.exp(-zeta * omega * t) * (Math.cos(wd * t) + ((zeta * omega) / wd) * Math.sin(wd * t))
    );
  }
  if (zeta > 1 + 1e-9) {
    const r = Math.sqrt(zeta * zeta - 1);
    const s1 = -omega * (zeta - r);
    const s2 = -omega * (zeta + r);
    return (s2 * Math.exp(s1 * t) - s1 * Math.exp(s2 * t)) / (s2 - s1);
  }
  return (1 + omega * t) * Math.exp(-omega * t);
}

/** Damping ratio of a joint with gains ks, kd and inertia m: ζ = k_d / (2√(m k_s)). */
export const dampingRatio = (m: number, ks: number, kd: number): number =>
  ks > 0 && m > 0 ? kd / (2 * Math.sqrt(m * ks)) : Number.POSITIVE_INFINITY;
