import { describeFigure } from '../description.ts';
import { TURN_ACTIONS } from '../shared/walk-input.ts';
import {
  BVH_ACTIONS,
  BVH_WIDGETS,
  CAMERA_ACTIONS,
  CAMERA_KEY_HELP,
  HOME_ACTIONS,
  PLAYBACK_HELP,
  STAGE_STRINGS,
  STAGE_WORLD,
  WALKING_HELP,
} from '../shared/walk3d-fragments.ts';
import { terrainWalkMeta } from './meta.ts';

/**
 * Lesson 12's figure as the student sees it: the walker on the seed's terrains with no IK, each
 * planted foot's gap to the ground measured and marked, and the renderer's own numbers (the
 * height under the hips, the projection, the light) in its formulas.
 */
export const terrainWalkFigure = describeFigure({
  ...terrainWalkMeta,
  help: {
    ...WALKING_HELP,
    ...PLAYBACK_HELP,
    shading:
      'Smooth: light worked out at each vertex and blended; Lambert: one light per face; flat: no light at all.',
    edges: 'An edge pass after drawing smooths the stair-stepped edges.',
    depth: 'The z-buffer instead of the colours: nearer is darker.',
    trails: 'The last six seconds of each foot’s lowest point.',
  },
  actions: { ...TURN_ACTIONS, ...HOME_ACTIONS, ...CAMERA_ACTIONS, ...BVH_ACTIONS },
  widgets: BVH_WIDGETS,
  readouts: {
    'left-gap': { label: 'left foot above ground' },
    'right-gap': { label: 'right foot above ground' },
    worst: { label: 'planted feet, last 5 s', primary: true },
    ground: { label: 'ground under the hips', primary: true },
    position: { label: 'walker at (x, y), facing' },
    triangles: { label: 'triangles drawn' },
    perf: { label: 'frame time', primary: true },
  },
  formulas: {
    terrain: { label: 'The height of the ground under the hips: a sum of Gaussian bumps' },
    max: { label: 'Several terrains: the highest one wins' },
    project: { label: 'Where the hips land on the canvas' },
    lambert: { label: 'How a pixel is lit, with the shading chosen' },
  },
  bounds: STAGE_WORLD,
  keyHelp: `↑ walk, ↓ stop, ← → turn while held; ${CAMERA_KEY_HELP} Drag to orbit; wheel or pinch to zoom.`,
  strings: {
    ...STAGE_STRINGS,
    left: 'left',
    right: 'right',
    leftOrRight: 'left or right',
    offTerrain: 'off every terrain',
    swinging: 'swinging',
    plantedIn: 'planted, in the ground',
    plantedFloating: 'planted, floating',
    plantedOn: 'planted, on the ground',
    gap: '{gap} ({state})',
    markIn: '{side}: in the ground {gap}',
    markFloating: '{side}: floating {gap}',
    noFoot: 'no {side} foot in this skeleton',
    noFeet: 'no feet found in this skeleton',
    worst: 'in the ground up to {sink}, floating up to {float}',
    corner: 'planted feet, 5 s: in the ground {sink} · floating {float}',
    missingFoot:
      'Warning: no {sides} foot (a joint named …Foot or …Ankle on that side): its gap is not measured.',
    groundOff: 'off every terrain (the walker stands at height 0)',
    groundOn: '{height} ({terrain})',
    position: '({x}, {y}), {facing}',
    none: 'none',
    forTheHips: 'for the hips',
    flat: 'flat: every face its own colour, no light',
    perFace: 'per face',
    perVertex: 'at each vertex, blended: ',
  },
});
