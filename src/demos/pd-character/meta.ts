import type { ParamSchema } from '../params.ts';
import { defineMeta } from '../description.ts';
import { nParam, T_HAT_PARAM } from '../shared/pd-params.ts';

/** What the character can walk on: a treadmill in place, or lesson 8's shapes. */
export const PHYSICS_GROUNDS = ['treadmill', 'flat', 'slope', 'steps', 'hills'] as const;
export type PhysicsGround = (typeof PHYSICS_GROUNDS)[number];

export const JOINT_NAMES = [
  'Torso',
  'Head',
  'NearUpperArm',
  'NearForearm',
  'NearThigh',
  'NearShin',
  'NearFoot',
] as const;

/**
 * Lesson 16's character's settings. Primary: Animation, Ground and Root, which its "Try this"
 * blocks and the sections on controllers and ground have the student pick; the controller is
 * three buttons.
 */
export const PARAMS = {
  clip: {
    type: 'choice',
    label: 'Animation',
    default: 'walk',
    options: ['walk', 'idle', 'wave', 'squat'],
    primary: true,
  },
  ground: {
    type: 'choice',
    label: 'Ground',
    default: 'treadmill',
    options: PHYSICS_GROUNDS,
    primary: true,
  },
  mode: {
    type: 'choice',
    label: 'Controller',
    default: 'pd',
    options: ['kinematic', 'pd', 'ragdoll'],
    // Set by the three controller buttons (and keys K, P, R), not by a control of its own.
    control: false,
  },
  root: {
    type: 'choice',
    label: 'Root',
    default: 'pinned',
    options: ['pinned', 'spring', 'free'],
    primary: true,
  },
  strength: {
    type: 'number',
    label: 'Root spring strength',
    default: 0.5,
    min: 0,
    max: 1,
    step: 0.05,
  },
  gains: { type: 'choice', label: 'Gains', default: 'analytic', options: ['analytic', 'manual'] },
  tHat: T_HAT_PARAM,
  n: nParam(9.49),
  // Up to 1 000: with k_d = 0 the torque is a plain explicit spring, and stiffer ones than
  // that shake the 120 Hz simulation apart (2 000: errors past 100°, bodies at 55 m/s).
  ks: {
    type: 'number',
    label: 'Manual k_s',
    default: 300,
    min: 0,
    max: 1000,
    step: 10,
    unit: 'N·m/rad',
  },
  kd: {
    type: 'number',
    label: 'Manual k_d',
    default: 30,
    min: 0,
    max: 300,
    step: 1,
    unit: 'N·m·s/rad',
  },
  perJoint: {
    type: 'boolean',
    label: 'Manual sliders set only the plotted joint',
    default: false,
  },
  tauMax: {
    type: 'number',
    label: 'Torque limit τ_max',
    default: 0,
    min: 0,
    max: 400,
    step: 5,
    unit: 'N·m',
  },
  compensation: { type: 'boolean', label: 'Parent-torque compensation', default: false },
  auto: { type: 'boolean', label: 'Let go on a hard hit', default: false },
  blend: {
    type: 'number',
    label: 'Show: animation 0 … physics 1',
    default: 1,
    min: 0,
    max: 1,
    step: 0.05,
  },
  joint: { type: 'choice', label: 'Plotted joint', default: 'NearShin', options: JOINT_NAMES },
} satisfies ParamSchema;

export const pdCharacterMeta = defineMeta({
  id: 'pd-character',
  title: 'A character that tracks the walk with PD torques',
  summary:
    'Rigid bodies on planck.js follow the course walk through PD torques with gains from their inertia; drag a limb to pull it, click to throw a ball, switch to ragdoll.',
  credit: 'seed 004 §1.4, §2.3',
  params: PARAMS,
  movesByItself: (v) => v.mode !== 'ragdoll',
});
