import { type Chain, chainFrom } from '../src/ik/chain';

/**
 * The fixed choices every table row shares, in one place so the printed notes cannot drift
 * from what was measured.
 */
export const SEED = 20240611;
export const BONE_LENGTH = 10;
/** Chain sizes: 2 for the two-bone solver (the iterative ones run there too), then 3, 10, 30. */
export const CHAIN_SIZES = [2, 3, 10, 30] as const;
/** Tolerance = this × total chain length. */
export const TOLERANCE_FRACTION = 1e-3;
export const CAP_FABRIK_CCD = 100;
export const CAP_JACOBIAN = 1000;
/** Rest pose: a gentle curve, this much total bend (radians) spread evenly over the bones. */
export const REST_TOTAL_BEND = Math.PI / 3;
/** Targets lie at a radius in [MIN, MAX] × reach from the base (never at the ring's edges). */
export const TARGET_RADIUS_MIN = 0.05;
export const TARGET_RADIUS_MAX = 0.95;
export const COLD_TARGETS = 128;
export const WARM_FRAMES = 240;

/** Every bone BONE_LENGTH long, base at the origin pointing along +x, curved gently. */
export function restChain(bones: number): Chain {
  const lengths = new Array<number>(bones).fill(BONE_LENGTH);
  const angles = new Array<number>(bones).fill(REST_TOTAL_BEND / bones);
  return chainFrom(lengths, angles);
}

export const reachOf = (bones: number): number => bones * BONE_LENGTH;
export const toleranceOf = (bones: number): number => TOLERANCE_FRACTION * reachOf(bones);

/** The chain's pole for "FABRIK + pole": a fixed point above the base (screen y is down). */
export const poleOf = (bones: number): { x: number; y: number } => ({
  x: 0,
  y: -reachOf(bones),
});
