import { defineMeta } from '../description';

const angle = (label: string, d: number) => ({
  type: 'number' as const,
  label,
  default: d,
  min: -180,
  max: 180,
  step: 1,
  unit: 'degrees',
});

export const forwardKinematicsMeta = defineMeta({
  id: 'forward-kinematics',
  title: 'Forward kinematics: local rotations add up',
  summary: 'Rotate three bones with sliders and read each bone’s local and global rotation.',
  credit: 'seed 001 §2',
  params: {
    upper: angle('Upper arm rotation', -30),
    fore: angle('Forearm rotation', 45),
    hand: angle('Hand rotation', 20),
  },
});
