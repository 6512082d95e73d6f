import { atan2QuadrantsMeta } from './atan2-quadrants/meta.ts';
import { ccdMeta } from './ccd/meta.ts';
import { creatureFollowMeta } from './creature-follow/meta.ts';
import { fabrikMeta } from './fabrik/meta.ts';
import { forwardKinematicsMeta } from './forward-kinematics/meta.ts';
import { ikWalkMeta } from './ik-walk/meta.ts';
import { jacobianMeta } from './jacobian/meta.ts';
import { legDescentMeta } from './leg-descent/meta.ts';
import { lookAtMeta } from './look-at/meta.ts';
import { negativeScaleMeta } from './negative-scale/meta.ts';
import { pdCharacterMeta } from './pd-character/meta.ts';
import { pdJointMeta } from './pd-joint/meta.ts';
import { reachSequenceMeta } from './reach-sequence/meta.ts';
import { rotationOrderMeta } from './rotation-order/meta.ts';
import { skeleton3dMeta } from './skeleton-3d/meta.ts';
import { solverRaceMeta } from './solver-race/meta.ts';
import { spiderLegsMeta } from './spider-legs/meta.ts';
import { spiderSwarmMeta } from './spider-swarm/meta.ts';
import { terrainWalkMeta } from './terrain-walk/meta.ts';
import { twoBoneMeta } from './two-bone-ik/meta.ts';
import { walkAnalysisMeta } from './walk-analysis/meta.ts';
import type { DemoDefinition, DemoMeta, DemoSource } from './contract.ts';
import { loadShippedClips } from './shared/shipped-clips.ts';

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
    import('./forward-kinematics/figure.ts').then((m) => m.forwardKinematicsDemo),
  ),
  lazy(negativeScaleMeta, () =>
    import('./negative-scale/figure.ts').then((m) => m.negativeScaleDemo),
  ),
  lazy(atan2QuadrantsMeta, () =>
    import('./atan2-quadrants/figure.ts').then((m) => m.atan2QuadrantsDemo),
  ),
  lazy(lookAtMeta, () => import('./look-at/figure.ts').then((m) => m.lookAtDemo)),
  lazy(twoBoneMeta, () => import('./two-bone-ik/figure.ts').then((m) => m.twoBoneDemo)),
  lazy(ccdMeta, () => import('./ccd/figure.ts').then((m) => m.ccdDemo)),
  lazy(fabrikMeta, () => import('./fabrik/figure.ts').then((m) => m.fabrikDemo)),
  lazy(jacobianMeta, () => import('./jacobian/figure.ts').then((m) => m.jacobianDemo)),
  lazy(solverRaceMeta, () => import('./solver-race/figure.ts').then((m) => m.solverRaceDemo)),
  lazy(spiderLegsMeta, () => import('./spider-legs/figure.ts').then((m) => m.spiderLegsDemo)),
  lazy(spiderSwarmMeta, () => import('./spider-swarm/figure.ts').then((m) => m.spiderSwarmDemo)),
  lazy(creatureFollowMeta, () =>
    import('./creature-follow/figure.ts').then((m) => m.creatureFollowDemo),
  ),
  lazy(reachSequenceMeta, () =>
    import('./reach-sequence/figure.ts').then((m) => m.reachSequenceDemo),
  ),
  lazy3D(skeleton3dMeta, () => import('./skeleton-3d/figure.ts').then((m) => m.skeleton3dDemo)),
  lazy(rotationOrderMeta, () =>
    import('./rotation-order/figure.ts').then((m) => m.rotationOrderDemo),
  ),
  lazy3D(terrainWalkMeta, () => import('./terrain-walk/figure.ts').then((m) => m.terrainWalkDemo)),
  lazy3D(walkAnalysisMeta, () =>
    import('./walk-analysis/figure.ts').then((m) => m.walkAnalysisDemo),
  ),
  lazy3D(legDescentMeta, () => import('./leg-descent/figure.ts').then((m) => m.legDescentDemo)),
  lazy3D(ikWalkMeta, () => import('./ik-walk/figure.ts').then((m) => m.ikWalkDemo)),
  lazy(pdJointMeta, () => import('./pd-joint/figure.ts').then((m) => m.pdJointDemo)),
  lazy3D(pdCharacterMeta, () => import('./pd-character/figure.ts').then((m) => m.pdCharacterDemo)),
];

export function findDemo(id: string): DemoSource | undefined {
  return DEMOS.find((d) => d.id === id);
}

export const demoIds = (): string[] => DEMOS.map((d) => d.id);
