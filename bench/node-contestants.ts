import { CCDIK2D } from '../src/ik/ccd-ik-2d';
import type { ChainIK2D } from '../src/ik/chain-ik-2d';
import { FABRIK2D } from '../src/ik/fabrik-2d';
import { JacobianIK2D } from '../src/ik/jacobian-ik-2d';
import { TwoBoneIK2D } from '../src/ik/two-bone-ik-2d';
import { CAP_FABRIK_CCD, CAP_JACOBIAN, toleranceOf } from './bench-setup';
import type { Contestant, SetRecord, StartMode } from './contestant';
import { buildRig } from './node-rig';
import type { TargetSet } from './target-sets';

/**
 * Solving through the node tree, as a game frame does: move the Marker2D target, call
 * `ik.solve()` (read the bones' global transforms into a chain, run the kernel, write the
 * rotations back). Cold rows set `startFromRest`, so the node puts every bone back to its rest
 * rotation before each solve; warm rows replay the lap from where its last frame left the bones.
 * The target moves by one reused point (the setter copies it), so what a row allocates is the
 * node's own.
 */
export function nodeSolver(
  kind: 'FABRIK2D' | 'CCDIK2D' | 'TwoBoneIK2D' | 'JacobianIK2D',
  bones: number,
  targets: TargetSet,
  mode: StartMode,
): Contestant {
  const ik: ChainIK2D =
    kind === 'FABRIK2D'
      ? new FABRIK2D()
      : kind === 'CCDIK2D'
        ? new CCDIK2D()
        : kind === 'JacobianIK2D'
          ? new JacobianIK2D()
          : new TwoBoneIK2D();
  const rig = buildRig(bones, ik);
  ik.tolerance = toleranceOf(bones);
  ik.maxIterations = kind === 'JacobianIK2D' ? CAP_JACOBIAN : CAP_FABRIK_CCD;
  const cold = mode === 'cold';
  ik.startFromRest = cold;
  const start = rig.bones.map((b) => b.rotation);
  const at = { x: 0, y: 0 };
  const c: Contestant = {
    label: `${kind} node (tree)`,
    targets,
    runSet(record: SetRecord | null): number {
      let sum = 0;
      if (!cold) for (let i = 0; i < start.length; i++) rig.bones[i]!.rotation = start[i]!;
      for (let j = 0; j < targets.count; j++) {
        // One point reused: the setter copies it, and a new literal per frame would count the
        // harness's allocation against the node's.
        at.x = targets.x[j]!;
        at.y = targets.y[j]!;
        rig.target.position = at;
        const status = ik.solve();
        sum += status.iterations;
        if (record) {
          record.iterations[j] = status.iterations;
          record.reached[j] = status.ok && status.reached ? 1 : 0;
        }
      }
      return sum;
    },
  };
  if (!cold) {
    c.runSet(null);
    rig.bones.forEach((b, i) => (start[i] = b.rotation));
  }
  return c;
}
