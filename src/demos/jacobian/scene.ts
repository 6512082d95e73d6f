import { jacobianSteps, newJacobianSteps, type JacobianSteps } from '../../ik/jacobian-steps';
import { wrapAngle } from '../../math/angles';
import type { ParamValues } from '../params';
import { buildChainRig, type ChainRig } from '../shared/chain-rig';
import type { jacobianMeta } from './meta';

export const LENGTHS = [120, 100, 80];
export const REACH = LENGTHS.reduce((a, b) => a + b, 0);

/**
 * Lesson 6's arm of three bones and its target, with J and the three methods' steps worked out
 * from the pose on show (`read`), and a step of one method applied to the bones (`step`).
 */
export class JacobianScene {
  readonly rig: ChainRig;
  readonly n = LENGTHS.length;
  readonly steps: JacobianSteps = newJacobianSteps(LENGTHS.length);
  /** Joints and tip (x0, y0, …, tip x, tip y) as `read` last found them. */
  readonly positions = new Float64Array(2 * LENGTHS.length + 2);

  constructor(s: ParamValues<typeof jacobianMeta.params>) {
    this.rig = buildChainRig({
      lengths: LENGTHS,
      curve: 0.5,
      firstRotation: -0.6,
      base: { x: -160, y: 60 },
      target: { x: s.targetX, y: s.targetY },
    });
  }

  get tip(): { x: number; y: number } {
    return { x: this.positions[2 * this.n]!, y: this.positions[2 * this.n + 1]! };
  }

  /** Reads the pose and works out J, σ and the three steps for damping λ (× chain length). */
  read(lambda: number): JacobianSteps {
    const { rig, n, positions } = this;
    rig.bones.forEach((b, i) => {
      const g = b.globalPosition;
      positions[2 * i] = g.x;
      positions[2 * i + 1] = g.y;
    });
    const tip = rig.bones[n - 1]!.tipGlobalPosition;
    positions[2 * n] = tip.x;
    positions[2 * n + 1] = tip.y;
    const t = rig.target.globalPosition;
    return jacobianSteps(positions, t.x - tip.x, t.y - tip.y, lambda * REACH, this.steps);
  }

  stepOf(method: string): Float64Array {
    const s = this.steps;
    return method === 'transpose'
      ? s.transpose
      : method === 'pseudo-inverse'
        ? s.pseudoInverse
        : s.dls;
  }

  /** One step of `method`, from the pose as it is now. */
  step(method: string, lambda: number): void {
    this.read(lambda);
    const d = this.stepOf(method);
    this.rig.bones.forEach((b, i) => (b.rotation = wrapAngle(b.rotation + d[i]!)));
  }

  /** Almost straight (0.02 rad at each joint): J has all but lost the sideways direction. */
  straighten(): void {
    this.rig.bones.forEach((b, i) => (b.rotation = i === 0 ? 0 : 0.02));
  }
}
