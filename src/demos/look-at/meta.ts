import { defineMeta } from '../description';

const deg180 = (label: string, d: number) => ({
  type: 'number' as const,
  label,
  default: d,
  min: -180,
  max: 180,
  unit: 'degrees',
});

export const lookAtMeta = defineMeta({
  id: 'look-at',
  title: 'LookAt2D: a bone that faces the target',
  summary:
    'Drag the target; the head bone turns to face it, under any flip, within optional limits.',
  credit: 'seed 001 §1',
  params: {
    targetX: { type: 'number', label: 'Target x', default: 150, min: -330, max: 330 },
    targetY: { type: 'number', label: 'Target y', default: -60, min: -260, max: 260 },
    neck: deg180('Neck rotation', -60),
    flipRootX: { type: 'boolean', label: 'Flip the root on x', default: false },
    flipRootY: { type: 'boolean', label: 'Flip the root on y', default: false },
    flipNeckX: { type: 'boolean', label: 'Flip the neck on x', default: false },
    flipNeckY: { type: 'boolean', label: 'Flip the neck on y', default: false },
    constrained: { type: 'boolean', label: 'Limit the head’s rotation', default: false },
    min: deg180('Minimum local rotation', -45),
    max: deg180('Maximum local rotation', 45),
    offset: deg180('Additional rotation', 0),
  },
});
