import { softenedDistance } from '../../ik/two-bone-kernel.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { TwoBoneScene } from './scene.ts';

const clampUnit = (v: number) => Math.max(-1, Math.min(1, v));

/** The triangle shoulder–elbow–target as the solver sees it. */
export interface Triangle {
  /** Shoulder and target on screen. */
  s: Vec2;
  t: Vec2;
  /** The angle from shoulder to target in the skeleton's space. */
  aimLocal: number;
  targetDistance: number;
  /** The third side the solver uses: the softened distance d′ within softness of full reach. */
  d: number;
  softened: boolean;
  l1: number;
  l2: number;
  cosA: number;
  cosB: number;
  alpha: number;
  beta: number;
  /** A triangle exists with these sides. */
  within: boolean;
}

/**
 * The triangle's numbers from the lengths and the distance (what the solver computes),
 * measured in the skeleton's own space, where the solver solves: there the arm is rigid even
 * when the skeleton is stretched (and a mirror changes no length).
 */
export function triangleOf(scene: TwoBoneScene): Triangle {
  const k = scene.rig.skeleton;
  const s = scene.upper.globalPosition;
  const t = scene.rig.target.globalPosition;
  const ls = k.toLocal(s);
  const lt = k.toLocal(t);
  const le = k.toLocal(scene.fore.globalPosition);
  const lh = k.toLocal(scene.fore.tipGlobalPosition);
  const targetDistance = Math.hypot(lt.x - ls.x, lt.y - ls.y);
  const l1 = Math.hypot(le.x - ls.x, le.y - ls.y);
  const l2 = Math.hypot(lh.x - le.x, lh.y - le.y);
  const d = softenedDistance(targetDistance, l1 + l2, scene.ik.softness);
  const cosA = d > 0 ? (d * d + l1 * l1 - l2 * l2) / (2 * d * l1) : 1;
  const cosB = (l1 * l1 + l2 * l2 - d * d) / (2 * l1 * l2);
  return {
    s,
    t,
    aimLocal: Math.atan2(lt.y - ls.y, lt.x - ls.x),
    targetDistance,
    d,
    softened: d !== targetDistance,
    l1,
    l2,
    cosA,
    cosB,
    alpha: Math.acos(clampUnit(cosA)),
    beta: Math.acos(clampUnit(cosB)),
    within: d <= l1 + l2 && d >= Math.abs(l1 - l2),
  };
}
