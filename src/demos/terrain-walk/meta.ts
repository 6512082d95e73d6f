import { SHADINGS } from '../../render/raster/shadings.ts';
import { PLAYBACK_PARAMS, WALKING_PARAMS } from '../shared/shared-params.ts';
import { defineMeta } from '../description.ts';

export const terrainWalkMeta = defineMeta({
  id: 'terrain-walk',
  title: 'Walking over terrain without IK',
  summary:
    'A walker plays its clip over hills made of Gaussian bumps, drawn by the course’s own renderer; its feet sink and float, measured live.',
  credit: 'seed 000 §8 and §13.1',
  // A clip plays unless its play rate is 0.
  movesByItself: (v) => v.playRate !== 0,
  params: {
    terrain: { ...WALKING_PARAMS.terrain, primary: true },
    ...PLAYBACK_PARAMS,
    shading: {
      type: 'choice',
      label: 'Shading',
      default: 'smooth',
      options: SHADINGS,
      primary: true,
    },
    edges: { type: 'boolean', label: 'Smooth the edges', default: true, primary: true },
    section: WALKING_PARAMS.section,
    aim: WALKING_PARAMS.aim,
    depth: { type: 'boolean', label: 'Show the depth buffer', default: false, primary: true },
    trails: { type: 'boolean', label: 'Foot paths', default: true },
  },
});
