import { wrapAngle } from '../math/angles';

/**
 * How much of an IK result a node shows, as Spine's IK constraint `mix`: 0 keeps the pose the
 * bones had from animation or the user (the FK pose), 1 shows the IK result. Out-of-range values
 * clamp to [0, 1]; NaN reads as the default, 1.
 */
export function clampMix(mix: number): number {
  if (Number.isNaN(mix)) return 1;
  return mix <= 0 ? 0 : mix >= 1 ? 1 : mix;
}

/**
 * One bone's local rotation blended from its FK pose towards the IK result, the short way round:
 * fk + mix·wrap(ik − fk). The ends are exact, so mix 1 writes the IK rotation bit for bit and mix
 * 0 the FK rotation (`mix` is already clamped).
 */
export function blendRotation(fk: number, ik: number, mix: number): number {
  if (mix >= 1) return ik;
  if (mix <= 0) return fk;
  return wrapAngle(fk + mix * wrapAngle(ik - fk));
}
