import { DEFAULT_MAX_STEP } from '../../ik/jacobian-kernel.ts';
import { jacobianSteps, newJacobianSteps, type JacobianSteps } from '../../ik/jacobian-steps.ts';
import { wrapAngle } from '../../math/angles.ts';
import type { ParamValues } from '../params.ts';
import { buildChainRig, type ChainRig } from '../shared/chain-rig.ts';
import type { jacobianMeta } from './meta.ts';

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

  /** The largest joint turn (radians, unsigned) `method`'s step asks for, as `read` last found it. */
  largestTurn(method: string): number {
    const d = this.stepOf(method);
    let biggest = 0;
    for (let i = 0; i < d.length; i++) biggest = Math.max(biggest, Math.abs(d[i]!));
    return biggest;
  }

  /**
   * What the solver's clamp would make of `method`'s step: the factor (≤ 1) that keeps its
   * largest joint turn within DEFAULT_MAX_STEP (45°), as `solveJacobian` scales every step.
   */
  clampScale(method: string): number {
    const biggest = this.largestTurn(method);
    return biggest > DEFAULT_MAX_STEP ? DEFAULT_MAX_STEP / biggest : 1;
  }

  /** One step of `method` from the pose as it is now, scaled down as the solver does if `clamp`. */
  step(method: string, lambda: number, clamp = false): void {
    this.read(lambda);
    const d = this.stepOf(method);
    const k = clamp ? this.clampScale(method) : 1;
    this.rig.bones.forEach((b, i) => (b.rotation = wrapAngle(b.rotation + k * d[i]!)));
  }

  /**
   * −∂E/∂θᵢ of the error E = ½|t − e|², measured without J: turn the tip about joint i by ±h
   * and see how E changes (central difference). Lesson 6 shows it beside Jᵀe: the same numbers.
   */
  downhill(out: Float64Array, h = 1e-4): Float64Array {
    for (let i = 0; i < this.n; i++)
      out[i] = -(this.energyTurned(i, h) - this.energyTurned(i, -h)) / (2 * h);
    return out;
  }

  /** ½|t − tip|² with the tip turned by `a` about joint i (from `read`'s positions). */
  private energyTurned(i: number, a: number): number {
    const { positions: P, n } = this;
    const t = this.rig.target.globalPosition;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    const rx = P[2 * n]! - P[2 * i]!;
    const ry = P[2 * n + 1]! - P[2 * i + 1]!;
    const x = P[2 * i]! + c * rx - s * ry;
    const y = P[2 * i + 1]! + s * rx + c * ry;
    return 0.5 * ((t.x - x) ** 2 + (t.y - y) ** 2);
  }

  /** Almost straight (0.02 rad at each joint): J has all but lost the sideways direction. */
  straighten(): void {
    this.rig.bones.forEach((b, i) => (b.rotation = i === 0 ? 0 : 0.02));
  }
}
