import { wrapAngle } from '../math/angles.ts';
import type { LinkPlan } from './body-plan.ts';

/**
 * A whole-body pose as one flat array: the root's x, y and angle, then each non-root link's
 * joint angle (child angle − parent angle), in plan order: [x, y, a, θ1, θ2, …]. Positions
 * are in metres, y up; angles in radians, counter-clockwise.
 */
export const poseLength = (plan: readonly LinkPlan[]): number => plan.length + 2;

export const newPose = (plan: readonly LinkPlan[]): Float64Array =>
  new Float64Array(poseLength(plan));

/**
 * Forward kinematics: each link's body origin and angle (x, y, angle: 3 numbers a link) from a
 * pose. Parents come first, so one pass does it; allocates nothing.
 */
export function linkFrames(plan: readonly LinkPlan[], pose: Float64Array, out: Float64Array): void {
  out[0] = pose[0]!;
  out[1] = pose[1]!;
  out[2] = pose[2]!;
  for (let i = 1; i < plan.length; i++) {
    const l = plan[i]!;
    const p = 3 * l.parent;
    const pa = out[p + 2]!;
    const c = Math.cos(pa);
    const s = Math.sin(pa);
    out[3 * i] = out[p]! + c * l.anchor[0] - s * l.anchor[1];
    out[3 * i + 1] = out[p + 1]! + s * l.anchor[0] + c * l.anchor[1];
    out[3 * i + 2] = pa + pose[i + 2]!;
  }
}

/** out = a + (b − a)·w, angles the short way round. out may be a or b. */
export function blendPose(out: Float64Array, a: Float64Array, b: Float64Array, w: number): void {
  out[0] = a[0]! + (b[0]! - a[0]!) * w;
  out[1] = a[1]! + (b[1]! - a[1]!) * w;
  for (let i = 2; i < out.length; i++) out[i] = a[i]! + wrapAngle(b[i]! - a[i]!) * w;
}

/** A link's centre of mass in its own frame. */
export function localCentre(l: LinkPlan): { x: number; y: number } {
  return { x: l.shape.cx, y: l.shape.cy };
}

/** A link's moment of inertia about its own centre of mass (uniform box or disc). */
export function centralInertia(l: LinkPlan): number {
  const s = l.shape;
  if (s.kind === 'circle') return (l.mass * s.r * s.r) / 2;
  return (l.mass * (4 * s.hx * s.hx + 4 * s.hy * s.hy)) / 12;
}
