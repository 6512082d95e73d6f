import { PANEL_LAYOUTS } from '../../procedural/reach/panel-layouts';
import { defineMeta } from '../description';

export const BONES = ['2', '3'] as const;

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
      label: 'Move the character sideways',
      default: 0,
      min: -80,
      max: 80,
    },
    box: {
      type: 'number',
      label: 'Stand the character on a box this high',
      default: 0,
      min: 0,
      max: 60,
    },
    panelX: { type: 'number', label: 'Move the panel sideways', default: 0, min: -60, max: 60 },
    panelY: {
      type: 'number',
      label: 'Move the panel up (−) or down (+)',
      default: 0,
      min: -60,
      max: 60,
    },
    moveDuration: {
      type: 'number',
      label: 'Hand glide time',
      default: 0.3,
      min: 0.1,
      max: 1,
      unit: 's',
    },
    ikWeight: {
      type: 'number',
      label: 'IK weight (how much of the IK pose the arm shows)',
      default: 1,
      min: 0,
      max: 1,
    },
    baked: { type: 'boolean', label: 'Show the baked arm', default: true },
  },
});
