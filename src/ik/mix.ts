import { TAU, wrapAngle } from '../math/angles.ts';

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

/**
 * The blend for a joint limited to the arc that runs clockwise from `min` to `max`: the short
 * way round from fk to ik can cross the forbidden gap (fk −2.4 and ik 2.4 in the arc ±2.5 meet
 * at π, outside it), so when both ends lie in the arc the blend travels along the arc instead.
 * An end outside the arc leaves no arc to travel: the short way is used, as without limits.
 */
export function blendWithinArc(
  fk: number,
  ik: number,
  mix: number,
  min: number,
  max: number,
): number {
  if (mix >= 1) return ik;
  if (mix <= 0) return fk;
  const slack = 1e-9;
  const span = (((max - min) % TAU) + TAU) % TAU;
  // How far along the arc from min; an angle a hair below min (a clamp's round-off) is at 0,
  // not a whole turn on, which would send the blend the short way through the forbidden gap.
  const along = (a: number) => {
    const u = (((a - min) % TAU) + TAU) % TAU;
    return u > TAU - slack ? 0 : u;
  };
  const uf = along(fk);
  const ui = along(ik);
  if (span === 0 || uf > span + slack || ui > span + slack) return blendRotation(fk, ik, mix);
  // Either end may lie up to `slack` past the arc (a limit clamp's round-off): the blend itself
  // must not, or a bone creeps past its limit a nanoradian per frame.
  const blended = Math.min(span, Math.max(0, uf + mix * (ui - uf)));
  return wrapAngle(min + blended);
}
