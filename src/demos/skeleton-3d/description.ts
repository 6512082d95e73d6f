import { describeFigure } from '../description.ts';
import {
  CAMERA_ACTIONS,
  CAMERA_KEY_HELP,
  PLAYBACK_HELP,
  STAGE_STRINGS,
  STAGE_WORLD,
} from '../shared/walk3d-fragments.ts';
import { skeleton3dMeta } from './meta.ts';

/**
 * Lesson 11's figure as the student sees it: the humanoid playing its clips, one joint turned by
 * hand, and that joint's rotation, quaternion and world position read out and put into the
 * formulas of sampling, quaternions, forward kinematics and blending.
 */
export const skeleton3dFigure = describeFigure({
  ...skeleton3dMeta,
  help: {
    ...PLAYBACK_HELP,
    time: 'Scrub the walk clip: it pauses at the time you set.',
    axes: 'Each joint’s own frame: x red, y green, z blue.',
    names: 'Each joint’s name, written beside it.',
    joint: 'The joint turned by hand, and the one the readouts and formulas describe.',
    axis: 'Which of the joint’s own axes the hand turn is about.',
    angle: 'A turn on top of the clip’s own, about the joint’s axis.',
  },
  actions: {
    play: {
      label: 'Pause',
      key: 'Space',
      stepBar: true,
      help: 'Pause or play the clips (Space on the figure)',
    },
    resetTurn: { label: 'Undo the turn', help: 'Turn by hand back to 0°' },
    ...CAMERA_ACTIONS,
  },
  readouts: {
    frame: { label: 'walk clip: frame i → next, u' },
    blend: { label: 'blend weight (walk)' },
    'joint-local': { label: 'joint: local rotation', primary: true },
    'joint-quat': { label: 'joint: quaternion (x, y, z, w)', primary: true },
    'joint-world': { label: 'joint: world position' },
    bone: { label: 'bone to its parent (world units)', primary: true },
    perf: { label: 'frame time' },
  },
  formulas: {
    sample: { label: 'The clip sampled between two keys: slerp and u' },
    quat: { label: 'The joint’s rotation as a quaternion: its angle and axis', primary: true },
    fk: { label: 'Forward kinematics: the joint’s world matrix and position' },
    blend: { label: 'The idle and walk poses blended by the weight w' },
  },
  bounds: STAGE_WORLD,
  keyHelp: `↑ walk, ↓ idle, Space play/pause, ← → a frame back/forward; ${CAMERA_KEY_HELP} Drag to orbit; wheel or pinch to zoom.`,
  strings: {
    ...STAGE_STRINGS,
    pause: 'Pause',
    play: 'Play',
    frameNow: '{frame} → {next}, u = {u}',
    blendNow: '{w} ({towards})',
    toWalk: 'to walk',
    toIdle: 'to idle',
    localRotation: '{angle}° about ({axis})',
    vector: '({values})',
    bone: '{length} (bind {bind})',
    root: 'root: no parent',
    parent: 'parent',
    idle: 'idle',
    walk: 'walk',
  },
});
