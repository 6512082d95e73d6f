import { toRadians, wrapAngle } from '../../math/angles.ts';
import {
  analyticGains,
  criticalResidual,
  dampingRatio,
  N_SEED,
  N_TEN,
  PHYSICS_DT,
  springResidual,
} from '../../physics/gains.ts';
import { OneJoint } from '../../physics/one-joint.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import type { ParamValues } from '../params.ts';
import { buildChain } from '../shared/build-chain.ts';
import { PARAMS } from './meta.ts';

/** The engine's step in lesson 16's character, used here too. */
export const STEP = PHYSICS_DT;
export const LENGTH = 150;
/** Steps recorded after a release: up to 2 t̂ with t̂ at most 1 s. */
const MAX_SAMPLES = Math.ceil((2 * PARAMS.tHat.max) / STEP) + 1;

type Settings = Readonly<ParamValues<typeof PARAMS>>;

const curve = () => new Float64Array(MAX_SAMPLES).fill(Number.NaN);

/**
 * One bar on a hinge (the node tree: Hinge → Bar) driven by the PD law alone, and the error
 * curves: measured since the last release, and three from theory over 0 … 2 t̂ (the ideal
 * spring-damper with these gains, and the critically damped ones for n = 3.89 and 9.49).
 */
export class PdJointScene {
  readonly root = new Node2D('Hinge');
  readonly bar: Bone2D;
  readonly joint = new OneJoint();
  readonly gains = { ks: 0, kd: 0 };
  readonly measured = curve();
  readonly ideal = curve();
  readonly tenPercent = curve();
  readonly seed = curve();
  /** Samples drawn: 0 … 2 t̂. */
  samples = 0;
  /** The last step recorded since the release (−1: none yet). */
  recorded = -1;
  jumpError = 0;
  /** The largest overshoot since the release, as a fraction of the jump. */
  overshoot = 0;
  private jumpSign = 1;
  private carry = 0;

  /** `s` is the figure's live settings (the kit's values). */
  constructor(private readonly s: Settings) {
    [this.bar] = buildChain(this.root, [{ name: 'Bar', length: LENGTH, rotation: 0 }]) as [Bone2D];
    this.joint.theta = this.joint.goal = toRadians(-30);
    this.bar.rotation = this.joint.theta;
    this.apply();
  }

  get zeta(): number {
    return dampingRatio(this.s.inertia, this.gains.ks, this.gains.kd);
  }

  get omega(): number {
    return Math.sqrt(this.gains.ks / this.s.inertia);
  }

  /** The step at t̂. */
  get atT(): number {
    return Math.round(this.s.tHat / STEP);
  }

  /** The settings as they are now: the gains, and the theory's curves for them. */
  apply(): void {
    const { s, gains, joint } = this;
    joint.inertia = s.inertia;
    if (s.gains === 'analytic') analyticGains(s.inertia, s.tHat, s.n, gains);
    else {
      gains.ks = s.ks;
      gains.kd = s.kd;
    }
    joint.ks = gains.ks;
    joint.kd = gains.kd;
    this.samples = Math.min(MAX_SAMPLES, Math.round((2 * s.tHat) / STEP) + 1);
    const omega = this.omega;
    const zeta = this.zeta;
    for (let i = 0; i < MAX_SAMPLES; i++) {
      const t = i * STEP;
      const inside = i < this.samples;
      // With no spring nothing pulls the bar back: the whole error stays.
      this.ideal[i] = !inside ? Number.NaN : gains.ks > 0 ? springResidual(t, omega, zeta) : 1;
      this.tenPercent[i] = inside ? criticalResidual(t, s.tHat / N_TEN) : Number.NaN;
      this.seed[i] = inside ? criticalResidual(t, s.tHat / N_SEED) : Number.NaN;
      if (!inside) this.measured[i] = Number.NaN;
    }
  }

  /** The target moves to `goal` now: record the error from here on. */
  letGo(goal: number): void {
    this.joint.goal = wrapAngle(goal);
    this.jumpError = this.joint.error;
    this.measured.fill(Number.NaN);
    this.overshoot = 0;
    this.recorded = Math.abs(this.jumpError) > 1e-3 ? 0 : -1;
    if (this.recorded === 0) this.measured[0] = 1;
  }

  /** The target jumps by the jump size, alternately each way. */
  jump(): void {
    this.letGo(this.joint.goal + this.jumpSign * toRadians(this.s.jump));
    this.jumpSign = -this.jumpSign;
  }

  /** Steps the joint by the engine's step for `dt` of frame time (at most 12 steps a frame). */
  advance(dt: number): void {
    this.carry = Math.min(this.carry + Math.min(dt, 0.1), 0.1);
    while (this.carry >= STEP) {
      this.carry -= STEP;
      this.stepOnce();
    }
    this.bar.rotation = this.joint.theta;
  }

  private stepOnce(): void {
    this.joint.step(STEP);
    if (this.recorded < 0 || this.recorded >= this.samples - 1) return;
    this.recorded++;
    const f = this.joint.error / this.jumpError;
    this.measured[this.recorded] = f;
    this.overshoot = Math.max(this.overshoot, -f);
  }
}
