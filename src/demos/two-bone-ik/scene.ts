import { TwoBoneIK2D } from '../../ik/two-bone-ik-2d.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import type { ParamValues } from '../params.ts';
import {
  applyFlips,
  attachIK,
  buildChainRig,
  type ChainRig,
  type Flips,
} from '../shared/chain-rig.ts';
import type { twoBoneMeta } from './meta.ts';

type Settings = ParamValues<typeof twoBoneMeta.params>;

/**
 * Lesson 3's arm: World holds the Skeleton (which the student mirrors or stretches), its
 * UpperArm and Forearm, the Target, a Pole when used, and the TwoBoneIK2D node.
 */
export class TwoBoneScene {
  readonly rig: ChainRig;
  readonly upper: Bone2D;
  readonly fore: Bone2D;
  readonly ik: TwoBoneIK2D;
  readonly pole = new Marker2D('Pole', 'pole');
  readonly flips: Flips;
  stretch: number;

  constructor(s: Settings) {
    this.rig = buildChainRig({
      lengths: [s.upper, s.fore],
      names: ['UpperArm', 'Forearm'],
      curve: 0.7,
      firstRotation: -0.5,
      base: { x: -90, y: 20 },
      target: { x: s.targetX, y: s.targetY },
    });
    [this.upper, this.fore] = this.rig.bones as [Bone2D, Bone2D];
    this.ik = attachIK(this.rig, new TwoBoneIK2D('TwoBoneIK2D'));
    this.ik.flipBend = s.flipBend;
    this.ik.softness = s.softness;
    this.ik.tolerance = 0.01;
    this.pole.position = { x: s.poleX, y: s.poleY };
    this.flips = {
      rootX: s.flipRootX,
      rootY: s.flipRootY,
      middleX: s.flipMiddleX,
      middleY: s.flipMiddleY,
    };
    this.stretch = s.stretch;
    this.mirror();
    this.usePole(s.pole);
  }

  get poleOn(): boolean {
    return this.pole.parent !== null;
  }

  /** The skeleton's mirrors and stretch, as `flips` and `stretch` now say. */
  mirror(): void {
    applyFlips(this.rig, this.flips, this.stretch);
  }

  usePole(on: boolean): void {
    const { pole, rig, ik } = this;
    if (on && !pole.parent) rig.world.addChild(pole);
    if (!on && pole.parent) pole.parent.removeChild(pole);
    ik.polePath = on ? pole.getPathFrom(ik) : '';
  }

  setLengths(l1: number, l2: number): void {
    this.upper.length = l1;
    this.fore.length = l2;
    this.fore.position = { x: l1, y: 0 };
    this.fore.setRestFromPose();
  }
}
