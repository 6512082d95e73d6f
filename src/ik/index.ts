/**
 * The solver library: kernels (pure functions over a flat Chain, allocation-free unless traced)
 * and the IK nodes that adapt a node tree to them. Import from here.
 */
export { solveLookAt, type AngleLimits, type LookAtSolution } from './look-at-kernel.ts';
export { LookAt2D, lookAt2DType, type LookAtStatus } from './look-at-2d.ts';

export {
  type Chain,
  createChain,
  chainFrom,
  copyChain,
  forwardKinematics,
  setDirections,
  tipError,
  tipX,
  tipY,
  totalLength,
  hasLimits,
} from './chain.ts';
export {
  type SolveResult,
  type Reachability,
  type TraceEvent,
  type TracePass,
  type Trace,
  type IterativeOptions,
  createResult,
  MAX_ITERATIONS_LIMIT,
} from './solve-result.ts';
export { IKInputError, chainProblem, optionsProblem } from './input-checks.ts';
export { reachRing, reachabilityOf, type ReachRing } from './reach.ts';
export { solveTwoBone, softenedDistance, type TwoBoneOptions } from './two-bone-kernel.ts';
export { blendRotation, blendWithinArc, clampMix } from './mix.ts';
export { solveCCD, type CCDOptions, type CCDOrder } from './ccd-kernel.ts';
export { solveFabrik, type FabrikOptions } from './fabrik-kernel.ts';
export { bendToPoles, POLE_MODES, type PoleMode, type PoleOptions } from './pole-bend.ts';
export {
  solveJacobian,
  JACOBIAN_METHODS,
  DEFAULT_DAMPING,
  type JacobianMethod,
  type JacobianOptions,
} from './jacobian-kernel.ts';

export { ChainIK2D, type ChainIKStatus, type JointLimit } from './chain-ik-2d.ts';
export { chainIK2DType, chainStatusLine } from './chain-ik-type.ts';
export { TwoBoneIK2D, twoBoneIK2DType } from './two-bone-ik-2d.ts';
export { CCDIK2D, CCD_ORDERS, ccdIK2DType } from './ccd-ik-2d.ts';
export { FABRIK2D, fabrik2DType } from './fabrik-2d.ts';
export { JacobianIK2D, jacobianIK2DType } from './jacobian-ik-2d.ts';
export { NODE_TYPES } from './node-types.ts';
export { withAuthoredPose } from './authored-pose.ts';
