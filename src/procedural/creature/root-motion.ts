import { toRadians, wrapAngle } from '../../math/angles.ts';
import { norm } from '../../math/vec2.ts';
import { approachFactor } from '../smoothing.ts';

/**
 * Seed 003's AnimationController.RootMovement, top-down: the body turns towards the target when
 * it is more than `maxAngle` off its heading, walks towards it beyond `maxDistance`, backs away
 * inside `minDistance`, and stands still in between. Both velocities follow their goals with
 * 1 − e^(−k·dt), so the motion is the same at any frame rate.
 *
 * Distances are in the seed's units (its defaults: 5, 7.5, 25°); the scene scales them.
 */
export interface RootMotionSettings {
  minDistance: number;
  maxDistance: number;
  /** Degrees. */
  maxAngle: number;
  /** Turning speed when turning, degrees per second. */
  rotationSpeed: number;
  /** Walking speed, units per second. */
  movementSpeed: number;
  /** How fast the angular velocity reaches its goal (1/s). */
  rotationAccel: number;
  /** How fast the velocity reaches its goal (1/s). */
  movementAccel: number;
  /** It walks only while the target is within this angle of its heading (degrees; the seed's
   * "it does not advance when it cannot see it"; the 90° default is the public Unity tutorial's
   * that the seed's code matches, not the seed's text). */
  moveGate: number;
}

/** The seed's three numbers, and our choices for the rest (the seed leaves them to the editor). */
export const defaultRootMotion = (): RootMotionSettings => ({
  minDistance: 5,
  maxDistance: 7.5,
  maxAngle: 25,
  rotationSpeed: 140,
  movementSpeed: 3,
  rotationAccel: 5,
  movementAccel: 4,
  moveGate: 90,
});

/** Position in units, heading in radians (0 = +x, clockwise on screen), and both velocities. */
export interface RootState {
  x: number;
  y: number;
  heading: number;
  vx: number;
  vy: number;
  /** Radians per second. */
  angularVelocity: number;
}

/** What one update saw: the target's angle off the heading (radians) and distance (units). */
export interface RootReading {
  angle: number;
  distance: number;
  turning: boolean;
  walking: -1 | 0 | 1;
}

export const newRootReading = (): RootReading => ({
  angle: 0,
  distance: 0,
  turning: false,
  walking: 0,
});

/** One frame of RootMovement. A non-finite target or dt leaves the state unchanged. */
export function updateRootMotion(
  s: RootState,
  o: RootMotionSettings,
  targetX: number,
  targetY: number,
  dt: number,
  out: RootReading,
): RootReading {
  const tx = targetX - s.x;
  const ty = targetY - s.y;
  const distance = norm(tx, ty);
  if (!Number.isFinite(distance) || !(dt > 0)) return out;
  // Signed angle from the heading to the target: positive clockwise on screen (a right turn),
  // as Unity's SignedAngle about up.
  const angle = distance > 0 ? wrapAngle(Math.atan2(ty, tx) - s.heading) : 0;
  const turning = Math.abs(angle) > toRadians(o.maxAngle);
  const goalSpin = turning ? Math.sign(angle) * toRadians(o.rotationSpeed) : 0;
  s.angularVelocity += (goalSpin - s.angularVelocity) * approachFactor(o.rotationAccel, dt);
  s.heading = wrapAngle(s.heading + s.angularVelocity * dt);

  let walking: -1 | 0 | 1 = 0;
  if (distance > 0 && Math.abs(angle) < toRadians(o.moveGate)) {
    if (distance > o.maxDistance) walking = 1;
    else if (distance < o.minDistance) walking = -1;
  }
  const goalVx = distance > 0 ? (walking * o.movementSpeed * tx) / distance : 0;
  const goalVy = distance > 0 ? (walking * o.movementSpeed * ty) / distance : 0;
  const k = approachFactor(o.movementAccel, dt);
  s.vx += (goalVx - s.vx) * k;
  s.vy += (goalVy - s.vy) * k;
  s.x += s.vx * dt;
  s.y += s.vy * dt;
  out.angle = angle;
  out.distance = distance;
  out.turning = turning;
  out.walking = walking;
  return out;
}
