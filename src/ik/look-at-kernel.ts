import { clampAngle, wrapAngle } from '../math/angles.ts';

/** Optional limits on a bone's local rotation (radians, the arc clockwise from min to max). */
export interface AngleLimits {
  min: number;
  max: number;
}

export interface LookAtSolution {
  /** Local rotation that points the bone at the target, before the offset and limits. */
  aim: number;
  /** The local rotation to apply: aim + offset, then clamped to the limits if any. */
  rotation: number;
  /** True when the limits changed the result (the bone cannot fully face the target). */
  limited: boolean;
}

/**
 * Look-at in the bone's parent space (seed 001 §1): the angle of (target − joint) by atan2, which
 * keeps the quadrant. Working in the parent's space is what makes it right under any ancestor's
 * negative scale: the parent's reflection is already inside the coordinates. A bone flipped on
 * its own x axis has its tip on −x, so it turns a further π.
 * Target on the joint or non-finite: the direction is undefined; the bone keeps `current`.
 */
export function solveLookAt(
  jointX: number,
  jointY: number,
  targetX: number,
  targetY: number,
  ownScaleFlipped: boolean,
  current: number,
  offset = 0,
  limits: AngleLimits | null = null,
): LookAtSolution {
  const dx = targetX - jointX;
  const dy = targetY - jointY;
  // A target on the joint (within round-off of the coordinates) gives no direction.
  const onJoint = Math.hypot(dx, dy) <= 1e-9 * (1 + Math.abs(jointX) + Math.abs(jointY));
  const defined = Number.isFinite(dx) && Number.isFinite(dy) && !onJoint;
  const aim = defined
    ? wrapAngle(Math.atan2(dy, dx) + (ownScaleFlipped ? Math.PI : 0))
    : wrapAngle(current - offset);
  const wanted = wrapAngle(aim + (Number.isFinite(offset) ? offset : 0));
  const rotation = limits ? clampAngle(wanted, limits.min, limits.max) : wanted;
  return { aim, rotation, limited: Math.abs(wrapAngle(rotation - wanted)) > 1e-12 };
}
