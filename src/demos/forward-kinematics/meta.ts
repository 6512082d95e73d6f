import { defineMeta } from '../description.ts';

/** A local rotation slider; all three are named by the lesson (its prediction and challenge). */
const angle = (label: string, d: number) => ({
  type: 'number' as const,
  label,
  default: d,
  min: -180,
  max: 180,
  step: 1,
  unit: 'degrees',
  primary: true,
});

/** What a page knows of lesson 1's first figure before its code loads: its settings. */
export const forwardKinematicsMeta = defineMeta({
  id: 'forward-kinematics',
  title: 'Forward kinematics: local rotations add up',
  summary: 'Rotate three bones with sliders and read each bone’s local and global rotation.',
  credit: 'seed 001 §2',
  params: {
    upper: angle('UpperArm rotation (local)', -30),
    fore: angle('Forearm rotation (local)', 45),
    hand: angle('Hand rotation (local)', 20),
  },
});
