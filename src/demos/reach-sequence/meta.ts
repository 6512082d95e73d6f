import { PANEL_LAYOUTS } from '../../procedural/reach/panel-layouts.ts';
import { defineMeta } from '../description.ts';

export const BONES = ['2', '3'] as const;

/**
 * What a page knows of lesson 10's arms before their code loads. Primary: the three moves the
 * lesson's prediction and challenge ask for, and the IK weight its last Try this drags.
 */
export const reachSequenceMeta = defineMeta({
  id: 'reach-sequence',
  title: 'Reaching in sequence',
  summary: 'Type a sequence of buttons; an IK arm presses them, a baked arm tries to.',
  credit: 'seed 002 §4 and §5.2',
  params: {
    layout: { type: 'choice', label: 'Panel', default: 'four', options: PANEL_LAYOUTS },
    bones: { type: 'choice', label: 'Arm bones', default: '3', options: BONES },
    characterX: {
      type: 'number',
      label: 'Character sideways',
      default: 0,
      min: -80,
      max: 80,
      step: 1,
      primary: true,
    },
    box: {
      type: 'number',
      label: 'Box under the feet',
      default: 0,
      min: 0,
      max: 60,
      step: 1,
      primary: true,
    },
    panelX: {
      type: 'number',
      label: 'Panel sideways',
      default: 0,
      min: -60,
      max: 60,
      step: 1,
      primary: true,
    },
    panelY: { type: 'number', label: 'Panel height', default: 0, min: -60, max: 60, step: 1 },
    moveDuration: {
      type: 'number',
      label: 'Glide time',
      default: 0.3,
      min: 0.1,
      max: 1,
      step: 0.05,
      unit: 's',
    },
    ikWeight: {
      type: 'number',
      label: 'IK weight',
      default: 1,
      min: 0,
      max: 1,
      step: 0.05,
      primary: true,
    },
    baked: { type: 'boolean', label: 'Baked arm', default: true },
  },
});
