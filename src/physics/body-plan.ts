import { toRadians } from '../math/angles.ts';
/**
 * The side-view character of lesson 16, in SI units (metres, kilograms, seconds, radians),
 * y up, facing +x, angles counter-clockwise. Seed 004 gives no body list, masses or limits
 * (its spec §2.12), so these are ours: a 1.8 m, 74 kg adult with segment masses close to the
 * usual anthropometric tables.
 *
 * Each link's body origin is the joint that hangs it from its parent (the pelvis: its centre),
 * and angle 0 is standing upright: arms hanging, feet flat. So a joint's angle is simply the
 * child's angle minus the parent's, and the standing pose is all zeros.
 */
export interface LinkPlan {
  name: string;
  /** Index of the parent link (links are stored parents first); −1 for the root. */
  parent: number;
  /** The joint's position in the parent's frame (standing pose); unused for the root. */
  anchor: readonly [number, number];
  /** The link's shape in its own frame: a box (centre, half sizes) or a circle. */
  shape:
    | { kind: 'box'; cx: number; cy: number; hx: number; hy: number }
    | { kind: 'circle'; cx: number; cy: number; r: number };
  mass: number;
  /** Joint limits, child angle − parent angle (radians); unused for the root. */
  lower: number;
  upper: number;
  /** Which side a limb is on, for drawing the far one darker; null for the trunk. */
  side: 'near' | 'far' | null;
}

const box = (x0: number, y0: number, x1: number, y1: number): LinkPlan['shape'] => ({
  kind: 'box',
  cx: (x0 + x1) / 2,
  cy: (y0 + y1) / 2,
  hx: Math.abs(x1 - x0) / 2,
  hy: Math.abs(y1 - y0) / 2,
});

function limbs(side: 'near' | 'far', torso: number, pelvis: number, first: number): LinkPlan[] {
  const s = side === 'near' ? 'Near' : 'Far';
  return [
    {
      name: `${s}UpperArm`,
      parent: torso,
      anchor: [0, 0.44],
      shape: box(-0.045, 0, 0.045, -0.3),
      mass: 2.2,
      // Forward (counter-clockwise) up to overhead for the wave; 70° back.
      lower: toRadians(-70),
      upper: toRadians(175),
      side,
    },
    {
      name: `${s}Forearm`,
      parent: first,
      anchor: [0, -0.3],
      shape: box(-0.04, 0, 0.04, -0.3),
      mass: 1.7,
      lower: toRadians(-3),
      upper: toRadians(150),
      side,
    },
    {
      name: `${s}Thigh`,
      parent: pelvis,
      anchor: [0, -0.05],
      shape: box(-0.07, 0, 0.07, -0.45),
      mass: 8.5,
      lower: toRadians(-40),
      upper: toRadians(125),
      side,
    },
    {
      name: `${s}Shin`,
      parent: first + 2,
      anchor: [0, -0.45],
      shape: box(-0.05, 0, 0.05, -0.43),
      mass: 3.6,
      // The knee bends backward only (clockwise).
      lower: toRadians(-150),
      upper: toRadians(3),
      side,
    },
    {
      name: `${s}Foot`,
      parent: first + 3,
      anchor: [0, -0.43],
      shape: box(-0.06, 0, 0.2, -0.06),
      // Heavier than the tables' 1.1 kg: Box2D's joints go soft at large mass ratios. A minute
      // of walking with the weak root spring: 1.1 kg feet left 0.53% of joint-steps more than 2°
      // past a limit (the ankles, up to 8.4°); 2.5 kg feet, 0.04% (up to 5.8°).
      mass: 2.5,
      lower: toRadians(-50),
      upper: toRadians(35),
      side,
    },
  ];
}

function buildPlan(): LinkPlan[] {
  const plan: LinkPlan[] = [
    {
      name: 'Pelvis',
      parent: -1,
      anchor: [0, 0],
      shape: box(-0.1, -0.09, 0.1, 0.09),
      mass: 11,
      lower: 0,
      upper: 0,
      side: null,
    },
    {
      name: 'Torso',
      parent: 0,
      anchor: [0, 0.08],
      shape: box(-0.11, 0, 0.11, 0.5),
      mass: 24,
      // Bending forward turns the torso clockwise.
      lower: toRadians(-70),
      upper: toRadians(30),
      side: null,
    },
    {
      name: 'Head',
      parent: 1,
      anchor: [0, 0.5],
      shape: { kind: 'circle', cx: 0.02, cy: 0.14, r: 0.11 },
      mass: 5,
      lower: toRadians(-45),
      upper: toRadians(45),
      side: null,
    },
  ];
  // Far limbs first, so they are drawn behind the near ones.
  plan.push(...limbs('far', 1, 0, plan.length));
  plan.push(...limbs('near', 1, 0, plan.length));
  return plan;
}

/** Pelvis, torso, head, then each side's upper arm, forearm, thigh, shin and foot. */
export const BODY_PLAN: readonly LinkPlan[] = buildPlan();

/** Link index by name, e.g. linkIndex('NearShin'); −1 if there is none. */
export const linkIndex = (name: string): number => BODY_PLAN.findIndex((l) => l.name === name);

/** Where the standing pelvis centre sits above flat ground: hip 0.05 + 0.45 + 0.43 + foot 0.06. */
export const STANDING_PELVIS_HEIGHT = 0.05 + 0.45 + 0.43 + 0.06;

/** The whole character's mass (kg). */
export const TOTAL_MASS = BODY_PLAN.reduce((s, l) => s + l.mass, 0);
