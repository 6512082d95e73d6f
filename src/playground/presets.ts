import type { DemoDefinition } from '../demos/contract';

/** A lesson's scene the playground can start from, loaded only when asked for. */
export interface Preset {
  id: string;
  /** The demo's own title (a test checks they agree), shown before its code loads. */
  title: string;
  lesson: number;
  load(): Promise<DemoDefinition>;
}

/**
 * Every 2D lesson's scenes, in course order. Each demo's code loads only when its preset is
 * picked. The 100-spider swarm is left out: as a scene file it is 100 frozen spiders.
 */
export const PRESETS: readonly Preset[] = [
  {
    id: 'forward-kinematics',
    title: 'Forward kinematics: local rotations add up',
    lesson: 1,
    load: () => import('../demos/forward-kinematics').then((m) => m.forwardKinematicsDemo),
  },
  {
    id: 'negative-scale',
    title: 'Negative scale mirrors rotation',
    lesson: 1,
    load: () => import('../demos/negative-scale').then((m) => m.negativeScaleDemo),
  },
  {
    id: 'atan2-quadrants',
    title: 'atan or atan2: which way is the point?',
    lesson: 2,
    load: () => import('../demos/atan2-quadrants').then((m) => m.atan2QuadrantsDemo),
  },
  {
    id: 'look-at',
    title: 'LookAt2D: a bone that faces the target',
    lesson: 2,
    load: () => import('../demos/look-at').then((m) => m.lookAtDemo),
  },
  {
    id: 'two-bone-ik',
    title: 'Two-bone IK: a triangle and the law of cosines',
    lesson: 3,
    load: () => import('../demos/two-bone-ik').then((m) => m.twoBoneDemo),
  },
  {
    id: 'ccd',
    title: 'CCD: one joint at a time, from the tip to the root',
    lesson: 4,
    load: () => import('../demos/ccd').then((m) => m.ccdDemo),
  },
  {
    id: 'fabrik',
    title: 'FABRIK: reaching forwards, then backwards',
    lesson: 5,
    load: () => import('../demos/fabrik').then((m) => m.fabrikDemo),
  },
  {
    id: 'solver-race',
    title: 'Four solvers, one target: a race',
    lesson: 6,
    load: () => import('../demos/solver-race').then((m) => m.solverRaceDemo),
  },
  {
    id: 'spider-legs',
    title: 'Spider legs: rays, steps and a gait',
    lesson: 7,
    load: () => import('../demos/spider-legs').then((m) => m.spiderLegsDemo),
  },
  {
    id: 'creature-follow',
    title: 'A creature that follows',
    lesson: 8,
    load: () => import('../demos/creature-follow').then((m) => m.creatureFollowDemo),
  },
  {
    id: 'reach-sequence',
    title: 'Reaching in sequence',
    lesson: 9,
    load: () => import('../demos/reach-sequence').then((m) => m.reachSequenceDemo),
  },
];
