import { CREATURE_PRESETS } from '../../procedural/creature/creature-names.ts';
import { defineMeta } from '../description.ts';

/** The figure's world rect (the target's range is inside it). */
export const WORLD = { x: -480, y: -330, width: 960, height: 660 };

/**
 * What a page knows of lesson 9's creature before its code loads. Primary: the band's two
 * distances and the two step settings the lesson's predictions and Try this ask for.
 */
export const creatureFollowMeta = defineMeta({
  id: 'creature-follow',
  title: 'A creature that follows',
  summary:
    'Hold the pointer on the ground or drag the target: the creature turns, walks within its distance band, and steps.',
  credit: 'seed 003 §5.4',
  params: {
    creature: {
      type: 'choice',
      label: 'Creature',
      default: 'quadruped',
      options: CREATURE_PRESETS,
    },
    minDistance: {
      type: 'number',
      label: 'Min distance',
      default: 5,
      min: 1,
      max: 10,
      unit: 'units',
      step: 0.5,
      primary: true,
    },
    maxDistance: {
      type: 'number',
      label: 'Max distance',
      default: 7.5,
      min: 1.5,
      max: 14,
      unit: 'units',
      step: 0.5,
      primary: true,
    },
    maxAngle: {
      type: 'number',
      label: 'Max angle',
      default: 25,
      min: 2,
      max: 90,
      unit: 'degrees',
      step: 1,
    },
    maxStep: {
      type: 'number',
      label: 'Max step distance',
      default: 1.3,
      min: 0.3,
      max: 3,
      unit: 'units',
      step: 0.05,
      primary: true,
    },
    stepDuration: {
      type: 'number',
      label: 'Step duration',
      default: 0.22,
      min: 0.05,
      max: 1,
      unit: 's',
      step: 0.01,
    },
    overshoot: {
      type: 'number',
      label: 'Step range fraction',
      default: 0.5,
      min: 0,
      max: 1,
      step: 0.05,
      primary: true,
    },
    lookAngle: {
      type: 'number',
      label: 'Look max angle',
      default: 60,
      min: 0,
      max: 120,
      unit: 'degrees',
      step: 1,
    },
    gait: { type: 'boolean', label: 'Diagonal legs take turns', default: false },
    guides: { type: 'boolean', label: 'Band, wedge and steps', default: true },
    targetX: {
      type: 'number',
      label: 'Target x',
      default: 300,
      min: -600,
      max: 600,
      control: false,
    },
    targetY: {
      type: 'number',
      label: 'Target y',
      default: -120,
      min: -420,
      max: 420,
      control: false,
    },
  },
});
