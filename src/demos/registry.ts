import { atan2QuadrantsMeta } from './catalog/atan2-quadrants';
import { ccdMeta } from './catalog/ccd';
import { creatureFollowMeta } from './catalog/creature-follow';
import { fabrikMeta } from './catalog/fabrik';
import { forwardKinematicsMeta } from './catalog/forward-kinematics';
import { ikWalkMeta } from './catalog/ik-walk';
import { jacobianMeta } from './catalog/jacobian';
import { legDescentMeta } from './catalog/leg-descent';
import { lookAtMeta } from './catalog/look-at';
import { negativeScaleMeta } from './catalog/negative-scale';
import { pdCharacterMeta } from './catalog/pd-character';
import { pdJointMeta } from './catalog/pd-joint';
import { reachSequenceMeta } from './catalog/reach-sequence';
import { skeleton3dMeta } from './catalog/skeleton-3d';
import { solverRaceMeta } from './catalog/solver-race';
import { spiderLegsMeta } from './catalog/spider-legs';
import { spiderSwarmMeta } from './catalog/spider-swarm';
import { terrainWalkMeta } from './catalog/terrain-walk';
import { twoBoneMeta } from './catalog/two-bone-ik';
import { walkAnalysisMeta } from './catalog/walk-analysis';
import type { DemoDefinition, DemoMeta, DemoSource } from './contract';
import { loadShippedClips } from './shared/shipped-clips';

/** A demo whose code loads when a page needs it. */
const lazy = (meta: DemoMeta, load: () => Promise<DemoDefinition>): DemoSource => ({
  ...meta,
  load,
});

/** A 3D demo: its code, the 3D system and the course's clips load together. */
const lazy3D = (meta: DemoMeta, load: () => Promise<DemoDefinition>): DemoSource =>
  lazy(meta, async () => (await Promise.all([load(), loadShippedClips()]))[0]);

/**
 * Every demo, in course order: metadata only (id, title, summary, credit, parameter schema),
 * and how to load the demo's code. Lessons, the gallery, the embed page and <ik-demo> all read
 * this list; a page fetches a demo's code only when it shows that demo, so a 2D page never
 * loads the 3D system.
 */
export const DEMOS: readonly DemoSource[] = [
  lazy(forwardKinematicsMeta, () =>
    import('./forward-kinematics').then((m) => m.forwardKinematicsDemo),
  ),
  lazy(negativeScaleMeta, () => import('./negative-scale').then((m) => m.negativeScaleDemo)),
  lazy(atan2QuadrantsMeta, () => import('./atan2-quadrants').then((m) => m.atan2QuadrantsDemo)),
  lazy(lookAtMeta, () => import('./look-at').then((m) => m.lookAtDemo)),
  lazy(twoBoneMeta, () => import('./two-bone-ik').then((m) => m.twoBoneDemo)),
  lazy(ccdMeta, () => import('./ccd').then((m) => m.ccdDemo)),
  lazy(fabrikMeta, () => import('./fabrik').then((m) => m.fabrikDemo)),
  lazy(jacobianMeta, () => import('./jacobian').then((m) => m.jacobianDemo)),
  lazy(solverRaceMeta, () => import('./solver-race').then((m) => m.solverRaceDemo)),
  lazy(spiderLegsMeta, () => import('./spider-legs').then((m) => m.spiderLegsDemo)),
  lazy(spiderSwarmMeta, () => import('./spider-swarm').then((m) => m.spiderSwarmDemo)),
  lazy(creatureFollowMeta, () => import('./creature-follow').then((m) => m.creatureFollowDemo)),
  lazy(reachSequenceMeta, () => import('./reach-sequence').then((m) => m.reachSequenceDemo)),
  lazy3D(skeleton3dMeta, () => import('./skeleton-3d').then((m) => m.skeleton3dDemo)),
  lazy3D(terrainWalkMeta, () => import('./terrain-walk').then((m) => m.terrainWalkDemo)),
  lazy3D(walkAnalysisMeta, () => import('./walk-analysis').then((m) => m.walkAnalysisDemo)),
  lazy3D(legDescentMeta, () => import('./leg-descent').then((m) => m.legDescentDemo)),
  lazy3D(ikWalkMeta, () => import('./ik-walk').then((m) => m.ikWalkDemo)),
  lazy(pdJointMeta, () => import('./pd-joint').then((m) => m.pdJointDemo)),
  lazy3D(pdCharacterMeta, () => import('./pd-character').then((m) => m.pdCharacterDemo)),
];

export function findDemo(id: string): DemoSource | undefined {
  return DEMOS.find((d) => d.id === id);
}

export const demoIds = (): string[] => DEMOS.map((d) => d.id);
