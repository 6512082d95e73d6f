import { TERRAIN_PRESETS } from '../../procedural/terrain/terrain-names.ts';
import { defineMeta } from '../description.ts';

/**
 * What a page knows of lesson 8's hundred spiders before their code loads. Primary: how the
 * spiders are kept, which the lesson asks the student to switch (the crowd sizes it names are
 * buttons, in the description).
 */
export const spiderSwarmMeta = defineMeta({
  id: 'spider-swarm',
  title: 'A hundred spiders',
  summary:
    'Up to 1 000 procedural spiders walking at once, with what the update and the drawing cost each frame.',
  credit: 'seed 002 §5.3',
  movesByItself: () => true,
  heavy: (v) => (Number(v.count) >= 30 ? `${String(v.count)} spiders walking at once` : null),
  params: {
    count: { type: 'number', label: 'Spiders', default: 100, min: 1, max: 1000, step: 1 },
    legs: { type: 'choice', label: 'Legs', default: '8', options: ['4', '6', '8'] },
    terrain: {
      type: 'choice',
      label: 'Ground',
      default: 'hills',
      options: TERRAIN_PRESETS,
      control: false,
    },
    layout: {
      type: 'choice',
      label: 'Spiders kept as',
      default: 'nodes',
      options: ['nodes', 'arrays'],
      primary: true,
    },
  },
});
