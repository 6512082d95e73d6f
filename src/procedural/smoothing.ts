import { wrapAngle } from '../math/angles.ts';

/**
 * The fraction of the way to go this frame for an exponential approach with rate `k` (1/s):
 * 1 − e^(−k·dt). Seed 003 smooths everything with it because it does not depend on the frame
 * rate: two frames of dt/2 cover the same ground as one frame of dt.
 */
export function approachFactor(rate: number, dt: number): number {
  if (!(rate > 0) || !(dt > 0)) return 0;
  return 1 - Math.exp(-rate * dt);
}

/** `current` moved towards `target` by an exponential approach at `rate` over `dt`. */
export const approach = (current: number, target: number, rate: number, dt: number): number =>
  current + (target - current) * approachFactor(rate, dt);

/**
 * `approach`, but within `within` of the target it arrives exactly. An exponential approach
 * otherwise keeps moving by rounding-sized steps for seconds, and a node that moves every frame
 * can never let the solves hanging from it be skipped (ChainIK2D.skipUnchanged).
 */
export function arrive(
  current: number,
  target: number,
  rate: number,
  dt: number,
  within: number,
): number {
  const next = approach(current, target, rate, dt);
  return Math.abs(target - next) <= within ? target : next;
}

/** `arrive` for angles, along the shorter way round. */
export function arriveAngle(
  current: number,
  target: number,
  rate: number,
  dt: number,
  within: number,
): number {
  const next = approachAngle(current, target, rate, dt);
  return Math.abs(wrapAngle(target - next)) <= within ? wrapAngle(target) : next;
}

/** The same for angles, along the shorter way round. */
export const approachAngle = (current: number, target: number, rate: number, dt: number): number =>
  wrapAngle(current + wrapAngle(target - current) * approachFactor(rate, dt));
