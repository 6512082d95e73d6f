import type { Pose } from './pose.ts';
import type { Skeleton } from './skeleton.ts';

/**
 * A character the 3D lessons can show and steer: the plain walker of lesson 12 and the IK walker
 * of lesson 15 both are one. Pose and world matrices come from the last update.
 */
export interface Character {
  readonly skeleton: Skeleton;
  readonly pose: Pose;
  readonly matrices: Float64Array;
  /** World position of the root the character moves by. */
  readonly position: Float64Array;
  facing: number;
  /** −1, 0 or +1 while a turn key is held. */
  turn: number;
  walking: boolean;
  /** Walk/idle blend, 1 walking. */
  weight: number;
  playRate: number;
  update(dt: number): void;
  jointPosition(i: number, out: Float64Array): Float64Array;
  /** Where a camera following the character looks: about the middle of the figure. */
  aimPoint(out: Float64Array): Float64Array;
}
