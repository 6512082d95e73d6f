import { defineMeta } from '../description.ts';

const deg180 = (label: string, d: number, primary = false) => ({
  type: 'number' as const,
  label,
  default: d,
  min: -180,
  max: 180,
  unit: 'degrees',
  primary,
});

/** What a page knows of lesson 2's LookAt2D figure before its code loads: its settings. */
export const lookAtMeta = defineMeta({
  id: 'look-at',
  title: 'LookAt2D: a bone that faces the target',
  summary:
    'Drag the target; the head bone turns to face it, under any flip, within optional limits.',
  credit: 'seed 001 §1',
  params: {
    targetX: { type: 'number', label: 'Target x', default: 150, min: -330, max: 330 },
    targetY: { type: 'number', label: 'Target y', default: -60, min: -260, max: 260 },
    neck: deg180('Neck rotation', -60, true),
    flipRootX: { type: 'boolean', label: 'Flip Body x', default: false, primary: true },
    flipRootY: { type: 'boolean', label: 'Flip Body y', default: false },
    flipNeckX: { type: 'boolean', label: 'Flip Neck x', default: false },
    flipNeckY: { type: 'boolean', label: 'Flip Neck y', default: false, primary: true },
    constrained: { type: 'boolean', label: 'Limit rotation', default: false, primary: true },
    min: deg180('Minimum local rotation', -45),
    max: deg180('Maximum local rotation', 45),
    offset: deg180('Additional rotation', 0, true),
  },
});
