import { atan2QuadrantsMeta } from './atan2-quadrants/meta';
import { ccdMeta } from './ccd/meta';
import { creatureFollowMeta } from './creature-follow/meta';
import { fabrikMeta } from './fabrik/meta';
import { forwardKinematicsMeta } from './forward-kinematics/meta';
import { ikWalkMeta } from './ik-walk/meta';
import { jacobianMeta } from './jacobian/meta';
import { legDescentMeta } from './leg-descent/meta';
import { lookAtMeta } from './look-at/meta';
import { negativeScaleMeta } from './negative-scale/meta';
import { pdCharacterMeta } from './pd-character/meta';
import { pdJointMeta } from './pd-joint/meta';
import { reachSequenceMeta } from './reach-sequence/meta';
import { rotationOrderMeta } from './rotation-order/meta';
import { skeleton3dMeta } from './skeleton-3d/meta';
import { solverRaceMeta } from './solver-race/meta';
import { spiderLegsMeta } from './spider-legs/meta';
import { spiderSwarmMeta } from './spider-swarm/meta';
import { terrainWalkMeta } from './terrain-walk/meta';
import { twoBoneMeta } from './two-bone-ik/meta';
import { walkAnalysisMeta } from './walk-analysis/meta';
import type { DemoDefinition, DemoMeta, DemoSource } from './contract';
import { loadShippedClips } from './shared/shipped-clips';

/** A demo whose code loads when a page needs it. */
const lazy = (meta: DemoMeta, load: () => Promise<DemoDefinition>): DemoSource => ({
  ...meta,
  load,
  // From the figure's own module: the pages that ask (the gallery, the instructors page) show
  // the figure too. A glob of the description files alone would make each its own chunk and
  // split every figure's first load into more, smaller files (+0.9 KB gzip on the embed).
  describe: () => load().then((d) => d.description ?? meta),
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
    import('./forward-kinematics/figure').then((m) => m.forwardKinematicsDemo),
  ),
  lazy(negativeScaleMeta, () => import('./negative-scale/figure').then((m) => m.negativeScaleDemo)),
  lazy(atan2QuadrantsMeta, () =>
    import('./atan2-quadrants/figure').then((m) => m.atan2QuadrantsDemo),
  ),
  lazy(lookAtMeta, () => import('./look-at/figure').then((m) => m.lookAtDemo)),
  lazy(twoBoneMeta, () => import('./two-bone-ik/figure').then((m) => m.twoBoneDemo)),
  lazy(ccdMeta, () => import('./ccd/figure').then((m) => m.ccdDemo)),
  lazy(fabrikMeta, () => import('./fabrik/figure').then((m) => m.fabrikDemo)),
  lazy(jacobianMeta, () => import('./jacobian/figure').then((m) => m.jacobianDemo)),
  lazy(solverRaceMeta, () => import('./solver-race/figure').then((m) => m.solverRaceDemo)),
  lazy(spiderLegsMeta, () => import('./spider-legs/figure').then((m) => m.spiderLegsDemo)),
  lazy(spiderSwarmMeta, () => import('./spider-swarm/figure').then((m) => m.spiderSwarmDemo)),
  lazy(creatureFollowMeta, () =>
    import('./creature-follow/figure').then((m) => m.creatureFollowDemo),
  ),
  lazy(reachSequenceMeta, () => import('./reach-sequence/figure').then((m) => m.reachSequenceDemo)),
  lazy3D(skeleton3dMeta, () => import('./skeleton-3d/figure').then((m) => m.skeleton3dDemo)),
  lazy(rotationOrderMeta, () => import('./rotation-order/figure').then((m) => m.rotationOrderDemo)),
  lazy3D(terrainWalkMeta, () => import('./terrain-walk/figure').then((m) => m.terrainWalkDemo)),
  lazy3D(walkAnalysisMeta, () => import('./walk-analysis/figure').then((m) => m.walkAnalysisDemo)),
  lazy3D(legDescentMeta, () => import('./leg-descent/figure').then((m) => m.legDescentDemo)),
  lazy3D(ikWalkMeta, () => import('./ik-walk/figure').then((m) => m.ikWalkDemo)),
  lazy(pdJointMeta, () => import('./pd-joint/figure').then((m) => m.pdJointDemo)),
  lazy3D(pdCharacterMeta, () => import('./pd-character/figure').then((m) => m.pdCharacterDemo)),
];

export function findDemo(id: string): DemoSource | undefined {
  return DEMOS.find((d) => d.id === id);
}

export const demoIds = (): string[] => DEMOS.map((d) => d.id);
