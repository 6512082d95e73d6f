import type { ActionSpec, WidgetSpec } from '../description.ts';

/*
 * What the 3D figures (lessons 11 to 15) share in their descriptions: fragments a description
 * spreads into its `help`, `actions`, `widgets` and `strings`, bound by walk3d-controls.ts.
 * Data only: no stage or renderer code is imported here.
 */

/**
 * The 3D figures' shape in "world" units (their content bounds): the picture fills the canvas
 * whatever its size, and the page maps pointer positions into this rect.
 */
export const STAGE_WORLD = { x: 0, y: 0, width: 960, height: 540 };

/** The camera keys every 3D figure takes, said in its keyHelp. */
export const CAMERA_KEY_HELP = 'J L orbit, I K tilt, + − zoom, 0 back to the side view.';

/** Help for PLAYBACK_PARAMS (shared-params.ts). */
export const PLAYBACK_HELP = {
  walking: 'Walk, or cross-fade to the idle pose (↑ and ↓ on the figure do the same).',
  playRate: 'How fast the clips play, as a share of real time: 0 pauses them.',
  projection: 'Orthographic keeps sizes at any distance; perspective draws far things smaller.',
} as const;

/** Help for WALKING_PARAMS (shared-params.ts). */
export const WALKING_HELP = {
  terrain:
    'The ground: the seed’s hills of 250 Gaussian bumps, its three terrains moved and scaled, or flat ground.',
  section:
    'Cuts the ground away just in front of the walker, so hills between the camera and the walker do not hide its feet.',
  aim: 'What the camera follows: the whole figure (hips), or the point between the feet (zooming in then closes on them).',
} as const;

/** Zoom buttons: the touch screen's way to zoom (the wheel, two fingers, + − do the same). */
export const ZOOM_ACTIONS = {
  zoomIn: {
    label: 'Zoom in',
    key: '+',
    help: 'Come closer (or + on the figure, the wheel, two fingers)',
  },
  zoomOut: { label: 'Zoom out', key: '−', help: 'Step back (or − on the figure)' },
} as const satisfies Record<string, ActionSpec>;

/** The camera's buttons: back to the side view, and zoom. */
export const CAMERA_ACTIONS = {
  side: {
    label: 'Side view',
    key: '0',
    help: 'The camera back to the side view (or 0 on the figure)',
  },
  ...ZOOM_ACTIONS,
} as const satisfies Record<string, ActionSpec>;

/** The walkers' way back to where they started (lessons 12 and 15). */
export const HOME_ACTIONS = {
  home: { label: 'Back to the start', help: 'The walker back where it started, facing +y' },
} as const satisfies Record<string, ActionSpec>;

/** "Your own walk": a .bvh picker (a file dropped on the figure comes the same way). */
export const BVH_WIDGETS = {
  bvh: {
    kind: 'file',
    label: 'Your own walk (.bvh, or drop it on the figure)',
    accept: '.bvh',
    help: 'A BVH motion-capture file: its character replaces the humanoid where it stands',
  },
} as const satisfies Record<string, WidgetSpec>;

/** The way back from a student's walk to the course's own humanoid. */
export const BVH_ACTIONS = {
  resetRig: {
    label: 'Back to the course’s humanoid',
    help: 'The shipped humanoid again, in place of a walk you loaded',
  },
} as const satisfies Record<string, ActionSpec>;

/** What the stage says: the frame's cost, and what became of a student's BVH. */
export const STAGE_STRINGS = {
  humanoid: 'Humanoid (walk.bvh)',
  frameCost: '{ms} ms · {fps} fps',
  perf: '{total} ms (transform {transform}, raster {raster}, edges {edges}, upload {upload}) · {fps} fps',
  notBvh: '{name} is not a .bvh file: drop a BVH motion-capture file.',
  notLoaded: '{name} was not loaded: {why}. The walker keeps its clip.',
  youStopped: 'you stopped it',
  loaded: 'Loaded {name}: {joints} joints, {frames} frames at {fps} fps.',
  sentence: '{text}.',
  legsFound: 'Legs found by name: {naming}.',
  noLegs: 'Warning: no two legs found ({why}); the walking system cannot use this rig.',
  warning: 'Warning: {text}.',
  reading: 'Reading {name}: {stage}',
} as const;

/** A description's strings as the stage reads them (the figure's `ui.say`). */
export type StageSay = (
  key: keyof typeof STAGE_STRINGS,
  values?: Readonly<Record<string, string | number>>,
) => string;
