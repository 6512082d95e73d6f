import { atan2QuadrantsDemo } from './atan2-quadrants';
import { ccdDemo } from './ccd';
import type { DemoDefinition } from './contract';
import { creatureFollowDemo } from './creature-follow';
import { fabrikDemo } from './fabrik';
import { forwardKinematicsDemo } from './forward-kinematics';
import { ikWalkDemo } from './ik-walk';
import { legDescentDemo } from './leg-descent';
import { lookAtDemo } from './look-at';
import { negativeScaleDemo } from './negative-scale';
import { reachSequenceDemo } from './reach-sequence';
import { skeleton3dDemo } from './skeleton-3d';
import { solverRaceDemo } from './solver-race';
import { spiderLegsDemo } from './spider-legs';
import { spiderSwarmDemo } from './spider-swarm';
import { terrainWalkDemo } from './terrain-walk';
import { walkAnalysisDemo } from './walk-analysis';
import { twoBoneDemo } from './two-bone-ik';

/** Every demo, in course order. Lessons, the gallery and the embed page all read this list. */
export const DEMOS: readonly DemoDefinition[] = [
  forwardKinematicsDemo,
  negativeScaleDemo,
  atan2QuadrantsDemo,
  lookAtDemo,
  twoBoneDemo,
  ccdDemo,
  fabrikDemo,
  solverRaceDemo,
  spiderLegsDemo,
  spiderSwarmDemo,
  creatureFollowDemo,
  reachSequenceDemo,
  skeleton3dDemo,
  terrainWalkDemo,
  walkAnalysisDemo,
  legDescentDemo,
  ikWalkDemo,
];

export function findDemo(id: string): DemoDefinition | undefined {
  return DEMOS.find((d) => d.id === id);
}

export const demoIds = (): string[] => DEMOS.map((d) => d.id);
