import { describeFigure } from '../description.ts';
import { nActions, PD_HELP } from '../shared/pd-controls.ts';
import { PD_PLOT_STRINGS, PD_PLOTS } from '../shared/pd-plots.ts';
import { pdCharacterMeta } from './meta.ts';

/**
 * Where the character is drawn (metres × 100 = scene units, ground at y = 0, +y down): its walk
 * in place on the treadmill (−55 … 54 across, 185 tall; a wave reaches 208), with the ground
 * under its feet.
 */
export const CHARACTER_BOUNDS = { x: -70, y: -215, width: 140, height: 230 };

/**
 * Lesson 16's character as the student sees it: what holds it, its worst joint error, the
 * plotted joint's gains and PD law, and four plots of that joint.
 */
export const pdCharacterFigure = describeFigure({
  ...pdCharacterMeta,
  help: {
    ...PD_HELP,
    clip: 'The animation the bodies track: the course’s walk or idle, a wave, a squat.',
    ground:
      'A treadmill in place, or lesson 8’s shapes at half height, walked over (drag their points).',
    root: 'What holds the pelvis: pinned to the animation, a weak spring towards it, or nothing.',
    strength: 'How strongly the spring root pulls the pelvis towards the animation.',
    perJoint: 'Manual k_s and Manual k_d change the plotted joint only, not every joint.',
    tauMax:
      'Each joint’s torque is clamped to ±τ_max (0: no limit). A joint at its limit turns red.',
    compensation:
      'Each joint adds the acceleration its ancestors’ torques will give it (seed 004), times its m.',
    auto: 'Beyond the seed: a hard hit turns PD into ragdoll, and the body gets up once it settles.',
    blend: 'What is drawn only: the animation’s pose (0), the bodies’ (1), or in between.',
    joint: 'The joint whose gains, torque and error the plots and readouts show.',
  },
  actions: {
    'mode-kinematic': {
      label: 'Kinematic (FK)',
      key: 'K',
      help: 'The animation places every body; nothing pushes back',
      primary: true,
    },
    'mode-pd': { label: 'PD', key: 'P', help: 'PD torques track the animation', primary: true },
    'mode-ragdoll': {
      label: 'Ragdoll',
      key: 'R',
      help: 'No joint torques: gravity, contacts and joint limits only',
      primary: true,
    },
    ball: { label: 'Throw a ball', key: 'B', help: 'Throw a ball at the chest' },
    shove: { label: 'Shove', key: 'Space', help: 'Push the torso backwards' },
    ...nActions(false),
  },
  readouts: {
    status: { label: 'What holds it', primary: true },
    'manual-gains': { label: 'Manual k_s / k_d per joint' },
    error: { label: 'Worst joint error', primary: true },
    'gains-now': { label: 'Plotted joint’s m, gains and torque' },
  },
  formulas: {
    'pd-law': { label: 'The PD law at the plotted joint, with its numbers' },
  },
  plots: { ...PD_PLOTS, err: { ...PD_PLOTS.err, primary: true } },
  bounds: CHARACTER_BOUNDS,
  keyHelp:
    'K kinematic, P PD, R ragdoll, B throw a ball, Space shove. Drag a limb to pull it; click the air to throw a ball there.',
  strings: {
    ...PD_PLOT_STRINGS,
    kinematic: 'Kinematic: the animation moves every body; nothing pushes back.',
    ragdoll: 'Ragdoll: no joint torques, only gravity and contacts.',
    ragdollLetGo:
      'Ragdoll: no joint torques, only gravity and contacts (let go after {reason}; it gets up once it settles).',
    pinned: 'PD torques on every joint; the pelvis is pinned to the animation.',
    spring: 'PD torques; a weak spring ({rate} rad/s) pulls the pelvis towards the animation.',
    fell: 'Free root: PD torques alone cannot balance a body (seed 004 has no balance controller), so it fell.',
    willFall:
      'Free root: PD torques alone, no balance controller (seed 004 has none): it will fall.',
    restarted: '{status} It reached the end of the ground and starts again.',
    everyJoint: 'every joint {ks} / {kd}',
    eachJoint: '{joint} {ks} / {kd}',
    worst: '{angle}°',
    worstSaturated: '{angle}°, torque at its limit for {time} s',
    plotted: 'm = {m} kg·m², k_s = {ks}, k_d = {kd}, τ = {tau} N·m',
  },
});
