import { TERRAIN_PRESETS } from '../../procedural/terrain/terrain-names.ts';
import { defineMeta } from '../description.ts';

export const LEGS = ['4', '6', '8'] as const;

/**
 * What a page knows of lesson 8's spider before its code loads: its settings. Primary: the ones
 * the lesson's text asks for (Ground, the step threshold, Walking speed, Gait).
 */
export const spiderLegsMeta = defineMeta({
  id: 'spider-legs',
  title: 'Spider legs: rays, steps and a gait',
  summary:
    'Walk a spider over ground you can reshape; each leg steps when its ray finds better ground; a baked spider walks beside it.',
  credit: 'seed 002 §3 and §5',
  movesByItself: (v) => v.autopilot === true,
  params: {
    terrain: {
      type: 'choice',
      label: 'Ground',
      default: 'hills',
      options: TERRAIN_PRESETS,
      primary: true,
    },
    legs: { type: 'choice', label: 'Legs', default: '8', options: LEGS },
    stepThreshold: {
      type: 'number',
      label: 'Step threshold',
      default: 30,
      min: 8,
      max: 70,
      unit: 'scene units',
      primary: true,
    },
    stepHeight: { type: 'number', label: 'Step height', default: 22, min: 0, max: 60 },
    stepSpeed: {
      type: 'number',
      label: 'Step speed',
      default: 320,
      min: 60,
      max: 900,
      unit: 'units per second',
      step: 10,
    },
    walkSpeed: {
      type: 'number',
      label: 'Walking speed',
      default: 70,
      min: 10,
      max: 160,
      unit: 'units per second',
      primary: true,
    },
    gait: { type: 'boolean', label: 'Gait', default: true, primary: true },
    baked: { type: 'boolean', label: 'Baked spider', default: true },
    debug: { type: 'boolean', label: 'Rays and hits', default: true },
    editTerrain: { type: 'boolean', label: 'Edit the ground', default: false },
    autopilot: { type: 'boolean', label: 'Walk on its own', default: true },
    start: {
      type: 'number',
      label: 'Where the spider starts (0–1)',
      default: 0.45,
      min: 0,
      max: 1,
      control: false,
    },
  },
});
