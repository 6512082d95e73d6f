import { FABRIK2D } from '../src/ik/fabrik-2d';
import {
  CAP_FABRIK_CCD,
  COLD_TARGETS,
  SEED,
  WARM_FRAMES,
  reachOf,
  toleranceOf,
} from './bench-setup';
import type { Contestant, StartMode } from './contestant';
import { fabrikKernel, twoBoneKernel } from './kernel-contestants';
import { nodeSolver } from './node-contestants';
import { buildRig } from './node-rig';
import { coldTargets, type TargetSet, warmPath } from './target-sets';

/**
 * What `npm run bench:revision` times at an earlier revision and now, side by side
 * (bench/compare-revision.mjs copies this file into that revision's tree, so each side builds
 * the same subjects from its own code): the solver report's node rows and kernels on a leg's
 * 2–3 bones and on 30, warm and cold, and a leg solved from rest under a body that moves every
 * frame, as a walking creature's legs are.
 */
export const SUBJECTS: Record<string, () => Contestant> = {
  'TwoBoneIK2D node, warm': () => nodeSolver('TwoBoneIK2D', 2, targets(2, 'warm'), 'warm'),
  'TwoBoneIK2D node, cold': () => nodeSolver('TwoBoneIK2D', 2, targets(2, 'cold'), 'cold'),
  'two-bone kernel, warm': () => twoBoneKernel(targets(2, 'warm'), 'warm'),
  'FABRIK kernel, 3 bones, warm': () => fabrikKernel(3, targets(3, 'warm'), 'warm', false),
  'FABRIK2D node, 3 bones, warm': () => nodeSolver('FABRIK2D', 3, targets(3, 'warm'), 'warm'),
  'FABRIK2D node, 3 bones, cold': () => nodeSolver('FABRIK2D', 3, targets(3, 'cold'), 'cold'),
  'FABRIK2D leg under a moving body, 3 bones': () => legUnderMovingBody(3),
  'CCDIK2D node, 3 bones, warm': () => nodeSolver('CCDIK2D', 3, targets(3, 'warm'), 'warm'),
  'FABRIK2D node, 30 bones, warm': () => nodeSolver('FABRIK2D', 30, targets(30, 'warm'), 'warm'),
  'FABRIK2D node, 30 bones, cold': () => nodeSolver('FABRIK2D', 30, targets(30, 'cold'), 'cold'),
  'FABRIK2D leg under a moving body, 30 bones': () => legUnderMovingBody(30),
};

const targets = (bones: number, mode: StartMode): TargetSet =>
  mode === 'cold'
    ? coldTargets(SEED, COLD_TARGETS, reachOf(bones))
    : warmPath(SEED, WARM_FRAMES, reachOf(bones));

/** FABRIK2D from rest each frame (as the spider crowd's legs), its chain's parent moved first. */
function legUnderMovingBody(bones: number): Contestant {
  const ik = new FABRIK2D();
  const rig = buildRig(bones, ik);
  ik.tolerance = toleranceOf(bones);
  ik.maxIterations = CAP_FABRIK_CCD;
  ik.startFromRest = true;
  const path = targets(bones, 'cold');
  let frame = 0;
  return {
    label: 'FABRIK2D leg under a moving body',
    targets: path,
    runSet(): number {
      let sum = 0;
      for (let j = 0; j < path.count; j++) {
        frame++;
        rig.world.setPosition(0.01 * (frame & 7), 0);
        rig.target.setPosition(path.x[j]!, path.y[j]!);
        sum += ik.solve().iterations;
      }
      return sum;
    },
  };
}

// The driver times both sides with this side's timer.
export { timeInterleaved, warmUp } from './interleaved-timer';
export { pairedRatios, percentile } from './stats';
