import { TERRAIN_PRESETS } from '../../procedural/terrain/terrain-names';
import { defineMeta } from '../contract';

export const spiderSwarmMeta = defineMeta({
  id: 'spider-swarm',
  title: 'A hundred spiders',
  summary: 'Many procedural spiders walking at once, with the script time each frame costs.',
  credit: 'seed 002 §5.3',
  movesByItself: () => true,
  heavy: (v) => (Number(v.count) >= 30 ? `${String(v.count)} spiders walking at once` : null),
  params: {
    count: { type: 'number', label: 'Spiders', default: 100, min: 1, max: 200, step: 1 },
    legs: { type: 'choice', label: 'Legs', default: '8', options: ['4', '6', '8'] },
    terrain: { type: 'choice', label: 'Ground', default: 'hills', options: TERRAIN_PRESETS },
  },
});
